#!/usr/bin/env bash
# Time from the admin's "start" to the first Pet Store page of fresh domains (created, the Pet Store
# recorded, never started before), alternately with the domains root's Derby templates usable and
# made unusable (a plain file where .cache/derby/ would be: Derby then creates every database itself).
# Writes CSV to stdout: pair,templates,start_ms,first_page_ms
# usage: docs/results/startup/derby-templates/measure.sh [pairs, default 6]
# Runs its own admin isolate (bin/appserver start) in a temporary MVM home and domains root, on port 4950.
set -euo pipefail
root=$(cd "$(dirname "$0")/../../../.." && pwd)
pairs=${1:-6}
work=$(mktemp -d /tmp/isola-derby-templates-XXXXXX)
export MVM_HOME=$work/mvm ISOLA_DOMAINS_DIR=$work/domains ISOLA_ADMIN_URL=http://127.0.0.1:4950
trap '"$root/bin/appserver" stop >/dev/null 2>&1 || true; rm -rf "$work"' EXIT
"$root/bin/appserver" start --port 4950 >&2
ear="$root/petstore-demo/target/petstore.ear"
password=$(cat "$ISOLA_DOMAINS_DIR/.admin/admin-password")
templates=$ISOLA_DOMAINS_DIR/.cache/derby
millis() { date +%s%3N; }
# One throwaway domain first: it records the image's AOT cache use and makes the template.
fresh() { # name port -> "start_ms first_page_ms"
  "$root/bin/deploy-tool" create-domain "$1" --port "$2" >/dev/null
  cp "$ear" "$ISOLA_DOMAINS_DIR/$1/applications/petstore.ear"
  printf '[ {"name": "petstore", "archive": "petstore.ear", "size": %s, "sha256": "%s", "deployedAt": "2026-01-01T00:00:00Z"} ]\n' \
    "$(stat -c %s "$ear")" "$(sha256sum "$ear" | cut -d' ' -f1)" > "$ISOLA_DOMAINS_DIR/$1/config/applications.json"
  sleep 1
  local s m e
  s=$(millis)
  curl -sf -o /dev/null -u "admin:$password" -X POST "$ISOLA_ADMIN_URL/api/domains/$1/start"
  m=$(millis)
  until curl -sf -o /dev/null "http://127.0.0.1:$2/petstore/"; do sleep 0.025; done
  e=$(millis)
  curl -sf -o /dev/null -u "admin:$password" -X POST "$ISOLA_ADMIN_URL/api/domains/$1/stop"
  "$root/bin/deploy-tool" delete-domain "$1" >/dev/null
  echo "$((m - s)) $((e - s))"
}
fresh warmup 8190 >/dev/null
echo "pair,templates,start_ms,first_page_ms"
for pair in $(seq 1 "$pairs"); do
  read -r start page <<<"$(fresh "with$pair" 8191)"
  echo "$pair,yes,$start,$page"
  mv "$templates" "$templates.aside"; echo "not a directory" > "$templates"
  read -r start page <<<"$(fresh "without$pair" 8192)"
  echo "$pair,no,$start,$page"
  rm "$templates"; mv "$templates.aside" "$templates"
done
