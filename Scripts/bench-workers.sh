#!/usr/bin/env bash
# Parallel workers benchmark. Generates two packages — 200 XCTest tests in 10 classes
# where each test sleeps 20 ms, and 200 trivial tests in 10 classes — warms them, then times side by side
# (wall clock, median of ROUNDS runs after one untimed warm-up each):
#   swift test | swift test --parallel --num-workers 2 | smokerun run --workers 1 | smokerun run --workers 2
# Every form checks the build first (no --skip-build anywhere; smokerun checks with its build stamp, see
# Documentation/Performance.md, "Parallel workers"). smokerun runs with isolation "suite"
# (one process per class), declared order, coverage off, reports json+junit+markdown+html.
# Usage: Scripts/bench-workers.sh [ROUNDS]   (SMOKERUN: the binary, default .build/release/smokerun, as the README's Install builds it)
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-3}
smokerun=${SMOKERUN:-$PWD/.build/release/smokerun}
[ -x "$smokerun" ] || { echo "build smokerun first (swift build -c release --product smokerun)" >&2; exit 3; }
work=$(mktemp -d "${TMPDIR:-/tmp}/smokerun-bench-workers.XXXXXX")
trap 'rm -rf "$work"' EXIT

generate() {  # name, test body
    local name="$1" body="$2" dir="$work/$1"
    mkdir -p "$dir/Sources/$name" "$dir/Tests/${name}Tests" "$work/Pipelines"
    cat > "$dir/Package.swift" <<SWIFT
// swift-tools-version:5.9
import PackageDescription
let package = Package(name: "$name", targets: [
    .target(name: "$name"),
    .testTarget(name: "${name}Tests", dependencies: ["$name"]),
])
SWIFT
    echo "public func answer() -> Int { 42 }" > "$dir/Sources/$name/$name.swift"
    for class in $(seq 1 10); do
        {
            echo "import Foundation"
            echo "import XCTest"
            echo "@testable import $name"
            echo "final class Class${class}Tests: XCTestCase {"
            for test in $(seq 1 20); do echo "    func test$test() { $body }"; done
            echo "}"
        } > "$dir/Tests/${name}Tests/Class${class}Tests.swift"
    done
    cat > "$work/Pipelines/$name.json" <<JSON
{"name": "$name", "swiftpm": {"packagePath": "$name"},
 "ordering": {"mode": "declared", "isolation": "suite"}, "coverage": {"enabled": false},
 "output": ".smokerun-bench"}
JSON
}
generate Sleepy 'usleep(20_000); XCTAssertEqual(answer(), 42)'
generate Trivial 'XCTAssertEqual(answer(), 42)'

seconds() { local start end; start=$(date +%s.%N); "$@" >/dev/null 2>&1 || true; end=$(date +%s.%N); echo "$end - $start" | bc; }
median() { sort -n | awk '{ a[NR] = $1 } END { print (NR % 2 ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2) }'; }
timed() {  # folder, command… → median seconds after one warm-up
    local folder="$1"; shift
    (cd "$folder" && "$@" >/dev/null 2>&1) || true
    local times=()
    for _ in $(seq "$rounds"); do times+=("$(cd "$folder" && seconds "$@")"); done
    printf '%s\n' "${times[@]}" | median
}

printf '%-8s %12s %14s %12s %12s %10s %10s %10s\n' package "swift test" "--parallel 2" "workers 1" "workers 2" "w1/test" "w2/test" "w2/par"
for name in Sleepy Trivial; do
    plain=$(timed "$work/$name" swift test)
    parallel=$(timed "$work/$name" swift test --parallel --num-workers 2)
    one=$(timed "$work" "$smokerun" run "Pipelines/$name.json" --no-notify --workers 1)
    two=$(timed "$work" "$smokerun" run "Pipelines/$name.json" --no-notify --workers 2)
    awk -v n="$name" -v a="$plain" -v b="$parallel" -v c="$one" -v d="$two" \
        'BEGIN { printf "%-8s %11.2fs %13.2fs %11.2fs %11.2fs %9.2fx %9.2fx %9.2fx\n", n, a, b, c, d, c / a, d / a, d / b }'
done
