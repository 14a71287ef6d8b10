#!/usr/bin/python3
# make_chart_fixtures.py - writes the small chart fixtures of tests/data/charts
# that series.csv does not cover: a block-size sweep (the heatmap by block
# size), labels that try to break SVG, gnuplot and the shell (escaping tests),
# and a short fio bw log with two directions (the timeseries goldens).
# Run from the top of the checkout; the output is deterministic.
import numpy as np

HEADER = ("release,host,config,mode,tool,job,workload,op,block_size,metric,unit,"
          "rep,value,source\n")

rng = np.random.default_rng(11)
rows = []
# Encryption costs more per byte at large blocks, where the device is fast.
for bs, none_r, none_w, io in ((4096, 4.6e8, 2.9e8, 0.5), (16384, 1.2e9, 8.0e8, 0.3),
                               (131072, 2.6e9, 1.6e9, 0.1), (1048576, 3.3e9, 2.0e9, 0.0)):
    for mode, keep in (("none", 1.0), ("aes-128-gcm", 0.94), ("aes-256-gcm", 0.92),
                       ("aes-256-ccm", 0.18), ("luks-xts-4k", 0.72)):
        for op, base in (("read", none_r), ("write", none_w)):
            mean = base * (io + (1 - io) * keep)
            for rep in range(1, 4):
                v = rng.normal(mean, mean * 0.01)
                rows.append(f"24.04,nvme-box,default,{mode},fio,seq-{op},seq,{op},{bs},bw,"
                            f"B/s,{rep},{round(float(v), 1)},gen:{len(rows) + 2}")
with open("tests/data/charts/blocksizes.csv", "w") as f:
    f.write(HEADER + "\n".join(rows) + "\n")

# Mode names and a host that are markup, quotes, shell and gnuplot syntax.
nasty = ['<script>alert("x")</script>', "a&b <i>", "q\"uote's", "pipe|mode",
         "back`touch PWNED`tick", "new\nline", "gp @macro $(id) \\n"]
rows = []
for rel in ("1.0", "2.0"):
    for mode, keep in [("none", 1.0)] + [(m, 0.5 + 0.05 * i) for i, m in enumerate(nasty)]:
        for op in ("read", "write"):
            for rep in range(1, 3):
                v = 1e9 * keep * (1.1 if rel == "2.0" else 1.0) * (1 + 0.01 * rep)
                cell = '"' + mode.replace('"', '""') + '"'
                rows.append(f'{rel},"host & <b>",default,{cell},fio,"job\'s ""x""",seq,{op},'
                            f"65536,bw,B/s,{rep},{v:.1f},gen")
with open("tests/data/charts/escape.csv", "w") as f:
    f.write(HEADER + "\n".join(rows) + "\n")

# Two minutes of fio 3.x bw log, read and write, one sample a second each.
with open("tests/data/charts/seq_bw.1.log", "w") as f:
    for t in range(0, 120000, 1000):
        for d, base in ((0, 2.2e6), (1, 1.5e6)):
            v = base * (1 + 0.1 * np.sin(t / 9000.0)) + rng.normal(0, base * 0.03)
            f.write(f"{t + d}, {int(v)}, {d}, 131072, 0\n")
