"""Where each domain's CPU went, by thread and, for the request threads, by code kind.

Input: `perf script -F pid,tid,comm,time,ip,sym,dso` of a `perf record -a` taken during the
benchmark's rounds (JIT-compiled code named from /tmp/perf-<pid>.map, written by
`jcmd <pid> Compiler.perfmap` before the isolates stopped), and pid=configuration pairs.
Prints one CSV row per isolate.
"""
import collections
import re
import sys

lines, label = sys.argv[1], sys.argv[2]
configuration = dict(pair.split("=") for pair in sys.argv[3:])
threads = collections.defaultdict(collections.Counter)
kinds = collections.defaultdict(collections.Counter)
for line in open(lines):
    m = re.match(r"\s*(.*?)\s+(\d+)/(\d+)\s+([\d.]+):\s+([0-9a-f]+)\s+(.*)\((.*)\)$", line.rstrip())
    if not m or m.group(2) not in configuration:
        continue
    comm, pid, dso = m.group(1), m.group(2), m.group(7).split("/")[-1]
    thread = ("C2 compiler" if comm.startswith("C2") else "C1 compiler" if comm.startswith("C1")
              else "request" if comm.startswith("ForkJoinPool") else "other")
    threads[pid][thread] += 1
    if thread == "request":
        kinds[pid]["compiled Java" if dso.startswith("perf-") else "JVM runtime" if "libjvm" in dso
                   else "kernel" if "kernel" in dso else "other"] += 1

print("run,configuration,pid,samples,request_threads_pct,c2_compiler_pct,c1_compiler_pct,other_threads_pct,"
      "request_compiled_java_pct,request_jvm_runtime_pct,request_kernel_pct")
for pid, config in configuration.items():
    n = sum(threads[pid].values())
    r = sum(kinds[pid].values())
    pct = lambda c, k, d: round(100 * c[k] / d, 1)
    print(",".join(str(x) for x in [label, config, pid, n, pct(threads[pid], "request", n), pct(threads[pid], "C2 compiler", n),
                                    pct(threads[pid], "C1 compiler", n), pct(threads[pid], "other", n),
                                    pct(kinds[pid], "compiled Java", r), pct(kinds[pid], "JVM runtime", r), pct(kinds[pid], "kernel", r)]))
