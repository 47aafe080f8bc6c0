"""Deoptimizations and compilations per isolate, from JFR recordings made with deopt.jfc.

Usage: jfr_deoptimizations.py <pid>=<configuration> ... ; reads deopt-<pid>.json and comp-<pid>.json,
written by `jfr print --json --events jdk.Deoptimization` and `--events jdk.Compilation`.
Prints one CSV row per isolate.
"""
import collections
import json
import sys

print("configuration,pid,deoptimizations,of_derby_methods,unstable_if,array_check,class_checks,compilations,tier4_compilations")
for pair in sys.argv[1:]:
    pid, configuration = pair.split("=")
    deopts = json.load(open(f"deopt-{pid}.json"))["recording"]["events"]
    compilations = json.load(open(f"comp-{pid}.json"))["recording"]["events"]
    reasons = collections.Counter(e["values"]["reason"] for e in deopts)
    derby = sum(1 for e in deopts if "derby" in json.dumps(e["values"].get("method", {})).lower())
    class_checks = sum(v for k, v in reasons.items() if "class_check" in k or "type_check" in k)
    tier4 = sum(1 for e in compilations if e["values"].get("compileLevel") == 4)
    print(",".join(str(x) for x in [configuration, pid, len(deopts), derby, reasons["unstable_if"], reasons["array_check"],
                                    class_checks, len(compilations), tier4]))
