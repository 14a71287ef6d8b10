#!/usr/bin/python3
# gen_decade.py OUT [RELEASES HOSTS CONFIGS REPS] - a results.csv shaped like
# ten years of release rounds: by default 20 releases x 3 hosts x 3 configs x
# 9 modes x 6 tests x 5 runs (178,200 records). Deterministic; made-up
# numbers with the shape of published ones, for the report's scale tests.
import math
import random
import sys

out_path = sys.argv[1]
nrel, nhost, nconf, nrep = (int(a) for a in (sys.argv[2:6] + ["20", "3", "3", "5"][len(sys.argv[2:6]):]))

releases = [f"{y}.{m:02d}" for y in range(16, 26) for m in (4, 10)][-nrel:]
hosts = [("laptop-i5-1135g7", 1.0, 1.0), ("server-epyc-7302", 1.6, 0.8),
         ("nas-atom-c3758", 0.45, 1.6)][:nhost]
configs = [("default", 1.0), ("no-aesni", 1.0), ("2-cores", 0.9)][:nconf]
modes = ["none", "aes-128-ccm", "aes-192-ccm", "aes-256-ccm", "aes-128-gcm",
         "aes-192-gcm", "aes-256-gcm", "luks-xts-512", "luks-xts-4k"]
# tool, job, workload, op, block size, baseline B/s on the laptop, noise
tests = [("dd", "dd", "", "write", 1048576, 1.6e9, 0.012),
         ("dd", "dd", "", "read", 1048576, 3.0e9, 0.012),
         ("fio", "seq-write", "seq", "write", 1048576, 1.5e9, 0.015),
         ("fio", "seq-read", "seq", "read", 1048576, 2.8e9, 0.015),
         ("fio", "rand-write", "rand", "write", 4096, 1.9e8, 0.04),
         ("fio", "rand-read", "rand", "read", 4096, 4.8e8, 0.04)]


def cost(mode, config, rand, year, hostcost):
    """The share of throughput a mode loses: GCM gets cheaper with the
    years (ZFS 0.8 to 2.2), CCM and XTS stay where they are; without
    AES-NI everything is several times slower."""
    if mode == "none":
        return 0.0
    keybits = int(mode.split("-")[1]) if mode.startswith("aes") else 256
    if config == "no-aesni":
        base = {"ccm": 0.89, "gcm": 0.78, "xts": 0.72}
        c = base[mode.split("-")[2][:3] if mode.startswith("aes") else "xts"]
        return min(0.95, c * (0.8 if rand else 1.0) + 0.01 * (keybits - 128) / 64)
    if "ccm" in mode:
        c = (0.48 if rand else 0.79) + 0.012 * (keybits - 128) / 64
    elif "gcm" in mode:
        c = max(0.02, 0.26 - 0.014 * year) * (0.6 if rand else 1.0) + 0.008 * (keybits - 128) / 64
    else:
        c = (0.27 if mode.endswith("512") else 0.17) * (0.6 if rand else 1.0)
    if config == "2-cores":
        c = min(0.95, c * 1.25)
    return min(0.95, c * hostcost)


rng = random.Random(20)
with open(out_path, "w") as out:
    out.write("release,host,config,mode,tool,job,workload,op,block_size,metric,unit,rep,value,source\n")
    line = 2
    for ri, rel in enumerate(releases):
        year = ri / 2 + (20 - nrel) / 2
        for host, speed, hostcost in hosts:
            for config, cspeed in configs:
                for mode in modes:
                    for tool, job, wl, op, bs, bw0, noise in tests:
                        rand = wl == "rand"
                        mean = bw0 * speed * cspeed * (1 + 0.01 * year) * \
                            (1 - cost(mode, config, rand, year, hostcost))
                        for rep in range(1, nrep + 1):
                            bw = mean * (1 + rng.gauss(0, noise))
                            rows = [("bw", "B/s", bw)]
                            if tool == "fio":
                                iops = bw / bs
                                lat = 1e9 / iops * (4 if rand else 1)
                                busy = min(100.0, 20 + 60 * cost(mode, config, rand, year, hostcost)
                                           + rng.gauss(0, 2))
                                rows += [("iops", "1/s", iops), ("lat_mean", "ns", lat),
                                         ("lat_p99", "ns", lat * 2.4 * (1 + abs(rng.gauss(0, 0.05)))),
                                         ("cpu", "%", busy)]
                            for metric, unit, v in rows:
                                out.write(f"{rel},{host},{config},{mode},{tool},{job},{wl},{op},{bs},"
                                          f"{metric},{unit},{rep},{v!r},gen:{line}\n")
                                line += 1
