#!/bin/sh
# run.sh - "make bench": encbench against the tools people would use
# instead, each as a ratio of whole-process wall times measured in the same
# run, with peak memory where it matters. Prints the tables and writes
# bench/RESULTS.md with the machine, its load and the date.
#
#   1. bench/interleave.sh, the three ratios of issue 21 as medians of
#      interleaved rounds with CPU time and peak memory: the fio-log
#      scanner vs wc -l, the timeseries of a 2M-line fio bw log vs
#      matplotlib, the overhead of a 1M-row results.csv vs pandas
#   2. one PNG bar chart                  vs gnuplot pngcairo (bench/chart.sh)
#   3. the whole samples/ report          vs one gnuplot chart (hyperfine)
#   4. the report of a decade of rounds    vs pandas's overhead group-by
# BENCH_ONLY=decade runs case 4 alone and prints its row. ROUNDS (3) is
# the number of interleaved rounds, RUNS (5) that of hyperfine's runs.
set -eu
ROOT=$(cd "$(dirname "$0")/.." && pwd)
ENCBENCH=${ENCBENCH:-$ROOT/build/encbench}
PY=${PYTHON:-/usr/bin/python3}
RUNS=${RUNS:-5}
W=$(mktemp -d /dev/shm/encbench-bench.XXXXXX 2>/dev/null || mktemp -d)
trap 'rm -rf "$W"' EXIT INT TERM
cd "$ROOT"

median() { # hyperfine JSON -> median seconds of command $2 (0-based)
	"$PY" -c 'import json,sys; print(json.load(open(sys.argv[1]))["results"][int(sys.argv[2])]["median"])' "$1" "$2"
}
peak_kb() { # the peak RSS of a command, in KiB
	/usr/bin/time -f %M "$@" 2>&1 >/dev/null | tail -n 1
}
ratio() { "$PY" -c 'import sys; print(f"{float(sys.argv[1]) / float(sys.argv[2]):.1f}")' "$1" "$2"; }
secs() { "$PY" -c 'import sys; print(f"{float(sys.argv[1]):.3f} s")' "$1"; }

rows=""
row() { rows="$rows
| $1 | $2 | $3 | $4 | $5 |"; }

# The report of a decade of rounds: 20 releases x 3 hosts x 3 configs x 9
# modes x 6 tests x 5 runs (bench/gen_decade.py), the whole report against
# pandas's bare overhead group-by of the same file; its peak memory against
# the size of the file (aim: at most 3x).
bench_decade() {
	echo "bench: the report of a decade" >&2
	"$PY" bench/gen_decade.py "$W/decade.csv"
	hyperfine -N -w 1 -r "$RUNS" --export-json "$W/hd.json" \
		"$ENCBENCH report -q $W/decade.csv -o $W/decade" \
		"$PY bench/overhead_pandas.py $W/decade.csv $W/pd-decade.csv" >/dev/null
	e=$(median "$W/hd.json" 0) p=$(median "$W/hd.json" 1)
	me=$(peak_kb "$ENCBENCH" report -q "$W/decade.csv" -o "$W/decade")
	size=$(($(wc -c < "$W/decade.csv") / 1024))
	row "the whole report of a decade, $(($(wc -l < "$W/decade.csv") - 1)) records ($(wc -l < "$W/decade/report.md")-line report.md; peak $((me / 1024)) MiB, $("$PY" -c 'import sys; print(f"{int(sys.argv[1]) / int(sys.argv[2]):.1f}")' "$me" "$size")x the file)" \
		"$(secs "$e")" "pandas overhead group-by $(secs "$p")" "$(ratio "$e" "$p")× of it" "≤ 1×, peak ≤ 3× the file"
}
if [ "${BENCH_ONLY:-}" = decade ]; then
	bench_decade
	echo "$rows"
	exit 0
fi
load0=$(cut -d' ' -f1-3 /proc/loadavg)
echo "bench: fio logs and overheads, interleaved (bench/interleave.sh)" >&2
inter=$(ENCBENCH="$ENCBENCH" PYTHON="$PY" W="$W" sh bench/interleave.sh)

echo "bench: the samples report" >&2
# gnuplot draws one chart of the report, the 24.04 bars, from the script
# encbench's gnuplot back end writes: at 2x (1600 px wide), as the report
# draws its PNGs, and at 1x (800 px) as well.
for scale in 2 1; do
	"$ENCBENCH" chart --kind bars --release 24.04 --scale "$scale" --backend gnuplot \
		--emit-script "$W/gp$scale" samples/zfs-series -o "$W/gp$scale.png" >/dev/null 2>&1
done
gp2=$(ls "$W"/gp2/*.gp | head -n 1) gp1=$(ls "$W"/gp1/*.gp | head -n 1)
# The scripts take their data file's path as a variable.
hyperfine -N -w 1 -r "$RUNS" --export-json "$W/h4.json" \
	"$ENCBENCH report -q $ROOT/samples -o $W/report" \
	"gnuplot -e \"datafile='${gp2%.gp}.dat'; outfile='$W/g2.png'\" $gp2" \
	"gnuplot -e \"datafile='${gp1%.gp}.dat'; outfile='$W/g1.png'\" $gp1" >/dev/null
e=$(median "$W/h4.json" 0) g2=$(median "$W/h4.json" 1) g1=$(median "$W/h4.json" 2)
size=$("$PY" -c 'import struct, sys; print("%d x %d" % struct.unpack(">II", open(sys.argv[1], "rb").read(24)[16:24]))' "$W/g2.png")
row "the whole samples/ report (md, $(ls "$W"/report/charts | wc -l) chart files, 2x PNGs)" \
	"$(secs "$e")" "gnuplot, one of its charts as drawn there ($size px) $(secs "$g2")" \
	"$(ratio "$e" "$g2")× of it" "≤ 1×"
row "the same, against that chart at 1x" \
	"$(secs "$e")" "gnuplot, the chart at 800 px wide $(secs "$g1")" \
	"$(ratio "$e" "$g1")× of it" "(see above)"

bench_decade

echo "bench: charts (bench/chart.sh)" >&2
chart=$(ENCBENCH="$ENCBENCH" RUNS_LOG=3 sh bench/chart.sh 2>&1 || true)
load1=$(cut -d' ' -f1-3 /proc/loadavg)

table="| benchmark | encbench | the other tool | ratio | aim |
|---|---|---|---|---|$rows"
machine=$(. "$ROOT/bench/lib.sh" && machine)
{
	echo "# Benchmarks"
	echo
	echo "\`make bench\` on $(date -u '+%Y-%m-%d %H:%M UTC'): $machine; load average $load0 at the"
	echo "start, $load1 at the end."
	echo
	echo "## The three ratios of issue 21 (bench/interleave.sh)"
	echo
	echo "Each the median of ${ROUNDS:-3} rounds that run encbench and the other tool one after the other"
	echo "(whole processes, wall time; user + system CPU of the same rounds in brackets)."
	echo
	echo "$inter"
	echo
	echo "## Reports and bar charts"
	echo
	echo "Whole-process wall time, median of $RUNS runs (hyperfine), both tools in the same run."
	echo
	echo "$table"
	echo
	echo "Charts (bench/chart.sh):"
	echo
	echo '```'
	echo "$chart"
	echo '```'
} > bench/RESULTS.md
echo "$inter"
echo "$table"
echo "$chart"
