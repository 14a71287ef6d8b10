#!/usr/bin/python3
# ts_matplotlib.py - the reference of bench/chart.sh: matplotlib plots a fio
# bw log (time_ms, KiB/s, dir, bs) one line per direction, as most people
# would, and saves a PNG of the size encbench draws.
import sys

import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt
import numpy as np

log, out = sys.argv[1], sys.argv[2]
data = np.loadtxt(log, delimiter=",", usecols=(0, 1, 2))
fig, ax = plt.subplots(figsize=(8, 4), dpi=100)
for d, name in ((0, "read"), (1, "write")):
    sel = data[:, 2] == d
    if sel.any():
        ax.plot(data[sel, 0] / 1000, data[sel, 1] * 1024 / 1e6, lw=0.6, label=name)
ax.set_xlabel("time, s")
ax.set_ylabel("MB/s")
ax.legend()
fig.savefig(out)
