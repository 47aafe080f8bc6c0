#!/usr/bin/env bash
# By hand: two idle combined domains with -XX:+UseCompactObjectHeaders (their own AOT cache, which the
# runtime records when the first of them starts) beside two default ones, under one admin isolate.
# Leaves everything running for a closer look; stop with
#   bin/appserver stop --domains-dir=/tmp/coh-domains --port=4950
set -euo pipefail
cd "$(dirname "$0")/../../../../.."
. bin/lib/jdk.sh
dir=/tmp/coh-domains; rm -rf "$dir"; mkdir -p "$dir"
port=4950
export ISOLA_ADMIN_PASSWORD=idle-breakdown
dt() { bin/deploy-tool --url http://127.0.0.1:$port --domains-dir="$dir" "$@"; }
bin/appserver start --domains-dir="$dir" --port=$port >/dev/null
for d in plain1 coh1 plain2 coh2; do dt create-domain $d --mode combined >/dev/null; done
for d in coh1 coh2; do
  python3 - "$dir/$d/config/domain.json" <<'PY'
import json, sys
path = sys.argv[1]; config = json.load(open(path))
config["isolates"]["server"]["jvmOptions"] = ["-XX:+UseCompactObjectHeaders"]
json.dump(config, open(path, "w"), indent=2)
PY
done
for d in plain1 coh1 plain2 coh2; do dt start-domain $d >/dev/null; done
# coh1 started without a cache and had one recorded in the background: wait for it, then restart both.
until grep -q "recorded the AOT cache" "$dir/.admin/admin.log"; do sleep 5; done
for d in coh1 coh2; do dt stop-domain $d >/dev/null; dt start-domain $d >/dev/null; done
sleep "${SETTLE:-20}"
args=()
for pid in $(pgrep -f IsolateBootstrap); do
  name="$(ps -o args= -p "$pid" | grep -o 'isolates/[a-z0-9]*' | head -1)"
  args+=("$pid" "$name")
  echo "$pid $name $(grep -E '^(Private_Dirty|Private_Clean|Rss)' /proc/$pid/smaps_rollup | awk '{s=s" "$1$2}END{print s}')"
done
"$JAVA_HOME/bin/java" -cp "mvm/target/image/lib/*" docs/results/footprint/idle-breakdown/Probe.java "${args[@]}"
