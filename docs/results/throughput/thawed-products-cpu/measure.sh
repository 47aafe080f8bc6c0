#!/usr/bin/env bash
# By hand: CPU per request of the products application (the throughput benchmark's) in a domain thawed from a frozen
# spare, with the spare JIT reset, against a cold domain, each under its own admin isolate, measured in turn
# (../thawed-petstore-cpu/PageCpu.java). Both domains are created, deployed, stopped and started again, as
# bin/bench-throughput does. Needs root and CRIU (bin/install-criu) for the frozen spare. Nothing else should run.
set -euo pipefail
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/../../../.." && pwd)"
cd "$repo"
. bin/lib/jdk.sh
out="${1:-docs/results/throughput/thawed-products-cpu}"
export ISOLA_ADMIN_PASSWORD="${ISOLA_ADMIN_PASSWORD:-products-cpu}"
frozen="$(mktemp -d /tmp/products-cpu-frozen.XXXXXX)"
cold="$(mktemp -d /tmp/products-cpu-cold.XXXXXX)"
ear=load-tests/products/target/products.ear
bin/appserver start --domains-dir="$frozen" --port=4961 --spare-isolates 1 --freeze-spares --reset-spare-jit-state
bin/appserver start --domains-dir="$cold" --port=4962
api() { curl -sSf -u "admin:$ISOLA_ADMIN_PASSWORD" "$@"; }
await_frozen_spare() { for _ in $(seq 1 90); do ls "$frozen"/.spares/*.frozen >/dev/null 2>&1 && return; sleep 2; done; echo "no frozen spare" >&2; exit 1; }
create() { # admin port, domain, HTTP port: a combined domain with the benchmark's products datasource, deployed, stopped
  api -H 'Content-Type: application/json' -X POST "http://127.0.0.1:$1/api/domains" -d "{\"name\": \"$2\", \"mode\": \"combined\",
    \"httpPort\": $3, \"dataSources\": [{\"name\": \"java:global/jdbc/products\", \"url\": \"jdbc:derby:products;create=true\",
    \"maxPoolSize\": 16}], \"start\": true}" >/dev/null
  bin/deploy-tool --url "http://127.0.0.1:$1" deploy "$ear" --domain "$2"
  api -X POST "http://127.0.0.1:$1/api/domains/$2/stop" >/dev/null
}
await_frozen_spare
create 4961 thawed 8491
create 4962 cold 8492
await_frozen_spare
api -X POST http://127.0.0.1:4961/api/domains/thawed/start >/dev/null
api -X POST http://127.0.0.1:4962/api/domains/cold/start >/dev/null
api http://127.0.0.1:4961/api/domains/thawed/isolates | grep -q '"origin" : "SPARE"' || { echo "the thawed domain did not start in the spare" >&2; exit 1; }
thawed_pid="$(pgrep -f 'isolates/spare-' | head -1)"
cold_pid="$(pgrep -f 'isolates/cold' | head -1)"
"$JAVA_HOME/bin/java" -Dpages=/products/list -cp "load-tests/target/image/lib/*" docs/results/throughput/thawed-petstore-cpu/PageCpu.java "$out" \
  "${SECONDS_PER_ROUND:-15}" "${CLIENTS:-4}" "${ROUNDS:-10}" "thawed=http://127.0.0.1:8491@$thawed_pid" "cold=http://127.0.0.1:8492@$cold_pid"
grep -h 'JIT reset' "$frozen"/thawed/logs/thawed.log || echo "no JIT reset in the thawed domain's log"
for p in "$thawed_pid" "$cold_pid"; do
  echo "$p: $("$JAVA_HOME/bin/jcmd" "$p" Compiler.codelist | awk '$2 == 4' | wc -l) methods compiled at tier 4, $("$JAVA_HOME/bin/jcmd" "$p" Compiler.codelist | awk '$2 == 2' | wc -l) at tier 2"
done
bin/appserver stop --domains-dir="$frozen" --port=4961
bin/appserver stop --domains-dir="$cold" --port=4962
rm -rf "$frozen" "$cold"
