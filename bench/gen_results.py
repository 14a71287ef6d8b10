#!/usr/bin/python3
# gen_results.py N OUT - writes a results.csv of N records for the
# benchmarks: 20 releases x 9 modes x 4 configs x tests x metrics, with as
# many repetitions as it takes; deterministic.
import random
import sys

n = int(sys.argv[1])
out = open(sys.argv[2], "w")
rng = random.Random(1)
modes = ["none", "aes-128-ccm", "aes-192-ccm", "aes-256-ccm", "aes-128-gcm",
         "aes-192-gcm", "aes-256-gcm", "luks-xts-512", "luks-xts-4k"]
releases = [f"{y}.{m:02d}" for y in range(14, 24) for m in (4, 10)]
configs = ["default", "no-aesni", "2-cores", "4-cores"]
tests = [("fio", "seq-write", "seq", "write", 1048576), ("fio", "seq-read", "seq", "read", 1048576),
         ("fio", "rand-write", "rand", "write", 4096), ("fio", "rand-read", "rand", "read", 4096),
         ("dd", "dd", "", "write", 1048576), ("dd", "dd", "", "read", 1048576)]
# Values in each metric's plausible range (ingest refuses a CPU of 1e9 %).
metrics = [("bw", "B/s", 1e8, 3e9), ("iops", "1/s", 1e3, 1e6), ("lat_mean", "ns", 1e4, 1e7),
           ("lat_p99", "ns", 1e4, 5e7), ("cpu", "%", 1, 100)]
keys = [(r, c, m, t, met) for r in releases for c in configs for m in modes for t in tests for met in metrics]
out.write("release,host,config,mode,tool,job,workload,op,block_size,metric,unit,rep,value,source\n")
i = 0
rep = 1
while i < n:
    for (r, c, m, t, (met, unit, lo, hi)) in keys:
        if i >= n:
            break
        v = rng.uniform(lo, hi)
        out.write(f"{r},bench,{c},{m},{t[0]},{t[1]},{t[2]},{t[3]},{t[4]},{met},{unit},{rep},{v!r},gen:{i + 2}\n")
        i += 1
    rep += 1
