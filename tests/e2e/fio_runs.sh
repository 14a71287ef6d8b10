# fio_runs.sh - one fio run kept in two outputs (JSON, terse, normal text, a
# log of it), and entries whose options are not their own: real fio 3.33.
. tests/e2e/lib.sh

D=tests/data/fio
L=tests/data/fio-log/jsonlog
keep() { echo "previous output" > "$TMP/keep.csv"; }
kept() { expect_file_is "$1 leaves -o as it was" "$TMP/keep.csv" "previous output"; }
count() { grep -c -- "$1" "$TMP/out"; }

# Outside audit F8: one run written with --output-format=json,terse (split
# in two) is one run, whichever is named first; terse against normal text
# too (the corpus-style file of two stonewalled groups, split in three).
J="$D/write-64k-run1-3.33.json" T="$D/write-64k-run1-3.33-terse.txt"
keep
eb ingest -o "$TMP/keep.csv" "$J" "$T"
expect_rc "fio: a run's JSON and its terse line fail" 65
expect_err_line "fio: the terse line names the JSON" \
	"$T:1: error: the run of fio job 'xf' in terse output gives the figures of the run of fio job 'xf' in JSON, read already at $J:7, within their rounding: the two are one run, which read twice would count as a second repetition"
kept "a run's JSON and its terse line"
eb ingest "$T" "$J"
expect_err_line "fio: the JSON, named second, names the terse line" \
	"$J:7: error: the run of fio job 'xf' in JSON gives the figures of the run of fio job 'xf' in terse output, read already at $T:1, within their rounding: the two are one run, which read twice would count as a second repetition"
sed -n '6,7p' "$D/same-run-json-terse-normal.txt" > "$TMP/tri.terse"
sed -n '523,$p' "$D/same-run-json-terse-normal.txt" > "$TMP/tri.txt"
eb ingest "$TMP/tri.txt" "$TMP/tri.terse"
expect_rc "fio: a run's normal text and its terse lines fail" 65
expect_err_line "fio: the terse line names the normal text" \
	"$TMP/tri.terse:1: error: the run of fio job 'seqwrite' in terse output gives the figures of the run of fio job 'seqwrite' in normal text, read already at $TMP/tri.txt:2, within their rounding: the two are one run, which read twice would count as a second repetition"
# The second group's job alone (randread, group 1) is known as well.
sed -n '7p' "$D/same-run-json-terse-normal.txt" > "$TMP/tri2.terse"
eb ingest "$TMP/tri.txt" "$TMP/tri2.terse"
expect_err_line "fio: the group 1 job's terse line names its normal text" \
	"$TMP/tri2.terse:1: error: the run of fio job 'randread' in terse output gives the figures of the run of fio job 'randread' in normal text, read already at $TMP/tri.txt:23, within their rounding: the two are one run, which read twice would count as a second repetition"
# numjobs=2 clones: the terse line of one clone is that clone's run.
sed -n '528,$p' "$D/numjobs2-json-terse-normal.txt" > "$TMP/nj.txt"
sed -n '6p' "$D/numjobs2-json-terse-normal.txt" > "$TMP/nj2.terse"
eb ingest "$TMP/nj.txt" "$TMP/nj2.terse"
expect_err_line "fio: the second clone's terse line names the second clone" \
	"$TMP/nj2.terse:1: error: the run of fio job 'nj2' in terse output gives the figures of the run of fio job 'nj2' in normal text, read already at $TMP/nj.txt:25, within their rounding: the two are one run, which read twice would count as a second repetition"
# Another run of the same job (its terse line) is a second measurement.
eb ingest "$J" "$D/write-64k-run2-3.33-terse.txt"
expect_rc "fio: a JSON and the terse line of another run are read" 0
[ "$(count ',fio,xf,seq,write,65536,bw,B/s,1,1398101333,')" -eq 1 ] &&
	[ "$(count ',fio,xf,,write,,bw,B/s,1,2396744704,')" -eq 1 ] &&
	pass "fio: both runs give their bandwidth" || fail "fio: both runs give their bandwidth"

# Outside audit E6: a JSON and the logs its run wrote (write_bw_log=wb,
# write_iops_log=wb, write_lat_log=wb, log_avg_msec=100) are one test: the
# bw and iops logs have the samples JSON sums up, the clat log (averaged
# windows, not the 64 I/Os of clat_ns) is the one the options name.
for order in "$L/run1" "$L/run1/wb_clat.1.log $L/run1/wb_bw.1.log $L/run1/wb_iops.1.log $L/run1/wb.json"; do
	eb ingest $order
	expect_rc "fio: a JSON and its own logs are read ($order)" 0
	[ "$(grep -c ',fio,' "$TMP/out")" -eq 5 ] && [ "$(count ',fio,wb,seq,write,65536,')" -eq 5 ] &&
		[ "$(count '_bw\.1\.log\|_iops\.1\.log\|_clat\.1\.log')" -eq 0 ] &&
		pass "fio: only the JSON's five records ($order)" || fail "fio: only the JSON's five records ($order)"
done
expect_err_line "fio: the bw log's records left out are said" \
	"$L/run1/wb_bw.1.log:1: note: the 4 write samples of this fio bw log are those that fio job 'wb' at $L/run1/wb.json:7 sums up (count, least, greatest and mean alike): the log is that run's time series, not a second measurement, and its write records are left out"
expect_err_line "fio: the clat log's records left out are said" \
	"$L/run1/wb_clat.1.log:1: note: this fio clat log is the one the options of the fio job at $L/run1/wb.json:7 write (write_lat_log=wb, in that folder): the log is that run's time series, not a second measurement, and its write records are left out"
# Normal text and its run's bw log (bw (  KiB/s): min= 8156, max= 8347,
# avg=8274.33, samples=3; the log 8320, 8156, 8347).
eb ingest "$L/run2"
expect_rc "fio: normal text and its own bw log are read" 0
[ "$(grep -c ',fio,' "$TMP/out")" -eq 5 ] && [ "$(count 'wb_bw')" -eq 0 ] &&
	pass "fio: normal text and its bw log give one test" || fail "fio: normal text and its bw log give one test"
expect_err_line "fio: the normal text's log left out is said" \
	"$L/run2/wb_bw.1.log:1: note: the 3 write samples of this fio bw log are those that fio job 'wb' at $L/run2/wb.txt:5 sums up (count, least, greatest and mean alike): the log is that run's time series, not a second measurement, and its write records are left out"
# The bw log of another run, in another folder, is read as its own.
eb ingest "$L/run1/wb.json" "$L/run2/wb_bw.1.log"
expect_rc "fio: a JSON and another run's bw log are read" 0
[ "$(count ',fio,wb,,write,,bw,B/s,1,8472917.333333334,')" -eq 1 ] &&
	pass "fio: another run's bw log keeps its record" || fail "fio: another run's bw log keeps its record"

# Outside audit E6 (second part): unified_rw_reporting=both prints read,
# write and their sum; the sum is no test (audit 8's urb.json, fio 3.33).
eb ingest "$D/unified-both-json-terse.txt"
expect_rc "fio: unified_rw_reporting=both is read" 0
[ "$(count ',both,rand,mixed,')" -eq 1 ] && [ "$(count ',both,rand,mixed,8192,cpu,')" -eq 1 ] &&
	pass "fio: no mixed record but the job's CPU" || fail "fio: no mixed record but the job's CPU"
expect_err_line "fio: the sum left out is said" \
	"$D/unified-both-json-terse.txt:204: note: fio job 'both' reports its directions and their sum (unified_rw_reporting=both): the sum, 'mixed', is not read"

# Outside audit E7: fio 3.33's terse line of a verify=md5 job (rw=write,
# 16 MiB) prints 16384 KiB read and written and nothing else that tells
# the reads for a check: said, naming the line.
eb ingest "$D/verify-md5-3.33-terse.txt"
expect_rc "fio: a verify job's terse line is read" 0
expect_err_line "fio: the reads that may be verification are warned of" \
	"$D/verify-md5-3.33-terse.txt:1: warning: fio terse record of job 'vw' read exactly as many KiB as it wrote (16384): the reads may be fio's check of what it wrote (verify=), which terse output, printing no options, does not tell from a read test (nor do its runtimes or depths); they are read as a test. To decide, look for verify= in the job file: if it is set, read the run's JSON or normal text instead, whose options or rw= banner leave the check out; if not, the reads are the test's"
eb ingest "$D/verify-md5-3.33.json"
[ "$(count ',vw,seq,read,')" -eq 0 ] && [ "$(count ',vw,seq,write,65536,bw,')" -eq 1 ] &&
	pass "fio: the verify job's JSON gives its writes only" || fail "fio: the verify job's JSON gives its writes only"
eb ingest "$D/write-64k-run1-3.33-terse.txt"
[ "$(grep -c 'warning' "$TMP/err")" -eq 0 ] &&
	pass "fio: a terse line that only writes has no warning" || fail "fio: a terse line that only writes has no warning"

# Outside audit E1: group_reporting over job a (rw=randread) and job b
# (rw=write), both bs=4k: JSON prints b's options under a's name, normal
# text a's; the reads of a write job without verify=, or the writes of a
# read job, show it, and neither a's reads nor b's writes are dropped or
# keyed "rand" or "seq".
for f in group-randread-write-3.33.json group-randread-write-3.33-normal.txt; do
	eb ingest "$D/$f"
	expect_rc "fio $f: the group is read" 0
	[ "$(count ',fio,a,,read,,bw,B/s,1,38130')" -eq 1 ] && [ "$(count ',fio,a,,write,,bw,B/s,1,524288000,')" -eq 1 ] &&
		[ "$(count ',fio,a,[a-z][a-z]*,')" -eq 0 ] && [ "$(count ',fio,a,[a-z]*,[a-z]*,[0-9]')" -eq 0 ] &&
		pass "fio $f: reads and writes without workload or block size" ||
		fail "fio $f: reads and writes without workload or block size"
done
eb ingest "$D/group-randread-write-3.33.json"
expect_err_line "fio: JSON says why" \
	"$D/group-randread-write-3.33.json:11: note: fio job 'a' did reads, which its options (rw=write, no verify=) never do: it is the entry of a group_reporting group of jobs of other options, so its workload and block size are left unknown"
eb ingest "$D/group-randread-write-3.33-normal.txt"
expect_err_line "fio: normal text says why" \
	"$D/group-randread-write-3.33-normal.txt:7: note: fio job 'a' did writes, which its options (rw=randread) never do: it is the entry of a group_reporting group of jobs of other options, so its workload and block size are left unknown"
# Jobs of one direction (rw=randread and rw=read): normal text's banners
# tell the group apart from one job (jobs=2, two banners of g=0).
eb ingest "$D/group-randread-read-3.33-normal.txt"
expect_rc "fio: a group of randread and read jobs is read" 0
[ "$(count ',fio,a,,read,,bw,B/s,1,729444173.9130435,')" -eq 1 ] && [ "$(count ',fio,a,[a-z][a-z]*,')" -eq 0 ] &&
	pass "fio: the group's reads have no workload" || fail "fio: the group's reads have no workload"
expect_err_line "fio: the banners' group is said" \
	"$D/group-randread-read-3.33-normal.txt:7: note: fio job 'a' is the entry of a group_reporting group of 2 jobs whose banners give other rw= or bs= options: its workload and block size are left unknown"
# Its JSON prints no banners, but moved 16 MiB with size=8M and nothing
# that moves more: the entry of two jobs, not the seq reader its options
# describe (audit 24 J06).
eb ingest "$D/group-randread-read-3.33.json"
expect_rc "fio: the JSON of a group of randread and read jobs is read" 0
[ "$(count ',fio,a,,read,,bw,B/s,1,729444173,')" -eq 1 ] && [ "$(count ',fio,a,[a-z][a-z]*,')" -eq 0 ] &&
	pass "fio: the JSON group's reads have no workload" || fail "fio: the JSON group's reads have no workload"
expect_err_line "fio: the JSON's group is said" \
	"$D/group-randread-read-3.33.json:12: note: fio job 'a' moved more than its options let one job move (size= times numjobs= and loops=): it is the entry of a group_reporting group, which fio prints under its first job's name with its last job's options, so its workload and block size are left unknown"
# runtime=30 without time_based stops no job of size=2m that ends in 4 ms:
# the entry of a seq and a rand writer (4 MiB moved) is still a group's
# (audit 25 K02).
eb ingest "$D/group-seq-rand-runtime30-3.33.json"
[ "$(count ',fio,seq,,write,,bw,B/s,1,1048576000,')" -eq 1 ] && [ "$(count ',fio,seq,[a-z][a-z]*,')" -eq 0 ] &&
	pass "fio: a group entry with runtime= has no workload" || fail "fio: a group entry with runtime= has no workload"
# numjobs clones of one job (4, group_reporting: jobs=4, one banner) are
# no group of other options.
eb ingest --format fio-normal "$D/modes-nj4-group-json-normal.txt"
[ "$(count ',fio,nj4-group,rand,read,4096,bw,B/s,1,142257077.07317072,')" -eq 1 ] &&
	! grep -q 'group_reporting group' "$TMP/err" &&
	pass "fio: numjobs clones keep their workload" || fail "fio: numjobs clones keep their workload"

# Outside audit C31: the bw logs of a job's numjobs clones (fio 3.33,
# numjobs=2: nj_bw.1.log 4 samples of 16102 KiB/s in all, nj_bw.2.log 3
# of 12310) each give the sum of the clones' mean rates, as fio's
# group_reporting sums them (the run's JSON: bw_mean 4025.5 + 4103.333333);
# named both, in either order, that record comes once.
C=tests/data/fio-log/clones
for order in "$C/nj_bw.1.log $C/nj_bw.2.log" "$C/nj_bw.2.log $C/nj_bw.1.log" "$C/nj_bw.2.log"; do
	eb ingest $order
	expect_rc "fio: clone logs named ($order) are read" 0
	[ "$(grep -c ',fio,' "$TMP/out")" -eq 1 ] && [ "$(count ',fio,nj,,write,,bw,B/s,1,8323925.333333333,')" -eq 1 ] &&
		pass "fio: one record of the clones' summed rate ($order)" ||
		fail "fio: one record of the clones' summed rate ($order)"
done
eb ingest "$C/nj_bw.1.log" "$C/nj_bw.2.log"
expect_err_line "fio: the second clone log's record left out is said" \
	"$C/nj_bw.2.log: note: this fio log and $C/nj_bw.1.log are logs of clones of one run, whose record that one gave already from them all: not read twice"
# Clone logs of two runs (clones and clones-group, another folder each)
# are two repetitions.
eb ingest "$C/nj_bw.2.log" tests/data/fio-log/clones-group/nj_bw.2.log
[ "$(grep -c ',fio,nj,,write,,bw,B/s,[12],' "$TMP/out")" -eq 2 ] &&
	pass "fio: clone logs of two runs give two records" || fail "fio: clone logs of two runs give two records"

# Outside audit 9 G1: every job option fio prints counts in "ran alike",
# but those that only say where the files are and how the job reports
# (real fio 3.33, job sw: write 64k, 8 MiB, once plain and once with one
# option more).
for pair in "loops3:loops=3:loops=1" "fsync-close:fsync_on_close=1:fsync_on_close=0" \
	"dedupe50:dedupe_percentage=50:dedupe_percentage=(unset)"; do
	f=${pair%%:*} rest=${pair#*:}
	keep
	eb ingest -o "$TMP/keep.csv" "$D/samename-sw-plain-3.33.json" "$D/samename-sw-$f-3.33.json"
	expect_rc "fio: job sw with $f fails" 65
	expect_err_line "fio: the error names ${rest%%:*}" \
		"$D/samename-sw-$f-3.33.json:7: error: fio job 'sw' ran with ${rest%%:*} here but with ${rest#*:} in $D/samename-sw-plain-3.33.json:7, and their records would be repetitions of one test measured two ways; give the jobs names of their own"
	kept "job sw with $f"
done
eb ingest "$D/samename-sw-plain-3.33.json" "$D/samename-sw-bwlog-3.33.json"
expect_rc "fio: a job that also wrote a bw log ran alike" 0
[ "$(count ',fio,sw,seq,write,65536,bw,B/s,[12],')" -eq 2 ] &&
	pass "fio: the two runs are repetitions" || fail "fio: the two runs are repetitions"

# Outside audit 9 G18, G19: normal text states a job's ioengine=, iodepth=
# (its banner) and jobs=N (its header): two files of one job that state
# them otherwise are no repetitions, in normal text or against JSON (real
# fio 3.33, job rr: randread 4k, 8 MiB).
keep
eb ingest -o "$TMP/keep.csv" "$D/rr-libaio-qd1-3.33-normal.txt" "$D/rr-libaio-qd8-3.33-normal.txt"
expect_rc "fio: normal text of QD1 and QD8 fails" 65
expect_err_line "fio: the error names iodepth" \
	"$D/rr-libaio-qd8-3.33-normal.txt:5: error: fio job 'rr' ran with iodepth=8 here but with iodepth=1 in $D/rr-libaio-qd1-3.33-normal.txt:6, and their records would be repetitions of one test measured two ways; give the jobs names of their own"
kept "normal text of QD1 and QD8"
eb ingest "$D/rr-psync-3.33-normal.txt" "$D/rr-psync-nj2-3.33-normal.txt"
expect_err_line "fio: the error names jobs=N" \
	"$D/rr-psync-nj2-3.33-normal.txt:6: error: fio job 'rr' ran with jobs=2 here but with jobs=1 in $D/rr-psync-3.33-normal.txt:5, and their records would be repetitions of one test measured two ways; give the jobs names of their own"
eb ingest "$D/rr-psync-3.33-normal.txt" "$D/rr-libaio-qd1-3.33-normal.txt"
expect_err_line "fio: the error names ioengine" \
	"$D/rr-libaio-qd1-3.33-normal.txt:6: error: fio job 'rr' ran with ioengine=libaio here but with ioengine=psync in $D/rr-psync-3.33-normal.txt:5, and their records would be repetitions of one test measured two ways; give the jobs names of their own"
eb ingest "$D/rr-libaio-qd1-3.33-normal.txt" "$D/rr-libaio-qd8-3.33.json"
expect_err_line "fio: normal text against JSON compares what both state" \
	"$D/rr-libaio-qd8-3.33.json:7: error: fio job 'rr' ran with iodepth=8 here but with iodepth=1 in $D/rr-libaio-qd1-3.33-normal.txt:6, and their records would be repetitions of one test measured two ways; give the jobs names of their own"
eb ingest "$D/rr-libaio-qd8-3.33-normal.txt" "$D/rr-libaio-qd8-3.33.json"
expect_rc "fio: two runs alike in normal text and JSON are read" 0
[ "$(count ',fio,rr,rand,read,4096,bw,B/s,[12],')" -eq 2 ] &&
	pass "fio: they are two repetitions" || fail "fio: they are two repetitions"
# Audit 27 M02: normal text states numjobs= as fio's JSON spells it: the
# entries of one name are its clones, and a group_reporting entry of
# jobs=2 whose group has no other job's banner sums two clones (real fio
# 3.33, job j: write 4k, 1 MiB, numjobs=1 or 2, group_reporting or not).
keep
eb ingest -o "$TMP/keep.csv" "$D/nj-base-3.33.json" "$D/nj-numjobs2-nogroup-3.33-normal.txt"
expect_rc "fio: numjobs=1 JSON and numjobs=2 clones in normal text fail" 65
expect_err_line "fio: the error names numjobs of the clones" \
	"$D/nj-numjobs2-nogroup-3.33-normal.txt:7: error: fio job 'j' ran with numjobs=2 here but with numjobs=1 in $D/nj-base-3.33.json:14, and their records would be repetitions of one test measured two ways; give the jobs names of their own"
kept "numjobs=1 JSON and numjobs=2 clones in normal text"
eb ingest "$D/nj-base-3.33.json" "$D/nj-numjobs2-group-3.33-normal.txt"
expect_err_line "fio: the error names numjobs of a group_reporting entry" \
	"$D/nj-numjobs2-group-3.33-normal.txt:6: error: fio job 'j' ran with numjobs=2 here but with numjobs=1 in $D/nj-base-3.33.json:14, and their records would be repetitions of one test measured two ways; give the jobs names of their own"
eb ingest "$D/nj-base-3.33-normal.txt" "$D/nj-numjobs2-nogroup-3.33-normal.txt"
expect_err_line "fio: normal text of one job and of two clones fails" \
	"$D/nj-numjobs2-nogroup-3.33-normal.txt:7: error: fio job 'j' ran with jobs=2 here but with jobs=1 in $D/nj-base-3.33-normal.txt:6, and their records would be repetitions of one test measured two ways; give the jobs names of their own"
eb ingest "$D/nj-numjobs2-nogroup-3.33-normal.txt" "$D/nj-numjobs2-group-3.33-normal.txt"
expect_rc "fio: two clones reported apart and together are read" 0
[ "$(grep ',bw,' "$TMP/out")" = ",,,,fio,j,seq,write,4096,bw,B/s,1,1048576000,$D/nj-numjobs2-nogroup-3.33-normal.txt:8
,,,,fio,j,seq,write,4096,bw,B/s,2,1048576000,$D/nj-numjobs2-group-3.33-normal.txt:7" ] &&
	pass "fio: two clones reported apart and together are two repetitions" ||
	fail "fio: two clones reported apart and together are two repetitions"
eb ingest "$D/nj-numjobs2-group-3.33.json" "$D/nj-numjobs2-nogroup-3.33-normal.txt"
expect_rc "fio: numjobs=2 in JSON and in normal text are read" 0
[ "$(count ',fio,j,seq,write,4096,bw,B/s,[12],')" -eq 2 ] &&
	pass "fio: numjobs=2 in JSON and normal text are two repetitions" ||
	fail "fio: numjobs=2 in JSON and normal text are two repetitions"
# A group of two jobs (j and k, one banner each) is no numjobs of j: its
# JSON (numjobs=1, under j's name) is no other setup than its normal text.
eb ingest "$D/nj-two-jobs-group-3.33-normal.txt" "$D/nj-two-jobs-group-3.33.json"
expect_rc "fio: a group of two jobs in normal text and JSON is read" 0

# A terse rate printed below 20 may be cut by more than 5 %: fio 3.33's
# --rate=1800 --bs=512 --size=9216 prints 9 KiB (bytes >> 10), 1 KiB/s and
# 3 IOPS in 4836 ms. The bytes lie in [9216, 10239] and the rate in
# [1024, 2048) B/s: between 1905.707 and 2048 B/s; the I/Os in [15, 19]:
# between 3.102 and 3.929 IOPS. The records take the middle of each, and
# a warning gives the bounds, which hold the normal text's exact 1905.707
# B/s and 3.722 IOPS (audit 24 J04: 1024 B/s and 3 IOPS in silence;
# audit 25 K01: the KiB over the runtime is no exact rate either).
eb ingest "$D/rate-1800-3.33.terse"
expect_rc "fio: a slow terse record is read" 0
[ "$(count ',fio,slow,,write,,bw,B/s,1,1976.8535980148883,')" -eq 1 ] &&
	[ "$(count ',fio,slow,,write,,iops,1/s,1,3.5153019023986767,')" -eq 1 ] &&
	pass "fio: a slow terse record's rate is the middle of its bounds" ||
	fail "fio: a slow terse record's rate is the middle of its bounds"
expect_err_line "fio: the bounds of a slow terse record are warned of" \
	"$D/rate-1800-3.33.terse:1: warning: fio terse record of job 'slow' prints its write KiB, KiB/s and IOPS as whole numbers, too coarse at this rate: it moved between 1905.71 and 2048 B/s and did between 3.10174 and 3.92887 IOPS, and the records take the middle of each; read the run's JSON or normal text for the exact figures"
eb ingest "$D/rate-1800-3.33-normal.txt"
[ "$(count ',fio,slow,seq,write,512,bw,B/s,1,1905.7071960297767,')" -eq 1 ] &&
	[ "$(count ',fio,slow,seq,write,512,iops,1/s,1,3.7220843672456576,')" -eq 1 ] &&
	pass "fio: the normal text of the same command gives the exact rate" ||
	fail "fio: the normal text of the same command gives the exact rate"

# kb_base=1000: fio reads bs=4k as 4000 bytes (1000000 moved in 250 I/Os)
# and bs=4KiB as 4096 (1048576 in 256); the JSON's block size is the one
# the normal text of the same job file prints in its banner (audit 25
# K03: bs=4KiB was refused as 4000; K04: bs=4k was read as 4096).
for spec in "4k 4000" "4KiB 4096"; do
	set -- $spec
	eb ingest "$D/kb-base-1000-bs-$1-3.33.json"
	expect_rc "fio: kb_base=1000 JSON of bs=$1 is read" 0
	[ "$(count ",fio,kb,seq,write,$2,bw,B/s,1,")" -eq 1 ] &&
		pass "fio: kb_base=1000 bs=$1 is $2 bytes in JSON" || fail "fio: kb_base=1000 bs=$1 is $2 bytes in JSON"
	eb ingest "$D/kb-base-1000-bs-$1-3.33-normal.txt"
	[ "$(count ",fio,kb,seq,write,$2,bw,B/s,1,")" -eq 1 ] &&
		pass "fio: kb_base=1000 bs=$1 is $2 bytes in normal text" || fail "fio: kb_base=1000 bs=$1 is $2 bytes in normal text"
done
# 1536 bytes in 2561 ms print as 1 KiB, 0 KiB/s and 1 IOPS: between 399.8
# and 799.3 B/s, which holds the JSON's 1536 bytes over the runtime (599.8),
# never the 399.8 of the KiB alone (audit 25 K01).
eb ingest "$D/coarse/bs512-size1536-3.33.terse"
expect_rc "fio: a terse record under 1 KiB/s is read" 0
[ "$(count ',fio,sa,,write,,bw,B/s,1,599.5704802811401,')" -eq 1 ] &&
	awk 'BEGIN { x = 1536 * 1000 / 2561; exit !(x >= 399.844 && x <= 799.297) }' &&
	pass "fio: its bounds hold the JSON's exact rate" || fail "fio: its bounds hold the JSON's exact rate"

# One job run once per block size (4k, 64k) or per direction (write,
# read), a file each: a sweep, whose records are other tests, never
# repetitions of one measured two ways (audit 26 L01: refused).
eb ingest "$D/sweep/bs4k.json" "$D/sweep/bs64k.json"
expect_rc "fio: a block-size sweep of one job is read" 0
[ "$(count ',fio,sw,seq,write,4096,bw,B/s,1,')" -eq 1 ] && [ "$(count ',fio,sw,seq,write,65536,bw,B/s,1,')" -eq 1 ] &&
	pass "fio: each block size is a test of its own" || fail "fio: each block size is a test of its own"
eb ingest "$D/sweep/rw-read.json" "$D/sweep/rw-write.json"
expect_rc "fio: a direction sweep of one job is read" 0
eb ingest "$D/sweep/bs4k-normal.txt" "$D/sweep/bs64k-normal.txt"
expect_rc "fio: a block-size sweep in normal text is read" 0
[ "$(grep -c 'taken as repetitions' "$TMP/err")" -eq 0 ] &&
	pass "fio: no warning calls a sweep's runs repetitions" || fail "fio: no warning calls a sweep's runs repetitions"
# A record coarse in one rate has both rates from its bounds: 11 KiB in
# 1015 ms print 10 KiB/s and 21 IOPS, which only 22 I/Os give; 22 over
# 1015 ms are the JSON's 21.674877 IOPS, not the printed 21 (audit 26 L04).
eb ingest "$D/coarse/iops21-3.33.terse"
[ "$(count ',fio,te,,write,,iops,1/s,1,21.67487684729064,')" -eq 1 ] &&
	pass "fio: a coarse record's other rate comes from its bounds too" ||
	fail "fio: a coarse record's other rate comes from its bounds too"

# fio --bs=64k job.fio with bs=4k in the job file: "global options" gives
# bs twice, and fio ran with the job file's 4k (524288000 B/s at 128000
# IOPS): read as 4096 bytes, with a warning (audit 27 M05: refused).
eb ingest "$D/cmdline/bs64k-cmdline-bs4k-jobfile-3.33.json"
expect_rc "fio: an option given on the command line and in the job file is read" 0
[ "$(count ',fio,j,seq,write,4096,bw,B/s,1,524288000,')" -eq 1 ] &&
	pass "fio: the last value of the option is the one read" || fail "fio: the last value of the option is the one read"
grep -q 'warning: fio option "bs" is given twice, the second time as "4k"' "$TMP/err" &&
	pass "fio: the option given twice is warned of" || fail "fio: the option given twice is warned of"
# A sweep of rw= (read, write, randread, randwrite): seq and rand reads
# are other tests by their workload (audit 27 M01: refused).
eb ingest "$D/sweep/rw/j-read.json" "$D/sweep/rw/j-write.json" "$D/sweep/rw/j-randread.json" "$D/sweep/rw/j-randwrite.json"
expect_rc "fio: an rw= sweep of one job is read" 0
[ "$(count ',fio,j,seq,read,')" -gt 0 ] && [ "$(count ',fio,j,rand,read,')" -gt 0 ] && [ "$(count ',B/s,2,')" -eq 0 ] &&
	pass "fio: each rw= of the sweep is a test of its own" || fail "fio: each rw= of the sweep is a test of its own"
