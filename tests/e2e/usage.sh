# usage.sh - every command reports a usage error the same way, from the
# one parser of the command tables: the message, the synopsis, where to
# read more, and exit 64, with nothing on standard output.
. tests/e2e/lib.sh

S=samples
# NAME ARGS... then the exact error line: exit 64, the line, the hint.
usage_is() {
	name=$1 cmd=$2 want=$3
	shift 3
	eb "$cmd" "$@"
	expect_rc "$name: exit 64" 64
	expect_err_line "$name: the message" "encbench: error: $want"
	expect_err_line "$name: the hint" "(see 'encbench help $cmd')"
	grep -q "^usage: encbench $cmd " "$TMP/err" && pass "$name: the synopsis" \
		|| fail "$name: the synopsis"
	[ -s "$TMP/out" ] && fail "$name: nothing on standard output" \
		|| pass "$name: nothing on standard output"
}

for c in ingest overhead diff trend table findings chart report; do
	usage_is "$c --bogus" "$c" "unknown option '--bogus'" --bogus "$S"
	usage_is "$c -x" "$c" "unknown option '-x'" -x "$S"
	usage_is "$c --help=yes" "$c" "--help takes no value" --help=yes "$S"
	usage_is "$c --format without a value" "$c" "--format needs a value" "$S" --format
	usage_is "$c -o without a value" "$c" "-o needs a value" "$S" -o
done
for c in overhead diff trend table findings chart report; do
	usage_is "$c --units" "$c" "--units takes si (MB/s) or iec (MiB/s), not 'kib'" --units kib "$S"
done
for c in overhead diff trend findings chart; do
	usage_is "$c --alpha" "$c" "--alpha takes a number between 0 and 1, not '1'" --alpha 1 "$S"
	usage_is "$c --alpha nan" "$c" "--alpha takes a number between 0 and 1, not 'nan'" --alpha nan "$S"
done
for c in overhead diff trend findings; do
	usage_is "$c --equivalence" "$c" "--equivalence takes a percentage above 0 and below 100, not '100'" \
		--equivalence 100 "$S"
	usage_is "$c --adjust" "$c" "--adjust takes holm or none, not 'bonferroni'" --adjust bonferroni "$S"
done
for c in overhead trend table findings chart report; do
	usage_is "$c without INPUT" "$c" "no INPUT to read" -o "$TMP/x"
done
usage_is "ingest without PATH" ingest "no PATH to read (use - for standard input)"
usage_is "diff without INPUT" diff "no INPUT to read"

usage_is "an ambiguous abbreviation" diff "option '--fr' is ambiguous: --from, --from-config, --from-file" \
	--fr 24.04 "$S"
eb diff --csv --center median "$S"
cp "$TMP/out" "$TMP/median"
eb diff --csv "$S"
cp "$TMP/out" "$TMP/mean"
eb diff --csv --cent median "$S"
expect_rc "an abbreviation that is one option's is that option" 0
cmp -s "$TMP/out" "$TMP/median" && ! cmp -s "$TMP/out" "$TMP/mean" && \
	pass "--cent median is --center median" || fail "--cent median is --center median"
usage_is "diff --center" diff "--center takes mean or median, not 'mode'" --center mode "$S"
usage_is "diff --threshold" diff "--threshold takes a percentage of 0 or more, not '-1'" \
	--fail-on regression --threshold -1 "$S"
usage_is "chart --width" chart "--width takes a number above 0, not '0'" -o "$TMP/c.svg" --width 0 "$S"
usage_is "chart --scale inf" chart "--scale takes a number above 0, not 'inf'" -o "$TMP/c.svg" --scale inf "$S"
usage_is "chart --theme" chart "--theme takes light or dark, not 'blue'" -o "$TMP/c.svg" --theme blue "$S"
usage_is "chart --backend" chart "--backend takes cairo or gnuplot, not 'svg'" -o "$TMP/c.svg" --backend svg "$S"
usage_is "chart --columns" chart "--columns takes release or block-size, not 'mode'" -o "$TMP/c.svg" \
	--columns mode "$S"
usage_is "report --format" report "--format takes md or html, not 'pdf'" -o "$TMP/r" --format pdf "$S"
usage_is "the first bad option is the one named" overhead "--adjust takes holm or none, not 'x'" \
	--adjust x --units y "$S"

# --help wins over what follows it, not over what came before.
eb table --help --bogus "$S"
expect_rc "table --help --bogus prints the help" 0
grep -q '^usage: encbench table ' "$TMP/out" && pass "and the help is on standard output" \
	|| fail "and the help is on standard output"
usage_is "a bad option before --help" table "unknown option '--bogus'" --bogus --help "$S"
