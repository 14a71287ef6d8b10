# bonnie_concurrency.sh - bonnie++ runs of -c 1 and -c 2 are two tests, not
# repetitions of one (outside audit I12), in CSV lines and text tables alike.
. tests/e2e/lib.sh
# Real bonnie++ 2.00a runs of -s 32 -r 16 -n 0 on one host, each with and
# without -c 2: the CSV's fourth field, the table's "32M::2".
B=tests/data/bonnie/bonnie-2.00a_s32M
TAIL="and their records would be repetitions of one test measured two ways; give the runs (--set job=NAME) names of their own"
eb ingest -q "$B-c1.csv" "$B-c2.csv"
expect_rc "CSV lines of -c 1 and -c 2 are refused as one test" 65
expect_err_line "the error names both concurrencies and both lines" \
	"$B-c2.csv:1: error: bonnie++ run 'bonnie' ran with concurrency=2 here but with concurrency=1 in $B-c1.csv:1, $TAIL"
eb ingest -q "$B-c1.txt" "$B-c2.txt"
expect_rc "text tables of -c 1 and -c 2 are refused as one test" 65
expect_err_line "the error names both tables' rows" \
	"$B-c2.txt:4: error: bonnie++ run 'bonnie' ran with concurrency=2 here but with concurrency=1 in $B-c1.txt:4, $TAIL"
eb ingest -q "$B-c1.csv" "$B-c2.txt"
expect_rc "a -c 1 CSV line and a -c 2 table are refused as one test" 65
expect_err_line "the table's -c 2 is read from its size cell" \
	"$B-c2.txt:4: error: bonnie++ run 'bonnie' ran with concurrency=2 here but with concurrency=1 in $B-c1.csv:1, $TAIL"
# Two runs of one concurrency stay repetitions: the table's 663k and 331k
# (678912 and 338944 B/s) and the CSV lines' 722 and 392 K/s.
for c in c1:678912:739328 c2:338944:401408; do
	n=${c%%:*}; t=${c#*:}; t=${t%%:*}; v=${c##*:}
	eb ingest -q "$B-$n.txt" "$B-$n.csv"
	expect_rc "the -$n table and CSV line are read" 0
	[ "$(grep -c ',per-char,write,,bw,B/s,' "$TMP/out")" -eq 2 ] &&
		grep -q ",per-char,write,,bw,B/s,1,$t,$B-$n.txt:4\$" "$TMP/out" &&
		grep -q ",per-char,write,,bw,B/s,2,$v,$B-$n.csv:1\$" "$TMP/out" &&
		pass "the -$n runs are repetitions 1 and 2 of one test" ||
		fail "the -$n runs are repetitions 1 and 2 of one test"
done
# A CSV line whose concurrency is no count is refused where it stands.
sed 's/^1.98,2.00a,vm,1,/1.98,2.00a,vm,x,/' "$B-c1.csv" > "$TMP/conc-x.csv"
eb ingest -q "$TMP/conc-x.csv"
expect_rc "a concurrency of x is refused" 65
expect_err_line "the error names the field" \
	"$TMP/conc-x.csv:1:15: error: bonnie++ 1.98 CSV field 4 holds 'x', which bonnie++ never writes there"
# A CSV line of 2.00a prints no IO chunk: a run of -s 32:4096 and one of the
# default 8192 pool as repetitions, which is said, once, as unchecked.
eb ingest -q "$B-c1.csv" "$B-chunk4096.csv"
expect_rc "two CSV lines of -c 1 are read as repetitions" 0
grep -q ",per-char,write,,bw,B/s,2,424960,$B-chunk4096.csv:1\$" "$TMP/out" &&
	pass "the -s 32:4096 run is repetition 2" || fail "the -s 32:4096 run is repetition 2"
expect_err_line "the unknown chunk is named as unchecked" \
	"$B-chunk4096.csv:1: warning: bonnie++ run 'bonnie' here and at $B-c1.csv:1 are taken as repetitions of one test, but the CSV lines of bonnie++ 2.00a print no IO chunk size (-s SIZE:CHUNK), which only their text tables show, so they could not be checked to have run alike"
[ "$(grep -c 'warning' "$TMP/err")" -eq 1 ] && pass "the warning is given once" ||
	fail "the warning is given once"

# Runs of one file are compared as runs of two files are: another file size
# or concurrency in one appended file is another test (audit 18 Q1).
eb ingest -q tests/data/bonnie/infile/bn2.csv
expect_rc "bonnie in one file: -s 8096M and -s 16G are refused" 65
expect_err_line "bonnie in one file: the second line names the first" \
	"tests/data/bonnie/infile/bn2.csv:2: error: bonnie++ run 'bonnie' ran with file size=16G here but with file size=8096M in tests/data/bonnie/infile/bn2.csv:1, and their records would be repetitions of one test measured two ways; give the runs files of their own and, to keep both in one dataset, names of their own (--set job=NAME)"
eb ingest -q tests/data/bonnie/infile/bc12.csv
expect_rc "bonnie in one file: -c 1 and -c 2 are refused" 65
expect_err_line "bonnie in one file: concurrency is named" \
	"tests/data/bonnie/infile/bc12.csv:2: error: bonnie++ run 'bonnie' ran with concurrency=2 here but with concurrency=1 in tests/data/bonnie/infile/bc12.csv:1, and their records would be repetitions of one test measured two ways; give the runs files of their own and, to keep both in one dataset, names of their own (--set job=NAME)"
