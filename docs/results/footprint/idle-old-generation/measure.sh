#!/usr/bin/env bash
# By hand: the isolates with a fixed young generation (the admin isolate, a separated domain's JMS isolate) of two
# server images side by side, built from git revision BEFORE (default 527348b: their old generation kept every page
# it ever filled) and from the working tree (an idle old generation is collected and its pages given back). One
# admin isolate per image, each with a separated domain running the Pet Store; then the same load on both: CONSOLE_POLLS
# times what the console's domains page asks every 3 s (an hour of an open console by default), and Gatling's Shopper without pauses
# against each domain (every order goes through the JMS isolate); each isolate's PSS and old generation read after the
# load and again after IDLE_SECONDS idle (the idle window is 180 s). IdleOldGeneration.java writes the CSV and PNG.
set -euo pipefail
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/../../../.." && pwd)"
cd "$repo"
. bin/lib/jdk.sh
before="${BEFORE:-527348b}"
out="${1:-docs/results/footprint/idle-old-generation}"
polls="${CONSOLE_POLLS:-1200}"
idle="${IDLE_SECONDS:-240}"
work="$(mktemp -d /tmp/idle-old-generation.XXXXXX)"
export ISOLA_ADMIN_PASSWORD=idle-old-generation
. docs/results/footprint/side-by-side-images.sh
declare -A port=([before]=4971 [after]=4972) web=([before]=8671 [after]=8672)
for v in before after; do mkdir -p "$work/$v/domains"; admin $v start; done
for v in before after; do
  tool $v create-domain shop --mode separated --port "${web[$v]}" --start
  tool $v deploy petstore-demo/target/petstore.ear --domain shop
done
pids() { # build: the admin isolate's and the JMS isolate's pids, as IdleOldGeneration takes them
  local dir="$work/$1/mvm"
  echo "$1 admin $(pgrep -f "$dir/isolates/admin" | head -1) $1 jms $(pgrep -f "$dir/isolates/shop-jms" | head -1)"
}
# The admin API as the console's domains page polls it, both admin isolates in turn, over one keep-alive connection each.
python3 - "$polls" "${port[before]}" "${port[after]}" <<'PY'
import base64, http.client, os, sys
n, ports = int(sys.argv[1]), sys.argv[2:]
auth = {"Authorization": "Basic " + base64.b64encode(b"admin:" + os.environ["ISOLA_ADMIN_PASSWORD"].encode()).decode()}
conns = [http.client.HTTPConnection("127.0.0.1", int(p)) for p in ports]
for i in range(n):
    for c in conns:
        for path in ("/api/domains", "/api/domains/shop/isolates"):
            c.request("GET", path, headers=auth)
            r = c.getresponse(); r.read()
            assert r.status == 200, r.status
print(f"{n} console polls to each of {ports}")
PY
for v in before after; do
  bin/load-test Shopper --base-url "http://127.0.0.1:${web[$v]}/petstore" --users 20 --pause 0 --duration 30 | tail -3
done
java_run() { "$JAVA_HOME/bin/java" -cp "mvm/target/image/lib/*:load-tests/target/image/lib/*" docs/results/footprint/idle-old-generation/IdleOldGeneration.java "$@"; }
rm -f "$out/idle-old-generation.csv"
java_run measure "$out" "after load" $(pids before) $(pids after)
sleep "$idle"
java_run measure "$out" "idle ${idle} s" $(pids before) $(pids after)
java_run plot "$out"
for v in before after; do admin $v stop; done
rm -rf "$work"
