# Sourced by ./mvnw and ./barb: makes JAVA_HOME point at a JDK 21 or newer.
# Order: $JAVA_HOME if new enough, `java` on PATH if new enough, then the JDKs under /usr/lib/jvm
# and /opt (newest first).
barb_java_major() {
  "$1/bin/java" -XshowSettings:properties -version 2>&1 | sed -n 's/^ *java.specification.version = //p' | head -n 1 | cut -d. -f1
}
barb_find_jdk() {
  local candidate major
  for candidate in "${JAVA_HOME:-}" \
      "$(dirname "$(dirname "$(readlink -f "$(command -v javac 2>/dev/null || echo /nonexistent)")")")" \
      $(ls -d /usr/lib/jvm/* /opt/java/* /opt/jdk* 2>/dev/null | sort -rV); do
    [ -n "$candidate" ] && [ -x "$candidate/bin/javac" ] || continue
    major=$(barb_java_major "$candidate")
    if [ -n "$major" ] && [ "$major" -ge 21 ] 2>/dev/null; then
      echo "$candidate"
      return 0
    fi
  done
  return 1
}
if BARB_JDK=$(barb_find_jdk); then
  export JAVA_HOME="$BARB_JDK"
  export PATH="$JAVA_HOME/bin:$PATH"
else
  echo "Barb needs a JDK 21 or newer; none found (looked at JAVA_HOME, PATH, /usr/lib/jvm, /opt)." >&2
  exit 1
fi
