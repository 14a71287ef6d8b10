# fio_alike_text.sh - normal text and terse runs of one job in two files are
# repetitions only when what they show of their options agrees, and a run
# cut short or with contradicting figures is no record (fio 3.33 outputs).
. tests/e2e/lib.sh

D=tests/data/fio/alike
keep() { echo "previous output" > "$TMP/keep.csv"; }
kept() { expect_file_is "$1 leaves -o as it was" "$TMP/keep.csv" "previous output"; }

# Outside audit G18: terse prints no iodepth=, but its IO depths line shows
# the depth a job reached.
keep
eb ingest -o "$TMP/keep.csv" "$D/qd1.terse" "$D/qd32.terse"
expect_rc "terse: QD1 and QD32 runs of one job fail" 65
expect_err_line "terse: the error names the depth reached in each" \
	"$D/qd32.terse:1: error: fio job 'rr' ran with iodepth_reached=32-63 here but with iodepth_reached=1 in $D/qd1.terse:1, and their records would be repetitions of one test measured two ways; give the jobs names of their own"
kept "terse QD1 and QD32"

# Outside audit G19: numjobs=4 under group_reporting moved four times the
# KiB of numjobs=1 in a third of its time: neither one size nor one runtime.
eb ingest "$D/nj1.terse" "$D/nj4.terse"
expect_rc "terse: 1 and 4 jobs of one job name fail" 65
expect_err_line "terse: the error names the amounts and runtimes" \
	"$D/nj4.terse:1: error: fio job 'rr' moved 32768 KiB in 107 ms here but 8192 KiB in 306 ms in $D/nj1.terse:1: runs of one test move the same amount (size=) or run as long as runtime= lets them, and these ran with other options (size=, numjobs= ...) or one was cut short; give the jobs names of their own"

# numjobs=4 without group_reporting: four clone records, combined, moved
# four times the KiB in the time one job takes, which no runtime= explains.
eb ingest "$D/nj1.terse" "$D/nj4-clones.terse"
expect_rc "terse: 1 job and 4 clone records fail" 65
expect_err_line "terse: the clones' amount is named" \
	"$D/nj4-clones.terse:1: error: fio job 'rr' moved 32768 KiB in 310 ms here but 8192 KiB in 306 ms in $D/nj1.terse:1: runs of one test move the same amount (size=) or run as long as runtime= lets them, and these ran with other options (size=, numjobs= ...) or one was cut short; give the jobs names of their own"
# runtime=1 runs move what they can in about a second: no error.
eb ingest "$D/tb1.terse" "$D/tb2.terse"
expect_rc "terse: runtime-limited runs of other amounts are read" 0

# Repetitions whose options terse cannot show are said to be unchecked.
eb ingest "$D/qd1.terse" "$D/qd1-rep2.terse"
expect_rc "terse: two repetitions of one setup are read" 0
expect_err_line "terse: what could not be checked is named" \
	"$D/qd1-rep2.terse:1: warning: fio job 'rr' here and at $D/qd1.terse:1 are taken as repetitions of one test, but terse output prints no options: not iodepth= (but for the depth reached), ioengine=, numjobs= (but for clone records), direct=, fsync=, rate= or size= (but for the amount moved), so they could not be checked to have run alike; read fio's JSON to check"

# Outside audit H9: normal text prints no direct=, fsync=, rate= or size=;
# fio 3.4+ counts syncs on its issued line, and the amount moved shows size=.
eb ingest "$D/n4k.txt" "$D/nsync.txt"
expect_rc "normal: fsync=1 and no fsync fail" 65
expect_err_line "normal: the error names the syncs" \
	"$D/nsync.txt:6: error: fio job 'nw' ran with syncs=1_per_write here but with syncs=none in $D/n4k.txt:6, and their records would be repetitions of one test measured two ways; give the jobs names of their own"
eb ingest "$D/n4k.txt" "$D/nsize.txt"
expect_rc "normal: size=4M and size=8M fail" 65
expect_err_line "normal: the error names the amounts" \
	"$D/nsize.txt:6: error: fio job 'nw' moved 4096 KiB in 8 ms here but 8192 KiB in 12 ms in $D/n4k.txt:6: runs of one test move the same amount (size=) or run as long as runtime= lets them, and these ran with other options (size=, numjobs= ...) or one was cut short; give the jobs names of their own"
# direct= and rate= leave no trace: one warning for the test, not one a file.
eb ingest "$D/n4k.txt" "$D/ndirect.txt" "$D/nrate.txt"
expect_rc "normal: direct and rate runs are read" 0
expect_err_line "normal: what could not be checked is named" \
	"$D/ndirect.txt:6: warning: fio job 'nw' here and at $D/n4k.txt:6 are taken as repetitions of one test, but normal text prints no direct=, rate= or size= (but for the amount moved), so they could not be checked to have run alike; read fio's JSON to check"
[ "$(grep -c 'could not be checked' "$TMP/err")" -eq 1 ] &&
	pass "normal: the unchecked warning comes once a test" ||
	fail "normal: the unchecked warning comes once a test ($(grep -c 'could not be checked' "$TMP/err"))"

# Outside audit G16: a run that stopped on an error is no repetition.
keep
eb ingest -o "$TMP/keep.csv" "$D/err.normal"
expect_rc "normal: a run ended by ENOSPC fails" 65
expect_err_line "normal: the error names fio's error whole" \
	"$D/err.normal:6: error: fio job 'sw' ended with error 28 (No space left on device): a run cut short measures no test, and its figures would be a repetition of it; run it again, or leave this output out"
kept "a normal-text run ended by an error"
eb ingest "$D/err.terse"
expect_rc "terse: a run ended by ENOSPC fails" 65
expect_err_line "terse: the error names the errno" \
	"$D/err.terse:1: error: fio terse record of job 'sw' ended with error 28 (errno 28: No space left on device): a run cut short measures no test, and its figures would be a repetition of it; run it again, or leave this output out"
eb ingest --set op=write tests/data/dd/gnu-enospc-error.txt
expect_rc "dd: a run ended by ENOSPC fails" 65
expect_err_line "dd: the error names dd's line" \
	"tests/data/dd/gnu-enospc-error.txt:1: error: this dd run stopped on an error (dd: error writing '/tmp/audit9-full/d': No space left on device): the 1048576 bytes of a run cut short measure no test; run it again, or leave this output out"

# Outside audit G20: a bandwidth, IOPS or runtime of 0 beside real I/O.
eb ingest "$D/tz0.terse"
expect_err_line "terse: bw and IOPS 0 beside 16 MiB" \
	"$D/tz0.terse:1:359: error: fio terse record: write moved 16384 KiB in 5 ms, 3276800 KiB/s, but its bandwidth field is 0"
eb ingest "$D/tz1.terse"
expect_err_line "terse: bw 0 beside 16 MiB" \
	"$D/tz1.terse:1:359: error: fio terse record: write moved 16384 KiB in 5 ms, 3276800 KiB/s, but its bandwidth field is 0"
eb ingest "$D/tz2.terse"
expect_err_line "terse: a runtime of 0 beside a rate" \
	"$D/tz2.terse:1:359: error: fio terse record: write moved 16384 KiB in a runtime of 0 ms, beside a rate fio computes from that runtime"
eb ingest "$D/qdz.txt"
expect_rc "normal: IOPS=0, BW=0B/s beside 8 MiB fails" 65
expect_err_line "normal: the error says what contradicts what" \
	"$D/qdz.txt:6: error: read moved 8388608 bytes in 228 ms (36792140 B/s), but its BW= and IOPS= are 0: a changed line"

# Outside audit I6: two job sections of one name in one group print two job
# lines (numjobs clones print '...'): they are no clones to sum.
keep
eb ingest -o "$TMP/keep.csv" "$D/dupjob-rw.txt"
expect_rc "normal: two jobs 'a' of rw=write and rw=randwrite fail" 65
expect_err_line "normal: the error names both job lines" \
	"$D/dupjob-rw.txt:2: error: a second job line of fio job 'a' in group 0 (the first: line 1): numjobs clones print '...', so these are two jobs of one name, whose results would be summed as clones; name the jobs apart"
kept "two jobs of one name"
eb ingest "$D/dupjob-bs.txt"
expect_err_line "normal: jobs 'a' of bs=4k and 64k fail alike" \
	"$D/dupjob-bs.txt:2: error: a second job line of fio job 'a' in group 0 (the first: line 1): numjobs clones print '...', so these are two jobs of one name, whose results would be summed as clones; name the jobs apart"
eb ingest "$D/dupjob-banners.terse"
expect_err_line "terse: two job lines of one name before a record fail" \
	"$D/dupjob-banners.terse:2: error: a second job line of fio job 'a' in group 0 (the first: line 1): numjobs clones print '...', so these are two jobs of one name, whose results would be summed as clones; name the jobs apart"
