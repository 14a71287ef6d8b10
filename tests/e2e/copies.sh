# copies.sh - dd and bonnie++ runs read twice whatever their bytes: other
# line ends, a trailing newline, one run twice in one file, a text table and
# the CSV line of one run (outside audits A8, A15 and B1).
. tests/e2e/lib.sh
D=$TMP/copies
mkdir -p "$D"
keep() { echo "previous output" > "$TMP/keep.csv"; }
kept() { expect_file_is "$1 leaves -o as it was" "$TMP/keep.csv" "previous output"; }

# copy NAME FILE... : ingest with -o, which fails with exit 65 and keeps -o.
copy() {
	name=$1
	shift
	keep
	eb ingest -q --set op=write -o "$TMP/keep.csv" "$@"
	expect_rc "$name fails" 65
	kept "$name"
}

# GNU dd 9.1, one run, and the same run with CRLF line ends, with one more
# newline, and twice in one file.
DDRUN='2048+0 records in\n2048+0 records out\n2147483648 bytes (2.1 GB, 2.0 GiB) copied, 1.33963 s, 1.6 GB/s\n'
printf "$DDRUN" > "$D/dd-a.txt"
printf "$DDRUN" | sed 's/$/\r/' > "$D/dd-crlf.txt"
{ printf "$DDRUN"; echo; } > "$D/dd-nl.txt"
{ printf "$DDRUN"; printf "$DDRUN"; } > "$D/dd-twice.txt"
DDWHAT='a dd run with the same figures (2147483648 bytes in 1.33963 s, the same records) was read already'
copy "a dd copy with CRLF line ends" "$D/dd-a.txt" "$D/dd-crlf.txt"
expect_err_line "the CRLF dd copy is named" \
	"$D/dd-crlf.txt:3: error: $DDWHAT, from $D/dd-a.txt:3: one run read twice would count as a second repetition (a copy under another name?)"
copy "a dd copy with one more newline" "$D/dd-a.txt" "$D/dd-nl.txt"
expect_err_line "the dd copy with one more newline is named" \
	"$D/dd-nl.txt:3: error: $DDWHAT, from $D/dd-a.txt:3: one run read twice would count as a second repetition (a copy under another name?)"
copy "a dd log holding one run twice" "$D/dd-twice.txt"
expect_err_line "the dd run read twice in one file is named" \
	"$D/dd-twice.txt:6: error: $DDWHAT, from $D/dd-twice.txt:3: one run read twice would count as a second repetition (a copy under another name?)"
# In a run folder, a copy under a planned name (cp r1 r3) is no third run.
R=$TMP/run
mkdir -p "$R"
cp -r samples/zfs-series/24.04/meta.json samples/zfs-series/24.04/none "$R/"
cp "$R/none/dd-write-r1.txt" "$R/none/dd-write-r3.txt"
keep
eb ingest -q -o "$TMP/keep.csv" "$R"
expect_rc "a dd copy in a run folder fails" 65
grep -q "^$R/none/dd-write-r3.txt:[0-9]*: error: a dd run with the same figures" "$TMP/err" &&
	pass "the run folder's dd copy is located" || fail "the run folder's dd copy is located"
kept "a dd copy in a run folder"

# bonnie++ 2.00a: its CSV line carries the seed, so a repeat is a copy.
B=tests/data/bonnie/bonnie-2.00a_q.stdout.csv
sed 's/$/\r/' "$B" > "$D/bonnie-crlf.csv"
cat "$B" "$B" > "$D/bonnie-twice.csv"
copy "a bonnie++ CSV copy with CRLF line ends" "$B" "$D/bonnie-crlf.csv"
expect_err_line "the CRLF bonnie++ copy is named" \
	"$D/bonnie-crlf.csv:1: error: bonnie++ run 'vm' of seed 1796021859 was read already, from $B:1: one run read twice would count as a second repetition (a copy under another name?)"
copy "a bonnie++ CSV line twice in one file" "$D/bonnie-twice.csv"
expect_err_line "the bonnie++ line read twice is named" \
	"$D/bonnie-twice.csv:2: error: bonnie++ run 'vm' of seed 1796021859 was read already, from $D/bonnie-twice.csv:1: one run read twice would count as a second repetition (a copy under another name?)"

# bonnie++ -q >out.csv 2>out.txt: the table and the CSV line of one run
# give the same tests (2.00a's CSV line never holds the chunk, so neither
# does a table that shows the default), and read together they are one run.
T=tests/data/bonnie/bonnie-2.00a_q.stderr.txt
eb ingest -q "$T"
cut -d, -f1-12 "$TMP/out" | sort > "$D/table.keys"
eb ingest -q "$B"
cut -d, -f1-12 "$TMP/out" | sort > "$D/csv.keys"
if cmp -s "$D/table.keys" "$D/csv.keys"; then pass "a bonnie++ table and its CSV line give the same tests"
else fail "a bonnie++ table and its CSV line give the same tests"; diff "$D/table.keys" "$D/csv.keys" | head; fi
grep -q ',block,write,,bw,B/s,1$' "$D/csv.keys" && pass "2.00a's CSV line gives no chunk" ||
	fail "2.00a's CSV line gives no chunk"
copy "a bonnie++ table and its CSV line in two files" "$T" "$B"
expect_err_line "the CSV line of the table read before is named" \
	"$B:1: error: the CSV line of bonnie++ run 'vm' gives the figures of the text table of bonnie++ run 'vm', read already at $T:4, within their rounding: the two are one run, which read twice would count as a second repetition"
# A chunk the table shows is kept, and its CSV line in the same file gets it.
eb ingest -q tests/data/bonnie/bonnie-2.00a_direct-f-chunk4k-longname.log
expect_rc "a table with a 4k chunk is read" 0
[ "$(grep -c ',block,write,4096,bw,B/s,1,' "$TMP/out")" -eq 1 ] &&
	pass "the 4k chunk the table shows is the block size" ||
	fail "the 4k chunk the table shows is the block size"

# Outside audit E9: runs of one test in other files are repetitions only
# when they moved as much: bonnie++ runs of -s 16 and -s 48 (real 2.00a
# lines) and dd runs of 16 MiB and 512 MiB are no repetitions of one test.
eb ingest -q tests/data/bonnie/bonnie-2.00a_s16M.csv tests/data/bonnie/bonnie-2.00a_s48M.csv
expect_rc "bonnie++ runs of two file sizes are refused as one test" 65
expect_err_line "the error names the sizes and both files" \
	"tests/data/bonnie/bonnie-2.00a_s48M.csv:1: error: bonnie++ run 'bonnie' ran with file size=48M here but with file size=16M in tests/data/bonnie/bonnie-2.00a_s16M.csv:1, and their records would be repetitions of one test measured two ways; give the runs (--set job=NAME) names of their own"
# bonnie++ 2.00a runs of -n 1 and of -n 4:4096:0 (outside audit G12) are
# no repetitions of one file test; two runs of -n 1 are.
B1=tests/data/bonnie/bonnie-2.00a_n1.csv
eb ingest -q "$B1" tests/data/bonnie/bonnie-2.00a_n4-4096.csv
expect_rc "bonnie++ runs of two -n settings are refused as one test" 65
expect_err_line "the error names both -n settings" \
	"tests/data/bonnie/bonnie-2.00a_n4-4096.csv:1: error: bonnie++ run 'bonnie' ran with file test -n=4:4096:0/0 here but with file test -n=1:0:0/0 in $B1:1, and their records would be repetitions of one test measured two ways; give the runs (--set job=NAME) names of their own"
eb ingest -q "$B1" tests/data/bonnie/bonnie-2.00a_n1-again.csv
expect_rc "two bonnie++ runs of -n 1 are read" 0
[ "$(grep -c ',files-seq,create,,ops,1/s,' "$TMP/out")" -eq 2 ] &&
	grep -q ',files-seq,create,,ops,1/s,2,1204,' "$TMP/out" &&
	pass "they are repetitions 1 and 2 of one test" ||
	fail "they are repetitions 1 and 2 of one test"
# The text table prints -n 1:4096:0:2 as "1:4096:0/2", the CSV line as four
# fields, one of them empty: the two are still found to be one run.
eb ingest -q tests/data/bonnie/bonnie-2.00a_n1-4096-0-2.csv tests/data/bonnie/bonnie-2.00a_n1-4096-0-2.txt
expect_rc "a -n 1:4096:0:2 table and its CSV line in two files are refused" 65
expect_err_line "the table is found to be the CSV line's run" \
	"tests/data/bonnie/bonnie-2.00a_n1-4096-0-2.txt:4: error: the text table of bonnie++ run 'vm' gives the figures of the CSV line of bonnie++ run 'vm', read already at tests/data/bonnie/bonnie-2.00a_n1-4096-0-2.csv:1, within their rounding: the two are one run, which read twice would count as a second repetition"
# A rate of 0 (real 2.00a output, per-char write set to 0; outside audit
# G23) is no figure, in a CSV line and in a text table.
eb ingest -q tests/data/bonnie/bonnie-2.00a_zero-rate.csv
expect_rc "a bonnie++ CSV rate of 0 is refused" 65
expect_err_line "the error says why" \
	"tests/data/bonnie/bonnie-2.00a_zero-rate.csv:1: error: bonnie++ gives a rate of 0 for per-char write, which is no figure: it prints any rate below 1 K/sec as 0, so the run's rate is unknown; leave the run out or measure it again"
eb ingest -q tests/data/bonnie/bonnie-2.00a_zero-rate.txt
expect_rc "a bonnie++ table rate of 0k is refused" 65
expect_err_line "the error names the table row" \
	"tests/data/bonnie/bonnie-2.00a_zero-rate.txt:11: error: bonnie++ gives a rate of 0 for per-char write, which is no figure: it prints any rate below 1 K/sec as 0, so the run's rate is unknown; leave the run out or measure it again"
mkdir -p "$TMP/dd16" "$TMP/dd512"
printf '16+0 records in\n16+0 records out\n16777216 bytes (17 MB, 16 MiB) copied, 0.0125401 s, 1.3 GB/s\n' > "$TMP/dd16/dd-write-r1.txt"
printf '512+0 records in\n512+0 records out\n536870912 bytes (537 MB, 512 MiB) copied, 0.351602 s, 1.5 GB/s\n' > "$TMP/dd512/dd-write-r2.txt"
eb ingest -q --set op=write "$TMP/dd16/dd-write-r1.txt" "$TMP/dd512/dd-write-r2.txt"
expect_rc "dd runs of 16 MiB and 512 MiB are refused as one test" 65
expect_err_line "the error names the byte counts" \
	"$TMP/dd512/dd-write-r2.txt:3: error: dd run 'dd' ran with bytes=536870912 here but with bytes=16777216 in $TMP/dd16/dd-write-r1.txt:3, and their records would be repetitions of one test measured two ways; give the runs (--set job=NAME) names of their own"
cp "$TMP/dd16/dd-write-r1.txt" "$TMP/dd512/dd-write-r2.txt"
sed -i 's/0.0125401 s/0.0125402 s/' "$TMP/dd512/dd-write-r2.txt"
eb ingest -q --set op=write "$TMP/dd16/dd-write-r1.txt" "$TMP/dd512/dd-write-r2.txt"
expect_rc "dd runs of one size in two files are two repetitions" 0
[ "$(grep -c ',dd,dd,,write,1048576,bw,B/s,' "$TMP/out")" -eq 2 ] && pass "both are read" || fail "both are read"
# Runs appended to one file are compared as runs of two files are (K18):
# GNU dd 9.1 runs of 4, 8 and 2 MiB in one log, the 4 MiB one read as the
# 8 MiB run's interim statistics; fio 3.33 normal text and JSON of
# --size=4M then 8M appended with >>.
eb ingest -q --set op=write tests/data/dd/gnu-9.1-appended-sizes.log
expect_rc "dd runs of 8 and 2 MiB in one log are refused as one test" 65
expect_err_line "the error names both runs of the log" \
	"tests/data/dd/gnu-9.1-appended-sizes.log:9: error: dd run 'dd' ran with bytes=2097152 here but with bytes=8388608 in tests/data/dd/gnu-9.1-appended-sizes.log:6, and their records would be repetitions of one test measured two ways; give the runs files of their own and, to keep both in one dataset, names of their own (--set job=NAME)"
eb ingest -q tests/data/fio/appended-sizes-normal-3.33.txt
expect_rc "fio normal runs of 4 and 8 MiB in one file are refused as one test" 65
expect_err_line "the error names the amounts of both runs" \
	"tests/data/fio/appended-sizes-normal-3.33.txt:34: error: fio job 'seq' moved 8192 KiB in 4 ms here but 4096 KiB in 2 ms in tests/data/fio/appended-sizes-normal-3.33.txt:6: runs of one test move the same amount (size=) or run as long as runtime= lets them, and these ran with other options (size=, numjobs= ...) or one was cut short; give the jobs names of their own"
eb ingest -q tests/data/fio/appended-qd1-qd8-normal-3.33.txt
expect_rc "fio normal runs at iodepth 1 and 8 in one file are refused as one test" 65
expect_err_line "the error names both depths (audit 19)" \
	"tests/data/fio/appended-qd1-qd8-normal-3.33.txt:34: error: fio job 'job' ran with iodepth=8 here but with iodepth=1 in tests/data/fio/appended-qd1-qd8-normal-3.33.txt:5, and their records would be repetitions of one test measured two ways; give the jobs names of their own"
eb ingest -q tests/data/fio/appended-subsecond-sizes-3.33.json
expect_rc "fio JSON runs of a few ms appended are no status-interval snapshots" 65
expect_err_line "the error names both sizes" \
	"tests/data/fio/appended-subsecond-sizes-3.33.json:276: error: fio job 'tb' ran with size=8388608 here but with size=4194304 at line 7: the records of one job name would be repetitions of one test measured two ways; give the jobs names of their own"
