# samples.sh - the bundled samples, the input of the README's main job: the
# records each of them gives and the report made of them all.
. tests/e2e/lib.sh
R=$TMP/report

# Records per release: 22.04 and 23.10 are 9 modes x (dd read, write +
# fio seq/rand read/write) x 3 runs x (bw, plus iops, lat and clat for fio);
# 24.04 has the AES-NI-off config as well; the sheet is 9 modes x 6
# columns; FreeBSD is the real geli/none bonnie++ pair.
eb ingest -q samples
expect_rc "ingest of samples/ exits 0" 0
cut -d, -f1 "$TMP/out" | sed 1d | sort | uniq -c | awk '{ print $2 "=" $1 }' | tr '\n' ' ' > "$TMP/counts"
expect_file_is "samples/ gives every record its release" "$TMP/counts" \
	"20.04=54 22.04=594 23.10=594 24.04=1188 FreeBSD=58 "

# The legacy sheet's group row names the release of every column.
eb ingest -q samples/legacy-20.04/zfs-encryption-20.04.csv
grep ',none,dd,dd,,read,' "$TMP/out" | cut -d, -f1,13 > "$TMP/ddread"
expect_file_is "the 20.04 sheet: none, dd read 2,688 MB/s" "$TMP/ddread" "20.04,2688000000"

eb report -q samples -o "$R"
expect_rc "report of samples/ exits 0" 0
grep '^## ' "$R/report.md" | tr '\n' '|' > "$TMP/sections"
expect_file_is "the samples report has one section per release, newest first" "$TMP/sections" \
	"## Findings|## Setup|## Release 24.04|## Release 23.10|## Release 22.04|## Release 20.04|## Release FreeBSD|## Across releases|## Data|"
missing=0
for link in $(grep -o '](charts/[^)]*)' "$R/report.md" | sed 's/^](//; s/)$//'); do
	[ -s "$R/$link" ] || { missing=$((missing + 1)); echo "  missing: $link"; }
done
[ "$missing" -eq 0 ] && [ "$(grep -c '](charts/' "$R/report.md")" -eq 30 ] \
	&& pass "the samples report links 30 chart files, all there" \
	|| fail "the samples report links 30 chart files, all there"

# The charts are drawn by one process per CPU; the folder is the same,
# byte for byte, when there is one.
if several_cpus; then
	${VALGRIND_CMD:-} taskset -c 0 "$ENCBENCH" report -q samples -o "$TMP/one-cpu" >"$TMP/out" 2>"$TMP/err"
	rc=$?
	if [ "$rc" -eq 0 ] && diff -r "$R" "$TMP/one-cpu" >/dev/null; then
		pass "the samples report drawn on one CPU and on $(nproc) is the same"
	else
		fail "the samples report drawn on one CPU and on $(nproc) is the same"
	fi
else
	skip "the samples report on one CPU and on several (needs taskset and two CPUs)"
fi
