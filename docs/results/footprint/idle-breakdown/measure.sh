#!/usr/bin/env bash
# By hand: an admin isolate and three idle combined domains (no application), then the
# footprint breakdown of each isolate (FootprintProbe.detailed) and, with KSM=1, the same
# after the kernel's same-page merging had a minute to scan them. Needs root for KSM; NOASLR=1 KSM=1
# also turns address-space randomisation off for them.
# COMPARE_JVM_OPTIONS="-XX:..." adds two idle domains whose isolates get those JVM options
# (config/domain.json) beside the three, each with its private memory from smaps_rollup; options
# that change the AOT cache's key get a cache of their own, which the runtime records when the
# first of them starts, so both are started again once it is there.
set -euo pipefail
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/../../../.." && pwd)"
cd "$repo"
. bin/lib/jdk.sh
dir="$(mktemp -d /tmp/idle-breakdown.XXXXXX)"
port=4949
export ISOLA_ADMIN_PASSWORD="${ISOLA_ADMIN_PASSWORD:-idle-breakdown}"
deploy_tool() { bin/deploy-tool --url http://127.0.0.1:$port --domains-dir="$dir" "$@"; }
start=(bin/appserver start --domains-dir="$dir" --port=$port)
if [ "${KSM:-0}" = 1 ]; then
  echo 1 > /sys/kernel/mm/ksm/run
  # PR_SET_MEMORY_MERGE (67): every mapping of the process and of the processes it starts may be merged.
  # NOASLR=1: without address-space randomisation (setarch -R; inherited by every process it starts), so that
  # pages holding addresses (of libjvm, the code cache, malloc) can come out the same in every isolate.
  no_aslr=(); [ "${NOASLR:-0}" = 1 ] && no_aslr=(setarch -R)
  "${no_aslr[@]}" python3 -c 'import ctypes,os,sys; assert ctypes.CDLL(None).prctl(67,1,0,0,0)==0; os.execvp(sys.argv[1], sys.argv[1:])' "${start[@]}"
else
  "${start[@]}"
fi
for i in 1 2 3; do
  deploy_tool create-domain idle$i --mode combined --port 819$i --start
done
if [ -n "${COMPARE_JVM_OPTIONS:-}" ]; then
  for i in 1 2; do
    deploy_tool create-domain compare$i --mode combined --port 829$i
    python3 - "$dir/compare$i/config/domain.json" $COMPARE_JVM_OPTIONS <<'PY'
import json, sys
path, options = sys.argv[1], sys.argv[2:]
config = json.load(open(path))
config["isolates"]["server"]["jvmOptions"] = options
json.dump(config, open(path, "w"), indent=2)
PY
    deploy_tool start-domain compare$i
  done
  if grep -q "starts without its AOT cache" "$dir/.admin/admin.log"; then
    until grep -q "recorded the AOT cache" "$dir/.admin/admin.log"; do sleep 5; done
    for i in 1 2; do deploy_tool stop-domain compare$i; deploy_tool start-domain compare$i; done
  fi
fi
sleep "${SETTLE:-10}"
[ "${KSM:-0}" = 1 ] && sleep 60 && cat /sys/kernel/mm/ksm/pages_sharing
args=()
for pid in $(pgrep -f IsolateBootstrap); do
  name="$(ps -o args= -p "$pid" | grep -o 'isolates/[a-z0-9]*' | head -1)"
  args+=("$pid" "$name")
  [ -n "${COMPARE_JVM_OPTIONS:-}" ] && echo "$pid $name $(grep -E '^(Rss|Private_Clean|Private_Dirty)' /proc/$pid/smaps_rollup | awk '{s=s" "$1$2} END{print s}')"
done
"$JAVA_HOME/bin/java" -cp "mvm/target/image/lib/*" docs/results/footprint/idle-breakdown/Probe.java "${args[@]}"
bin/appserver stop --domains-dir="$dir" --port=$port
[ "${KSM:-0}" = 1 ] && echo 2 > /sys/kernel/mm/ksm/run && echo 0 > /sys/kernel/mm/ksm/run
rm -rf "$dir"
