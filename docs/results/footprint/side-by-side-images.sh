# Sourced by the by-hand measure.sh scripts that run two server images side by side: one built from git
# revision $before in a worktree, one from the working tree (with the Pet Store and load-tests, whose probes the
# scripts run). The caller is in the repository's root, has set $before and $work (a scratch directory) and, before
# calling admin or tool, an associative array `port` from image (before, after) to its admin isolate's port.
# Each image gets its own mvm home, and so its own AOT cache, under $work/<image>/.
git worktree add -q --detach "$work/before-src" "$before"
(cd "$work/before-src" && bin/mvn -q -pl admin-isolate -am package -DskipTests)
cp -r "$work/before-src/admin-isolate/target/image/lib" "$work/image-before"
git worktree remove --force "$work/before-src"
bin/mvn -q -pl admin-isolate,petstore-demo/petstore-ear,load-tests -am package -DskipTests
cp -r admin-isolate/target/image/lib "$work/image-after"
admin() { # image, then the arguments of AppServerMain; as bin/appserver runs it
  "$JAVA_HOME/bin/java" -XX:TieredStopAtLevel=1 -Dmvm.home="$work/$1/mvm" -Disola.image="$work/image-$1" \
    -Disola.domains="$work/$1/domains" --enable-native-access=ALL-UNNAMED --sun-misc-unsafe-memory-access=allow \
    -cp "$work/image-$1/*" dev.isola.admin.cli.AppServerMain "${@:2}" --domains-dir="$work/$1/domains" --port="${port[$1]}"
}
tool() { bin/deploy-tool --url "http://127.0.0.1:${port[$1]}" "${@:2}"; }
