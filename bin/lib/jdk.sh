# Sourced by the scripts in bin/: finds a JDK 25 (or newer) and exports JAVA_HOME.
# `java` on the PATH is often an older JDK; using it silently would build or run
# with the wrong release, so we look in JAVA_HOME first, then in the system's JVM
# directory, and stop with one line of advice when neither has a JDK 25.

jdk_major() {
  # Prints the feature release of the JDK at $1 ("25"), or nothing if it is not a JDK.
  [ -x "$1/bin/java" ] && [ -x "$1/bin/javac" ] || return 0
  "$1/bin/java" -XshowSettings:properties -version 2>&1 \
    | sed -n 's/^ *java\.specification\.version = \([0-9]*\).*/\1/p' | head -n 1
}

find_jdk25() {
  local candidate major
  if [ -n "${JAVA_HOME:-}" ]; then
    major=$(jdk_major "$JAVA_HOME")
    if [ -n "$major" ] && [ "$major" -ge 25 ]; then
      return 0
    fi
    echo "note: JAVA_HOME=$JAVA_HOME is not a JDK 25 (found '${major:-no JDK}'); looking in /usr/lib/jvm" >&2
  fi
  for candidate in /usr/lib/jvm/*25* /usr/lib/jvm/*; do
    [ -d "$candidate" ] || continue
    major=$(jdk_major "$candidate")
    if [ -n "$major" ] && [ "$major" -ge 25 ]; then
      export JAVA_HOME="$candidate"
      return 0
    fi
  done
  echo "error: no JDK 25 found (checked JAVA_HOME and /usr/lib/jvm); install a JDK 25 (e.g. Temurin 25) and set JAVA_HOME to it" >&2
  return 1
}

find_jdk25 || exit 1
export JAVA_HOME
export PATH="$JAVA_HOME/bin:$PATH"
