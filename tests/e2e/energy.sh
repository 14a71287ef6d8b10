# energy.sh - encbench-sample for real around dd on this machine, with fake
# RAPL and battery counters that the test moves; its files ingested into
# records keyed like dd's, the report's CPU and energy section, and, when
# the runner wraps its tests with the sampler, a real dir-backend run.
. tests/e2e/lib.sh
SAMPLER=$(cd "$(dirname "$ENCBENCH")" && pwd)/encbench-sample
if [ ! -x "$SAMPLER" ]; then
	skip "encbench-sample is not built"
	exit 0
fi

# A value of the sample file: field N of the line whose first word is KEY.
field() { awk -v k="$2" -v n="$3" '$1 == k { print $n; exit }' "$1"; }
# Whether two numbers agree to 1e-9 relative.
same() { awk -v a="$1" -v b="$2" 'BEGIN { d = a - b; if (d < 0) d = -d; m = b < 0 ? -b : b;
	exit !(d <= 1e-9 * m || d == 0) }'; }
# The cpu_busy a sample file gives, by encbench-run(1)'s rule, and the
# line it comes from: /proc/stat's busy / total over a test of 30 clock
# ticks or more, else every thread's CPU-seconds / (CPUs x duration).
busy_expected() { awk '$1 == "duration" { d = $2 } $1 == "clock_hz" { hz = $2 }
	$1 == "cpus" { c = $3 } $1 == "cpu_all" { b = $2; t = $3; la = NR }
	$1 == "cpu_threads" { th = $2; lt = NR }
	END { if (d * hz >= 30) printf "%.17g %d\n", b / t * 100, la
		else if (lt) { v = th / (c * d) * 100; printf "%.17g %d\n", (v > 100 ? 100 : v), lt } }' "$1"; }
# The value of the record with that metric in $TMP/out (a results.csv).
value_of() { awk -F, -v m="$1" '$10 == m { print $13; exit }' "$TMP/out"; }

# ---- a fake /sys: one RAPL package zone whose counter is near its wrap,
# and a battery that starts discharging

SYS=$TMP/sys
Z=$SYS/class/powercap/intel-rapl:0
B=$SYS/class/power_supply/BAT0
mkdir -p "$Z" "$B"
echo package-0 >"$Z/name"
echo 10000000 >"$Z/max_energy_range_uj"
echo 9000000 >"$Z/energy_uj"
echo Battery >"$B/type"
echo Discharging >"$B/status"
echo 15000000 >"$B/power_now"

# ---- around dd: the counter climbs between two dd runs and wraps: from
# 9000000 to 9500000, then to 2000000 past 10000000, 3 J in all. The
# battery starts charging in the middle, so it is not what is used.

mkdir -p "$TMP/run/aes-256-gcm"
printf '{"release": "e2e", "host": "here", "config": "default"}\n' >"$TMP/run/meta.json"
# Each dd waits half a second on its pipe before its data comes, so that
# it lives for several sampling intervals however fast or loaded the
# machine: a dd of /dev/zero alone can end between two samples (seen
# under a parallel build), and the sampler cannot see a thread it never
# listed.
cat >"$TMP/dd.sh" <<EOF
(sleep 0.5; exec head -c 1572864000 /dev/zero) | dd of=/dev/null bs=1M count=1500 iflag=fullblock 2>/dev/null
echo 9500000 >"$Z/energy_uj"
echo Charging >"$B/status"
(sleep 0.5; exec head -c 1572864000 /dev/zero) | LC_ALL=C dd of=/dev/null bs=1M count=1500 iflag=fullblock
echo 2000000 >"$Z/energy_uj"
EOF
P=$TMP/run/aes-256-gcm/dd-write-r1
ENCBENCH_SYSFS=$SYS "$SAMPLER" -o "$P" -- sh "$TMP/dd.sh" >"$P.txt" 2>&1
rc=$?
expect_rc "encbench-sample exits with the command's status" 0
# The test's output is dd's three lines and nothing of the sampler's.
[ "$(grep -c 'records in\|records out\|copied' "$P.txt")" = 3 ] && [ "$(wc -l <"$P.txt")" = 3 ] \
	&& pass "the sampler adds nothing to the command's output" \
	|| { fail "the sampler adds nothing to the command's output"; cat "$P.txt"; }
[ -s "$P.sample" ] && [ ! -e "$P.sample.part" ] && pass "PREFIX.sample is written, no .part left" \
	|| fail "PREFIX.sample is written"
[ "$(head -1 "$P.sample")" = "encbench-sample 1" ] && [ "$(tail -1 "$P.sample")" = "end" ] \
	&& pass "the sample file opens with its version and closes with end" || fail "sample file frame"
[ "$(field "$P.sample" rapl 4)" = "3.000000" ] && pass "the RAPL counter's 3 J are counted across its wrap" \
	|| { fail "RAPL joules across the wrap"; grep rapl "$P.sample"; }
[ "$(field "$P.sample" battery 4)" = "Charging" ] && pass "the battery that started charging is marked" \
	|| { fail "battery marked"; grep battery "$P.sample"; }
dur=$(field "$P.sample" duration 2)
n=$(awk '$1 == "thread" && $4 == "t" && $6 == "dd"' "$P.sample" | wc -l)
[ "$n" -eq 2 ] && pass "both dd processes are seen by name as the test's threads" \
	|| { fail "dd's threads are seen"; head -20 "$P.sample"; }
# Its own cost, over a test of 3 s (the man page gives the 30 s figure),
# unless sanitizers slow it down.
case ${BUILD:-build} in
*sanitize*) skip "the sampler's own cost (a sanitizer build)" ;;
*)
	"$SAMPLER" -o "$TMP/idle" -- sleep 3
	self=$(field "$TMP/idle.sample" self_cpu 2); d=$(field "$TMP/idle.sample" duration 2)
	# The man page gives about 0.5 % for a 3-second test; a machine
	# loaded by parallel builds has seen 1.1 %, and a sampler that polls
	# without rest takes a fifth of a CPU.
	awk -v s="$self" -v d="$d" 'BEGIN { exit !(s / d < 0.02) }' \
		&& pass "the sampler used under 2 % of a CPU ($self s in $d s)" \
		|| fail "the sampler used $self s of CPU in $d s"
	# Outside audit E19: with a meter printing every 50 ms the sampler
	# still sleeps between samples (it took a fifth of a CPU, polling).
	printf '#!/bin/sh\nwhile :; do echo 12.5; sleep 0.05; done\n' >"$TMP/meter50"
	chmod +x "$TMP/meter50"
	"$SAMPLER" -p "$TMP/meter50" -o "$TMP/idlem" -- sleep 3
	self=$(field "$TMP/idlem.sample" self_cpu 2); d=$(field "$TMP/idlem.sample" duration 2)
	awk -v s="$self" -v d="$d" 'BEGIN { exit !(s / d < 0.02) }' \
		&& pass "with a power meter the sampler used under 2 % of a CPU ($self s in $d s)" \
		|| fail "with a power meter the sampler used $self s of CPU in $d s"
	# Outside audit E16: readings are integrated as they come, 12.5 W
	# over the 3 s between the first and the last (a reading every 50 ms
	# of the meter's own loop, started with the sampler).
	j=$(field "$TMP/idlem.sample" meter 4)
	awk -v j="$j" -v d="$d" 'BEGIN { exit !(j >= 12.5 * (d - 0.5) && j <= 12.5 * d) }' \
		&& pass "the meter's joules are its readings integrated ($j J in $d s)" \
		|| fail "the meter's joules are its readings integrated ($j J in $d s)"
	;;
esac

eb ingest "$TMP/run"
expect_rc "the run with its sample file ingests" 0
grep -q "^e2e,here,default,aes-256-gcm,dd,dd,,write,1048576,cpu_busy,%,1," "$TMP/out" \
	&& pass "cpu_busy has dd's key: release, host, config, mode, tool, job, op, block size, rep" \
	|| fail "cpu_busy keyed like dd"
want=$(busy_expected "$P.sample")
same "$(value_of cpu_busy)" "${want% *}" \
	&& grep -q ",cpu_busy,%,1,.*dd-write-r1\.sample:${want#* } cpus=2\$" "$TMP/out" \
	&& pass "cpu_busy is the file's busy share, from line ${want#* }" || fail "cpu_busy value"
top=$(awk '$1 == "thread" && $4 != "o" && ($5 + 0 > m + 0 || m == "") { m = $5; n = $6 } END { print m, n }' "$P.sample")
same "$(value_of cpu_top_thread)" "$(awk -v t="${top% *}" -v d="$dur" 'BEGIN { printf "%.17g", t / d * 100 }')" \
	&& pass "cpu_top_thread is the busiest thread's seconds / duration" || fail "cpu_top_thread value"
grep -q ",cpu_top_thread,%,1,.*\.sample:[0-9]* thread=${top#* }\$" "$TMP/out" \
	&& pass "the busiest thread's name (${top#* }) is in its record's source" || fail "thread name in source"
same "$(value_of energy)" 3 && pass "energy is the RAPL package's 3 J, not the charging battery's" \
	|| fail "energy value"
same "$(value_of power)" "$(awk -v d="$dur" 'BEGIN { printf "%.17g", 3 / d }')" \
	&& pass "power is 3 J / the test's duration" || fail "power value"
grep -qF "dd-write-r1.sample:" "$TMP/err" && grep -q "battery BAT0 became Charging" "$TMP/err" \
	&& pass "a battery that starts charging is a located warning" || fail "charging warning"

eb report -q "$TMP/run" -o "$TMP/rep"
expect_rc "the report of the run is written" 0
grep -q '^## CPU and energy$' "$TMP/rep/report.md" && grep -q '| CPU-s/GiB ' "$TMP/rep/report.md" \
	&& grep -q '| J/GiB ' "$TMP/rep/report.md" \
	&& pass "the report has a CPU and energy section with CPU-s/GiB and J/GiB" \
	|| fail "CPU and energy section"
# The cost chart draws the same figures: CPU-seconds per GiB is cpu_busy
# x the CPUs of its tag / bw, joules per GiB power / bw, each as its tip
# says it (three significant digits).
eb ingest -q "$TMP/run"
cp "$TMP/out" "$TMP/run.csv"
eb chart --kind cost -o "$TMP/cost.scene" "$TMP/run"
expect_rc "the cost chart of the run is drawn" 0
# The number before UNIT in the tip of the bar whose tip names it.
tip_value() { awk -v u="$1" '$1 == "rect" && $2 == "bar" && index($0, " " u " ") {
	sub(/.*: /, ""); print $1; exit }' "$TMP/cost.scene"; }
# Whether a displayed number is the exact one rounded to 3 digits.
shown() { awk -v a="$1" -v b="$2" 'BEGIN { d = a - b; if (d < 0) d = -d; exit !(a != "" && d <= 0.005 * b) }'; }
cpu_gib=$(awk -F, '$10 == "bw" { bw = $13 } $10 == "cpu_busy" { b = $13; n = split($14, w, "cpus="); c = w[n] }
	END { printf "%.17g", b / 100 * c / bw * 1073741824 }' "$TMP/run.csv")
j_gib=$(awk -F, '$10 == "bw" { bw = $13 } $10 == "power" { p = $13 } END { printf "%.17g", p / bw * 1073741824 }' "$TMP/run.csv")
shown "$(tip_value CPU-s/GiB)" "$cpu_gib" && shown "$(tip_value J/GiB)" "$j_gib" \
	&& [ "$(grep -c '^rect bar ' "$TMP/cost.scene")" = 2 ] \
	&& grep -q '^text unit .*"CPU-seconds per GiB"$' "$TMP/cost.scene" \
	&& grep -q '^text unit .*"joules per GiB"$' "$TMP/cost.scene" \
	&& pass "the cost chart's two bars are $cpu_gib CPU-s/GiB and $j_gib J/GiB, each under its unit" \
	|| { fail "cost chart figures (wanted $cpu_gib and $j_gib)"; grep '^rect bar\|^text unit' "$TMP/cost.scene"; }
eb chart --kind cost -o "$TMP/cost2.svg" tests/data/rundir/run-24.04
expect_rc "a cost chart of a run without samples is a data error" 65
expect_err_line "it says what is missing" \
	"encbench: error: no cpu_busy or power records beside throughput to draw (encbench-run records them when it runs encbench-sample)"
eb report -q tests/data/rundir/run-24.04 -o "$TMP/rep2"
grep -q 'CPU and energy' "$TMP/rep2/report.md" && fail "no CPU and energy section without samples" \
	|| pass "no CPU and energy section without samples"

# ---- exit status, signals, a meter

"$SAMPLER" -o "$TMP/s3" -- sh -c 'exit 3' 2>"$TMP/err"
rc=$?
expect_rc "the command's exit status is the sampler's" 3
[ "$(field "$TMP/s3.sample" status 2)" = 3 ] && pass "and the file's status line" || fail "status line"
"$SAMPLER" -o "$TMP/s4" -- "$TMP/no such command" 2>"$TMP/err"
rc=$?
expect_rc "a command that is not there exits 127" 127
expect_err_line "it says so" "encbench-sample: $TMP/no such command: No such file or directory"
"$SAMPLER" -o "$TMP/s5" -- sleep 10 &
pid=$!
sleep 0.5
kill -TERM $pid
wait $pid
rc=$?
expect_rc "TERM goes to the command, and the sampler exits 128 + 15" 143
[ "$(field "$TMP/s5.sample" status 2)" = 143 ] && pass "the file says 143" || fail "the file says 143"
"$SAMPLER" -i 0 -o "$TMP/s6" -- true 2>"$TMP/err"
rc=$?
expect_rc "a bad interval is the sampler's own error" 125
"$SAMPLER" -o "$TMP/no/such/dir/s7" -- touch "$TMP/ran" 2>"$TMP/err"
rc=$?
expect_rc "a sample file that cannot be written is the sampler's error" 125
expect_err_line "it names the file" "encbench-sample: $TMP/no/such/dir/s7.sample.part: No such file or directory"
[ ! -e "$TMP/ran" ] && pass "and the test is not run for nothing" || fail "the test ran without its samples"
"$SAMPLER" -p "$TMP/no meter" -o "$TMP/s8" -- touch "$TMP/ran" 2>"$TMP/err"
rc=$?
expect_rc "a power meter that cannot be run is the sampler's error" 125
[ ! -e "$TMP/ran" ] && [ ! -e "$TMP/s8.sample.part" ] && [ ! -e "$TMP/s8.sample" ] \
	&& pass "the test is not run and nothing is left behind" || fail "a failed meter left files or ran the test"

printf '#!/bin/sh\nwhile :; do echo 12.5; sleep 0.05; done\n' >"$TMP/meter"
chmod +x "$TMP/meter"
"$SAMPLER" -p "$TMP/meter" -o "$TMP/run/aes-256-gcm/dd-read-r1" -- \
	env LC_ALL=C dd if=/dev/zero of=/dev/null bs=1M count=2000 2>"$TMP/run/aes-256-gcm/dd-read-r1.txt"
rc=$?
expect_rc "with a power meter" 0
M=$TMP/run/aes-256-gcm/dd-read-r1.sample
[ "$(field "$M" meter 5)" = "12.500000" ] && [ "$(field "$M" meter 3)" = 0 ] \
	&& pass "the meter's readings are averaged, none bad" || { fail "meter line"; grep meter "$M"; }
eb ingest "$TMP/run/aes-256-gcm/dd-read-r1.sample"
same "$(value_of energy)" "$(awk -v d="$(field "$M" duration 2)" 'BEGIN { printf "%.17g", 12.5 * d }')" \
	&& pass "a meter's energy is its mean watts x the duration" || fail "meter energy"

# ---- the runner, when it wraps its tests with the sampler

if ! grep -q ENCBENCH_SAMPLE runner/encbench-run; then
	skip "encbench-run does not run encbench-sample yet"
elif ! command -v fio >/dev/null; then
	skip "dir backend run with samples (fio is not installed)"
else
	mkdir -p "$TMP/A" "$TMP/B"
	# A counter that climbs by 1 J every 20 ms, for the whole run.
	echo 0 >"$Z/energy_uj"
	echo 1000000000000 >"$Z/max_energy_range_uj"
	rm -rf "$B"
	# Renamed into place: a reader never sees it half written, as sysfs
	# gives none.
	( e=0; while :; do e=$((e + 1000000)); echo $e >"$Z/energy_uj.new"
		mv "$Z/energy_uj.new" "$Z/energy_uj"; sleep 0.02; done ) &
	climber=$!
	ENCBENCH_SAMPLE=$SAMPLER ENCBENCH_SYSFS=$SYS runner/encbench-run --backend dir \
		--target none="$TMP/A" --target aes-256-gcm="$TMP/B" --tests dd,fio --size 32M \
		--reps 2 --release X --out "$TMP/R" >"$TMP/run.out" 2>"$TMP/run.err"
	rc=$?
	kill $climber
	expect_rc "a dir-backend run under the sampler" 0
	eb ingest "$TMP/R"
	missing=""
	for m in none aes-256-gcm; do for t in dd fio-seq fio-rand; do for op in read write; do for r in 1 2; do
		case $t in dd) tool=dd w="" ;; fio-seq) tool=fio w=seq ;; *) tool=fio w=rand ;; esac
		for metric in cpu_busy cpu_top_thread energy; do
			n=$(awk -F, -v m=$m -v t=$tool -v w="$w" -v op=$op -v r=$r -v k=$metric \
				'$1 == "x" && $4 == m && $5 == t && $7 == w && $8 == op && $10 == k && $12 == r' \
				"$TMP/out" | wc -l)
			# A test shorter than a step of the fake counter (20 ms) can
			# see it stand still: 0 J is no measurement, and the warning
			# that names the file stands in for the record.
			[ "$n" -eq 1 ] || { [ $metric = energy ] && grep -q "/$m/$t-$op-r$r\.sample:[0-9]*: warning: the package zones read 0 J while the test ran" "$TMP/err"; } ||
				missing="$missing $m/$t-$op-r$r:$metric"
		done
	done; done; done; done
	[ -z "$missing" ] && pass "cpu_busy, cpu_top_thread and energy for every mode, test, direction and rep" \
		|| { fail "records missing:$missing"; grep -i warning "$TMP/err" | head -5; }
	# Each cpu_busy is its file's, by the rule, short tests included:
	# a dd read here lasts a few milliseconds, under a clock tick.
	wrong=""
	short=0
	for f in $(find "$TMP/R" -name '*.sample' | sort); do
		want=$(busy_expected "$f")
		got=$(awk -F, -v s="$f:${want#* } cpus=2" '$10 == "cpu_busy" && $14 == s { print $13 }' "$TMP/out")
		{ [ -n "$got" ] && same "$got" "${want% *}"; } || wrong="$wrong ${f#"$TMP/R/"}"
		awk '$1 == "duration" { d = $2 } $1 == "clock_hz" { hz = $2 } END { exit !(d * hz < 30) }' "$f" \
			&& short=$((short + 1))
	done
	[ -z "$wrong" ] && pass "every cpu_busy is its sample file's share ($short of 24 tests under 30 ticks)" \
		|| fail "cpu_busy not the file's:$wrong"
	# On a kernel with schedstat every thread of every test was timed to
	# the nanosecond, a thread that exits while it is listed included.
	if [ -r /proc/thread-self/schedstat ]; then
		n=$(find "$TMP/R" -name '*.sample' -exec grep -l '^thread_clock ns$' {} + | wc -l)
		[ "$n" -eq 24 ] && pass "all 24 sample files timed their threads in ns" \
			|| fail "only $n of 24 sample files timed their threads in ns"
	fi
	# The cases with a J/GiB bar: those where some run has an energy
	# record (a test shorter than a step of the fake counter has none).
	eb ingest -q "$TMP/R"
	ncases_j=$(awk -F, '$10 == "energy" { print $4, $5, $7, $8 }' "$TMP/out" | sort -u | wc -l)
	eb report -q "$TMP/R" -o "$TMP/repR"
	rows=$(sed -n '/^## CPU and energy$/,/^## /p' "$TMP/repR/report.md" | grep -c '^| [df]')
	eb chart --kind cost -o "$TMP/costR.scene" "$TMP/R"
	# 3 tests, read and write, none and aes-256-gcm: a CPU-s/GiB bar for
	# each of the 12 cases and a J/GiB bar for each with energy.
	[ "$rc" -eq 0 ] && [ "$(grep -c '^rect bar ' "$TMP/costR.scene")" -eq $((12 + ncases_j)) ] && [ "$ncases_j" -ge 8 ] \
		&& [ "$(grep -c '^text unit .*"CPU-seconds per GiB"$' "$TMP/costR.scene")" -eq 3 ] \
		&& pass "the run's cost chart has CPU-s/GiB and J/GiB bars for the 12 cases" \
		|| { fail "the run's cost chart"; grep -c '^rect bar ' "$TMP/costR.scene"; cat "$TMP/err"; }
	[ "$rows" -eq 12 ] && pass "the report's CPU and energy table has CPU-s/GiB and J/GiB for the 12 cases" \
		|| { fail "CPU and energy rows: $rows"; sed -n '/^## CPU and energy$/,/^## /p' "$TMP/repR/report.md" | head -20; }
fi
