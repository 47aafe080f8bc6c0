#!/usr/bin/env bash
# By hand: domains of one admin isolate, each given as NAME:YOUNG (YOUNG empty for the default), created in turn
# with the Pet Store deployed, exercised (ROUNDS rounds of 7 pages and an add-to-cart, default 20), and with
# RESTART=1 restarted after the deployment first, as the evaluation starts its domains; then each one's young
# generation (jcmd GC.heap_info) and PSS by category (SETTLE s later, default 12) (idle-breakdown/Probe.java). The first domain compiles the
# installation's JSPs: read the others. With FULL_GC_AFTER=1, also each domain's young-generation log lines and the
# breakdown again after one full collection of each. Used as: RESTART=1 petstore-by-hand.sh a4: c4: d16:16m
set -euo pipefail
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/../../../.." && pwd)"; cd "$repo"
. bin/lib/jdk.sh
dir="$(mktemp -d /tmp/pet.XXXXXX)"
port=4959
export ISOLA_ADMIN_PASSWORD=pet
bin/appserver start --domains-dir="$dir" --port=$port >/dev/null
ear=petstore-demo/target/petstore.ear
exercise() {
  local p=$1; local jar="$dir"/cookies.$p
  rm -f $jar
  for r in $(seq 1 ${ROUNDS:-20}); do
    for page in / "/category?id=FISH" "/product?id=FI-KOI" "/item?id=I-1005" "/search?q=retriever" /cart /signon; do
      code=$(curl -s -o /dev/null -w '%{http_code}' -b $jar -c $jar "http://127.0.0.1:$p/petstore$page"); [ "$code" = 200 ] || echo "HTTP $code $page"
    done
    curl -s -o /dev/null -b $jar -c $jar -d "action=add&itemId=I-1005&quantity=1" "http://127.0.0.1:$p/petstore/cart"
  done
}
i=0
for spec in "$@"; do
  i=$((i+1)); name="${spec%%:*}"; young="${spec#*:}"
  bin/deploy-tool --url http://127.0.0.1:$port --domains-dir="$dir" create-domain $name --start --port 86$((20+i)) ${young:+--young $young} >/dev/null
  bin/deploy-tool --url http://127.0.0.1:$port --domains-dir="$dir" deploy $ear --domain $name >/dev/null
  if [ "${RESTART:-0}" = 1 ]; then
    bin/deploy-tool --url http://127.0.0.1:$port --domains-dir="$dir" stop-domain $name >/dev/null
    bin/deploy-tool --url http://127.0.0.1:$port --domains-dir="$dir" start-domain $name >/dev/null
  fi
  for _ in $(seq 1 100); do [ "$(curl -s -o /dev/null -w '%{http_code}' http://127.0.0.1:86$((20+i))/petstore/)" = 200 ] && break; sleep 0.3; done
  exercise 86$((20+i))
done
sleep "${SETTLE:-12}"
args=()
for spec in "$@"; do
  name="${spec%%:*}"; pid="$(pgrep -f "isolates/$name" | head -1)"; args+=("$pid" "$name")
  echo "== $name"; "$JAVA_HOME/bin/jcmd" "$pid" GC.heap_info | grep -E "eden|from"
done
"$JAVA_HOME/bin/java" -cp "mvm/target/image/lib/*" docs/results/footprint/idle-breakdown/Probe.java "${args[@]}"
if [ "${FULL_GC_AFTER:-0}" = 1 ]; then
  # What an idle collection would still give back: each domain's log lines about its young generation and idle
  # collections, then one full collection of each (jcmd GC.run) and the breakdown again.
  for spec in "$@"; do
    name="${spec%%:*}"; echo "== log $name"; grep -h "idle\|young generation" "$dir/$name/logs/"*.log | tail -4
    "$JAVA_HOME/bin/jcmd" "$(pgrep -f "isolates/$name" | head -1)" GC.run >/dev/null
  done
  sleep 3
  echo "== after a full collection of each"
  "$JAVA_HOME/bin/java" -cp "mvm/target/image/lib/*" docs/results/footprint/idle-breakdown/Probe.java "${args[@]}"
fi
bin/appserver stop --domains-dir="$dir" --port=$port >/dev/null
rm -rf "$dir"
