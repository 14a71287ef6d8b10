# fio_log_options.sh - fio logs carry no job options (outside audit H7): two
# logs of one job name are repetitions as far as the logs tell, with a
# warning of what could not be checked, and an I/O size they log that
# differs is refused.
. tests/e2e/lib.sh

D=tests/data/fio-log/options
W="but a fio log carries no job options: whether the two ran alike in iodepth, numjobs, ioengine, direct, size, rate or any other option"
count() { grep -c -- "$1" "$TMP/out"; }

# Real fio 3.33 runs of job lw at bs=4k and bs=64k, averaged (log_avg_msec):
# their block size column is 0, so nothing tells them apart.
eb ingest "$D/bs4k/lw_bw.1.log" "$D/bs64k/lw_bw.1.log"
expect_rc "fio logs: two averaged logs of one job are read" 0
expect_err_line "fio logs: what could not be checked, block size too" \
	"$D/bs64k/lw_bw.1.log:1: warning: fio job 'lw' here is read as a repetition of the one at $D/bs4k/lw_bw.1.log:1, $W, or in block size (averaged samples, log_avg_msec, log it as 0) cannot be checked; give their runs' JSON, or name the jobs apart if they differ"
[ "$(count ',fio,lw,,write,,bw,B/s,1,204213589.33333334,')" -eq 1 ] &&
	[ "$(count ',fio,lw,,write,,bw,B/s,2,1120408064,')" -eq 1 ] &&
	pass "fio logs: reps 1 and 2 of job lw" || fail "fio logs: reps 1 and 2 of job lw"

# Three logs of job lq (iodepth 1, 32 and a third): one warning for the test.
eb ingest "$D/qd1/lq_bw.1.log" "$D/qd32/lq_bw.1.log" "$D/qd64/lq_bw.1.log"
expect_rc "fio logs: three logs of one job are read" 0
[ "$(grep -c 'warning: fio job .lq. here is read as a repetition' "$TMP/err")" -eq 1 ] &&
	pass "fio logs: one warning for the three" || fail "fio logs: one warning for the three"
expect_err_line "fio logs: the warning names the second log and the first" \
	"$D/qd32/lq_bw.1.log:1: warning: fio job 'lq' here is read as a repetition of the one at $D/qd1/lq_bw.1.log:1, $W, or in block size (averaged samples, log_avg_msec, log it as 0) cannot be checked; give their runs' JSON, or name the jobs apart if they differ"
[ "$(count ',fio,lq,,read,,bw,B/s,3,')" -eq 1 ] && pass "fio logs: lq's third log is rep 3" ||
	fail "fio logs: lq's third log is rep 3"

# Logs of every I/O log its size: 4 KiB and 64 KiB reads of job cj are
# two tests (a block-size sweep), each of its own block size, never
# repetitions of one (audit 26 L01: refused as one test measured two ways).
eb ingest "$D/io4k/cj_clat.1.log" "$D/io64k/cj_clat.1.log"
expect_rc "fio logs: one job's logs of two I/O sizes are read" 0
[ "$(grep -c ',fio,cj,,read,4096,lat_mean,ns,1,100350,' "$TMP/out")" -eq 1 ] &&
	[ "$(grep -c ',fio,cj,,read,65536,lat_mean,ns,1,100455,' "$TMP/out")" -eq 1 ] &&
	pass "fio logs: each I/O size is a test of its own" ||
	fail "fio logs: each I/O size is a test of its own"
# The same size: what the logs do not say is warned of, the block size not.
sed 's/, 65536$/, 4096/' "$D/io64k/cj_clat.1.log" > "$TMP/cj_clat.1.log"
eb ingest "$D/io4k/cj_clat.1.log" "$TMP/cj_clat.1.log"
expect_rc "fio logs: two logs of one I/O size are read" 0
expect_err_line "fio logs: the block size is checked, the rest is not" \
	"$TMP/cj_clat.1.log:1: warning: fio job 'cj' here is read as a repetition of the one at $D/io4k/cj_clat.1.log:1, $W cannot be checked; give their runs' JSON, or name the jobs apart if they differ"
[ "$(count ',fio,cj,,read,4096,lat_mean,ns,2,100455,')" -eq 1 ] &&
	pass "fio logs: cj's second log is rep 2" || fail "fio logs: cj's second log is rep 2"

# The bw and clat logs of one run are no repetitions of each other.
eb ingest tests/data/fio/avg_bw.1.log tests/data/fio/avg_clat.1.log
expect_rc "fio logs: a run's bw and clat logs are read" 0
[ "$(grep -c 'repetition' "$TMP/err")" -eq 0 ] && pass "fio logs: no warning for a run's bw and clat logs" ||
	fail "fio logs: no warning for a run's bw and clat logs"

# fio 3.33 JSON gives write_lat_log= as written, a path (/work/.../logs1/lw):
# the averaged clat log it wrote, beside the JSON, is that run's time
# series, not a second lat_mean of another test (audit 21 G08).
eb ingest tests/data/fio-log/option-path
expect_rc "fio logs: a log named by a path option beside its JSON is read" 0
[ "$(grep -c ',lat_mean,' "$TMP/out")" -eq 1 ] && grep -q ',lat_mean,ns,1,6141.6' "$TMP/out" &&
	pass "fio logs: its lat_mean is the JSON's alone" ||
	fail "fio logs: its lat_mean is the JSON's alone"

# The log in the folder an absolute write_lat_log= names, the JSON in
# another, both read by a relative path: the same run, whichever way the
# path is spelt (audit 22 H04).
mkdir -p "$TMP/abs/out" "$TMP/abs/logs"
sed "s|\"/work/audit21/tmp/gen/logs1/lw\"|\"$TMP/abs/logs/lw\"|" tests/data/fio-log/option-path/lw.json > "$TMP/abs/out/lw.json"
cp tests/data/fio-log/option-path/lw_clat.1.log "$TMP/abs/logs/"
(cd "$TMP" && ${VALGRIND_CMD:-} "$ENCBENCH" ingest abs >"$TMP/out" 2>"$TMP/err")
rc=$?
expect_rc "fio logs: a log at an absolute option's folder, read by a relative path" 0
[ "$(grep -c ',lat_mean,' "$TMP/out")" -eq 1 ] &&
	pass "fio logs: it gives no second lat_mean" ||
	fail "fio logs: it gives no second lat_mean"

# The JSON and its logs moved off the bench machine together: the log in
# a folder of the name the absolute option gives (logs1), elsewhere, is
# that run's; in a folder of another name it is another run's, read with
# the warning that nothing says how it ran (audit 23 I05).
mkdir -p "$TMP/mv/out" "$TMP/mv/logs1" "$TMP/mv2/out" "$TMP/mv2/other"
cp tests/data/fio-log/option-path/lw.json "$TMP/mv/out/"
cp tests/data/fio-log/option-path/lw_clat.1.log "$TMP/mv/logs1/"
cp tests/data/fio-log/option-path/lw.json "$TMP/mv2/out/"
cp tests/data/fio-log/option-path/lw_clat.1.log "$TMP/mv2/other/"
eb ingest "$TMP/mv"
expect_rc "fio logs: a log moved with its JSON is read" 0
[ "$(grep -c ',lat_mean,' "$TMP/out")" -eq 1 ] && grep -q ',lat_mean,ns,1,6141.6' "$TMP/out" &&
	pass "fio logs: the moved log gives no second lat_mean" ||
	fail "fio logs: the moved log gives no second lat_mean"
expect_err_line "fio logs: the moved log left out is said" \
	"$TMP/mv/logs1/lw_clat.1.log:1: note: this fio clat log is the one the options of the fio job at $TMP/mv/out/lw.json:18 write (write_lat_log=/work/audit21/tmp/gen/logs1/lw, in a folder of that name, moved with it): the log is that run's time series, not a second measurement, and its write records are left out"
eb ingest "$TMP/mv2"
expect_rc "fio logs: a log in a folder of another name is read" 0
[ "$(grep -c ',lat_mean,' "$TMP/out")" -eq 2 ] &&
	pass "fio logs: the log of another folder keeps its lat_mean" ||
	fail "fio logs: the log of another folder keeps its lat_mean"

# Normal text prints no job options: its own per-I/O clat log is known by
# the count the issued line gives (1024 writes), least and greatest within
# the printed min=2, max=350 (usec), mean within avg= 5.06; its averaged
# clat log (log_avg_msec=200, no summary of its windows) by the bw log
# written with it, which matches its summary exactly (audit 22 H03, H03b).
N=tests/data/fio-log/normal-perio
eb ingest "$N"
expect_rc "fio logs: normal text and its per-I/O clat log are read" 0
[ "$(grep -c ',lat_mean,' "$TMP/out")" -eq 1 ] && grep -q ',lat_mean,ns,1,5060,' "$TMP/out" &&
	[ "$(grep -c ',lat_p99,' "$TMP/out")" -eq 1 ] &&
	pass "fio logs: the per-I/O clat log gives no second lat_mean or lat_p99" ||
	fail "fio logs: the per-I/O clat log gives no second lat_mean or lat_p99"
expect_err_line "fio logs: the per-I/O clat log left out is said" \
	"$N/lw_clat.1.log:1: note: the 1024 write samples of this fio clat log are those that fio job 'lw' at $N/lw.txt:5 sums up (count, least, greatest and mean alike): the log is that run's time series, not a second measurement, and its write records are left out"
N=tests/data/fio-log/normal-avg
for order in "$N" "$N/lw_clat.1.log $N/lw.txt $N/lw_bw.1.log"; do
	eb ingest $order
	expect_rc "fio logs: normal text and its averaged logs are read ($order)" 0
	[ "$(grep -c ',fio,' "$TMP/out")" -eq 5 ] && [ "$(grep -c '_clat\.1\.log\|_bw\.1\.log' "$TMP/out")" -eq 0 ] &&
		pass "fio logs: only the normal text's five records ($order)" ||
		fail "fio logs: only the normal text's five records ($order)"
done
expect_err_line "fio logs: the clat log written with the bw log is said" \
	"$N/lw_clat.1.log:1: note: this fio log and $N/lw_bw.1.log, the time series of one run, are logs fio writes together (one NAME and index): this one is that run's too, not a second measurement, and its records are left out"

# A terse record prints its bandwidth samples' min, max and mean (version
# 3: no count): its own run's bw log has those samples, and the iops log
# written with it is that run's too; neither is a second repetition
# (audit 24 J02).
N=tests/data/fio-log/terse-own
eb ingest "$N"
expect_rc "fio logs: terse output and its own logs are read" 0
[ "$(grep -c ',fio,' "$TMP/out")" -eq 5 ] && [ "$(grep -c '_bw\.1\.log\|_iops\.1\.log' "$TMP/out")" -eq 0 ] &&
	pass "fio logs: only the terse record's five records" ||
	fail "fio logs: only the terse record's five records"
expect_err_line "fio logs: the terse run's bw log left out is said" \
	"$N/tl_bw.1.log:1: note: the 4 write samples of this fio bw log are those that fio job 'tl' at $N/tl.terse:1 sums up (least, greatest and mean alike; terse before version 5 prints no count): the log is that run's time series, not a second measurement, and its write records are left out"
# Version 5 prints the samples' count too, and its IOPS samples' summary.
N=tests/data/fio-log/terse5-own
eb ingest "$N"
expect_rc "fio logs: terse v5 output and its own logs are read" 0
[ "$(grep -c ',fio,' "$TMP/out")" -eq 5 ] && [ "$(grep -c '_bw\.1\.log\|_iops\.1\.log' "$TMP/out")" -eq 0 ] &&
	pass "fio logs: only the terse v5 record's five records" ||
	fail "fio logs: only the terse v5 record's five records"
expect_err_line "fio logs: the terse v5 run's iops log left out is said" \
	"$N/t5_iops.1.log:1: note: the 7 write samples of this fio iops log are those that fio job 't5' at $N/t5.terse:1 sums up (count, least, greatest and mean alike): the log is that run's time series, not a second measurement, and its write records are left out"

# Normal text of numjobs=2 with group_reporting: fio sums its clones'
# least, greatest and mean bw and IOPS samples and their counts, which the
# clone logs summed give; the family is that run's time series, its clat
# logs with it (audit 24 J03).
N=tests/data/fio-log/normal-clones
eb ingest "$N"
expect_rc "fio logs: group_reporting normal text and its clone logs are read" 0
[ "$(grep -c ',fio,' "$TMP/out")" -eq 5 ] && [ "$(grep -c '\.log:' "$TMP/out")" -eq 0 ] &&
	pass "fio logs: only the normal text's five records, no clone log's" ||
	fail "fio logs: only the normal text's five records, no clone log's"
expect_err_line "fio logs: the clone logs left out are said" \
	"$N/lg_bw.1.log:1: note: the 8 write samples of this fio bw log and its clones' logs are those that fio job 'lg' at $N/lg.txt:6 sums up (count, least, greatest and mean alike): the log is that run's time series, not a second measurement, and its write records are left out"

# Two jobs that share write_bw_log= from [global]: their logs hold other
# directions (write; read), so they are no clones to sum, and each is the
# JSON's run's time series (audit 24 J08: b's reads came out again as job
# "shared", under a source of line 0).
N=tests/data/fio-log/global-log
eb ingest "$N"
expect_rc "fio logs: a JSON and the logs of its shared log name are read" 0
[ "$(grep -c ',fio,' "$TMP/out")" -eq 10 ] && [ "$(grep -c 'shared' "$TMP/out")" -eq 0 ] &&
	pass "fio logs: only the JSON's ten records" ||
	fail "fio logs: only the JSON's ten records"
expect_err_line "fio logs: logs of other directions are no clones" \
	"$N/shared_bw.2.log: note: this fio log and $N/shared_bw.1.log share a name but hold samples of other directions or block sizes: logs of two jobs that share one log name (write_*_log= in [global]), not numjobs clones, so each is read as its own"
eb ingest "$N/shared_bw.2.log"
expect_rc "fio logs: the second job's log alone is read" 0
[ "$(grep -c ',fio,shared,,read,,bw,B/s,1,' "$TMP/out")" -eq 1 ] && [ "$(grep -c ':0$' "$TMP/out")" -eq 0 ] &&
	[ "$(grep -c ',write,' "$TMP/out")" -eq 0 ] &&
	pass "fio logs: it gives its own reads alone, at a line of its own" ||
	fail "fio logs: it gives its own reads alone, at a line of its own"

# fio --bandwidth-log writes agg-write_bw.log of the whole run: no job's
# log, so no record of a job "agg-write"; alone it gives no record at all
# (audit 24 J01).
N=tests/data/fio-log/bandwidth-log
eb ingest "$N"
expect_rc "fio logs: a JSON beside its run's aggregate log is read" 0
[ "$(grep -c ',fio,' "$TMP/out")" -eq 5 ] && [ "$(grep -c 'agg-' "$TMP/out")" -eq 0 ] &&
	pass "fio logs: the aggregate log gives no job's record" ||
	fail "fio logs: the aggregate log gives no job's record"
eb ingest "$N/agg-write_bw.log"
expect_rc "fio logs: the aggregate log alone is no record" 65
expect_err_line "fio logs: the aggregate log alone says why" \
	"$N/agg-write_bw.log: error: no record in this fio-log input: fio's aggregate bandwidth log of a whole run (--bandwidth-log), no job's: a time series for the timeseries chart, and no record"

# A terse record's clat min and max (us, truncated) bound its own run's
# per-I/O clat log, whose mean is the record's to 1e-6 us: no second
# lat_mean of another test (audit 25 K06).
N=tests/data/fio-log/terse-perio
eb ingest "$N"
expect_rc "fio logs: terse output and its per-I/O clat log are read" 0
[ "$(grep -c ',lat_mean,' "$TMP/out")" -eq 1 ] && grep -q ',lat_mean,ns,1,4665.566,' "$TMP/out" &&
	pass "fio logs: the terse run's clat log gives no second lat_mean" ||
	fail "fio logs: the terse run's clat log gives no second lat_mean"

# Per-I/O logs of one name whose samples give other block sizes (4096 in
# x_clat.1.log, 65536 in x_clat.2.log) are two jobs sharing a [global] log
# name, not clones to pool: each gives its own job's mean, 13.68 us and
# 18731.37 ns as their normal text prints them (audit 25 K05: pooled into
# one mean).
N=tests/data/fio-log/global-lat-two-bs
eb ingest "$N/x_clat.1.log" "$N/x_clat.2.log"
expect_rc "fio logs: per-I/O logs of two block sizes under one name are read" 0
expect_err_line "fio logs: they are no clones" \
	"$N/x_clat.1.log: note: this fio log and $N/x_clat.2.log share a name but hold samples of other directions or block sizes: logs of two jobs that share one log name (write_*_log= in [global]), not numjobs clones, so each is read as its own"
[ "$(grep -c ',fio,x,,write,4096,lat_mean,ns,1,13677.58203125,' "$TMP/out")" -eq 1 ] &&
	[ "$(grep -c ',fio,x,,write,65536,lat_mean,ns,1,18731.375,' "$TMP/out")" -eq 1 ] &&
	pass "fio logs: each job's log gives its own mean" ||
	fail "fio logs: each job's log gives its own mean"

# Two runs of write_bw_log=logs/lw: r1's logs lie in r1/logs, where its
# JSON's relative option names them; r2's logs, in r2/logs, are another
# run's, read as its own, not r1's moved (audit 25 K07: r2 was dropped).
N=tests/data/fio-log/two-runs-logs
eb ingest "$N"
expect_rc "fio logs: a JSON run and another run's logs are read" 0
[ "$(grep -c 'r1/logs/' "$TMP/out")" -eq 0 ] && [ "$(grep -c ',fio,lw,,write,,bw,B/s,1,8436736,.*r2/logs/lw_bw.1.log:1$' "$TMP/out")" -eq 1 ] &&
	pass "fio logs: r1's logs are its time series, r2's its own records" ||
	fail "fio logs: r1's logs are its time series, r2's its own records"

# A clat log of reads under the NAME and index of a write job's bw log is
# no log of that write run: it is read as its own (audit 25 K13).
N=tests/data/fio-log/beside-other-run
eb ingest "$N"
expect_rc "fio logs: a write run and another run's read log are read" 0
[ "$(grep -c ',fio,x,,read,,lat_mean,ns,1,1324,' "$TMP/out")" -eq 1 ] && [ "$(grep -c 'x_bw' "$TMP/out")" -eq 0 ] &&
	pass "fio logs: the read log keeps its record, the write run's bw log not" ||
	fail "fio logs: the read log keeps its record, the write run's bw log not"

# A second run's logs, lying exactly where the first run's JSON options
# name them (fio 3.33, write_*_log=logs/lw, log_avg_msec=100, the JSON of
# run 1 and the logs of run 2): fio prints a bw or iops log's count,
# least, greatest and mean as bw_samples ... of its JSON, and these are
# 4 samples of 4118-4120 KiB/s against the JSON's 4111-4120; the logs are
# another run's, read as their own with a warning (audit 26 L07).
N=tests/data/fio-log/other-run-in-place
eb ingest "$N"
expect_rc "fio logs: a run and another run's logs in its option folder are read" 0
expect_err_line "fio logs: the bw log is said to be another run's" \
	"$N/logs/lw_bw.1.log:1: warning: this fio bw log lies where the options of the fio job at $N/lw.json:7 write it (write_bw_log=logs/lw), but its samples are not those that job's figures sum up: another run of those options wrote it, and it is read as a measurement of its own"
[ "$(grep -c ',fio,lw,,write,,bw,B/s,1,4218368,.*logs/lw_bw.1.log:1$' "$TMP/out")" -eq 1 ] &&
	[ "$(grep -c ',fio,lw,,write,,lat_mean,ns,1,13618.4,.*logs/lw_clat.1.log:1$' "$TMP/out")" -eq 1 ] &&
	[ "$(grep -c ',fio,lw,seq,write,4096,bw,B/s,1,4194304,.*lw.json:70$' "$TMP/out")" -eq 1 ] &&
	pass "fio logs: the other run's bw and averaged clat logs keep their records" ||
	fail "fio logs: the other run's bw and averaged clat logs keep their records"
