#!/usr/bin/env bash
# By hand: what the links' object codec (Apache Fory, which control links use) costs an isolate.
# Starts an admin isolate and one idle combined domain, takes the domain's JVM command line (its
# flags and the image's AOT cache) and its loaded classes, stops them, then runs CodecCost.java
# with that command line twice: the domain's other classes loaded first, then the codec used.
set -euo pipefail
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/../../../../.." && pwd)"
here="$repo/docs/results/footprint/idle-breakdown/control-codec"
cd "$repo"
. bin/lib/jdk.sh
dir="$(mktemp -d /tmp/control-codec.XXXXXX)"
port=4949
export ISOLA_ADMIN_PASSWORD="${ISOLA_ADMIN_PASSWORD:-control-codec}"
bin/appserver start --domains-dir="$dir" --port=$port >/dev/null
bin/deploy-tool --url http://127.0.0.1:$port --domains-dir="$dir" create-domain idle1 --mode combined --port 8191 --start >/dev/null
sleep "${SETTLE:-10}"
pid="$(pgrep -f 'isolates/idle1' | head -1)"
tr '\0' '\n' < "/proc/$pid/cmdline" > "$dir/cmdline"
# The domain's classes, less Fory's, hidden classes (lambdas, lambda forms) and arrays.
"$JAVA_HOME/bin/jcmd" "$pid" VM.classes | awk 'NR > 2 { n = $NF; if (n ~ /\/0x/ || n ~ /^\[/ || n ~ /^org\.apache\.fory\./ || n ~ /\$\$Lambda/) next; print n }' > "$dir/classes"
bin/appserver stop --domains-dir="$dir" --port=$port >/dev/null
classpath="$(sed -n '/^-cp$/{n;p}' "$dir/cmdline")"
mapfile -t flags < <(sed -n '2,/^-cp$/p' "$dir/cmdline" | grep -v -e '^-cp$' -e 'java.util.logging.manager')
"$JAVA_HOME/bin/javac" -cp "$classpath" -d "$dir/probe" "$here/CodecCost.java"
for run in $(seq "${RUNS:-2}"); do
  "$JAVA_HOME/bin/java" "${flags[@]}" -cp "$classpath:$dir/probe" CodecCost "$dir/classes"
done
rm -rf "$dir"
