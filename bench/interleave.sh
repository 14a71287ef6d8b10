#!/bin/sh
# interleave.sh - the three speed ratios of issue 21, each the median of
# ROUNDS rounds in which encbench and the other tool run one after the
# other (interleaved, so that a busy machine slows both alike), with CPU
# time and peak memory (medians of the same rounds); prints a markdown
# table for bench/RESULTS.md, with the load average before and after.
#
#   1. the fio-log scanner: a timeseries chart of a SCAN_MIB fio clat log
#      of every I/O, against wc -l on the same file (aim: within 3x),
#      and the ingest of the same log, which reads it with that scanner
#   2. a timeseries of a 2,000,000-line fio bw log against matplotlib
#      (aim: 100x faster)
#   3. the overhead of a 1M-row results.csv against pandas (aim: 10x
#      faster, peak memory at most a quarter of pandas's)
#
# ENCBENCH (default build/encbench), PYTHON (/usr/bin/python3), ROUNDS (3),
# SCAN_MIB (256), TS_LINES (2000000), OV_ROWS (1000000), W (a scratch folder; default a new one in /dev/shm),
set -eu
ROOT=$(cd "$(dirname "$0")/.." && pwd)
ENCBENCH=${ENCBENCH:-$ROOT/build/encbench}
PY=${PYTHON:-/usr/bin/python3}
ROUNDS=${ROUNDS:-3}
SCAN_MIB=${SCAN_MIB:-256}
TS_LINES=${TS_LINES:-2000000}
OV_ROWS=${OV_ROWS:-1000000}
if [ -z "${W:-}" ]; then
	W=$(mktemp -d /dev/shm/encbench-inter.XXXXXX 2>/dev/null || mktemp -d)
	trap 'rm -rf "$W"' EXIT INT TERM
fi
cd "$ROOT"
. "$ROOT/bench/lib.sh"
load0=$(cut -d' ' -f1-3 /proc/loadavg)

cpus() { "$PY" -c 'import sys; print(f"{float(sys.argv[1]):.2f} s")' "$1"; }

echo "interleave: a $SCAN_MIB MiB fio clat log of every I/O" >&2
gen_clat_log "$W/big_clat.1.log" "$SCAN_MIB"
bytes=$(wc -c <"$W/big_clat.1.log")
interleave scan "$ENCBENCH" chart --kind timeseries -o "$W/big.png" "$W/big_clat.1.log" -- \
	wc -l "$W/big_clat.1.log"
scan_e=$ta scan_w=$tb scan_ce=$ca scan_cw=$cb scan_m=$ma
interleave ingest "$ENCBENCH" ingest -q --format fio-log "$W/big_clat.1.log" -o "$W/log.csv" -- \
	wc -l "$W/big_clat.1.log"
ing_e=$ta ing_w=$tb ing_ce=$ca ing_cw=$cb ing_m=$ma
rm -f "$W/big_clat.1.log"

echo "interleave: a $TS_LINES-line fio bw log against matplotlib" >&2
gen_bw_log "$W/ts_bw.1.log" "$TS_LINES"
interleave ts "$ENCBENCH" chart --kind timeseries -o "$W/ts.png" "$W/ts_bw.1.log" -- \
	"$PY" bench/ts_matplotlib.py "$W/ts_bw.1.log" "$W/mpl.png"
ts_e=$ta ts_p=$tb ts_ce=$ca ts_cp=$cb ts_me=$ma ts_mp=$mb

echo "interleave: the overhead of a $OV_ROWS-row results.csv against pandas" >&2
"$PY" bench/gen_results.py "$OV_ROWS" "$W/r1m.csv"
interleave ov "$ENCBENCH" overhead --csv "$W/r1m.csv" -o "$W/eb.csv" -- \
	"$PY" bench/overhead_pandas.py "$W/r1m.csv" "$W/pd.csv"
ov_e=$ta ov_p=$tb ov_ce=$ca ov_cp=$cb ov_me=$ma ov_mp=$mb

mib=$((bytes / 1048576))
echo "| benchmark (median of $ROUNDS interleaved rounds; user + system CPU in brackets) | encbench | the other tool | ratio | aim |"
echo "|---|---|---|---|---|"
echo "| scanner: timeseries chart of a $mib MiB fio clat log of every I/O ($(nproc) CPUs, peak $scan_m MiB) | $(fmt "$scan_e") [$(cpus "$scan_ce")] | wc -l $(fmt "$scan_w") [$(cpus "$scan_cw")] | $(ratio "$scan_e" "$scan_w")× of it | ≤ 3× |"
echo "| ingest of the same log (the same scanner, lat_mean and lat_p99; peak $ing_m MiB) | $(fmt "$ing_e") [$(cpus "$ing_ce")] | wc -l $(fmt "$ing_w") [$(cpus "$ing_cw")] | $(ratio "$ing_e" "$ing_w")× of it | ≤ 3× |"
echo "| timeseries of a $TS_LINES-line fio bw log (peak $ts_me MiB vs $ts_mp MiB) | $(fmt "$ts_e") [$(cpus "$ts_ce")] | matplotlib $(fmt "$ts_p") [$(cpus "$ts_cp")] | $(ratio "$ts_p" "$ts_e")× faster | ≥ 100× |"
echo "| overhead of a $OV_ROWS-row results.csv (peak $ov_me MiB vs $ov_mp MiB: $("$PY" -c 'import sys; print(f"{int(sys.argv[1]) / int(sys.argv[2]):.2f}")' "$ov_me" "$ov_mp") of it) | $(fmt "$ov_e") [$(cpus "$ov_ce")] | pandas $(fmt "$ov_p") [$(cpus "$ov_cp")] | $(ratio "$ov_p" "$ov_e")× faster | ≥ 10×, peak ≤ 0.25 of pandas's |"
echo
echo "Load average $load0 before, $(cut -d' ' -f1-3 /proc/loadavg) after. The scanner read the log at $("$PY" -c 'import sys; print(f"{int(sys.argv[1]) / float(sys.argv[2]) / 1e9:.2f}")' "$bytes" "$scan_e") GB/s (whole process, the chart drawn included)."
