# hostile.sh - input that is broken, huge, malicious or not input at all:
# every case gives a located error and a non-zero exit (or correct records),
# never a crash, a hang, a NaN or a changed output file.
. tests/e2e/lib.sh
H=$TMP/hostile
mkdir -p "$H"
echo "previous output" > "$TMP/keep.csv"

# hostile NAME EXIT FILE [ARGS...]: ingest FILE with -o; check the exit,
# a "FILE[:line[:col]]: error: " line, and that -o is untouched.
hostile() {
	name=$1 want=$2 file=$3
	shift 3
	echo "previous output" > "$TMP/keep.csv"
	timeout 60 "$ENCBENCH" ingest -q -o "$TMP/keep.csv" "$@" "$file" >"$TMP/out" 2>"$TMP/err"
	rc=$?
	if [ "$rc" -ne "$want" ]; then fail "$name: exit $rc, wanted $want"; return; fi
	if ! grep -qE "^$(printf '%s' "$file" | sed 's/[][\.*^$/]/\\&/g')(/[^:]*)?(:[0-9]+){0,2}: error: " "$TMP/err" &&
	    ! grep -qE "^encbench: error: " "$TMP/err"; then
		fail "$name: no located error"; return; fi
	if grep -q "AddressSanitizer\|runtime error\|Segmentation" "$TMP/err"; then fail "$name: crashed"; return; fi
	if [ "$(cat "$TMP/keep.csv")" != "previous output" ]; then fail "$name: -o changed"; return; fi
	pass "$name"
}

: > "$H/empty"
hostile "empty file" 65 "$H/empty"
head -c 65536 /dev/urandom > "$H/garbage"
printf '\0' >> "$H/garbage"
hostile "binary garbage" 65 "$H/garbage"
printf '1+0 records in\n1+0 records out\n512 bytes\0 copied, 0.5 s, 1 kB/s\n' > "$H/nul"
hostile "a NUL byte inside text" 65 "$H/nul"
head -c 20000000 /dev/zero | tr '\0' 'a' > "$H/longline"
hostile "a 20 MB line without a newline" 65 "$H/longline"
# The same after a results.csv whose first 64 KiB (what the probes see)
# end with a newline: the line begins a block of its own.
{
	echo "release,host,config,mode,tool,job,workload,op,block_size,metric,unit,rep,value,source"
	i=1
	while [ "$i" -le 1000 ]; do
		echo "24.04,h,default,none,dd,dd,,read,1048576,bw,B/s,$i,5,x:$i"
		i=$((i + 1))
	done
} > "$H/results-long"
size=$(wc -c < "$H/results-long")
printf '24.04,h,default,none,dd,dd,,read,1048576,bw,B/s,1001,5,x:' >> "$H/results-long"
head -c $((65536 - size - 58)) /dev/zero | tr '\0' 'y' >> "$H/results-long"
echo >> "$H/results-long"
head -c 20000000 /dev/zero | tr '\0' 'a' >> "$H/results-long"
hostile "a 20 MB line of a results.csv, beginning a block" 65 "$H/results-long"
expect_err_line "the results.csv line over the limit is located" \
	"$H/results-long:1003: error: line longer than 1048576 bytes, the most encbench reads"
printf '\377\376r\000e\000l\000' > "$H/utf16"
hostile "UTF-16 with a BOM" 65 "$H/utf16"
expect_err_line "UTF-16 is named as such, at its byte order mark" \
	"$H/utf16:1:1: error: UTF-16 text is not read; convert it first (iconv -f UTF-16 -t UTF-8 FILE > FILE.txt)"
printf '<!DOCTYPE html>\n<html><body><p>fio results</p></body></html>\n' > "$H/page.html"
hostile "an HTML page" 65 "$H/page.html"
hostile "a nonexistent path" 74 "$H/no-such-file"
mkdir -p "$H/emptydir"
hostile "an empty directory" 65 "$H/emptydir"
ln -s loop "$H/loop" 2>/dev/null; ln -s "$H/loop" "$H/loop2" 2>/dev/null
rm -f "$H/loop"; ln -s "$H/loop2" "$H/loop"
hostile "a symlink loop" 74 "$H/loop"
printf '\n\n\r\n\n' > "$H/blank"
hostile "only blank lines" 65 "$H/blank"

# dd
printf '1+0 records in\n1+0 records out\n512 bytes copied, 0 s, Infinity B/s\n' > "$H/dd-zero"
hostile "dd with zero seconds" 65 "$H/dd-zero"
printf '1+0 records in\n1+0 records out\n99999999999999999999999999 bytes (1 YB) copied, 1 s, 1 YB/s\n' > "$H/dd-huge"
hostile "dd with an absurd byte count" 65 "$H/dd-huge"

# results.csv
HEAD="release,host,config,mode,tool,job,workload,op,block_size,metric,unit,rep,value,source"
printf '%s\n,,,,dd,dd,,,,bw,B/s,1,-5,x\n' "$HEAD" > "$H/neg.csv"
hostile "results.csv: a negative value" 65 "$H/neg.csv"
printf '%s\n,,,,dd,dd,,,,bw,B/s,1,nan,x\n' "$HEAD" > "$H/nan.csv"
hostile "results.csv: NaN" 65 "$H/nan.csv"
printf '%s\n,,,,dd,dd,,,,bw,B/s,1,inf,x\n' "$HEAD" > "$H/inf.csv"
hostile "results.csv: infinity" 65 "$H/inf.csv"
printf '%s\n,,,,dd,dd,,,,bw,B/s,1,1e400,x\n' "$HEAD" > "$H/big.csv"
hostile "results.csv: 1e400" 65 "$H/big.csv"
printf '%s\n,,,,dd,dd,,,,bw\n' "$HEAD" > "$H/short.csv"
hostile "results.csv: a short line" 65 "$H/short.csv"
{ printf '%s' "$HEAD"; i=0; while [ $i -lt 10000 ]; do printf ',c%d' $i; i=$((i + 1)); done; echo; } > "$H/wide.csv"
hostile "a CSV with 10,000 columns" 65 "$H/wide.csv"
printf '%s\n,,,,dd,dd,,,,bw,B/s,99999999999,5,x\n' "$HEAD" > "$H/rep.csv"
hostile "results.csv: an absurd rep" 65 "$H/rep.csv"
printf '%s\n,,,,dd,"dd,,,,bw,B/s,1,5,x\n' "$HEAD" > "$H/quote.csv"
hostile "results.csv: an unterminated quote" 65 "$H/quote.csv"

# JSON
FIOHEAD='{\n  "fio version" : "fio-3.33",\n  "jobs" : [\n'
{ printf "$FIOHEAD"; i=0; while [ $i -lt 100000 ]; do printf '['; i=$((i + 1)); done; } > "$H/deep.json"
hostile "deeply nested JSON" 65 "$H/deep.json" --format fio-json
printf "$FIOHEAD"'    { "jobname" : "x", "read" : { "bw_bytes" : 10' > "$H/truncated.json"
hostile "truncated fio JSON" 65 "$H/truncated.json"
printf "$FIOHEAD"'    { "jobname" : "x", "groupid" : 0, "error" : 0, "job options" : { "rw" : "read" }, "read" : { "io_bytes" : 1048576, "bw_bytes" : "fast", "iops" : 1.0, "runtime" : 1000, "total_ios" : 256 } }\n  ]\n}\n' > "$H/types.json"
hostile "fio JSON: \"bw_bytes\": \"fast\"" 65 "$H/types.json"
printf "$FIOHEAD"'    { "jobname" : "x", "groupid" : 0, "error" : 0, "job options" : { "rw" : "read" }, "read" : { "io_bytes" : 1048576, "bw_bytes" : -5, "bw" : -1, "iops" : -1.0, "runtime" : 0, "total_ios" : 256 } }\n  ]\n}\n' > "$H/negative.json"
hostile "fio JSON: negative bandwidth, zero runtime" 65 "$H/negative.json"

# run directories
mkdir -p "$H/run1/none" && cp tests/data/dd/gnu-9.1-sigusr1.log "$H/run1/none/dd-write-r1.txt"
{ i=0; while [ $i -lt 100000 ]; do printf '['; i=$((i + 1)); done; } > "$H/run1/meta.json"
hostile "meta.json nested 100,000 deep" 65 "$H/run1"
mkdir -p "$H/run2/none" && cp tests/data/dd/gnu-9.1-sigusr1.log "$H/run2/none/dd-write-r1.txt"
echo '{"release": ["24.04"]}' > "$H/run2/meta.json"
hostile "meta.json with a wrong type" 65 "$H/run2"

# options
eb ingest --set release= tests/data/dd/gnu-9.1-sigusr1.log
expect_rc "an empty --set value is allowed (clears the column)" 0
# --set relabels and checks nothing: a metric or unit set would turn a
# bandwidth into a latency, and a set that makes two tests one would make
# their runs repetitions of each other (the third audit's A23 and A26).
eb ingest --set metric=lat_mean tests/data/dd/gnu-9.1-sigusr1.log
expect_rc "--set metric is a usage error" 64
grep -q "^encbench: error: --set cannot set 'metric': the metric and unit of a value come from the output that measured it" "$TMP/err" \
	&& pass "--set metric says why it cannot be set" || fail "--set metric says why it cannot be set"
eb ingest --set unit=ns tests/data/dd/gnu-9.1-sigusr1.log
expect_rc "--set unit is a usage error" 64
eb ingest --set op=write tests/data/fio/randrw-3.33.json
expect_rc "--set op=write over a read and a write is a usage error" 64
grep -q "^encbench: error: --set op would make two tests one, their runs repetitions of each other: tests/data/fio/randrw-3.33.json:27 has op 'read', tests/data/fio/randrw-3.33.json:89 has 'write' (ingest them apart, or leave that --set out)$" "$TMP/err" \
	&& pass "the error names both records and their ops" || fail "the error names both records and their ops"
eb ingest --set release=24.04 --set block_size=4096 tests/data/dd/gnu-9.1-11-locales.log tests/data/dd/gnu-9.1-tiny-and-failed.log
expect_rc "--set block_size over two block sizes is a usage error" 64
grep -q "^encbench: error: --set block_size would make two tests one.*has block_size '65536'.* has '1'" "$TMP/err" \
	&& pass "the error names both block sizes" || fail "the error names both block sizes"
eb ingest --set op=read --set mode=none tests/data/dd/gnu-9.1-11-locales.log
expect_rc "--set over runs of one test is allowed" 0
[ "$(grep -c ',none,dd,dd,,read,65536,bw,B/s,' "$TMP/out")" -eq 11 ] && pass "they stay its 11 repetitions" \
	|| fail "they stay its 11 repetitions"

# dd prints no direction: two files of no op are pooled, with a warning
# (the third audit's A42: a write log and a read log as two runs), and
# where their names say reads and writes, refused (audit 13 K32).
printf '1+0 records in\n1+0 records out\n1048576 bytes (1.0 MB, 1.0 MiB) copied, 0.5 s, 2.1 MB/s\n' > "$H/dd-w.log"
printf '1+0 records in\n1+0 records out\n1048576 bytes (1.0 MB, 1.0 MiB) copied, 0.25 s, 4.2 MB/s\n' > "$H/dd-r.log"
eb ingest "$H/dd-w.log" "$H/dd-r.log"
expect_rc "two dd logs of no op named write and read are refused" 65
expect_err_line "the error names both" \
	"encbench: error: the dd runs of $H/dd-r.log and $H/dd-w.log have no op (dd does not print its direction), and their names say reads and writes: they would be taken as repetitions of one test; ingest each with its own --set op=read or --set op=write"
cp "$H/dd-w.log" "$H/dd-write-r1.txt"
cp "$H/dd-r.log" "$H/dd-read-r1.txt"
eb ingest "$H/dd-write-r1.txt" "$H/dd-read-r1.txt"
expect_rc "the r of a run number names no direction beside a word" 65
expect_err_line "the error names the read log first" \
	"encbench: error: the dd runs of $H/dd-read-r1.txt and $H/dd-write-r1.txt have no op (dd does not print its direction), and their names say reads and writes: they would be taken as repetitions of one test; ingest each with its own --set op=read or --set op=write"
cp "$H/dd-w.log" "$H/dd-1.log"
cp "$H/dd-r.log" "$H/dd-2.log"
eb ingest "$H/dd-1.log" "$H/dd-2.log"
expect_rc "two dd logs of no op ingest" 0
grep -qxF "encbench: warning: the dd runs of $H/dd-1.log and $H/dd-2.log have no op (dd does not print its direction), so they are taken as repetitions of one test; ingest each with its own --set op=read or --set op=write" "$TMP/err" \
	&& pass "two dd logs of no op are pooled with a warning" || fail "two dd logs of no op are pooled with a warning"
[ "$(grep -c ',dd,dd,,,1048576,bw,B/s,[12],' "$TMP/out")" -eq 2 ] && pass "as reps 1 and 2" ||
	fail "as reps 1 and 2"
eb ingest --set op=read "$H/dd-r.log"
expect_rc "a dd log named read with --set op=read" 0
eb ingest --set op=write "$H/dd-w.log"
[ ! -s "$TMP/err" ] && pass "a dd log with its op gets no warning" || fail "a dd log with its op gets no warning"

eb ingest -o "$TMP/no/such/dir/out.csv" tests/data/dd/gnu-9.1-sigusr1.log
expect_rc "-o into a missing folder is an I/O error" 74
grep -q "^$TMP/no/such/dir/out.csv: error: cannot create a file next to it" "$TMP/err" && pass "-o into a missing folder is named" || fail "-o into a missing folder is named"
eb ingest --format nonsense tests/data/dd/gnu-9.1-sigusr1.log
expect_rc "an unknown --format is a usage error" 64
eb overhead --units furlongs tests/data/analyze/two-releases.csv
expect_rc "an unknown --units is a usage error" 64
eb diff --alpha nan tests/data/analyze/two-releases.csv
expect_rc "--alpha nan is a usage error" 64
eb diff --center mode tests/data/analyze/two-releases.csv
expect_rc "--center mode is a usage error" 64
"$ENCBENCH" ingest - < /dev/null > "$TMP/out" 2>"$TMP/err"; rc=$?
expect_rc "empty standard input is bad data" 65
expect_err_line "empty standard input is named -" "-:1: error: empty file: no benchmark output in it"

# Nothing ever writes a NaN, an infinity or a negative value.
bad=$(for f in tests/data/dd/*.log tests/data/analyze/*.csv; do "$ENCBENCH" ingest -q "$f" 2>/dev/null; done |
	awk -F, 'NR > 1 && $1 != "release" && ($13 ~ /nan|inf/ || $13 < 0)' | wc -l)
[ "$bad" -eq 0 ] && pass "no NaN, infinity or negative value is written" || fail "NaN, infinity or negative values written: $bad"

# -o onto a device or a pipe writes into it and never replaces it (a
# rename over /dev/null, as root, would leave a regular file there).
mkfifo "$TMP/pipe"
cat "$TMP/pipe" > "$TMP/from-pipe" &
"$ENCBENCH" ingest -q -o "$TMP/pipe" tests/data/dd/gnu-9.1-sigusr1.log 2>/dev/null; rc=$?
wait
expect_rc "-o onto a pipe exits 0" 0
[ -p "$TMP/pipe" ] && pass "-o onto a pipe leaves the pipe" || fail "-o onto a pipe leaves the pipe"
grep -q ',bw,B/s,1,38368130914.307045,' "$TMP/from-pipe" && pass "-o onto a pipe writes the records into it" \
	|| fail "-o onto a pipe writes the records into it"

# A full disk: /dev/full, then a small tmpfs already full. Every writer
# says which file, why, exits 74 and leaves no temporary file or folder.
full_disk() { # NAME: the last command's exit, message and leftovers
	if [ "$rc" -ne 74 ]; then fail "$1: exit $rc, wanted 74"; return; fi
	if ! grep -qE "^[^ ]+: error: cannot write( standard output)?: No space left on device$" "$TMP/err"; then
		fail "$1: no 'cannot write: No space left on device' line"; return; fi
	if grep -q "AddressSanitizer\|runtime error\|Segmentation" "$TMP/err"; then fail "$1: crashed"; return; fi
	pass "$1"
}
eb ingest -o /dev/full samples/geli-freebsd
full_disk "ingest -o /dev/full"
expect_err_line "ingest -o /dev/full names it" "/dev/full: error: cannot write: No space left on device"
"$ENCBENCH" ingest samples/geli-freebsd > /dev/full 2>"$TMP/err"; rc=$?
full_disk "ingest onto a full standard output"
expect_err_line "a full standard output is named" "encbench: error: cannot write standard output: No space left on device"
eb chart --kind bars -o /dev/full samples/geli-freebsd
if [ "$rc" -eq 64 ]; then skip "chart -o /dev/full (needs a file name suffix)"; else full_disk "chart -o /dev/full"; fi
# Charts are drawn by several processes at once, so each message must be
# one write(2) to come out whole beside the others' (outside audit G6).
if command -v strace >/dev/null 2>&1 && strace -o /dev/null true 2>/dev/null; then
	# LeakSanitizer cannot run under ptrace (make sanitize).
	ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0 \
		strace -f -o "$TMP/writes" -e trace=write "$ENCBENCH" ingest -o /dev/full \
		samples/geli-freebsd 2>"$TMP/err"
	[ "$(grep -c '^[0-9]* *write(2,' "$TMP/writes")" -eq "$(wc -l < "$TMP/err")" ] &&
		[ "$(wc -l < "$TMP/err")" -eq 3 ] &&
		pass "each message is one write to standard error" ||
		fail "each message is one write to standard error ($(grep -c 'write(2,' "$TMP/writes") writes, $(wc -l < "$TMP/err") lines)"
else
	skip "each message is one write to standard error (needs strace and ptrace)"
fi
FULL=$TMP/full
mkdir -p "$FULL"
if [ "$(id -u)" -eq 0 ] && mount -t tmpfs -o size=64k tmpfs "$FULL" 2>/dev/null; then
	trap 'umount "$FULL" 2>/dev/null; [ -n "${KEEP_TMP:-}" ] || rm -rf "$TMP"' EXIT
	head -c 1000000 /dev/zero > "$FULL/fill" 2>/dev/null
	echo "previous output" > "$FULL/keep.csv" 2>/dev/null || true
	rm -f "$FULL/fill"; head -c 1000000 /dev/zero > "$FULL/fill" 2>/dev/null
	eb ingest -o "$FULL/keep.csv" samples/zfs-series
	full_disk "ingest -o onto a full file system"
	expect_err_line "ingest onto a full file system names the file" \
		"$FULL/keep.csv: error: cannot write: No space left on device"
	[ "$(cat "$FULL/keep.csv" 2>/dev/null)" = "previous output" ] || [ ! -s "$FULL/keep.csv" ] \
		&& pass "ingest onto a full file system leaves the old file" \
		|| fail "ingest onto a full file system leaves the old file"
	eb report -q -o "$FULL/rep" samples/zfs-series
	full_disk "report onto a full file system"
	for kind in bars heatmap; do
		for ext in png svg pdf; do
			eb chart --kind $kind -o "$FULL/c.$ext" samples/zfs-series
			full_disk "chart --kind $kind .$ext onto a full file system"
			expect_err_line "chart .$ext onto a full file system names it" \
				"$FULL/c.$ext: error: cannot write: No space left on device"
		done
	done
	left=$(ls -A "$FULL" | grep -v -x -e fill -e keep.csv | tr '\n' ' ')
	[ -z "$left" ] && pass "a full disk leaves no temporary file or folder" \
		|| fail "a full disk leaves no temporary file or folder: $left"
	umount "$FULL"
else
	skip "a full file system (needs root to mount a tmpfs)"
fi

# What a kill -9 leaves beside an output (.NAME.tmp-PID-XXXXXX) is removed
# by the next run when that process is gone, and kept while it runs.
mkdir -p "$TMP/stale"
sleep 60 & alive=$!
sh -c 'exit 0' & dead=$!; wait $dead
mkdir "$TMP/stale/.rep.tmp-$dead-abcdef" "$TMP/stale/.rep.tmp-$alive-abcdef"
# A report's built folder carries its journal (empty: nothing of the
# user's was moved into it); one without is kept (report_kill.sh).
touch "$TMP/stale/.rep.tmp-$dead-abcdef/report.md" "$TMP/stale/.rep.tmp-$dead-abcdef/.encbench-swap" \
	"$TMP/stale/.out.csv.tmp-$dead-ghijkl" \
	"$TMP/stale/.out.csv.tmp-$alive-ghijkl" "$TMP/stale/.out.csv.tmp-x-ghijkl"
eb ingest -q -o "$TMP/stale/out.csv" samples/geli-freebsd
eb report -q -o "$TMP/stale/rep" samples/geli-freebsd
kill $alive 2>/dev/null; wait $alive 2>/dev/null
left=$(ls -A "$TMP/stale" | sort | tr '\n' ' ')
[ "$left" = ".out.csv.tmp-$alive-ghijkl .out.csv.tmp-x-ghijkl .rep.tmp-$alive-abcdef datapackage.json out.csv rep " ] \
	&& pass "leftovers of dead runs are removed, those of running ones kept" \
	|| fail "leftovers of dead runs are removed, those of running ones kept: $left"

# Benchmark output that gives no record fails as an empty file does, with
# the reason; alone or as all a folder holds.
hostile "a per-I/O bandwidth log alone" 65 tests/data/fio/perio_bw.1.log
expect_err_line "a per-I/O bandwidth log alone says why" \
	"tests/data/fio/perio_bw.1.log: error: no record in this fio-log input: fio bandwidth log of every I/O (no log_avg_msec): the mean of its samples is no throughput; no record"
hostile "a histogram log alone" 65 tests/data/fio/hist_clat_hist.1.log
mkdir -p "$H/histdir" && cp tests/data/fio/hist_clat_hist.1.log "$H/histdir/"
hostile "a folder of a histogram log" 65 "$H/histdir"
expect_err_line "a folder without a record says so" \
	"$H/histdir: error: no record from the benchmark output in this directory (the warnings above say why)"

# dd figures no dd prints: each a located error, never a record of 0 B/s.
DDHEAD='1+0 records in\n1+0 records out\n'
printf "$DDHEAD"'512 bytes copied, 1e400 s, 0 B/s\n' > "$H/dd-1e400"
hostile "dd: 1e400 s" 65 "$H/dd-1e400"
expect_err_line "dd: 1e400 s is located" "$H/dd-1e400:3: error: a time too large for a number"
printf "$DDHEAD"'512 bytes copied, 1e30 s, 0 B/s\n' > "$H/dd-1e30"
hostile "dd: 1e30 s" 65 "$H/dd-1e30"
expect_err_line "dd: 1e30 s names the limit" "$H/dd-1e30:3: error: a time of 1e+30 s, beyond the plausible limit of 3 years"
printf "$DDHEAD"'-512 bytes copied, 1.5 s, 341 B/s\n' > "$H/dd-neg"
hostile "dd: a negative byte count" 65 "$H/dd-neg"
expect_err_line "dd: a negative byte count is located" "$H/dd-neg:3: error: a negative byte count: '-512 bytes copied, 1.5'"
printf '99999999999999999999+0 records in\n1+0 records out\n512 bytes copied, 1.5 s, 341 B/s\n' > "$H/dd-records"
hostile "dd: a records count past int64" 65 "$H/dd-records"
expect_err_line "dd: a records count past int64 is located" \
	"$H/dd-records:1: error: a records count larger than dd can count: '99999999999999999999+0 records in'"
printf '1+0 records in\r1+0 records out\r512 bytes (512 B) copied, 0.5 s, 1.0 kB/s\r' > "$H/dd-cr"
eb ingest -q "$H/dd-cr"
expect_out "dd with CR-only line ends" "$(printf '%s\n' "$HEAD" ',,,,dd,dd,,,512,bw,B/s,1,1024,'"$H/dd-cr:3")"

# results.csv
printf '%s\r24.04,h,default,none,dd,dd,,read,1048576,bw,B/s,1,5,x\r' "$HEAD" > "$H/cr.csv"
eb ingest -q "$H/cr.csv"
expect_out "results.csv with CR-only line ends" "$(printf '%s\n' "$HEAD" '24.04,h,default,none,dd,dd,,read,1048576,bw,B/s,1,5,x')"
printf '%s\n,,,,dd,dd,,,99999999999999999999,bw,B/s,1,5,x\n' "$HEAD" > "$H/bs20.csv"
hostile "results.csv: a 20-digit block_size" 65 "$H/bs20.csv"
expect_err_line "results.csv: a 20-digit block_size is located" \
	"$H/bs20.csv:2:9: error: block_size is too large for a number of bytes: '99999999999999999999'"
printf '%s\n,,,,dd,dd,,,,bw,B/s,1,-0,x\n' "$HEAD" > "$H/minus0.csv"
hostile "results.csv: -0" 65 "$H/minus0.csv"
printf '%s\n,,,,dd,dd,,,,bw,B/s,1,1e308,x\n' "$HEAD" > "$H/1e308.csv"
hostile "results.csv: 1e308 B/s" 65 "$H/1e308.csv"
expect_err_line "results.csv: 1e308 B/s names the limit" \
	"$H/1e308.csv:2:13: error: bw 1e+308 B/s is beyond the plausible limit of 10 TB/s (10000000000000 B/s)"
printf '%s\n24.04,h\377x,default,none,dd,dd,,read,,bw,B/s,1,5,x\n' "$HEAD" > "$H/latin1.csv"
eb ingest -o "$TMP/utf8.csv" "$H/latin1.csv"
expect_rc "results.csv: a label that is not UTF-8 is read" 0
expect_err_line "results.csv: a label that is not UTF-8 is named" \
	"$H/latin1.csv: warning: host 'h$(printf '\357\277\275')x' is not UTF-8; its stray bytes, and those of every other such label of this input, are written as U+FFFD"
iconv -f UTF-8 -t UTF-8 "$TMP/utf8.csv" >/dev/null 2>&1 && grep -q "^24.04,h$(printf '\357\277\275')x," "$TMP/utf8.csv" \
	&& pass "results.csv: the output is UTF-8" || fail "results.csv: the output is UTF-8"

# fio figures no fio prints, and magnitudes past the limits of core/limits.c
printf 'x: (groupid=0, jobs=1): err= 0: pid=1\n  read : io=1024KB, bw=1434, iops=358, runt=  714msec\n' > "$H/normal-nounit.txt"
hostile "fio normal: bw=1434 without a unit" 65 "$H/normal-nounit.txt"
expect_err_line "fio normal: bw=1434 is located" "$H/normal-nounit.txt:2: error: bw=1434 has no unit; fio prints one (B/s, KiB/s ...)"
for v in nan -5 -0 1e400; do
	printf 'x: (groupid=0, jobs=1): err= 0: pid=1\n  read: IOPS=%s, BW=1MiB/s (1049kB/s)(10MiB/10000msec)\n' "$v" > "$H/normal-$v.txt"
	hostile "fio normal: IOPS=$v" 65 "$H/normal-$v.txt"
done
head -1 tests/data/fio/terse-v5.txt | cut -d';' -f1-86 > "$H/terse-cut.txt"
hostile "fio terse: a v5 record cut after 86 fields" 65 "$H/terse-cut.txt"
expect_err_line "fio terse: the cut record is located" \
	"$H/terse-cut.txt:1:458: error: fio terse record: field 53, '106904', is no CPU percentage: its fields are shifted (a cut line?)"
head -1 tests/data/fio/terse-v5.txt | cut -d';' -f1-120 > "$H/terse-cut2.txt"
hostile "fio terse: a v5 record cut after 120 fields" 65 "$H/terse-cut2.txt"
{ printf "$FIOHEAD"'    { "jobname" : "x", "groupid" : 0, "error" : 0, "job options" : { "rw" : "read" },\n'
  printf '      "read" : { "io_bytes" : 1048576, "bw_bytes" : 10,\n        "bw_bytes" : 20, "iops" : 1.0, "runtime" : 1000, "total_ios" : 256 } }\n  ]\n}\n'; } > "$H/dup.json"
hostile "fio JSON: a figure given twice" 65 "$H/dup.json"
expect_err_line "fio JSON: the repeated figure is located" \
	"$H/dup.json:6:22: error: duplicate key \"bw_bytes\" with another value"
# A read option repeated with another value, a repeated percentile that is
# read, a whole direction given twice: each a located error.
printf "$FIOHEAD"'    { "jobname" : "x", "groupid" : 0, "error" : 0,\n      "job options" : { "rw" : "read", "rw" : "write" },\n      "read" : { "io_bytes" : 10, "bw_bytes" : 10, "iops" : 1.0, "runtime" : 1000, "total_ios" : 1 } }\n  ]\n}\n' > "$H/dup-opt.json"
# An option given twice is how fio prints one set on its command line and
# again in the job file; it runs with the last, which is read, with a
# located warning (audit 27 M05: real output was refused).
eb ingest "$H/dup-opt.json"
expect_rc "fio JSON: rw given twice is read" 0
expect_err_line "fio JSON: the repeated option is located" \
	"$H/dup-opt.json:5:47: warning: fio option \"rw\" is given twice, the second time as \"write\": fio runs with the last value given (an option on its command line, then in the job file), and it is read so"
printf "$FIOHEAD"'    { "jobname" : "x", "groupid" : 0, "error" : 0, "job options" : { "rw" : "read" },\n      "read" : { "io_bytes" : 10, "bw_bytes" : 10, "iops" : 1.0, "runtime" : 1000, "total_ios" : 1,\n        "clat_ns" : { "mean" : 5e5, "max" : 1e6, "percentile" : { "99.000000" : 900000,\n          "99.000000" : 100 } } } }\n  ]\n}\n' > "$H/dup-p99.json"
hostile "fio JSON: the 99th percentile given twice" 65 "$H/dup-p99.json"
expect_err_line "fio JSON: the repeated percentile is located" \
	"$H/dup-p99.json:7:25: error: duplicate key \"99.000000\" with another value"
printf "$FIOHEAD"'    { "jobname" : "x", "groupid" : 0, "error" : 0, "job options" : { "rw" : "read" },\n      "read" : { "io_bytes" : 10, "bw_bytes" : 10, "iops" : 1.0, "runtime" : 1000, "total_ios" : 1 },\n      "read" : { "io_bytes" : 2097152, "bw_bytes" : 20, "iops" : 2.0, "runtime" : 1000, "total_ios" : 512 } }\n  ]\n}\n' > "$H/dup-dir.json"
hostile "fio JSON: a direction given twice" 65 "$H/dup-dir.json"
expect_err_line "fio JSON: the repeated direction is located" \
	"$H/dup-dir.json:6:16: error: duplicate key \"read\" with another value"
# The same text twice, and a key encbench does not read repeated with
# another value (fio 2.17 repeats "filename"): read as if given once.
printf "$FIOHEAD"'    { "jobname" : "x", "groupid" : 0, "error" : 0,\n      "job options" : { "rw" : "read", "filename" : "/a", "filename" : "/b", "rw" : "read" },\n      "read" : { "io_bytes" : 4096, "bw_bytes" : 4096, "bw_bytes" : 4096, "iops" : 1.0, "runtime" : 1000, "total_ios" : 1 } }\n  ]\n}\n' > "$H/dup-same.json"
eb ingest -q "$H/dup-same.json"
expect_rc "fio JSON: a repetition of the same value, or of an unread key, is read" 0
grep -q '^,,,,fio,x,seq,read,4096,bw,B/s,1,4096,.*dup-same.json:6$' "$TMP/out" \
	&& pass "fio JSON: the repeated bw_bytes gives its one record" || fail "fio JSON: the repeated bw_bytes gives its one record"
for v in 1e308 18446744073709551615 -0; do
	printf "$FIOHEAD"'    { "jobname" : "x", "groupid" : 0, "error" : 0, "job options" : { "rw" : "read" }, "read" : { "io_bytes" : 1048576, "bw_bytes" : %s, "iops" : 1.0, "runtime" : 1000, "total_ios" : 256 } }\n  ]\n}\n' "$v" > "$H/bw-$v.json"
	hostile "fio JSON: bw_bytes $v" 65 "$H/bw-$v.json"
done
printf "$FIOHEAD"'    { "jobname" : "x", "groupid" : 0, "error" : 0, "job options" : { "rw" : "read", "bs" : "-4k" }, "read" : { "io_bytes" : 10, "bw_bytes" : 10, "iops" : 1.0, "runtime" : 1000, "total_ios" : 1 } }\n  ]\n}\n' > "$H/bs.json"
hostile "fio JSON: bs -4k" 65 "$H/bs.json"
# Bytes that are not UTF-8 in a job name: U+FFFD each, with a warning
# at the first, and the records kept.
printf "$FIOHEAD"'    { "jobname" : "se\377\376qw", "groupid" : 0, "error" : 0, "job options" : { "rw" : "write" },\n      "write" : { "io_bytes" : 4096, "bw_bytes" : 4096, "iops" : 1.0, "runtime" : 1000, "total_ios" : 1 } }\n  ]\n}\n' > "$H/badutf8.json"
eb ingest "$H/badutf8.json"
expect_rc "fio JSON: a job name that is not UTF-8 is read" 0
expect_err_line "fio JSON: the first stray byte is located" \
	"$H/badutf8.json:4:22: warning: byte 0xff is not UTF-8; it and 1 more such bytes are read as U+FFFD, one each"
grep -q "^,,,,fio,se$(printf '\357\277\275\357\277\275')qw,seq,write,4096,bw,B/s,1,4096,.*badutf8.json:5$" "$TMP/out" \
	&& pass "fio JSON: each stray byte of the job name is U+FFFD" || fail "fio JSON: each stray byte of the job name is U+FFFD"
sed '2s/^\([0-9]*\), [0-9]*/\1, 100000000000000000000/' tests/data/fio/avg_bw.1.log > "$H/big_bw.1.log"
hostile "fio log: a sample of 1e20 KiB/s" 65 "$H/big_bw.1.log"
expect_err_line "fio log: the limit is named" \
	"$H/big_bw.1.log:2: error: fio bandwidth log sample 100000000000000000000 KiB/s (1.024e+23 B/s) is beyond the limit of 10 TB/s (10000000000000 B/s)"

# The outside audit's second round: a figure cut at the end of a file, the
# figures of one dd line that contradict each other, a cut last run, a
# metric in another unit than its own. Each a located error, exit 65.
DD16='16+0 records in\n16+0 records out\n'
printf "$DD16"'16777216 bytes (17 MB, 16 MiB) copied, 0.0034979 s, 264 MB/s\n' > "$H/dd-secs-flip"
hostile "dd: seconds that contradict the rate" 65 "$H/dd-secs-flip"
expect_err_line "dd: the contradiction is named" \
	"$H/dd-secs-flip:3: error: 16777216 bytes in 0.0034979 s are 4796.4 MB/s, outside the 263.5-264.5 MB/s that this dd line's '264 MB/s' stands for (a damaged figure)"
printf "$DD16"'96777216 bytes (17 MB, 16 MiB) copied, 0.0634979 s, 264 MB/s\n' > "$H/dd-bytes-flip"
hostile "dd: a byte count that contradicts its human size" 65 "$H/dd-bytes-flip"
expect_err_line "dd: the byte count's contradiction is named" \
	"$H/dd-bytes-flip:3: error: the byte count 96777216 is not the (17 MB, 16 MiB) this dd line gives for it (a damaged figure)"
printf '16+0 records in\n3+0 records out\n16777216 bytes (17 MB, 16 MiB) copied, 0.0634979 s, 264 MB/s\n' > "$H/dd-records"
hostile "dd: bytes that are no whole number of records" 65 "$H/dd-records"
expect_err_line "dd: the records contradiction is named" \
	"$H/dd-records:3: error: 16777216 bytes are no whole number of the 3+0 records out before them (a damaged figure)"
printf "$DD16"'16777216 bytes (17 MB, 16 MiB) copied, 0.0' > "$H/dd-cut"
hostile "dd: a summary cut in its seconds" 65 "$H/dd-cut"
expect_err_line "dd: the cut summary is located" \
	"$H/dd-cut:3: error: a dd summary line without the time and rate dd prints (a cut or damaged line): '16777216 bytes (17 MB, 16 MiB) copied, 0.0'"
printf "$DD16"'16777216 bytes (17 MB, 16 MiB) copied, 0.0634979 s, 264 MB/s\n'"$DD16" > "$H/dd-cut-run"
hostile "dd: a last run cut after its records lines" 65 "$H/dd-cut-run"
expect_err_line "dd: the cut run is located" \
	"$H/dd-cut-run:4: error: a dd run begins here but the file ends before its summary line (a cut file?); the runs before it are not all this file holds"
printf "$DD16"'16777216 bytes (17 MB, 16 MiB) copied, 200000000 s, 0.1 B/s\n' > "$H/dd-years"
hostile "dd: a whole number of seconds past the limit" 65 "$H/dd-years"
expect_err_line "dd: the whole seconds' limit is named" \
	"$H/dd-years:3: error: a time of 200000000 s, beyond the plausible limit of 3 years"
printf "$DD16"'9999999999999999 bytes (10 PB, 8.9 PiB) copied, 1 s, 10 PB/s\n' > "$H/dd-10PBs"
hostile "dd: 10 PB/s in a whole second" 65 "$H/dd-10PBs"
expect_err_line "dd: 10 PB/s is located" \
	"$H/dd-10PBs:3: error: 9999999999999999 bytes are no whole number of the 16+0 records out before them (a damaged figure)"
printf '1+0 records in\n1+0 records out\n10000000000000000 bytes (10 PB, 8.9 PiB) copied, 1 s, 10 PB/s\n' > "$H/dd-10PBs-1"
hostile "dd: 10 PB/s in one record" 65 "$H/dd-10PBs-1"
expect_err_line "dd: 10 PB/s names the limit" \
	"$H/dd-10PBs-1:3: error: bw 1e+16 B/s is beyond the plausible limit of 10 TB/s (10000000000000 B/s)"
printf 'seqw: (groupid=0, jobs=1): err= 0: pid=1: today\n  write: IOPS=11.6k, BW=727MiB/s (76' > "$H/normal-cut-bw"
hostile "fio normal: a file cut inside BW=" 65 "$H/normal-cut-bw"
expect_err_line "fio normal: the cut BW= is located" \
	"$H/normal-cut-bw:2: error: BW=727MiB/s (76 is cut: fio prints ')(' after it (a truncated or damaged line)"
printf 'seqw: (groupid=0, jobs=1): err= 0: pid=1: today\n  write: IOPS=11.6k, BW=727MiB/s (763MB/s)(8192KiB/11msec)\n    clat (usec): min=7, max=7928, avg=74.' > "$H/normal-cut-avg"
hostile "fio normal: a file cut inside avg=" 65 "$H/normal-cut-avg"
expect_err_line "fio normal: the cut avg= is located" \
	"$H/normal-cut-avg:3: error: avg=74. is cut: fio prints ',' after it (a truncated or damaged line)"
printf '%s\n24.04,h,c,none,fio,j,seq,write,4096,bw,MB/s,1,100,x:1\n' "$HEAD" > "$H/unit-mbs.csv"
hostile "results.csv: bw in MB/s" 65 "$H/unit-mbs.csv"
expect_err_line "results.csv: the unit is named" "$H/unit-mbs.csv:2:11: error: bw is stored in B/s, not in 'MB/s'"
printf '%s\n24.04,h,c,none,fio,j,seq,write,4096,bogus,B/s,1,1e303,x:1\n' "$HEAD" > "$H/bogus.csv"
hostile "results.csv: an unknown metric" 65 "$H/bogus.csv"
expect_err_line "results.csv: the unknown metric is named" \
	"$H/bogus.csv:2:10: error: unknown metric 'bogus' (encbench knows bw, iops, ops, lat_*, cpu, cpu_*, energy and power)"
printf 'Mode,Seq Write,Seq Read\nNone,100,200\nAES-256-GCM,90,180\n' > "$H/sheet-map.csv"
printf '{"unit":"MB/s","metric":"lat_mean","release":"24.04"}\n' > "$H/lat-mbs.map.json"
hostile "sheet: a map that gives latency in MB/s" 65 "$H/sheet-map.csv" --map "$H/lat-mbs.map.json"
expect_err_line "sheet: the metric and unit that disagree are named" "$H/sheet-map.csv:2:2: error: lat_mean is stored in ns, not in 'B/s'"

# spreadsheets
printf 'mode,Write (MB/s),Read (MB/s)\nnone,100,200\naes-256-gcm,1e20,150\n' > "$H/sheet-big.csv"
hostile "sheet: a cell of 1e20 MB/s" 65 "$H/sheet-big.csv"
expect_err_line "sheet: the cell and the limit are named" \
	"$H/sheet-big.csv:3:2: error: bw 1e+26 B/s is beyond the plausible limit of 10 TB/s (10000000000000 B/s)"
printf 'mode,Write (MB/s),Read (MB/s)\nnone,100,200\naes-256-gcm,95,-3.5\n' > "$H/sheet-neg.csv"
hostile "sheet: a negative cell" 65 "$H/sheet-neg.csv"
expect_err_line "sheet: the negative cell is located" \
	"$H/sheet-neg.csv:3:3: error: '-3.5' in column C ('Read (MB/s)') is negative, which no measurement is"
printf 'mode;Write (MB/s)\nnone;-0\naes-256-gcm;95\n' > "$H/sheet-negzero.csv"
hostile "sheet: a -0 cell" 65 "$H/sheet-negzero.csv"
expect_err_line "sheet: the -0 cell is located" \
	"$H/sheet-negzero.csv:2:2: error: '-0' in column B ('Write (MB/s)') is negative, which no measurement is"
printf 'mode,op,mode,MB/s\nnone,write,aes-256-gcm,100\n' > "$H/sheet-dup.csv"
hostile "sheet: two mode columns" 65 "$H/sheet-dup.csv"
expect_err_line "sheet: the repeated column is named" \
	"$H/sheet-dup.csv:1:3: error: column C ('mode') says again what column A ('mode') says; name one column for it (or give the other the role \"ignore\" in a --map file)"
printf 'Mode,DD Write (MB/s)\nNone,100%%\nAES-256-GCM,90\n' > "$H/sheet-pct.csv"
hostile "sheet: a percentage under a bandwidth" 65 "$H/sheet-pct.csv" --set release=24.04
expect_err_line "sheet: the cell whose unit contradicts its column's is located" \
	"$H/sheet-pct.csv:2:2: error: '100%' in column B ('DD Write (MB/s)') is a percentage, but the column holds a bandwidth"
printf 'Mode,Write (MB/s)\nNone,1.2 GB/s\nAES-256-GCM,950\n' > "$H/sheet-rescale.csv"
eb ingest -q "$H/sheet-rescale.csv"
expect_out "sheet: a cell's own unit of the column's kind rescales it" "release,host,config,mode,tool,job,workload,op,block_size,metric,unit,rep,value,source
,,,none,sheet,sheet,,write,,bw,B/s,1,1200000000,$H/sheet-rescale.csv:2:2
,,,aes-256-gcm,sheet,sheet,,write,,bw,B/s,1,950000000,$H/sheet-rescale.csv:3:2"
printf 'Mode,DD Write (MB/s),DD Write (MB/s)\nNone,100,200\nAES-256-GCM,90,180\n' > "$H/sheet-dup-col.csv"
hostile "sheet: two measurement columns of one header" 65 "$H/sheet-dup-col.csv"
expect_err_line "sheet: both columns of one header are named" \
	"$H/sheet-dup-col.csv:1:3: error: column C ('DD Write (MB/s)') has the same header as column B ('DD Write (MB/s)'); name each run in its header (\"Run 2\") or give them rep in a --map file"
printf ',24.04,23.10\nMode,DD Write (MB/s),DD Write (MB/s)\nNone,100,200\n' > "$H/sheet-dup-grouped.csv"
eb ingest -q "$H/sheet-dup-grouped.csv"
expect_out "sheet: one header under two group labels is two cases" "release,host,config,mode,tool,job,workload,op,block_size,metric,unit,rep,value,source
24.04,,,none,dd,dd,,write,,bw,B/s,1,100000000,$H/sheet-dup-grouped.csv:3:2
23.10,,,none,dd,dd,,write,,bw,B/s,1,200000000,$H/sheet-dup-grouped.csv:3:3"
printf ',24.04\nMode,DD Write (MB/s),DD Write (MB/s)\nNone,100,200\n' > "$H/sheet-dup-span.csv"
hostile "sheet: two columns of one header under one group label" 65 "$H/sheet-dup-span.csv"
expect_err_line "sheet: the columns under one group label are named" \
	"$H/sheet-dup-span.csv:2:3: error: column C ('DD Write (MB/s)') has the same header as column B ('DD Write (MB/s)'); name each run in its header (\"Run 2\") or give them rep in a --map file"

# encbench-sample files: a line written once given twice is located (the
# last no longer wins), and a cpu_all that counted nothing says so.
SAMPHEAD='encbench-sample 1\nstatus 0\ninterval 0.1\nduration 2.0\n'
printf "$SAMPHEAD"'duration 4.0\nclock_hz 100\ncpus 2 2\ncpu_all 1.5 4.0\nend\n' > "$H/dup-duration.sample"
hostile "sample: duration given twice" 65 "$H/dup-duration.sample"
expect_err_line "sample: the second duration is located" \
	"$H/dup-duration.sample:5:1: error: \"duration\" is given twice (first on line 4): encbench-sample writes it once, so the file is damaged"
printf "$SAMPHEAD"'clock_hz 100\ncpus 2 2\ncpu_all 1.5 4.0\nrapl intel-rapl:0 package-0 20.0\nrapl intel-rapl:0 package-0 20.0\nend\n' > "$H/dup-zone.sample"
hostile "sample: a RAPL zone given twice" 65 "$H/dup-zone.sample"
expect_err_line "sample: the second zone is located" \
	"$H/dup-zone.sample:9:6: error: RAPL zone intel-rapl:0 is given twice (first on line 8): encbench-sample writes it once, so the file is damaged"
printf "$SAMPHEAD"'clock_hz 100\ncpus 2 2\ncpu_all 0 0\nend\n' > "$H/total0.sample"
hostile "sample: cpu_all counts nothing in 2 s" 65 "$H/total0.sample"
expect_err_line "sample: what is wrong is cpu_all, not the test's length" \
	"$H/total0.sample:7: warning: cpu_all counts 0 CPU-seconds in a test of 2 s on 2 CPUs, under half of the 4 they had, and the file has no cpu_threads: no cpu_busy"

# A FIFO that nothing writes to is an error at once, not a hang; one that
# a program writes to is read; a device is refused.
mkfifo "$H/fifo"
hostile "a FIFO without a writer" 65 "$H/fifo"
expect_err_line "a FIFO without a writer is named" \
	"$H/fifo: error: a FIFO that no program was writing to when it was opened: nothing to read"
"$ENCBENCH" ingest -q /dev/fd/3 3< tests/data/dd/gnu-9.1-sigusr1.log > "$TMP/out" 2>"$TMP/err"; rc=$?
grep -q ',bw,B/s,1,38368130914.307045,' "$TMP/out" && pass "an open pipe or descriptor is read" || fail "an open pipe or descriptor is read"
hostile "a character device" 74 /dev/zero

# meta.json: a BOM is read as in every other input; members of the wrong
# type are errors naming the member.
mkdir -p "$H/run3/none" && cp tests/data/dd/gnu-9.1-sigusr1.log "$H/run3/none/dd-write-r1.txt"
printf '\357\273\277{"release": "24.04", "host": "h"}\n' > "$H/run3/meta.json"
eb ingest -q "$H/run3"
expect_rc "meta.json with a BOM is read" 0
grep -q '^24.04,h,,none,dd,dd,,write,' "$TMP/out" && pass "meta.json with a BOM labels the records" || fail "meta.json with a BOM labels the records"
for m in 'cores:"eight":a whole number' 'memory_bytes:-5:a whole number of bytes' 'runner:"zfs":an object' \
	'expected:["none/dd-write-r1.txt", 3]:an array of file names (strings)' 'cores:8.5:a whole number'; do
	key=${m%%:*} rest=${m#*:} val=${rest%:*} what=${m##*:}
	printf '{"release": "24.04",\n "%s": %s}\n' "$key" "$val" > "$H/run3/meta.json"
	hostile "meta.json: $key $val" 65 "$H/run3"
	expect_err_line "meta.json: $key $val is named" "$H/run3/meta.json:2: error: \"$key\" in meta.json must be $what"
done

# A fio log with one damaged line is read as a fio log and fails there.
sed '4s/.*/garbage here/' tests/data/fio/avg_bw.1.log > "$H/bad_bw.1.log"
hostile "a fio log with a damaged fourth line" 65 "$H/bad_bw.1.log"
expect_err_line "a fio log with a damaged line fails at that line" \
	"$H/bad_bw.1.log:4: error: not a fio log sample (time, value, direction, block size)"

# A sheet of 5,000 columns (a header longer than the probes see) is read.
awk 'BEGIN { h = "mode"; a = "none"; b = "aes-256-gcm";
	for (i = 1; i < 5000; i++) { h = h ",Write " i " (MB/s)"; a = a "," 100 + i; b = b "," 90 + i }
	print h; print a; print b }' > "$H/wide-5000.csv"
eb ingest -q "$H/wide-5000.csv"
expect_rc "a sheet of 5,000 columns is read" 0
[ "$(grep -c ',bw,B/s,' "$TMP/out")" -eq 9998 ] && grep -q '^,,,aes-256-gcm,sheet,sheet,,write,,bw,B/s,4999,5089000000,.*:3:5000$' "$TMP/out" \
	&& pass "a sheet of 5,000 columns gives its 9,998 records" || fail "a sheet of 5,000 columns gives its 9,998 records"

# Labels in report.md are text: raw HTML escaped, a line break in a label
# no new heading, markup no markup.
# One mode's folder: --set mode over every mode of a run would give each
# test's repetitions once per mode, which a dataset refuses.
eb report -q -o "$TMP/rep-md" --set release=24.04 --set 'mode=<script>alert(1)</script>_*' \
	--set "host=$(printf 'evil\n# host')" samples/zfs-series/24.04/aes-256-gcm
expect_rc "a --set value with a line break is a usage error" 64
grep -q "^encbench: error: --set host: the value holds a control character (byte 0x0a), which no label may$" "$TMP/err" \
	&& pass "the error names the --set and the byte" || fail "the error names the --set and the byte"
# A line break, a tab or an escape in a label of a file (the third audit's
# hostile2.csv, sheet-ctrl.csv) is written as a space, with a warning.
eb ingest -q -o "$H/evil.csv" --set release=24.04 --set 'mode=<script>alert(1)</script>_*' \
	samples/zfs-series/24.04/aes-256-gcm
awk -F, 'NR == 1 { print; next } { OFS = ","; $2 = "\"evil\n# host\033[31m\""; print }' "$H/evil.csv" > "$H/evil-host.csv"
eb report -q -o "$TMP/rep-md" "$H/evil-host.csv"
expect_rc "report with hostile labels" 0
grep -q "^$H/evil-host.csv: warning: host 'evil # host \[31m' holds control characters (a newline, a tab, an escape, a reordering mark); they, and those of every other such label of this input, are written as spaces$" "$TMP/err" \
	&& pass "a control character in a label is named in a warning" || fail "a control character in a label is named in a warning"
if grep -q '<script' "$TMP/rep-md/report.md" || grep -q '^# host' "$TMP/rep-md/report.md" ||
	grep -q "$(printf '\033')" "$TMP/rep-md/report.md" "$TMP/rep-md/findings.md"; then
	fail "report.md escapes raw HTML, line breaks and escapes in labels"
else pass "report.md escapes raw HTML, line breaks and escapes in labels"; fi
grep -qF '# What was measured on evil # host \[31m in 24.04 (no figure of overhead' "$TMP/rep-md/report.md" \
	&& pass "a line break in a label stays in its heading" || fail "a line break in a label stays in its heading"
# C1 controls (U+009B, the 8-bit CSI) and bidirectional overrides (U+202E)
# are control characters too (the fourth audit's sheet-c1.csv).
eb ingest --set "host=$(printf 'a\302\23331mb')" tests/data/dd/gnu-9.1-sigusr1.log
expect_rc "a --set value with a C1 control is a usage error" 64
awk -F, 'NR == 1 { print; next } { OFS = ","; $4 = "ev\302\2332J\342\200\256il"; print }' "$H/evil.csv" > "$H/c1.csv"
eb ingest "$H/c1.csv"
expect_rc "a results.csv with a C1 control and a bidi override in a label is read" 0
if grep -q "$(printf '\302\233')\|$(printf '\342\200\256')" "$TMP/out" "$TMP/err"; then
	fail "C1 controls and bidi overrides are written as spaces"
else
	grep -q ',ev 2J il,' "$TMP/out" && pass "C1 controls and bidi overrides are written as spaces" \
		|| fail "C1 controls and bidi overrides are written as spaces"
fi
# The hostile mode beside a baseline, so that it stands in the tables.
{ echo 'release,host,config,mode,tool,job,workload,op,block_size,metric,unit,rep,value,source'
  for r in 1 2 3; do
	echo "24.04,h,default,none,fio,j,seq,read,1048576,bw,B/s,$r,10$r,x"
	echo "24.04,h,default,\"<script>alert(1)</script>_*\",fio,j,seq,read,1048576,bw,B/s,$r,8$r,x"
  done; } > "$H/hostile-mode.csv"
eb report -q -o "$TMP/rep-cell" "$H/hostile-mode.csv"
grep -qF '| &lt;script>alert(1)&lt;/script>\_\* ' "$TMP/rep-cell/report.md" && ! grep -q '<script' "$TMP/rep-cell/report.md" \
	&& pass "a label in a table cell is escaped" || fail "a label in a table cell is escaped"
eb report -q --format html -o "$TMP/rep-html" --set release=24.04 \
	--set 'mode=<script>alert(1)</script>_*' samples/zfs-series/24.04/aes-256-gcm
grep -q '<script' "$TMP/rep-html/report.html" && fail "report.html has no raw HTML of a label" \
	|| pass "report.html has no raw HTML of a label"
grep -q '<td>&lt;script&gt;alert(1)&lt;/script&gt;_\*</td>' "$TMP/rep-html/report.html" \
	&& pass "report.html shows the label as written" || fail "report.html shows the label as written"

# Truncations and byte flips of real files: each is a located error that
# leaves -o as it was, or records that read back as a results.csv (which
# holds every value to finite, plausible numbers).
mutations=0 problems=""
for f in tests/data/dd/*.log tests/data/fio/*.json tests/data/fio/*.txt tests/data/fio/*.log \
	tests/data/bonnie/*.log tests/data/sheet/*.csv samples/legacy-20.04/*.csv; do
	size=$(wc -c < "$f")
	for k in 1 2 3 4 5; do
		m=$H/mut-$k-${f##*/}
		case $k in
		1) head -c $((size / 2)) "$f" > "$m" ;;
		2) head -c $((size * 9 / 10)) "$f" > "$m" ;;
		*) cp "$f" "$m"
		   printf '%s' "$(printf '9-e' | cut -c$((k - 2)))" |
			dd of="$m" bs=1 seek=$((size * (k * 17 % 97) / 97)) conv=notrunc 2>/dev/null ;;
		esac
		mutations=$((mutations + 1))
		echo "previous output" > "$TMP/keep.csv"
		timeout 30 "$ENCBENCH" ingest -q -o "$TMP/keep.csv" "$m" >/dev/null 2>"$TMP/err"; r=$?
		if [ $r -ge 124 ]; then problems="$problems $m:exit-$r"
		elif [ $r -ne 0 ]; then
			{ [ "$(cat "$TMP/keep.csv")" = "previous output" ] && grep -q ": error: " "$TMP/err"; } ||
				problems="$problems $m:unlocated-or-changed"
		else
			"$ENCBENCH" ingest -q "$TMP/keep.csv" >/dev/null 2>&1 || problems="$problems $m:implausible"
		fi
	done
done
[ -z "$problems" ] && pass "$mutations truncations and byte flips: located errors or plausible records" \
	|| fail "truncations and byte flips:$problems"

# Folders say the direction as file names do: read/dd.log beside
# write/dd.log are no repetitions of one test (audit 17 P6); a rewrite is
# a write.
mkdir -p "$H/dirs/read" "$H/dirs/write"
cp "$H/dd-r.log" "$H/dirs/read/dd.log"
cp "$H/dd-w.log" "$H/dirs/write/dd.log"
eb ingest "$H/dirs"
expect_rc "dd logs of no op in folders named read and write are refused" 65
expect_err_line "the error names both logs" \
	"encbench: error: the dd runs of $H/dirs/read/dd.log and $H/dirs/write/dd.log have no op (dd does not print its direction), and their names say reads and writes: they would be taken as repetitions of one test; ingest each with its own --set op=read or --set op=write"
cp "$H/dd-w.log" "$H/dd-rewrite.log"
eb ingest "$H/dd-read-r1.txt" "$H/dd-rewrite.log"
expect_rc "a rewrite log beside a read log of no op is refused" 65

# A BSD summary line whose blanks a paste doubled, or made tabs, is read
# as the GNU one is (audit 18 Q3): 1073741824 bytes in 2.5 s.
eb ingest -q --set op=write tests/data/dd/bsd-doubled-blanks.txt
expect_rc "a BSD dd line of doubled blanks is read" 0
[ "$(grep -c ',dd,dd,,write,1048576,bw,B/s,1,429496729.6,' "$TMP/out")" -eq 1 ] &&
	pass "its rate is the bytes over the seconds" || fail "its rate is the bytes over the seconds"
printf '1024+0 records in\n1024+0 records out\n1073741824 bytes transferred in\t2.500000 secs (429496729 bytes/sec)\n' > "$H/bsd-tab.txt"
eb ingest -q --set op=write "$H/bsd-tab.txt"
[ "$(grep -c ',dd,dd,,write,1048576,bw,B/s,1,429496729.6,' "$TMP/out")" -eq 1 ] &&
	pass "and one of a tab" || fail "and one of a tab"

# A bonnie++ 1.0x CSV line (no version field) cut or damaged inside a run
# folder fails the walk as it fails named alone: a walk that took it for
# no output lost a repetition without a word (audit 30 Q05).
mkdir -p "$H/b10x/none"
echo '{"release":"24.04","host":"h","config":"default"}' > "$H/b10x/meta.json"
echo 'h,1G,,,55236,11,36165,10,,,73514,8,2000.5,2,16,20000,90,+++++,+++,25015,99,28712,100,+++++,+++,26846,100' > "$H/b10x/none/r1.csv"
echo 'h,1G,,,55500,11,36300,10,,,73900,8,1990.5,2,16,19900,90,+++++,+++,24915,99,28812,100,+++++,+++,269' > "$H/b10x/none/r2.csv"
hostile "a cut 1.0x bonnie++ CSV line in a run folder" 65 "$H/b10x"
expect_err_line "is named at its line" "$H/b10x/none/r2.csv:1: error: bonnie++ CSV line cut short, and it is the input's last: the output ends inside a run"
for v in 55a36 1+++++ -55236 nan 1e9; do
	echo "h,1G,,,$v,11,36300,10,,,73900,8,1990.5,2,16,19900,90,+++++,+++,24915,99,28812,100,+++++,+++,26946,100" > "$H/b10x/none/r2.csv"
	hostile "a 1.0x bonnie++ CSV figure $v in a run folder" 65 "$H/b10x"
	expect_err_line "is named at its column" "$H/b10x/none/r2.csv:1:8: error: bonnie++ 1.0x CSV field 5 holds '$v', which bonnie++ never writes there"
done
# A CSV of figures whose second column is no bonnie++ size is no bonnie++
# line, damaged or not, and a walk still skips it.
echo 'a,1024,,,55500,11,36300,10,,,73900,8,1990.5,2,16,19900,90,+++++,+++,24915,99,28812,100,+++++,+++,269' > "$H/b10x/none/r2.csv"
eb ingest -q "$H/b10x"
expect_rc "a line of figures without a bonnie++ size is skipped" 0
# Cut to 14 fields (after the seeks) it is still a cut bonnie++ line
# (audit 31 R04).
echo 'h,1G,,,56000,11,36000,10,,,74000,8,2100.5,2' > "$H/b10x/none/r2.csv"
hostile "a 1.0x bonnie++ CSV line cut to 14 fields in a run folder" 65 "$H/b10x"
expect_err_line "is named at its line" "$H/b10x/none/r2.csv:1: error: bonnie++ CSV line cut short, and it is the input's last: the output ends inside a run"
# Under a header of names, a row of a mode, a block size such as 1M and
# figures is a spreadsheet's, not a damaged bonnie++ line (audit 31 R05).
{
	echo 'Mode,Block size,DD Write (MB/s),DD Read (MB/s),FIO Seq Write (MB/s),FIO Seq Read (MB/s),FIO Rand Write (MB/s),FIO Rand Read (MB/s),FIO Seq Write (IOPS),FIO Seq Read (IOPS),FIO Rand Write (IOPS),FIO Rand Read (IOPS),FIO Seq Write Lat (us),FIO Seq Read Lat (us),FIO Rand Write Lat (us)'
	echo 'None,1M,1200,1500,1100,1400,900,1000,1100,1400,900,1000,800,700,1100'
	echo 'AES-256-GCM,1M,1000,1300,950,1250,800,900,950,1250,800,900,900,800,1200'
} > "$H/wide-sheet.csv"
eb ingest -q --set release=24.04 "$H/wide-sheet.csv"
expect_rc "a wide sheet whose second column is a block size is read" 0
[ "$(grep -c '^24.04,,,none,dd,dd,,write,1048576,bw,B/s,1,1200000000,' "$TMP/out")" -eq 1 ] &&
	pass "as a sheet: none's dd write of 1M is 1200 MB/s" || fail "as a sheet: none's dd write of 1M is 1200 MB/s"
