# fio_faults.sh - fio output changed or cut after fio wrote it, or one run
# given twice: each a located error, exit 65, and -o left as it was.
. tests/e2e/lib.sh

D=tests/data/fio
keep() { echo "previous output" > "$TMP/keep.csv"; }
kept() { expect_file_is "$1 leaves -o as it was" "$TMP/keep.csv" "previous output"; }

# One fio JSON run under two names, in a folder or named twice.
mkdir "$TMP/copy"
cp "$D/modes-libaio-json-normal.txt" "$TMP/copy/a.txt"
cp "$D/modes-libaio-json-normal.txt" "$TMP/copy/b.txt"
keep
eb ingest -o "$TMP/keep.csv" "$TMP/copy"
expect_rc "a folder with one fio run under two names fails" 65
expect_err_line "the second copy is located and names the first" \
	"$TMP/copy/b.txt:11: error: the run of fio job 'libaio' (timestamp_ms 1796138014650) was read already, from $TMP/copy/a.txt:11: one run read twice would count as a second repetition (a copy under another name?)"
kept "one run under two names"
eb ingest --format fio-json "$TMP/copy/a.txt" "$TMP/copy/b.txt"
expect_rc "one fio run named twice under two names fails" 65
eb ingest --format fio-normal "$TMP/copy/a.txt" "$TMP/copy/b.txt"
expect_rc "one fio run's normal text under two names fails" 65
expect_err_line "the normal text's copy names the job's pid and time" \
	"$TMP/copy/b.txt:276: error: the run of fio job 'libaio' (pid=17410: Tue Dec  1 15:13:34 2026) was read already, from $TMP/copy/a.txt:276: one run read twice would count as a second repetition (a copy under another name?)"
cp "$D/terse-v5.txt" "$TMP/copy/a.txt"
cp "$D/terse-v5.txt" "$TMP/copy/b.txt"
eb ingest "$TMP/copy"
expect_rc "one fio terse run under two names fails" 65
# Two real runs appended to one file are two repetitions.
eb ingest "$D/appended-2runs.json"
expect_rc "two fio runs appended to one file are read" 0
[ "$(grep -c ',app,seq,read,65536,bw,B/s,[12],' "$TMP/out")" -eq 2 ] \
	&& pass "two fio runs appended give two repetitions" || fail "two fio runs appended give two repetitions"
# dd names no run, but two real runs print the same bytes, records and
# six-digit time about once in 5,000 pairs: two equal dd logs are one run
# read twice, an error naming both places.
cp tests/data/dd/gnu-9.1-sigusr1.log "$TMP/dd1.log"
cp tests/data/dd/gnu-9.1-sigusr1.log "$TMP/dd2.log"
keep
eb ingest -o "$TMP/keep.csv" "$TMP/dd1.log" "$TMP/dd2.log"
expect_rc "two equal dd logs fail" 65
expect_err_line "two equal dd logs are named" \
	"$TMP/dd2.log:10: error: a dd run with the same figures (31455498240 bytes in 0.819834 s, the same records) was read already, from $TMP/dd1.log:10: one run read twice would count as a second repetition (a copy under another name?)"
kept "a dd copy"
# Any bonnie++ run under two names fails by its seed and figures.
mkdir "$TMP/bon"
cp tests/data/bonnie/bonnie-2.00a_q.stdout.csv "$TMP/bon/a.csv"
cp tests/data/bonnie/bonnie-2.00a_q.stdout.csv "$TMP/bon/b.csv"
keep
eb ingest -o "$TMP/keep.csv" "$TMP/bon"
expect_rc "one bonnie++ output under two names fails" 65
expect_err_line "the bonnie++ copy is named" \
	"$TMP/bon/b.csv:1: error: bonnie++ run 'vm' of seed 1796021859 was read already, from $TMP/bon/a.csv:1: one run read twice would count as a second repetition (a copy under another name?)"
kept "a bonnie++ copy"

# A figure of fio JSON changed: the outside audit's three flips of a real
# fio 3.33 run (8 MiB in 3 ms as 128 I/Os of 64 KiB), made here on another.
sed '72s/419430400/519430400/; 73s/409600/507256/' "$D/modes-libaio-json-normal.txt" > "$TMP/bw.json"
sed '74s/102400.000000/92400.000000/' "$D/modes-libaio-json-normal.txt" > "$TMP/iops.json"
sed '75s/"runtime" : 10,/"runtime" : 18,/' "$D/modes-libaio-json-normal.txt" > "$TMP/runtime.json"
keep
eb ingest --format fio-json -o "$TMP/keep.csv" "$TMP/bw.json"
expect_rc "fio JSON: bw_bytes and bw changed together fail" 65
expect_err_line "fio JSON: the changed bw_bytes is located, with both values" \
	"$TMP/bw.json:72: error: fio JSON figures disagree: \"bw_bytes\" is 519430400 B/s but io_bytes 4194304 in a runtime of 10 ms is 419430400 B/s; fio writes bw_bytes = io_bytes * 1000 / runtime"
kept "a changed bw_bytes"
eb ingest --format fio-json "$TMP/iops.json"
expect_err_line "fio JSON: a changed iops is located, with both values" \
	"$TMP/iops.json:74: error: fio JSON figures disagree: \"iops\" is 92400.000000 but total_ios 1024 in a runtime of 10 ms is 102400.000000 per second; fio writes iops = total_ios * 1000 / runtime"
eb ingest --format fio-json "$TMP/runtime.json"
expect_rc "fio JSON: a changed runtime fails" 65
grep -q "^$TMP/runtime.json:72: error: fio JSON figures disagree: \"bw_bytes\" is 419430400 B/s but io_bytes 4194304 in a runtime of 18 ms" "$TMP/err" \
	&& pass "fio JSON: a changed runtime is named" || fail "fio JSON: a changed runtime is named"

# fio normal text cut at a line boundary: the audit's cut after the write
# line read IOPS 11.6k and lost latency and CPU.
sed -n '/^libaio: (groupid=0/,/^  write:/p' "$D/modes-libaio-json-normal.txt" > "$TMP/cut.txt"
keep
eb ingest -o "$TMP/keep.csv" "$TMP/cut.txt"
expect_rc "fio normal: cut after the write line fails" 65
expect_err_line "fio normal: the cut is located where the job's results end" \
	"$TMP/cut.txt:2: error: the results of fio job 'libaio' (line 1) end here without the 'issued' line fio ends them with (a truncated or damaged output)"
kept "a cut fio normal output"
sed -n '/^libaio: (groupid=0/,/^Run status group/p' "$D/modes-libaio-json-normal.txt" | sed '$d' > "$TMP/nosummary.txt"
eb ingest "$TMP/nosummary.txt"
expect_rc "fio normal: cut before the run's summary fails" 65
expect_err_line "fio normal: the cut before the summary is located" \
	"$TMP/nosummary.txt:19: error: the output ends here, after the results of the fio job at line 1, without the 'Run status group' summary fio prints after a run's jobs (a truncated output)"

# A directory link back into the walk ("latest -> ..") is read once: three
# such links once made the walk exponential.
mkdir -p "$TMP/loop/runs"
cp tests/data/dd/gnu-9.1-sigusr1.log "$TMP/loop/runs/dd.log"
for k in 1 2 3; do ln -s "$TMP/loop/runs" "$TMP/loop/runs/latest$k"; done
timeout 20 "$ENCBENCH" ingest "$TMP/loop/runs" >"$TMP/out" 2>"$TMP/err"
rc=$?
expect_rc "a folder with three links back to itself is read" 0
[ "$(grep -c ',bw,B/s,' "$TMP/out")" -eq 1 ] && pass "its file is read once" \
	|| fail "its file is read once"
expect_err_line "the link back is named" \
	"$TMP/loop/runs/latest1: note: skipped: a directory this walk has read already (a symbolic link back into it); read once"
# encbench-run's NAME.part, left by a failed test, is no measurement.
cp tests/data/dd/gnu-9.1-sigusr1.log "$TMP/loop/runs/dd-write-r2.txt.part"
rm "$TMP/loop/runs/latest1" "$TMP/loop/runs/latest2" "$TMP/loop/runs/latest3"
eb ingest "$TMP/loop/runs"
[ "$(grep -c ',bw,B/s,' "$TMP/out")" -eq 1 ] && pass "a .part file in a walk is skipped" \
	|| fail "a .part file in a walk is skipped"
expect_err_line "the .part file is named" \
	"$TMP/loop/runs/dd-write-r2.txt.part: note: skipped: an unfinished output that encbench-run keeps as NAME.part when its test fails; name it to read it"

# Client/server output of two --client runs of bs=64k (fio 3.33): the two
# clients of host 127.0.0.1 (32 MiB in 48 and 50 ms) are combined as fio's
# "All clients" total combines them, 64 MiB over 50 ms; that total sums the
# clients and is no host, so it gives no record of a host "All clients".
eb ingest tests/data/fio/client-server-2clients-bs64k-3.33.json
expect_rc "two clients of bs=64k ingest" 0
grep -q '^,127.0.0.1,,,fio,cs,seq,write,65536,bw,B/s,1,1342177280,' "$TMP/out" \
	&& pass "the clients combine into the bw_bytes of fio's All clients total" \
	|| fail "the clients combine into the bw_bytes of fio's All clients total"
[ "$(grep -c 'All clients' "$TMP/out")" -eq 0 ] \
	&& pass "All clients is no host of its own" || fail "All clients is no host of its own"
expect_err_line "leaving All clients out is told" \
	"tests/data/fio/client-server-2clients-bs64k-3.33.json:510: note: fio's \"All clients\" entry sums the results of the clients it follows; it is no host of its own, and is not read"

# A groupid beyond fio's int is a damaged header, not a number to cast
# (make fuzz found "groupid=2.2e61" cast to long).
printf 'j: (groupid=2.2e61, jobs=1): err= 0: pid=1: Mon Jan  1 00:00:00 2024\n  read: IOPS=10, BW=40.0KiB/s (41.0kB/s)(40.0KiB/1000msec)\n' > "$TMP/groupid.txt"
eb ingest --format fio-normal "$TMP/groupid.txt"
expect_rc "a groupid beyond fio's int is a data error" 65
expect_err_line "it names the groupid" "$TMP/groupid.txt:1: error: groupid=2.2e61 is no fio group number (0 to 2147483647)"

# One run kept as JSON and as normal text (real fio 3.33, numjobs=2,
# --output-format=json,normal, split in two): the second is the same run,
# whichever is named first; a JSON and a normal text of two runs are two.
sed -n '1,522p' "$D/numjobs2-nogroup-3.33.out" > "$TMP/nj-json.json"
sed -n '523,$p' "$D/numjobs2-nogroup-3.33.out" > "$TMP/nj-normal.txt"
keep
eb ingest -o "$TMP/keep.csv" "$TMP/nj-json.json" "$TMP/nj-normal.txt"
expect_rc "one run as JSON and as normal text fails" 65
expect_err_line "the normal text's copy names the JSON" \
	"$TMP/nj-normal.txt:2: error: the run of fio job 'cl' in normal text gives the figures of the run of fio job 'cl' in JSON, read already at $TMP/nj-json.json:12, within their rounding: the two are one run, which read twice would count as a second repetition"
kept "one run as JSON and as normal text"
eb ingest "$TMP/nj-normal.txt" "$TMP/nj-json.json"
expect_rc "the same, normal text named first, fails" 65
expect_err_line "the JSON copy names the normal text" \
	"$TMP/nj-json.json:12: error: the run of fio job 'cl' in JSON gives the figures of the run of fio job 'cl' in normal text, read already at $TMP/nj-normal.txt:2, within their rounding: the two are one run, which read twice would count as a second repetition"
eb ingest "$D/write-64k-3.33.json" "$D/write-64k-3.33-normal.txt"
expect_rc "a JSON and a normal text of two runs are read" 0

# Jobs of one name in two files of one test that ran otherwise (real fio
# 3.33: randread QD1 buffered, and QD32 libaio direct) are no repetitions.
keep
eb ingest -o "$TMP/keep.csv" "$D/samename-randread-qd1-3.33.json" "$D/samename-randread-qd32-direct-3.33.json"
expect_rc "one job name run two ways in two files fails" 65
expect_err_line "the second file names the option and the first file" \
	"$D/samename-randread-qd32-direct-3.33.json:7: error: fio job 'tw' ran with direct=1 here but with direct=0 in $D/samename-randread-qd1-3.33.json:7, and their records would be repetitions of one test measured two ways; give the jobs names of their own"
kept "one job name run two ways in two files"
# In a run folder the test is its mode's: the same job name in another
# mode may run otherwise, but not a repetition in the same mode.
cp -R samples/zfs-series/24.04 "$TMP/rel"
eb ingest "$TMP/rel"
expect_rc "the samples' run folder is read" 0
sed 's/"rw": "randread"/"rw": "randread", "iodepth": "8"/' samples/zfs-series/24.04/none/fio-rand-read-r2.json > "$TMP/rel/none/fio-rand-read-r2.json"
eb ingest "$TMP/rel"
expect_rc "a repetition of a mode run otherwise fails" 65
expect_err_line "it names the option and the repetition it differs from" \
	"$TMP/rel/none/fio-rand-read-r2.json:16: error: fio job 'rand-read' ran with iodepth=8 here but with iodepth=1 in $TMP/rel/none/fio-rand-read-r1.json:16, and their records would be repetitions of one test measured two ways; give the jobs names of their own"
cp samples/zfs-series/24.04/none/fio-rand-read-r2.json "$TMP/rel/none/fio-rand-read-r2.json"
for f in "$TMP"/rel/aes-256-gcm/fio-rand-read-r*.json; do
	sed 's/"rw": "randread"/"rw": "randread", "iodepth": "8"/' "$f" > "$f.new" && mv "$f.new" "$f"
done
eb ingest "$TMP/rel"
expect_rc "the job run otherwise in another mode is read" 0

# Outside audit E1: group_reporting over job a (4 KiB reads) and job b
# (64 KiB writes), real fio 3.33: one entry named a, with b's options in
# JSON; the bytes per I/O tell the block size is not the options' one, so
# it is left unknown, and the reads are no verification reads. Options that
# are not the entry's own give no workload either (rw=read and rw=write are
# both "seq" here, but rw=randread and rw=write would not be).
D=tests/data/fio
for f in group-reporting-two-bs-3.33.json group-reporting-two-bs-3.33-normal.txt; do
	eb ingest "$D/$f"
	expect_rc "fio $f: a group of two block sizes is read" 0
	[ "$(grep -c ',fio,a,,read,,bw,B/s,1,' "$TMP/out")" -eq 1 ] &&
		[ "$(grep -c ',fio,a,,write,,bw,B/s,1,' "$TMP/out")" -eq 1 ] &&
		! grep -q ',fio,a,[a-z]*,[a-z]*,[0-9]' "$TMP/out" &&
		! grep -q ',fio,a,[a-z][a-z]*,' "$TMP/out" &&
		pass "fio $f: reads and writes, each without a workload or block size" ||
		fail "fio $f: reads and writes, each without a workload or block size"
done
grep -qF "note: fio job 'a' moved another amount per I/O than the block size its options give (a group_reporting group of jobs of other block sizes?): its workload and block size are left unknown" "$TMP/err" &&
	pass "fio: the note says why the block size is unknown" || fail "fio: the note says why the block size is unknown"

# Outside audit F6: invalidate=0 (reads from the page cache) is part of a
# job's setup too, across files.
eb ingest "$D/samename-randread-cached-default-3.33.json" "$D/samename-randread-cached-invalidate0-3.33.json"
expect_rc "fio: one job name with and without invalidate=0 is refused across files" 65
expect_err_line "fio: the error names invalidate" \
	"$D/samename-randread-cached-invalidate0-3.33.json:7: error: fio job 'tw' ran with invalidate=0 here but with invalidate=1 in $D/samename-randread-cached-default-3.33.json:7, and their records would be repetitions of one test measured two ways; give the jobs names of their own"

# A job that ran alone moves its block size per I/O: IOPS and BW printed
# of one I/O count that disagree are a damaged digit, not a group of
# other block sizes (audit 15 L1). 341k IOPS at 1333 MiB/s is 4096 bytes.
U=tests/data/fio/unified/randwrite-unified-3.33.txt
sed 's/IOPS=341k/IOPS=141k/' "$U" > "$TMP/iops-damaged.txt"
eb ingest -o "$TMP/kept.csv" "$TMP/iops-damaged.txt"
expect_rc "fio: IOPS against BW of a lone job is checked" 65
expect_err_line "fio: the error names the I/O count, runtime and IOPS" \
	"$TMP/iops-damaged.txt:6: error: fio job 'randwrite' mixed: 1024 I/Os in 3 ms are 341333 IOPS, but it prints 141000: the figures disagree (a damaged digit?)"
[ ! -e "$TMP/kept.csv" ] && pass "fio: nothing is written" || fail "fio: nothing is written"
eb ingest "$U"
expect_rc "fio: the undamaged figures are read" 0

# A terse record's bandwidth is its KiB over its runtime: 107012 KiB in
# 1001 ms are 106905 KiB/s, and a digit changed to 116905 is refused
# (audit 16 M1), as fio JSON's bw_bytes against io_bytes is.
sed 's/;107012;106905;26726;1001;/;107012;116905;26726;1001;/' tests/data/fio/terse-v5.txt > "$TMP/tv5-bw.txt"
eb ingest "$TMP/tv5-bw.txt"
expect_rc "fio terse: a bandwidth its KiB and runtime contradict is refused" 65
expect_err_line "fio terse: the error names the three figures" \
	"$TMP/tv5-bw.txt:1:20: error: fio terse record: read moved 107012 KiB in 1001 ms, 106905 KiB/s, but its bandwidth field is 116905: the figures disagree"

# Normal text prints IOPS, two rates, io= and the runtime of one I/O
# count: a digit changed in any is refused (audit 16 M2, M3). The run:
# 8192 I/Os, 32 MiB in 1000 ms, IOPS=8192, BW=32.0MiB/s (33.6MB/s).
F=tests/data/fio/figures/write-rate-3.33.txt
eb ingest "$F"
expect_rc "fio figures: the run is read" 0
[ "$(grep -c ',fio,fw,seq,write,4096,iops,1/s,1,8192,' "$TMP/out")" -eq 1 ] &&
	[ "$(grep -c ',fio,fw,seq,write,4096,bw,B/s,1,33554432,' "$TMP/out")" -eq 1 ] &&
	pass "fio figures: 8192 IOPS and 32 MiB/s" || fail "fio figures: 8192 IOPS and 32 MiB/s"
for change in 's/IOPS=8192,/IOPS=9192,/' 's/(32.0MiB\/1000msec)/(32.0MiB\/1900msec)/' \
    's/(32.0MiB\/1000msec)/(22.0MiB\/1000msec)/' 's/BW=32.0MiB\/s (33.6MB\/s)/BW=29.0MiB\/s (30.4MB\/s)/'; do
	sed "$change" "$F" > "$TMP/figures.txt"
	eb ingest -o "$TMP/figures.csv" "$TMP/figures.txt"
	expect_rc "fio figures: $change is refused" 65
	[ "$(grep -c "^$TMP/figures.txt:7: error: fio job 'fw' write: .*: the figures disagree (a damaged digit?)\$" "$TMP/err")" -eq 1 ] &&
		[ ! -e "$TMP/figures.csv" ] && pass "fio figures: $change, at the job's line" ||
		fail "fio figures: $change, at the job's line"
done
sed 's/IOPS=8192,/IOPS=9192,/' "$F" > "$TMP/figures.txt"
eb ingest "$TMP/figures.txt"
expect_err_line "fio figures: the IOPS message" \
	"$TMP/figures.txt:7: error: fio job 'fw' write: 8192 I/Os in 1000 ms are 8192 IOPS, but it prints 9192: the figures disagree (a damaged digit?)"
# fio 3.1 misprints 11.99 MiB/s as "11.0MiB/s" beside a right MB/s figure:
# one rate may be off while the other agrees.
sed 's/BW=32.0MiB\/s (33.6MB\/s)/BW=31.0MiB\/s (33.6MB\/s)/' "$F" > "$TMP/figures.txt"
eb ingest "$TMP/figures.txt"
expect_rc "fio figures: one misprinted rate beside an agreeing one is read" 0
# A run of too few I/Os for that check (64) still moves its block size
# per I/O when it ran alone: 52.0k IOPS at 2000 MiB/s are 40330 bytes,
# not bs=64k.
sed '6s/IOPS=32.0k/IOPS=52.0k/' tests/data/fio/appended-2runs-normal-3.33.txt > "$TMP/ap.txt"
eb ingest "$TMP/ap.txt"
expect_rc "fio figures: IOPS against BW and the block size" 65
expect_err_line "fio figures: the bytes per I/O are named" \
	"$TMP/ap.txt:6: error: fio job 'ap' ran alone (jobs=1) at bs=65536, but its write figures, 52000 IOPS and 2097152000 B/s, make 40330 bytes per I/O: the figures disagree (a damaged digit?)"

# fio up to 3.25 prints a fraction that rounds up to 1 as ".0", losing the
# carry: 11970 IOPS as "11.0k", 11.97 GiB as "11.0GiB". Such a figure is
# no damage, and the records take the issued I/Os over the runtime
# (audit 17 P1, P2).
eb ingest tests/data/fio/figures/num2str-iops-3.1.txt
expect_rc "fio figures: IOPS=11.0k of 11970 is fio 3.1's, and read" 0
[ "$(grep -c ',fio,myjob,seq,write,4096,iops,1/s,1,11970.045662100456,' "$TMP/out")" -eq 1 ] &&
	[ "$(grep -c ',fio,myjob,seq,write,4096,bw,B/s,1,49029307.03196347,' "$TMP/out")" -eq 1 ] &&
	pass "fio figures: 1048576 I/Os of 4 KiB in 87.6 s" || fail "fio figures: 1048576 I/Os of 4 KiB in 87.6 s"
eb ingest tests/data/fio/figures/num2str-io-3.1.txt
expect_rc "fio figures: io=11.0GiB of 11.97 GiB is fio 3.1's, and read" 0
[ "$(grep -c ',fio,myjob,seq,write,4096,bw,B/s,1,42830506.666666664,' "$TMP/out")" -eq 1 ] &&
	pass "fio figures: 3137000 I/Os of 4 KiB in 300 s" || fail "fio figures: 3137000 I/Os of 4 KiB in 300 s"
# A damaged runtime within the 6 % the check once allowed is no rounding
# of three digits (audit 17 P8): 1000 ms made 1040.
sed 's/(32.0MiB\/1000msec)/(32.0MiB\/1040msec)/' "$F" > "$TMP/figures.txt"
eb ingest "$TMP/figures.txt"
expect_rc "fio figures: a runtime 4 % off is refused" 65
# Only a figure printed with decimals can have lost its carry: a rate of
# 36.0 MiB/s beside 32 MiB moved in 1000 ms is damaged, not 32.x.
sed 's/BW=32.0MiB\/s (33.6MB\/s)/BW=36.0MiB\/s (37.7MB\/s)/' "$F" > "$TMP/figures.txt"
eb ingest "$TMP/figures.txt"
expect_rc "fio figures: a rate 12 % off with a .0 is still refused" 65
