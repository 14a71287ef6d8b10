#!/usr/bin/python3
# make-samples.py - writes samples/zfs-series: illustrative run directories
# of a ZFS encryption series (three Ubuntu releases, nine modes, dd and fio,
# three repetitions, and an AES-NI-off config), in the real output formats
# of GNU dd 9.x and fio (from a real fio 3.33 JSON document). The numbers
# are made up, shaped after published ZFS-encryption figures; they are
# examples of the formats, never measurements. Run from the repository root:
#   /usr/bin/python3 scripts/make-samples.py
import copy
import json
import os
import random
import shutil

OUT = "samples/zfs-series"
TEMPLATE = json.load(open("scripts/fio-3.33-template.json"))
rng = random.Random(2404)

MODES = ["none", "aes-128-ccm", "aes-192-ccm", "aes-256-ccm", "aes-128-gcm",
         "aes-192-gcm", "aes-256-gcm", "luks-xts-512", "luks-xts-4k"]
# Throughput an encrypted mode keeps of the unencrypted one in 24.04, with
# AES-NI: writes, reads.
KEEP = {
    "none": (1.0, 1.0),
    "aes-128-ccm": (0.205, 0.215), "aes-192-ccm": (0.19, 0.2), "aes-256-ccm": (0.178, 0.186),
    "aes-128-gcm": (0.885, 0.865), "aes-192-gcm": (0.874, 0.853), "aes-256-gcm": (0.862, 0.841),
    "luks-xts-512": (0.71, 0.73), "luks-xts-4k": (0.81, 0.83),
}
RELEASES = {
    # release: (baseline factor, points of throughput GCM loses more, metadata)
    "22.04": (0.91, 0.07, {"kernel": "5.15.0-91-generic", "zfs_userland": "zfs-2.1.5-1ubuntu6~22.04.2",
                           "zfs_module": "2.1.5-1ubuntu6~22.04.1", "cryptsetup": "cryptsetup 2.4.3",
                           "tools": {"dd": "dd (coreutils) 8.32", "fio": "fio-3.28", "bonnie++": ""}}),
    "23.10": (0.95, 0.035, {"kernel": "6.5.0-14-generic", "zfs_userland": "zfs-2.2.0-0ubuntu1~23.10",
                            "zfs_module": "2.2.0-0ubuntu1~23.10", "cryptsetup": "cryptsetup 2.6.1",
                            "tools": {"dd": "dd (coreutils) 9.1", "fio": "fio-3.35", "bonnie++": ""}}),
    "24.04": (1.0, 0.0, {"kernel": "6.8.0-31-generic", "zfs_userland": "zfs-2.2.2-0ubuntu9",
                         "zfs_module": "2.2.2-0ubuntu9", "cryptsetup": "cryptsetup 2.7.0",
                         "tools": {"dd": "dd (coreutils) 9.4", "fio": "fio-3.36", "bonnie++": ""}}),
}
# Unencrypted throughput of the RAM-disk RAIDZ2 pool in 24.04 (B/s).
BASE = {"dd-write": 1.62e9, "dd-read": 3.05e9, "seq-write": 1.51e9, "seq-read": 2.84e9,
        "rand-write": 1.86e8, "rand-read": 4.9e8}
SIZE = 2 << 30
BS = 1 << 20
RAND_BS = 4096


def keep(mode, test, release, config):
    w, r = KEEP[mode]
    k = w if test.endswith("write") else r
    if mode != "none" and "gcm" in mode:
        k -= RELEASES[release][1]
    if test.startswith("rand"):
        k = 1 - (1 - k) * 0.6  # small blocks wait on more than the cipher
    if config == "no-aesni" and mode != "none":
        k *= 0.24 if "gcm" in mode else 0.55 if "ccm" in mode else 0.33
    return k


def noisy(v):
    return v * rng.gauss(1, 0.012)


def human_si(n):
    for unit, div in (("GB", 1e9), ("MB", 1e6), ("kB", 1e3)):
        if n >= div:
            v = n / div
            return f"{v:.1f} {unit}" if v < 10 else f"{v:.0f} {unit}"
    return f"{n} B"


def human_iec(n):
    for unit, div in (("GiB", 1 << 30), ("MiB", 1 << 20), ("KiB", 1 << 10)):
        if n >= div:
            v = n / div
            return f"{v:.1f} {unit}" if v < 10 else f"{v:.0f} {unit}"
    return f"{n} B"


def dd_text(bw):
    secs = float(f"{SIZE / bw:.6g}")
    rate = SIZE / secs
    rate_s = human_si(rate).replace(" ", " ") + "/s"
    n = SIZE // BS
    return (f"{n}+0 records in\n{n}+0 records out\n"
            f"{SIZE} bytes ({human_si(SIZE)}, {human_iec(SIZE)}) copied, {secs:g} s, {rate_s}\n")


def fio_json(job, bw, release, when):
    wl, op = job.split("-")
    bs = BS if wl == "seq" else RAND_BS
    d = copy.deepcopy(TEMPLATE)
    d["fio version"] = RELEASES[release][2]["tools"]["fio"]
    d["timestamp"] = when
    d["timestamp_ms"] = when * 1000
    d["time"] = "Thu May  2 10:00:00 2024"
    g = d["global options"]
    g["directory"] = "/run/encbench/mnt"
    g["size"] = str(SIZE)
    g["bs"] = str(bs)
    if op == "read":
        g.pop("end_fsync", None)
        g["invalidate"] = "1"
    j = d["jobs"][0]
    j["jobname"] = job
    j["job options"] = {"rw": ("rand" + op) if wl == "rand" else op}
    idle = copy.deepcopy(j["read"])  # the template wrote only: read is all zeros
    stats = copy.deepcopy(j["write"])
    iops = bw / bs
    runtime_ms = int(SIZE / bw * 1000)
    clat = 1e9 / iops * 0.93
    stats.update({
        "io_bytes": SIZE, "io_kbytes": SIZE // 1024, "bw_bytes": int(bw), "bw": int(bw / 1024),
        "iops": iops, "runtime": runtime_ms, "total_ios": SIZE // bs,
        "bw_min": int(bw / 1024 * 0.8), "bw_max": int(bw / 1024 * 1.15), "bw_agg": 100.0,
        "bw_mean": bw / 1024, "bw_dev": bw / 1024 * 0.05, "bw_samples": max(2, runtime_ms // 500),
        "iops_min": int(iops * 0.8), "iops_max": int(iops * 1.15), "iops_mean": iops,
        "iops_stddev": iops * 0.05, "iops_samples": max(2, runtime_ms // 500),
    })
    stats["slat_ns"] = {"min": 0, "max": 0, "mean": 0.0, "stddev": 0.0, "N": 0}
    pct = {k: int(clat * f) for k, f in (
        ("1.000000", 0.55), ("5.000000", 0.6), ("10.000000", 0.66), ("20.000000", 0.72),
        ("30.000000", 0.8), ("40.000000", 0.88), ("50.000000", 0.95), ("60.000000", 1.02),
        ("70.000000", 1.1), ("80.000000", 1.2), ("90.000000", 1.38), ("95.000000", 1.6),
        ("99.000000", 2.4), ("99.500000", 3.1), ("99.900000", 6.0), ("99.950000", 9.0),
        ("99.990000", 20.0))}
    stats["clat_ns"] = {"min": int(clat * 0.4), "max": int(clat * 60), "mean": clat,
                        "stddev": clat * 0.5, "N": SIZE // bs, "percentile": pct}
    stats["lat_ns"] = {"min": int(clat * 0.42), "max": int(clat * 61), "mean": clat * 1.03,
                       "stddev": clat * 0.52, "N": SIZE // bs}
    j["read"], j["write"] = (stats, idle) if op == "read" else (idle, stats)
    j["elapsed"] = max(1, runtime_ms // 1000 + 1)
    j["job_runtime"] = runtime_ms
    busy = min(95.0, 12.0 + 30.0 * (1 - bw / 3e9))
    j["usr_cpu"] = round(busy * 0.3, 6)
    j["sys_cpu"] = round(busy * 0.7, 6)
    d["disk_util"] = []
    return json.dumps(d, indent=2) + "\n"


def meta(release, config):
    m = {
        "release": release, "config": config, "host": "framework-i5-1135g7",
        "date": f"20{release[:2]}-{release[3:]}-15T10:00:00Z",
        "illustrative": "made-up numbers in real output formats; not measurements",
        "cpu": "11th Gen Intel(R) Core(TM) i5-1135G7 @ 2.40GHz",
        "cpu_flags": {"aes": config != "no-aesni", "avx2": True, "vaes": config != "no-aesni"},
        "cores": 8, "memory_bytes": 34359738368,
    }
    m.update(copy.deepcopy(RELEASES[release][2]))
    m["runner"] = {"version": "0.1.0", "backend": "zfs", "modes": ",".join(MODES),
                   "tests": "dd,fio", "size": SIZE, "bs": BS, "rand_bs": RAND_BS, "reps": 3,
                   "vdevs": 6, "layout": "raidz2"}
    return m


def write_run(release, config):
    name = release if config == "default" else f"{release}-{config}"
    root = os.path.join(OUT, name)
    when = 1714644000
    expected = []
    base_factor = RELEASES[release][0]
    for mode in MODES:
        os.makedirs(os.path.join(root, mode), exist_ok=True)
        for rep in (1, 2, 3):
            for test in ("dd-write", "dd-read"):
                bw = noisy(BASE[test] * base_factor * keep(mode, test.split("-")[1], release, config))
                rel = f"{mode}/{test}-r{rep}.txt"
                open(os.path.join(root, rel), "w").write(dd_text(bw))
                expected.append(rel)
            for job in ("seq-write", "seq-read", "rand-write", "rand-read"):
                bw = noisy(BASE[job] * base_factor * keep(mode, job, release, config))
                rel = f"{mode}/fio-{job}-r{rep}.json"
                when += 7
                open(os.path.join(root, rel), "w").write(fio_json(job, bw, release, when))
                expected.append(rel)
    m = meta(release, config)
    m["expected"] = expected
    json.dump(m, open(os.path.join(root, "meta.json"), "w"), indent=2)
    open(os.path.join(root, "meta.json"), "a").write("\n")


shutil.rmtree(OUT, ignore_errors=True)
for rel in ("22.04", "23.10", "24.04"):
    write_run(rel, "default")
write_run("24.04", "no-aesni")
