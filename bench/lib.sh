# lib.sh - what the benchmark scripts share, sourced by bench/interleave.sh
# and bench/chart.sh: timing, medians, peak memory and the generated logs.
#
# The sourcing script sets PY (a Python with numpy, matplotlib and pandas).

# Seconds of wall time of one run of a command, its output thrown away; the
# user + system CPU seconds of the child go to the file named by $CPU_TO
# and its peak resident memory in KiB to the file named by $RSS_TO, when
# they are set. The command is run as an argument list, never as shell
# text.
wall() {
	"$PY" - "$@" <<'EOF'
import os, resource, subprocess, sys, time
t = time.perf_counter()
subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
w = time.perf_counter() - t
r = resource.getrusage(resource.RUSAGE_CHILDREN)
if os.environ.get("CPU_TO"):
    with open(os.environ["CPU_TO"], "a") as f:
        f.write(f"{r.ru_utime + r.ru_stime:.6f}\n")
if os.environ.get("RSS_TO"):
    with open(os.environ["RSS_TO"], "a") as f:
        f.write(f"{r.ru_maxrss}\n")
print(f"{w:.6f}")
EOF
}

median() { # numbers, one a line, on stdin
	"$PY" -c 'import statistics, sys; print(statistics.median(float(x) for x in sys.stdin))'
}

fmt() { "$PY" -c 'import sys; print(f"{float(sys.argv[1]):.3f} s")' "$1"; }
ratio() { "$PY" -c 'import sys; print(f"{float(sys.argv[1]) / float(sys.argv[2]):.1f}")' "$1" "$2"; }

# interleave NAME A... -- B...: one warm-up run of each, then ROUNDS rounds
# of A then B, so that a busy machine slows both alike. Sets ta and tb (the
# median wall seconds), ca and cb (the median user + system CPU seconds)
# and ma and mb (the median peak memory in MiB) of those rounds.
interleave() {
	name=$1
	shift
	# Each side's words, one per line of a file: they are read back as an
	# argument list, so that no path is ever shell text.
	: >"$W/$name.cmd.a"
	: >"$W/$name.cmd.b"
	side=a
	for arg; do
		if [ "$arg" = "--" ]; then side=b; continue; fi
		printf '%s\n' "$arg" >>"$W/$name.cmd.$side"
	done
	for s in a b; do
		: >"$W/$name.$s"
		: >"$W/$name.cpu.$s"
		: >"$W/$name.rss.$s"
		run_side "$W/$name.cmd.$s" >/dev/null	# warm the page cache
	done
	i=0
	while [ "$i" -lt "$ROUNDS" ]; do
		for s in a b; do
			CPU_TO="$W/$name.cpu.$s" RSS_TO="$W/$name.rss.$s" \
				run_side "$W/$name.cmd.$s" >>"$W/$name.$s"
		done
		i=$((i + 1))
	done
	ta=$(median <"$W/$name.a")
	tb=$(median <"$W/$name.b")
	ca=$(median <"$W/$name.cpu.a")
	cb=$(median <"$W/$name.cpu.b")
	ma=$(median <"$W/$name.rss.a" | awk '{ printf "%.0f", $1 / 1024 }')
	mb=$(median <"$W/$name.rss.b" | awk '{ printf "%.0f", $1 / 1024 }')
}

# wall of the command whose words file $1 holds, one a line.
run_side() {
	(
		words=$1
		set --
		while IFS= read -r word; do
			set -- "$@" "$word"
		done <"$words"
		wall "$@"
	)
}

# A fio bw log of N lines (time_ms, KiB/s, dir, bs): a sine around
# 400 MB/s with noise, 30 % writes; deterministic.
gen_bw_log() {
	"$PY" - "$1" "$2" <<'EOF'
import sys
import numpy as np
rng = np.random.default_rng(1)
n = int(sys.argv[2])
t = np.cumsum(rng.integers(0, 3, n))
v = (400000 + 60000 * np.sin(t / 20000.0) + rng.normal(0, 40000, n)).clip(1000).astype(np.int64)
d = (rng.random(n) < 0.3).astype(int)
with open(sys.argv[1], "w") as f:
    f.write("".join(f"{a}, {b}, {c}, 131072\n" for a, b, c in zip(t.tolist(), v.tolist(), d.tolist())))
EOF
}

# A fio clat log of every I/O (time_ms, ns, dir, bs, offset) of at least
# MIB mebibytes: eight I/Os a millisecond, a third of them writes.
gen_clat_log() {
	"$PY" - "$1" "$2" <<'EOF'
import sys
with open(sys.argv[1], "w") as f:
    size, t, limit = 0, 0, int(sys.argv[2]) << 20
    while size < limit:
        chunk = "".join([f"{u >> 3}, {20000 + (u * 7919) % 900000}, {int(u % 3 == 0)}, 4096, {u << 12}\n"
                         for u in range(t, t + 100000)])
        f.write(chunk)
        size += len(chunk)
        t += 100000
EOF
}

# The machine, for the results: CPU model, cores, memory, load average.
machine() {
	printf '%s, %s cores, %s GiB' "$(awk -F': ' '/^model name/ { print $2; exit }' /proc/cpuinfo)" \
		"$(nproc)" "$(free -g | awk '/^Mem:/ { print $2 }')"
}
