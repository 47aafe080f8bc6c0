#!/bin/bash
# Where a Tomcat + Derby server spends CPU until its first HTTP 200, per JVM flag set.
# Starts one server at a time (the benchmark's workload, the benchmark image's AOT cache),
# variants interleaved, and prints: repetition, variant, wall ms, process CPU ms, and the CPU
# ms of the main thread and the C1 and C2 compiler threads (from /proc/<pid>/task/*/stat).
# Needs bin/bench-isolates to have run once (it builds the jars and records the cache).
# Usage: probe.sh REPETITIONS VARIANT...   (variants: see flags() below)
set -euo pipefail
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/../../../.." && pwd)"
. "$repo/bin/lib/jdk.sh"
target="$repo/load-tests/target"
cp="$(ls "$target"/image/server/*.jar | tr '\n' ':' | sed 's/:$//')"
cache="$(ls "$target"/mvm-home/images/tomcat-derby/*/image.aot | head -1)"
isolate="-Xmx64m -Xmn4m -XX:+UseSerialGC -XX:+ExitOnOutOfMemoryError --enable-native-access=ALL-UNNAMED
 --sun-misc-unsafe-memory-access=allow -XX:+UnlockDiagnosticVMOptions -XX:ArchiveRelocationMode=0 -XX:AOTCache=$cache
 -Xss512k -XX:TrimNativeHeapInterval=1000"
flags() {
  case $1 in
    a) echo "";;                                   # plain JVM, default flags
    c) echo "$isolate";;                           # an isolate's command line, as JvmCommandLine builds it
    c1) echo "$isolate -XX:TieredStopAtLevel=1";;  # C1 only
    xmn8) echo "${isolate/-Xmn4m/-Xmn8m}";;        # twice the young generation
    noreplay) echo "$isolate -XX:-AOTReplayTraining";;  # ignore the cache's method profiles
    latec2) echo "$isolate -XX:Tier4InvocationThreshold=50000 -XX:Tier4MinInvocationThreshold=6000 -XX:Tier4CompileThreshold=60000";;
    latec2xmn8) echo "${isolate/-Xmn4m/-Xmn8m} -XX:Tier4InvocationThreshold=50000 -XX:Tier4MinInvocationThreshold=6000 -XX:Tier4CompileThreshold=60000";;
    *) echo "unknown variant $1" >&2; exit 2;;
  esac
}
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
reps=$1; shift
for r in $(seq "$reps"); do
  for v in "$@"; do
    port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
    dir="$(mktemp -d "$work/run.XXXX")"
    t0=$(date +%s%N)
    # shellcheck disable=SC2046
    "$JAVA_HOME/bin/java" $(flags "$v") -cp "$cp" dev.isola.loadtests.workload.TomcatDerbyServer "$port" "$dir" >"$dir/out.log" 2>&1 &
    pid=$!
    until curl -sf -o /dev/null "http://127.0.0.1:$port/items"; do sleep 0.005; done
    t1=$(date +%s%N)
    tick=$(getconf CLK_TCK)
    cpu() { awk -v t="$tick" '{s+=($14+$15)*1000/t} END {print s+0}' "$@"; }
    threads() { grep -l "$1" /proc/$pid/task/*/comm 2>/dev/null | sed 's/comm$/stat/' ; }
    # The launcher's first thread only waits; the main method runs on the second one named java.
    main=$(for f in $(threads '^java$'); do cpu "$f"; done | sort -n | tail -1)
    c1=$(cpu $(threads 'C1 Compiler') /dev/null)
    c2=$(cpu $(threads 'C2 Compiler') /dev/null)
    echo "$r $v $(( (t1 - t0) / 1000000 )) $(cpu /proc/$pid/stat) $main $c1 $c2"
    kill "$pid"; wait "$pid" 2>/dev/null || true
  done
done
