# help.sh - encbench --help word for word (its command list is each
# command's own summary), and what ingest --help says of its columns and
# where to read more: only files the checkout has.
. tests/e2e/lib.sh

eb --help
expect_rc "--help exits 0" 0
cp "$TMP/out" "$TMP/help"
list=""
for c in ingest overhead diff trend table findings chart report; do
	eb help "$c"
	list="$list$(printf '  %-10s %s' "$c" "$(awk 'blank && NF { print; exit } !NF { blank = 1 }' "$TMP/out")")
"
done
printf '%s' "usage: encbench COMMAND [OPTIONS] INPUT...

encbench turns raw dd, fio and bonnie++ output into the tables and
numbers of a disk-encryption overhead report.

Commands:
$list
INPUT is a raw output file, a directory of them (walked), a
results.csv written by encbench, or - for standard input.

Examples:
  encbench ingest --set mode=aes-256-gcm --set op=write dd.log
  encbench ingest -o results.csv runs/

'encbench help COMMAND' tells more; 'man encbench' tells all
('man -l doc/encbench.1' in the source tree, before 'make install').
" >"$TMP/want"
if cmp -s "$TMP/want" "$TMP/help"; then pass "--help, word for word, names man -l doc/encbench.1"; else
	fail "--help, word for word, names man -l doc/encbench.1"; diff "$TMP/want" "$TMP/help" | head -20; fi
eb help
cmp -s "$TMP/out" "$TMP/help" && pass "encbench help is encbench --help" || fail "encbench help is encbench --help"

eb ingest --help
expect_rc "ingest --help exits 0" 0
sed -n '/^Output columns/,/^$/p' "$TMP/out" >"$TMP/cols"
printf '%s\n' \
	"Output columns (DATA TYPES in encbench(1)): release,host,config,mode,tool,job," \
	"workload,op,block_size,metric,unit,rep,value,source. Values are in" \
	"canonical units (B/s, 1/s, ns, %) at full precision. Repeated runs of the" \
	"same case get rep 1, 2, 3 ... in input order. release, host, config and" \
	"mode are labels: read them as strings (datapackage.json says so)." \
	"" >"$TMP/want"
if cmp -s "$TMP/want" "$TMP/cols"; then pass "ingest --help: the columns paragraph, word for word"; else
	fail "ingest --help: the columns paragraph, word for word"; diff "$TMP/want" "$TMP/cols"; fi
grep -q 'DESIGN' "$TMP/out" && fail "ingest --help names no DESIGN.md (the checkout has none)" \
	|| pass "ingest --help names no DESIGN.md (the checkout has none)"
grep -q '^\.SH DATA TYPES$' doc/encbench.1 && pass "encbench(1) has the DATA TYPES section ingest --help names" \
	|| fail "encbench(1) has the DATA TYPES section ingest --help names"
printf '%s\n' \
	"  -o FILE            write FILE instead of standard output, replacing it" \
	"                     only when everything succeeded; FILE.json writes JSON;" \
	"                     a CSV gets a datapackage.json beside it (its types)" >"$TMP/want"
grep -A2 '^  -o FILE ' "$TMP/out" >"$TMP/o"
cmp -s "$TMP/want" "$TMP/o" && pass "ingest --help: -o, word for word" || fail "ingest --help: -o, word for word"

# Every project document a help text names (README.md, doc/...) is in the
# checkout.
for c in ingest overhead diff trend table findings chart report; do
	eb help "$c"
	for f in $(grep -oE '(\<[A-Z][A-Za-z_-]*\.md|doc/[A-Za-z0-9_.-]+)' "$TMP/out" | sort -u); do
		[ -e "$f" ] || { fail "help $c names $f, which the checkout lacks"; continue 2; }
	done
	pass "help $c names only documents the checkout has"
done
