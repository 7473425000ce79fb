#!/usr/bin/env bash
# How long a warm `smokerun run` takes right after the developer's own `swift test` in the same
# package, and that `swift test` right after smokerun: with smokerun building into the developer's
# `.build` (how it was: `swiftpm.scratchPath` set to the package's .build) and into its own
# `.build/smokerun` (the default). In one folder the coverage flag flips each time and both rebuild.
# Usage: Scripts/bench-warm-run.sh [ROUNDS]   (SMOKERUN: the binary, default .build/debug/smokerun)
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-3}
smokerun=${SMOKERUN:-$PWD/.build/debug/smokerun}
[ -x "$smokerun" ] || { echo "build smokerun first (swift build)" >&2; exit 3; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/TipCalculator" "$work/Pipelines"
cp -R Tests/Fixtures/TipCalculator/Package.swift Tests/Fixtures/TipCalculator/Sources Tests/Fixtures/TipCalculator/Tests "$work/TipCalculator/"
echo '{"name": "shared", "swiftpm": {"packagePath": "TipCalculator", "scratchPath": "TipCalculator/.build"}, "reports": ["json"]}' > "$work/Pipelines/shared.json"
echo '{"name": "own", "swiftpm": {"packagePath": "TipCalculator"}, "reports": ["json"]}' > "$work/Pipelines/own.json"

seconds() { local start end; start=$(date +%s.%N); "$@" >/dev/null 2>&1 || true; end=$(date +%s.%N); echo "$end - $start" | bc; }
median() { sort -n | awk '{ a[NR] = $1 } END { print (NR % 2 ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2) }'; }

for mode in shared own; do
  # Warm both: the developer's build and smokerun's.
  (cd "$work/TipCalculator" && swift test >/dev/null 2>&1) || true
  (cd "$work" && "$smokerun" run "Pipelines/$mode.json" --no-notify >/dev/null 2>&1) || true
  runs=(); tests=()
  for _ in $(seq "$rounds"); do
    tests+=("$(cd "$work/TipCalculator" && seconds swift test)")
    runs+=("$(cd "$work" && seconds "$smokerun" run "Pipelines/$mode.json" --no-notify)")
  done
  printf '%s: smokerun run after swift test: %s s (median of %s: %s); swift test after smokerun run: %s s (%s)\n' \
    "$mode" "$(printf '%s\n' "${runs[@]}" | median)" "$rounds" "${runs[*]}" "$(printf '%s\n' "${tests[@]}" | median)" "${tests[*]}"
done
