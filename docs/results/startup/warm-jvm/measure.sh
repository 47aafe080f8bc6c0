#!/usr/bin/env bash
# Boots N fresh combined domains with the Pet Store, one after another, in ONE JVM, and prints how long each took
# to be ready and to serve its first page: what a domain start would cost if the JVM were already running and warm
# (a pre-started spare isolate). BootTimes.java sits in the domains module's package to reach InProcessDomain (the
# boot DomainTraining uses). Usage, from the repository root after bin/appserver has built the image:
#   docs/results/startup/warm-jvm/measure.sh [N]
set -euo pipefail
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/../../../.." && pwd)"
. "$repo/bin/lib/jdk.sh"
cp="$(ls "$repo"/admin-isolate/target/image/lib/*.jar | tr '\n' ':')"
classes="$(mktemp -d)"
trap 'rm -rf "$classes"' EXIT
"$JAVA_HOME/bin/javac" -d "$classes" -cp "$cp" "$repo/docs/results/startup/warm-jvm/BootTimes.java"
# The domain isolates' heap flags; no AOT cache (the first boot is a cold JVM's, the later ones a warm JVM's).
"$JAVA_HOME/bin/java" -Xmx256m -XX:NewSize=16m -XX:MaxNewSize=64m -Xms32m -XX:+UseSerialGC --enable-native-access=ALL-UNNAMED \
  -cp "$classes:$cp" dev.isola.domains.isolate.BootTimes "$repo/petstore-demo/target/petstore.ear" "${1:-5}" 2>&1 | grep -E '^boot|^main after'
