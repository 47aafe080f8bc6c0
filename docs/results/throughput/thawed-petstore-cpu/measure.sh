#!/usr/bin/env bash
# By hand: a domain thawed from a frozen spare and a cold domain, each with the Pet Store, under
# their own admin isolates; then CPU per Pet Store page of each, measured in turn (PageCpu.java).
# Needs root and CRIU (bin/install-criu) for the frozen spare. Nothing else should run.
set -euo pipefail
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/../../../.." && pwd)"
cd "$repo"
. bin/lib/jdk.sh
out="${1:-docs/results/throughput/thawed-petstore-cpu}"
export ISOLA_ADMIN_PASSWORD="${ISOLA_ADMIN_PASSWORD:-page-cpu}"
frozen="$(mktemp -d /tmp/page-cpu-frozen.XXXXXX)"
cold="$(mktemp -d /tmp/page-cpu-cold.XXXXXX)"
ear=petstore-demo/target/petstore.ear
bin/appserver start --domains-dir="$frozen" --port=4961 --spare-isolates 1 --freeze-spares
bin/appserver start --domains-dir="$cold" --port=4962
for _ in $(seq 1 90); do ls "$frozen"/.spares/*.frozen >/dev/null 2>&1 && break; sleep 2; done
bin/deploy-tool --url http://127.0.0.1:4961 --domains-dir="$frozen" create-domain thawed --port 8491 --start
bin/deploy-tool --url http://127.0.0.1:4961 --domains-dir="$frozen" deploy "$ear" --domain thawed
bin/deploy-tool --url http://127.0.0.1:4962 --domains-dir="$cold" create-domain cold --port 8492 --start
bin/deploy-tool --url http://127.0.0.1:4962 --domains-dir="$cold" deploy "$ear" --domain cold
pid() { pgrep -f "isolates/$1" | head -1; }
thawed_pid="$(pgrep -f 'isolates/spare-' | head -1)"
"$JAVA_HOME/bin/java" -cp "load-tests/target/image/lib/*" docs/results/throughput/thawed-petstore-cpu/PageCpu.java "$out" \
  "${SECONDS_PER_ROUND:-15}" 2 "${ROUNDS:-8}" "thawed=http://127.0.0.1:8491@$thawed_pid" "cold=http://127.0.0.1:8492@$(pid cold)"
for p in "$thawed_pid" "$(pid cold)"; do
  echo "$p: $("$JAVA_HOME/bin/jcmd" "$p" VM.classes | grep 'dev.isola.petstore' | grep -cE ' [A-Za-z]*S[A-Za-z]* +dev') of $("$JAVA_HOME/bin/jcmd" "$p" VM.classes | grep -c 'dev.isola.petstore') Pet Store classes from the AOT cache"
done
bin/appserver stop --domains-dir="$frozen" --port=4961
bin/appserver stop --domains-dir="$cold" --port=4962
rm -rf "$frozen" "$cold"
