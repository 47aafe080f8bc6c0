#!/usr/bin/env bash
# By hand: idle combined domains (no application) of the build before the 4m young-generation floor (BEFORE,
# default 32ad7ca: a 16m floor, starts at it) and of the working tree (a 4m floor, starts at the busy size and
# shrinks once ready), side by side: the same procedure as idle-databases-on-first-use/measure.sh, which it runs.
# Writes idle-domains.csv and idle-domains.png here. Nothing else should run.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
BEFORE="${BEFORE:-32ad7ca}" exec "$here/../idle-databases-on-first-use/measure.sh" "${1:-docs/results/footprint/idle-young-floor}"
