#!/usr/bin/env bash
# The whole test suite once more, on a loaded machine: a contributor's first `swift test` runs on the
# machine they have, often a busy one. While `swift test --skip-build` runs (the build the plain run
# made), one busy loop per core and a loop of clean `swift build`s of a fixture package compete with it
# (load about three times the cores). A test whose time limit or deadline assumed an idle machine fails
# here. Both loads stop when the suite ends, whatever its outcome.
#
# Usage: Scripts/test-under-load.sh [SWIFT TEST ARGUMENTS…]   (run from anywhere; needs a built suite)
# Exit: swift test's status.
set -uo pipefail
cd "$(dirname "$0")/.." || exit 2

work=$(mktemp -d "${TMPDIR:-/tmp}/smokerun-load.XXXXXX")
stop="$work/stop"
loads=()
finish() {
  touch "$stop"
  # The loops check the stop file between steps: a build in progress ends by itself (bounded by its own size).
  for pid in "${loads[@]}"; do wait "$pid" 2>/dev/null; done
  rm -rf "$work"
}
trap finish EXIT

cores=$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 2)
for _ in $(seq "$cores"); do
  (while [ ! -e "$stop" ]; do :; done) &
  loads+=($!)
done
# A real compiler load: the Sampler fixture built from clean, again and again.
cp -R Tests/Fixtures/Sampler "$work/Sampler"
(while [ ! -e "$stop" ]; do
  rm -rf "$work/Sampler/.build"
  swift build --package-path "$work/Sampler" --build-tests >/dev/null 2>&1 || true
done) &
loads+=($!)

echo "test-under-load: $cores busy loops and a fixture build loop running; load before the suite: $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || uptime)"
started=$(date +%s)
swift test --skip-build "$@"
status=$?
echo "test-under-load: swift test exited $status after $(($(date +%s) - started)) s; load at the end: $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || uptime)"
exit "$status"
