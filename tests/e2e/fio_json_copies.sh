# fio_json_copies.sh - fio JSON runs that are one run (outside audit G17),
# and the reads of a verify= job that are no read test (E7): real fio 3.33.
. tests/e2e/lib.sh

D=tests/data/fio
J="$D/write-64k-copy-3.33.json"
count() { grep -c -- "$1" "$TMP/out"; }

# A copy of a run with its time stamps removed, or moved 5 s on, is that
# run still: every figure of the job is alike.
grep -v '"timestamp\|"time"' "$J" > "$TMP/notime.json"
sed 's/"timestamp" : 1796171460,/"timestamp" : 1796171465,/; s/"timestamp_ms" : 1796171460573,/"timestamp_ms" : 1796171465573,/' "$J" > "$TMP/later.json"
for c in notime later; do
	echo "previous output" > "$TMP/keep.csv"
	eb ingest -o "$TMP/keep.csv" "$J" "$TMP/$c.json"
	expect_rc "fio JSON: a copy of a run ($c) fails" 65
	expect_err_line "fio JSON: the copy ($c) names the run" \
		"$TMP/$c.json:$([ $c = notime ] && echo 4 || echo 7): error: the run of fio job 'sw' in JSON gives the figures of the run of fio job 'sw' in JSON, read already at $J:7, within their rounding: the two are one run, which read twice would count as a second repetition"
	expect_file_is "fio JSON: the copy ($c) leaves -o as it was" "$TMP/keep.csv" "previous output"
done
# One figure changed (a latency mean) is another run.
sed 's/"mean" : 14008.968750,/"mean" : 14009.000000,/' "$J" > "$TMP/other.json"
grep -q '"mean" : 14009.000000' "$TMP/other.json" && pass "fio JSON: the other run's mean is changed" ||
	fail "fio JSON: the other run's mean is changed"
eb ingest "$J" "$TMP/other.json"
expect_rc "fio JSON: a run whose one figure differs is read" 0
[ "$(count ',fio,sw,seq,write,65536,bw,B/s,2,2796202666,')" -eq 1 ] &&
	pass "fio JSON: the other run is rep 2" || fail "fio JSON: the other run is rep 2"

# E7: a verify=md5 job that reads and writes (rw=randrw) counts fio's check
# of what it wrote among its reads: no read record, a warning; one whose
# do_verify is off (false) verifies nothing.
V="$D/verify-md5-3.33.json"
sed 's/"rw" : "write",/"rw" : "randrw",/' "$V" > "$TMP/vrw.json"
eb ingest "$TMP/vrw.json"
expect_rc "fio JSON: a randrw verify job is read" 0
expect_err_line "fio JSON: its reads are said to be left out" \
	"$TMP/vrw.json:7: warning: fio job 'vw' reads and writes (rw=randrw) with verify=: its reads count fio's check of what it wrote with the test's own, which no figure tells apart; its reads are not read"
[ "$(count ',fio,vw,[a-z]*,read,')" -eq 0 ] && [ "$(count ',fio,vw,rand,write,65536,bw,B/s,1,171196081,')" -eq 1 ] &&
	pass "fio JSON: writes only from the randrw verify job" || fail "fio JSON: writes only from the randrw verify job"
sed 's/"verify" : "md5"/"verify" : "md5", "do_verify" : "false"/' "$V" > "$TMP/vno.json"
eb ingest "$TMP/vno.json"
[ "$(grep -c "its reads are fio's check" "$TMP/err")" -eq 0 ] &&
	pass "fio JSON: do_verify=false is no verification" || fail "fio JSON: do_verify=false is no verification"

# Outside audit I6: two jobs named a in one group (no stonewall), of bs=4k
# and bs=64k, are no clones of one job: refused, naming the block sizes.
# Two [job] sections of one name and one setup (samename-two-sections.fio)
# print as clones print, but their options set no numjobs= (audit 19).
eb ingest "$D/samename-two-sections-3.33.json"
expect_rc "fio JSON: two jobs of one name and setup in one group fail" 65
expect_err_line "fio JSON: the second job is named, beside the first" \
	"$D/samename-two-sections-3.33.json:255: error: a second job of fio job 'job' in one group (the first: line 12), and its options set no numjobs=: these are two jobs of one name, whose results would be summed as clones; name the jobs apart"
eb ingest "$D/jsonplus-numjobs2.json"
expect_rc "fio JSON: numjobs=2 clones are summed as before" 0
G="$D/samename-bs-group-3.33.json"
eb ingest "$G"
expect_rc "fio JSON: two jobs of one name in one group fail" 65
expect_err_line "fio JSON: their block sizes are named" \
	"$G:258: error: fio job 'a' ran with bs=65536 here but with bs=4096 at line 14: the records of one job name would be repetitions of one test measured two ways; give the jobs names of their own"
