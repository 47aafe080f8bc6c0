#!/usr/bin/env bash
# By hand: idle combined domains (no application) of two server images side by side, built from git revision
# BEFORE (default 7b30288: the databases opened at start) and from the working tree (opened on first use). One admin
# isolate per image, each with its own mvm home and so its own AOT cache, recorded first; then three domains of
# each, created in turn, and 15 s later each domain's PSS by category (FootprintProbe), classes, threads and start
# time (IdleDomains.java writes idle-domains.csv and idle-domains.png). Nothing else should run.
set -euo pipefail
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/../../../.." && pwd)"
cd "$repo"
. bin/lib/jdk.sh
before="${BEFORE:-7b30288}"
out="${1:-docs/results/footprint/idle-databases-on-first-use}"
work="$(mktemp -d /tmp/idle-databases.XXXXXX)"
export ISOLA_ADMIN_PASSWORD=idle-databases
. docs/results/footprint/side-by-side-images.sh
declare -A port=([before]=4981 [after]=4982)
for v in before after; do mkdir -p "$work/$v/domains"; admin $v start; done
# A first domain of each has its admin record the image's AOT cache; the domains measured start with it.
for v in before after; do tool $v create-domain first --port $((8680 + ${port[$v]} - 4980)) --start; done
for _ in $(seq 1 150); do [ "$(ls "$work"/*/mvm/images/*/*/image.aot 2>/dev/null | wc -l)" -ge 2 ] && break; sleep 2; done
for v in before after; do tool $v delete-domain first --force; done
for i in 1 2 3; do
  for v in before after; do tool $v create-domain "$v$i" --port $((8680 + 10 * i + ${port[$v]} - 4980)) --start; done
done
sleep 15
args=()
for i in 1 2 3; do
  for v in before after; do
    pid="$(pgrep -f "isolates/$v$i" | head -1)"
    ready="$(curl -sS -u "admin:$ISOLA_ADMIN_PASSWORD" "http://127.0.0.1:${port[$v]}/api/domains/$v$i/events" | grep -o 'ready in [0-9]* ms' | tail -1 | grep -o '[0-9]*')"
    args+=("$v" "$v$i" "$pid" "$ready")
  done
done
"$JAVA_HOME/bin/java" -cp "mvm/target/image/lib/*:load-tests/target/image/lib/*" docs/results/footprint/idle-databases-on-first-use/IdleDomains.java "$out" "${args[@]}"
for v in before after; do admin $v stop; done
rm -rf "$work"
