"""CPU time per request of each configuration, round by round.

Reads the benchmark's output with a millisecond timestamp before each line (raw/bench-*.txt) and
sample-cpu.sh's samples (utime + stime of every java process, once a second), gives each isolate
to the configuration during whose measurements it used at least 60 % of its CPU, and divides the
CPU its isolates used in a measurement (the 10 s before its "round" line) by the requests served.
Writes cpu-per-request.csv and cpu-per-request.png.
"""
import collections
import csv
import re
import sys

import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt

TICK_SECONDS = 0.01
bench, cpu = sys.argv[1], sys.argv[2]

windows = []  # (round, configuration, start ms, end ms, requests)
for line in open(bench):
    m = re.match(r"(\d+) round (\d+)/\d+ (\S+)\s+([\d.]+) req/s", line)
    if m:
        end = int(m.group(1))
        windows.append((int(m.group(2)), m.group(3), end - 10_000, end, float(m.group(4)) * 10))

samples = collections.defaultdict(list)
for line in open(cpu):
    t, pid, utime, stime = line.split()
    samples[pid].append((int(t), int(utime) + int(stime)))


def ticks_at(pid, t):
    points = samples[pid]
    previous = None
    for time, value in points:
        if time >= t:
            if previous is None:
                return value
            pt, pv = previous
            return pv + (value - pv) * (t - pt) / (time - pt)
        previous = (time, value)
    return points[-1][1]


def ticks(pid, start, end):
    return ticks_at(pid, end) - ticks_at(pid, start)


configurations = sorted({w[1] for w in windows})
owner = {}
for pid in samples:
    share = {c: sum(ticks(pid, a, b) for (_, cc, a, b, _) in windows if cc == c) for c in configurations}
    total = sum(share.values())
    best = max(share, key=share.get)
    if total > 50 and share[best] / total > 0.6:
        owner[pid] = best

rows = []
for (rnd, config, start, end, requests) in windows:
    cpu_seconds = sum(ticks(p, start, end) for p, o in owner.items() if o == config) * TICK_SECONDS
    rows.append({"round": rnd, "configuration": config, "requests": int(requests),
                 "cpu_seconds": round(cpu_seconds, 2), "cpu_ms_per_request": round(cpu_seconds * 1000 / requests, 4),
                 "cores_used": round(cpu_seconds / 10, 2), "isolates": sum(1 for o in owner.values() if o == config)})

with open("cpu-per-request.csv", "w", newline="") as f:
    writer = csv.DictWriter(f, fieldnames=list(rows[0]))
    writer.writeheader()
    writer.writerows(rows)

fig, (left, right) = plt.subplots(1, 2, figsize=(10, 4))
for config in configurations:
    mine = [r for r in rows if r["configuration"] == config]
    left.plot([r["round"] for r in mine], [r["cpu_ms_per_request"] for r in mine], marker="o", label=config)
    right.plot([r["round"] for r in mine], [r["cores_used"] for r in mine], marker="o", label=config)
left.set_title("CPU per request (ms)")
right.set_title("cores used by the configuration's isolates")
right.set_ylim(0, 2)
for axis in (left, right):
    axis.set_xlabel("round")
    axis.legend()
fig.tight_layout()
fig.savefig("cpu-per-request.png", dpi=100)
