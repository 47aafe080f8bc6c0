#!/bin/bash
# every second: epoch-ms pid utime stime (ticks) for every java process, with its sid
while true; do
  t=$(date +%s%3N)
  for p in $(pgrep java); do
    read -r -a f < /proc/$p/stat 2>/dev/null || continue
    echo "$t $p ${f[13]} ${f[14]}"
  done
  sleep 1
done
