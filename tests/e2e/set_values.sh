# set_values.sh - --set values are spelt as any input's labels, checked,
# and never silently change what an output says itself; a file named
# beside the folder it is in is read once, in either order.
. tests/e2e/lib.sh
DD=samples/zfs-series/24.04/none/dd-write-r1.txt	# 2147483648 bytes in 1.33963 s
FIO=samples/zfs-series/24.04/none/fio-seq-read-r1.json
USAGE_LINE="usage: encbench ingest [--format NAME|auto] [--set COLUMN=VALUE]... [--map MAP.json] [--unit UNIT]"

# B7: canonical spellings, as a sheet's or a run folder's.
eb ingest -q --set "mode=None" --set op=write --set "release=24.04 " --set "config= No AES-NI" "$DD"
expect_rc "--set mode=None, a release with a blank and a config in words are read" 0
labels=$(sed -n 2p "$TMP/out" | cut -d, -f1-4)
[ "$labels" = "24.04,framework-i5-1135g7,no-aesni,none" ] &&
	pass "they are spelt 24.04, no-aesni (the runner's spelling) and none, as any other input spells them" ||
	fail "they are spelt 24.04, no-aesni (the runner's spelling) and none, as any other input spells them (got $labels)"
eb ingest -q --set mode=AES-256-GCM --set op=write "$DD"
[ "$(sed -n 2p "$TMP/out" | cut -d, -f4)" = aes-256-gcm ] &&
	pass "--set mode=AES-256-GCM is aes-256-gcm" || fail "--set mode=AES-256-GCM is aes-256-gcm"
eb ingest --set op=bogus "$DD"
expect_rc "an unknown op is a usage error" 64
expect_err_line "naming the ops" \
	"encbench: error: --set op: unknown op 'bogus' (ops: read, write, rewrite, mixed, trim, seek, create, stat, delete, rw, randrw, readwrite)"
eb ingest --set tool=iozone "$DD"
expect_rc "an unknown tool is a usage error" 64
expect_err_line "naming the tools" \
	"encbench: error: --set tool: unknown tool 'iozone' (tools: dd, fio, bonnie, sheet)"
eb ingest --set op=write --set op=read "$DD"
expect_rc "a column set twice is a usage error" 64
expect_err_line "naming both values" \
	"encbench: error: --set op given twice ('write' and 'read'): a column takes one value"
eb ingest --set "mode=" "$FIO"
expect_rc "an empty --set mode on a run folder's none is read" 0
expect_err_line "with a warning that it clears the mode none" \
	"encbench: warning: --set mode= replaces the mode 'none' that $FIO:28 gives (and any other record's own mode)"

# B13: what the output says itself.
eb ingest --set tool=fio --set op=write "$DD"
expect_rc "--set tool=fio on dd output is a usage error" 64
expect_err_line "naming the record and both tools" \
	"encbench: error: --set tool=fio contradicts $DD:3, whose tool is 'dd': --set fills in what an output does not say, and cannot change what it measured (leave it out)"
eb ingest --set op=write "$FIO"
expect_rc "--set op=write on a fio read job is a usage error" 64
expect_err_line "naming the record and both ops" \
	"encbench: error: --set op=write contradicts $FIO:28, whose op is 'read': --set fills in what an output does not say, and cannot change what it measured (leave it out)"
eb ingest -q --set op=read "$FIO"
expect_rc "--set of the value the output gives is accepted" 0
eb ingest --set mode=aes-256-gcm "$FIO"
expect_rc "--set mode on a run folder's none is read" 0
expect_err_line "with a warning naming both modes" \
	"encbench: warning: --set mode=aes-256-gcm replaces the mode 'none' that $FIO:28 gives (and any other record's own mode)"
[ "$(sed -n 2p "$TMP/out" | cut -d, -f4)" = aes-256-gcm ] &&
	pass "and the records get the mode --set gives" || fail "and the records get the mode --set gives"

# B8: ingest FILE DIR and ingest DIR FILE read the file once, with a note.
mkdir -p "$TMP/b8"
cp -r samples/zfs-series/24.04 "$TMP/b8/run"
E=$(cd "$(dirname "$ENCBENCH")" && pwd)/$(basename "$ENCBENCH")
(cd "$TMP/b8" && "$E" ingest run/none/dd-write-r1.txt run > a.csv 2> a.err); a=$?
(cd "$TMP/b8" && "$E" ingest run run/none/dd-write-r1.txt > b.csv 2> b.err); b=$?
rc=$a
[ "$a" -eq 0 ] && [ "$b" -eq 0 ] && pass "ingest FILE DIR and ingest DIR FILE both exit 0" ||
	fail "ingest FILE DIR and ingest DIR FILE both exit 0 (exits $a and $b)"
[ "$(cat "$TMP/b8/a.err")" = "run/none/dd-write-r1.txt: note: named again (in run): read once" ] &&
	pass "FILE first gets a note that it is read once" ||
	fail "FILE first gets a note that it is read once (got: $(cat "$TMP/b8/a.err"))"
[ "$(cat "$TMP/b8/b.err")" = "run/none/dd-write-r1.txt: note: named before (as run): read once" ] &&
	pass "DIR first gets its note" || fail "DIR first gets its note"
if [ "$(sort "$TMP/b8/a.csv" | cksum)" = "$(sort "$TMP/b8/b.csv" | cksum)" ] &&
	[ "$(wc -l < "$TMP/b8/a.csv")" -eq 595 ]; then
	pass "both read the same 594 records"
else fail "both read the same 594 records"; fi

# ---- --unit: a unit encbench knows, and a word when no input takes it

dd1=samples/zfs-series/24.04/none/dd-write-r1.txt
eb ingest --unit bogus --set op=write "$dd1"
expect_rc "--unit bogus is a usage error whatever the inputs" 64
expect_err_line "it names the units it knows" "encbench: error: --unit 'bogus' is not a unit encbench knows (B/s, kB/s, MB/s, GB/s, KiB/s, MiB/s, GiB/s, IOPS, ops/s, ns, us, ms, %)"
eb ingest --set op=write "$dd1"
cp "$TMP/out" "$TMP/plain.csv"
eb ingest --unit GB/s --set op=write "$dd1"
expect_rc "--unit GB/s on dd output exits 0" 0
expect_err_line "it warns that --unit changed nothing" "encbench: warning: --unit GB/s changed nothing: only the spreadsheet reader takes it, and no input was a spreadsheet"
cmp -s "$TMP/out" "$TMP/plain.csv" && pass "the records are those read without --unit" ||
	fail "the records are those read without --unit"
eb ingest --unit MB/s tests/data/sheet/two-release-de.csv
expect_rc "a spreadsheet read with --unit exits 0" 0
grep -q "changed nothing" "$TMP/err" && fail "a spreadsheet's --unit is not warned of" ||
	pass "a spreadsheet's --unit is not warned of"
