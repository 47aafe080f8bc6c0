#!/usr/bin/env bash
# By hand: an admin isolate and three idle combined domains (no application), then the
# footprint breakdown of each isolate (FootprintProbe.detailed) and, with KSM=1, the same
# after the kernel's same-page merging had a minute to scan them. Needs root for KSM.
set -euo pipefail
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/../../../.." && pwd)"
cd "$repo"
. bin/lib/jdk.sh
dir="$(mktemp -d /tmp/idle-breakdown.XXXXXX)"
port=4949
export ISOLA_ADMIN_PASSWORD="${ISOLA_ADMIN_PASSWORD:-idle-breakdown}"
start=(bin/appserver start --domains-dir="$dir" --port=$port)
if [ "${KSM:-0}" = 1 ]; then
  echo 1 > /sys/kernel/mm/ksm/run
  # PR_SET_MEMORY_MERGE (67): every mapping of the process and of the processes it starts may be merged.
  python3 -c 'import ctypes,os,sys; assert ctypes.CDLL(None).prctl(67,1,0,0,0)==0; os.execvp(sys.argv[1], sys.argv[1:])' "${start[@]}"
else
  "${start[@]}"
fi
for i in 1 2 3; do
  bin/deploy-tool --url http://127.0.0.1:$port --domains-dir="$dir" create-domain idle$i --mode combined --port 819$i --start
done
sleep "${SETTLE:-10}"
[ "${KSM:-0}" = 1 ] && sleep 60 && cat /sys/kernel/mm/ksm/pages_sharing
args=()
for pid in $(pgrep -f IsolateBootstrap); do
  args+=("$pid" "$(ps -o args= -p "$pid" | grep -o 'isolates/[a-z0-9]*' | head -1)")
done
"$JAVA_HOME/bin/java" -cp "mvm/target/image/lib/*" docs/results/footprint/idle-breakdown/Probe.java "${args[@]}"
bin/appserver stop --domains-dir="$dir" --port=$port
[ "${KSM:-0}" = 1 ] && echo 2 > /sys/kernel/mm/ksm/run && echo 0 > /sys/kernel/mm/ksm/run
rm -rf "$dir"
