#!/usr/bin/env bash
# Orchestration overhead: `smokerun run` (suite isolation, coverage off) against `swift test`
# on a generated package of 200 trivial XCTest tests in 10 classes, both with a warm build.
# Usage: Scripts/bench-overhead.sh [runs]   (prints medians and the ratio)
set -euo pipefail
runs=${1:-5}
root=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
pkg="$work/Trivial"
mkdir -p "$pkg/Sources/Trivial" "$pkg/Tests/TrivialTests" "$work/Pipelines"
cat > "$pkg/Package.swift" <<'SWIFT'
// swift-tools-version:6.0
import PackageDescription
let package = Package(name: "Trivial", targets: [.target(name: "Trivial"), .testTarget(name: "TrivialTests", dependencies: ["Trivial"])])
SWIFT
echo 'public func identity(_ x: Int) -> Int { x }' > "$pkg/Sources/Trivial/Trivial.swift"
for c in $(seq 1 10); do
  {
    echo "import XCTest"; echo "import Trivial"; echo "final class Trivial${c}Tests: XCTestCase {"
    for t in $(seq 1 20); do echo "    func test${t}() { XCTAssertEqual(identity($t), $t) }"; done
    echo "}"
  } > "$pkg/Tests/TrivialTests/Trivial${c}Tests.swift"
done
cat > "$work/Pipelines/trivial.json" <<'JSON'
{ "name": "trivial", "swiftpm": { "packagePath": "Trivial" }, "ordering": { "isolation": "suite" },
  "coverage": { "enabled": false }, "output": ".smokerun" }
JSON
(cd "$root" && swift build -c release --product smokerun >/dev/null)
smokerun="$root/.build/release/smokerun"
(cd "$pkg" && swift build --build-tests >/dev/null && swift test >/dev/null 2>&1)
(cd "$work" && "$smokerun" run Pipelines/trivial.json --no-notify >/dev/null 2>&1)

median() { sort -n | awk '{a[NR]=$1} END {print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}'; }
time_it() { local start end; start=$(date +%s.%N); "$@" >/dev/null 2>&1 || true; end=$(date +%s.%N); echo "$end - $start" | bc; }
# In blocks, not alternating: SwiftPM keys its manifest cache on the whole environment, and a
# shell and smokerun never pass byte-identical ones (`_` alone differs), so alternating would make
# every run recompile Package.swift. Each block starts with one unmeasured warm-up.
swift_times=(); smoke_times=()
(cd "$pkg" && swift test >/dev/null 2>&1 || true)
for _ in $(seq 1 "$runs"); do swift_times+=("$(cd "$pkg" && time_it swift test)"); done
(cd "$work" && "$smokerun" run Pipelines/trivial.json --no-notify >/dev/null 2>&1 || true)
for _ in $(seq 1 "$runs"); do smoke_times+=("$(cd "$work" && time_it "$smokerun" run Pipelines/trivial.json --no-notify)"); done
swift_median=$(printf '%s\n' "${swift_times[@]}" | median)
smoke_median=$(printf '%s\n' "${smoke_times[@]}" | median)
tests=$(python3 -c "import json;print(json.load(open('$work/.smokerun/latest/report.json'))['totals']['tests'])")
echo "tests run by smokerun: $tests"
echo "swift test      median of $runs: ${swift_median} s  (${swift_times[*]})"
echo "smokerun run    median of $runs: ${smoke_median} s  (${smoke_times[*]})"
echo "ratio: $(echo "scale=2; $smoke_median / $swift_median" | bc)"
