#!/bin/sh
# chart.sh - times "encbench chart" as whole processes with hyperfine: a PNG
# bar chart against gnuplot drawing the same chart with pngcairo (from the
# script encbench's gnuplot back end writes), and the timeseries of a
# 2,000,000-line fio bw log against matplotlib plotting it; prints medians
# and ratios. Aims: 10x gnuplot, 100x matplotlib
# (make bench takes the timeseries ratio from bench/interleave.sh).
#
# ENCBENCH (default build/encbench), RUNS (30), RUNS_LOG (10), PYTHON
# (/usr/bin/python3, Debian's, which has python3-matplotlib). Outputs go to
# /dev/shm when it exists, so that no tool waits on a disk.
set -eu
ROOT=$(cd "$(dirname "$0")/.." && pwd)
ENCBENCH=${ENCBENCH:-$ROOT/build/encbench}
PY=${PYTHON:-/usr/bin/python3}
RUNS=${RUNS:-30}
RUNS_LOG=${RUNS_LOG:-10}

missing=""
command -v hyperfine >/dev/null 2>&1 || missing="$missing hyperfine"
command -v gnuplot >/dev/null 2>&1 || missing="$missing gnuplot-nox"
"$PY" -c 'import matplotlib, numpy' 2>/dev/null || missing="$missing python3-matplotlib"
if [ -n "$missing" ]; then
	echo "bench/chart.sh: needs$missing (apt-get install$missing)" >&2
	exit 1
fi
[ -x "$ENCBENCH" ] || { echo "bench/chart.sh: no $ENCBENCH; run make first" >&2; exit 1; }

W=$(mktemp -d /dev/shm/encbench-bench.XXXXXX 2>/dev/null || mktemp -d)
trap 'rm -rf "$W"' EXIT INT TERM
S=$ROOT/tests/data/charts/series.csv
. "$ROOT/bench/lib.sh"

echo "== bar chart: dd throughput of 9 modes, read and write, 800 px PNG"
"$ENCBENCH" chart --kind bars --tool dd --backend gnuplot --emit-script "$W/gp" \
	-o "$W/gp/bars.png" "$S"
cd "$W/gp"
hyperfine -N --style basic --warmup 5 --runs "$RUNS" --export-json "$W/bars.json" \
	-n "encbench (results.csv named)" \
	"$ENCBENCH chart --kind bars --tool dd --format results -o $W/bars.png $S" \
	-n "encbench (format detected)" \
	"$ENCBENCH chart --kind bars --tool dd -o $W/bars.png $S" \
	-n "gnuplot pngcairo" \
	"gnuplot bars.gp"

echo "== timeseries: a 2,000,000-line fio bw log, 800 px PNG"
gen_bw_log "$W/big_bw.1.log" 2000000
hyperfine -N --style basic --warmup 1 --runs "$RUNS_LOG" --export-json "$W/log.json" \
	-n "encbench" "$ENCBENCH chart --kind timeseries -o $W/ts.png $W/big_bw.1.log" \
	-n "matplotlib" "$PY $ROOT/bench/ts_matplotlib.py $W/big_bw.1.log $W/mpl.png"

"$PY" - "$W/bars.json" "$W/log.json" <<'EOF'
import json, sys
bars = {r["command"]: r for r in json.load(open(sys.argv[1]))["results"]}
log = {r["command"]: r for r in json.load(open(sys.argv[2]))["results"]}
ms = lambda r: r["median"] * 1000
print()
print("medians of whole-process wall time (user + system CPU in brackets)")
for name, r in list(bars.items()) + list(log.items()):
    print(f"  {name:30s} {ms(r):9.1f} ms  [{(r['user'] + r['system']) * 1000:8.1f} ms CPU]")
g = ms(bars["gnuplot pngcairo"])
for name in ("encbench (results.csv named)", "encbench (format detected)"):
    print(f"bar chart: {name} is {g / ms(bars[name]):.1f}x faster than gnuplot (aim: 10x)")
print(f"timeseries: encbench is {ms(log['matplotlib']) / ms(log['encbench']):.1f}x faster "
      f"than matplotlib (aim: 100x)")
EOF
