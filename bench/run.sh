#!/bin/sh
# run.sh - "make bench": encbench against the tools people would use
# instead, each as a ratio of whole-process wall times (hyperfine, median of
# several runs) measured in the same run, with peak memory where it
# matters. Prints a table and writes bench/RESULTS.md with the machine and
# the date.
#
#   1. overhead of a 1M-row results.csv   vs pandas group-by and merge
#   2. timeseries of a 2M-line fio bw log vs matplotlib   (bench/chart.sh)
#   3. one PNG bar chart                  vs gnuplot pngcairo (bench/chart.sh)
#   4. the whole samples/ report          vs one gnuplot chart
#   5. ingest of a 1 GB fio log           vs wc -l on the same file
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

echo "bench: 1M-row results.csv" >&2
"$PY" bench/gen_results.py 1000000 "$W/r1m.csv"
hyperfine -N -w 1 -r "$RUNS" --export-json "$W/h1.json" \
	"$ENCBENCH overhead --csv $W/r1m.csv -o $W/eb.csv" \
	"$PY bench/overhead_pandas.py $W/r1m.csv $W/pd.csv" >/dev/null
e=$(median "$W/h1.json" 0) p=$(median "$W/h1.json" 1)
me=$(peak_kb "$ENCBENCH" overhead --csv "$W/r1m.csv" -o "$W/eb.csv")
mp=$(peak_kb "$PY" bench/overhead_pandas.py "$W/r1m.csv" "$W/pd.csv")
row "overhead of a 1M-row results.csv (peak $((me / 1024)) MiB vs $((mp / 1024)) MiB)" \
	"$(secs "$e")" "pandas $(secs "$p")" "$(ratio "$p" "$e")×" "≥ 5×"

echo "bench: the samples report" >&2
"$ENCBENCH" chart --kind bars --release 24.04 --backend gnuplot --emit-script "$W/gp" \
	samples/zfs-series -o "$W/gp.png" >/dev/null 2>&1
gp=$(ls "$W"/gp/*.gp | head -n 1)
# The script reads its data file from the folder it is in.
(cd "$W/gp" && hyperfine -N -w 1 -r "$RUNS" --export-json "$W/h4.json" \
	"$ENCBENCH report -q $ROOT/samples -o $W/report" \
	"gnuplot $gp" >/dev/null)
e=$(median "$W/h4.json" 0) g=$(median "$W/h4.json" 1)
row "the whole samples/ report (md, $(ls "$W"/report/charts | wc -l) chart files)" \
	"$(secs "$e")" "one gnuplot chart $(secs "$g")" "$(ratio "$e" "$g")× of it" "≤ 1×"

echo "bench: a 1 GB fio log" >&2
"$PY" - "$W/big_bw.1.log" <<'PYEOF'
import sys
line_a = "{t}, {v}, 0, 4096, 0\n"
with open(sys.argv[1], "w") as f:
    size, t = 0, 0
    chunk = []
    while size < 1 << 30:
        s = line_a.format(t=t, v=100000 + (t * 7919) % 50000)
        chunk.append(s)
        size += len(s)
        t += 1
        if len(chunk) == 100000:
            f.write("".join(chunk))
            chunk = []
    f.write("".join(chunk))
PYEOF
hyperfine -N -w 1 -r 3 --export-json "$W/h5.json" \
	"$ENCBENCH ingest -q --format fio-log $W/big_bw.1.log -o $W/log.csv" \
	"wc -l $W/big_bw.1.log" >/dev/null
e=$(median "$W/h5.json" 0) c=$(median "$W/h5.json" 1)
me=$(peak_kb "$ENCBENCH" ingest -q --format fio-log "$W/big_bw.1.log" -o "$W/log.csv")
row "ingest of a 1 GB fio bw log (peak $((me / 1024)) MiB)" "$(secs "$e")" "wc -l $(secs "$c")" \
	"$(ratio "$e" "$c")× of it" "report"

echo "bench: charts (bench/chart.sh)" >&2
chart=$(ENCBENCH="$ENCBENCH" sh bench/chart.sh 2>&1 || true)

table="| benchmark | encbench | the other tool | ratio | aim |
|---|---|---|---|---|$rows"
cpu=$(awk -F': ' '/^model name/ { print $2; exit }' /proc/cpuinfo)
{
	echo "# Benchmarks"
	echo
	echo "\`make bench\` on $(date -u +%Y-%m-%d): $cpu, $(nproc) cores, $(free -g | awk '/^Mem:/ { print $2 }') GiB;"
	echo "whole-process wall time, median of $RUNS runs (hyperfine), both tools in the same run."
	echo
	echo "$table"
	echo
	echo "Charts (bench/chart.sh):"
	echo
	echo '```'
	echo "$chart"
	echo '```'
} > bench/RESULTS.md
echo "$table"
echo "$chart"
