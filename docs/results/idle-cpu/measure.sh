#!/usr/bin/env bash
# CPU time each running isolate of an MVM home takes over a window, as CSV:
# isolate,cpu_ms,window_s,cpu_ms_per_s. Reads utime + stime of /proc/<pid>/stat before and after.
# usage: MVM_HOME=<home> docs/results/idle-cpu/measure.sh [seconds, default 60]
set -euo pipefail
root=$(cd "$(dirname "$0")/../../.." && pwd)
window=${1:-60}
tick=$(getconf CLK_TCK)
mapfile -t rows < <("$root/bin/mvm" ps | awk 'NR > 1 && $2 ~ /^[0-9]+$/ {print $1 " " $2}')
declare -A before
for row in "${rows[@]}"; do
  read -r name pid <<<"$row"
  before[$name]=$(awk '{print $14 + $15}' "/proc/$pid/stat")
done
sleep "$window"
echo "isolate,cpu_ms,window_s,cpu_ms_per_s"
for row in "${rows[@]}"; do
  read -r name pid <<<"$row"
  after=$(awk '{print $14 + $15}' "/proc/$pid/stat")
  ms=$(( (after - before[$name]) * 1000 / tick ))
  echo "$name,$ms,$window,$(awk -v ms="$ms" -v s="$window" 'BEGIN {printf "%.1f", ms / s}')"
done
