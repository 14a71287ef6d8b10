#!/bin/sh
# interleave.sh - the three speed ratios of fio logs and overheads, each the
# median of ROUNDS rounds in which encbench and the other tool run one after
# the other (interleaved, so that a busy machine slows both alike), with
# peak memory; prints a markdown table for bench/RESULTS.md.
#
#   1. a 1 GB fio clat log of every I/O: encbench's scanner (a timeseries
#      chart of it) and its ingest (lat_mean and lat_p99), against wc -l on
#      the same file
#   2. a timeseries of a 2,000,000-line fio bw log against matplotlib
#   3. the overhead of a 1M-row results.csv against pandas
#
# ENCBENCH (default build/encbench), PYTHON (/usr/bin/python3), ROUNDS (3),
# W (a scratch folder; default a new one in /dev/shm).
set -eu
ROOT=$(cd "$(dirname "$0")/.." && pwd)
ENCBENCH=${ENCBENCH:-$ROOT/build/encbench}
PY=${PYTHON:-/usr/bin/python3}
ROUNDS=${ROUNDS:-3}
if [ -z "${W:-}" ]; then
	W=$(mktemp -d /dev/shm/encbench-inter.XXXXXX 2>/dev/null || mktemp -d)
	trap 'rm -rf "$W"' EXIT INT TERM
fi
cd "$ROOT"

# Seconds of wall time of one run of a command, its output thrown away.
wall() {
	"$PY" - "$@" <<'EOF'
import subprocess, sys, time
t = time.perf_counter()
subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
print(f"{time.perf_counter() - t:.6f}")
EOF
}

median() { # numbers, one a line, on stdin
	"$PY" -c 'import statistics, sys; print(statistics.median(float(x) for x in sys.stdin))'
}

peak_mib() { # the peak RSS of a command, in MiB
	/usr/bin/time -f %M "$@" 2>&1 >/dev/null | tail -n 1 | awk '{ printf "%.0f", $1 / 1024 }'
}

# interleave NAME A... -- B...: ROUNDS rounds of A then B; sets ta, tb.
interleave() {
	name=$1
	shift
	a="" b="" side=a
	for arg; do
		if [ "$arg" = "--" ]; then side=b; continue; fi
		if [ "$side" = a ]; then a="$a '$arg'"; else b="$b '$arg'"; fi
	done
	: >"$W/$name.a"
	: >"$W/$name.b"
	eval "wall $a" >/dev/null	# warm the page cache
	i=0
	while [ "$i" -lt "$ROUNDS" ]; do
		eval "wall $a" >>"$W/$name.a"
		eval "wall $b" >>"$W/$name.b"
		i=$((i + 1))
	done
	ta=$(median <"$W/$name.a")
	tb=$(median <"$W/$name.b")
}

fmt() { "$PY" -c 'import sys; print(f"{float(sys.argv[1]):.3f} s")' "$1"; }
ratio() { "$PY" -c 'import sys; print(f"{float(sys.argv[1]) / float(sys.argv[2]):.1f}")' "$1" "$2"; }
gbps() { "$PY" -c 'import sys; print(f"{(1 << 30) / float(sys.argv[1]) / 1e9:.2f} GB/s")' "$1"; }

echo "interleave: a 1 GB fio clat log of every I/O" >&2
"$PY" - "$W/big_clat.1.log" <<'EOF'
import sys
with open(sys.argv[1], "w") as f:
    size, t, chunk = 0, 0, []
    while size < 1 << 30:
        s = f"{t // 8}, {20000 + (t * 7919) % 900000}, {t % 3 == 0:d}, 4096, {t * 4096}\n"
        chunk.append(s)
        size += len(s)
        t += 1
        if len(chunk) == 100000:
            f.write("".join(chunk))
            chunk = []
    f.write("".join(chunk))
EOF
interleave scan "$ENCBENCH" chart --kind timeseries -o "$W/big.png" "$W/big_clat.1.log" -- \
	wc -l "$W/big_clat.1.log"
scan_e=$ta scan_w=$tb
scan_m=$(peak_mib "$ENCBENCH" chart --kind timeseries -o "$W/big.png" "$W/big_clat.1.log")
interleave ingest "$ENCBENCH" ingest -q --format fio-log "$W/big_clat.1.log" -o "$W/log.csv" -- \
	wc -l "$W/big_clat.1.log"
ing_e=$ta ing_w=$tb
ing_m=$(peak_mib "$ENCBENCH" ingest -q --format fio-log "$W/big_clat.1.log" -o "$W/log.csv")
rm -f "$W/big_clat.1.log"

echo "interleave: a 2,000,000-line fio bw log against matplotlib" >&2
"$PY" - "$W/ts_bw.1.log" <<'EOF'
import sys
import numpy as np
rng = np.random.default_rng(1)
n = 2_000_000
t = np.cumsum(rng.integers(0, 3, n))
v = (400000 + 60000 * np.sin(t / 20000.0) + rng.normal(0, 40000, n)).clip(1000).astype(np.int64)
d = (rng.random(n) < 0.3).astype(int)
with open(sys.argv[1], "w") as f:
    f.write("".join(f"{a}, {b}, {c}, 131072\n" for a, b, c in zip(t.tolist(), v.tolist(), d.tolist())))
EOF
interleave ts "$ENCBENCH" chart --kind timeseries -o "$W/ts.png" "$W/ts_bw.1.log" -- \
	"$PY" bench/ts_matplotlib.py "$W/ts_bw.1.log" "$W/mpl.png"
ts_e=$ta ts_p=$tb
ts_me=$(peak_mib "$ENCBENCH" chart --kind timeseries -o "$W/ts.png" "$W/ts_bw.1.log")
ts_mp=$(peak_mib "$PY" bench/ts_matplotlib.py "$W/ts_bw.1.log" "$W/mpl.png")

echo "interleave: the overhead of a 1M-row results.csv against pandas" >&2
"$PY" bench/gen_results.py 1000000 "$W/r1m.csv"
interleave ov "$ENCBENCH" overhead --csv "$W/r1m.csv" -o "$W/eb.csv" -- \
	"$PY" bench/overhead_pandas.py "$W/r1m.csv" "$W/pd.csv"
ov_e=$ta ov_p=$tb
ov_me=$(peak_mib "$ENCBENCH" overhead --csv "$W/r1m.csv" -o "$W/eb.csv")
ov_mp=$(peak_mib "$PY" bench/overhead_pandas.py "$W/r1m.csv" "$W/pd.csv")

echo "| benchmark (median of $ROUNDS interleaved rounds) | encbench | the other tool | ratio | aim |"
echo "|---|---|---|---|---|"
echo "| scanner: timeseries chart of a 1 GB fio clat log of every I/O ($(nproc) CPUs, peak $scan_m MiB) | $(fmt "$scan_e") | wc -l $(fmt "$scan_w") | $(ratio "$scan_e" "$scan_w")× of it | ≤ 3× |"
echo "| ingest of the same log (one thread: the driver reads it line by line; peak $ing_m MiB) | $(fmt "$ing_e") | wc -l $(fmt "$ing_w") | $(ratio "$ing_e" "$ing_w")× of it | ≤ 3× |"
echo "| timeseries of a 2,000,000-line fio bw log (peak $ts_me MiB vs $ts_mp MiB) | $(fmt "$ts_e") | matplotlib $(fmt "$ts_p") | $(ratio "$ts_p" "$ts_e")× faster | ≥ 100× |"
echo "| overhead of a 1M-row results.csv (peak $ov_me MiB vs $ov_mp MiB) | $(fmt "$ov_e") | pandas $(fmt "$ov_p") | $(ratio "$ov_p" "$ov_e")× faster | ≥ 10× |"
echo
echo "Whole processes: the scanner read the 1 GB log at $(gbps "$scan_e") (the chart drawn"
echo "included), ingest at $(gbps "$ing_e")."
