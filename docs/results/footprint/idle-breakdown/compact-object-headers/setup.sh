#!/usr/bin/env bash
# By hand: idle domains with and without -XX:+UseCompactObjectHeaders (their own AOT cache), side by side.
set -euo pipefail
cd /work/main
. bin/lib/jdk.sh
dir=/tmp/sp/cohdir; rm -rf $dir; mkdir -p $dir
port=4950
export ISOLA_ADMIN_PASSWORD=idle-breakdown
dt() { bin/deploy-tool --url http://127.0.0.1:$port --domains-dir="$dir" "$@"; }
bin/appserver start --domains-dir="$dir" --port=$port >/dev/null
for d in plain1 coh1 plain2 coh2; do dt create-domain $d --mode combined >/dev/null; done
for d in coh1 coh2; do
  python3 - "$dir/$d/config/domain.json" <<'PY'
import json,sys
p=sys.argv[1]; c=json.load(open(p))
print(json.dumps(c)[:400])
PY
done
