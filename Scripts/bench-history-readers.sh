#!/usr/bin/env bash
# History readers benchmark (targets: Documentation/Performance.md, the history section): a year of four-hourly
# runs (RUNS, default 2,190) of a TESTS-test suite (default 2,000) in history.sqlite, then the time and peak
# resident memory of each reader a run calls, through the real commands, against the same commands over a history
# of one run, so "extra" is what the year costs:
#
# - notification history: `smokerun notify --dry-run` of the newest run (what every run with a webhook reads):
#   three tests fail in it, one of them in every run of the year;
# - durations: `smokerun run --shard 1/2` of a generated package of the same TESTS tests (what every sharded or
#   multi-worker run reads), its output folder a copy of the year;
# - flake window: `smokerun history --flaky` (the last 20 runs).
#
#   Scripts/bench-history-readers.sh [RUNS] [TESTS]
#
# SMOKERUN names the binary to time (default: a release build, built first); BEFORE another to time beside it
# (e.g. a release build of an older commit). REPEATS (default 5): runs of each command, median. The year is written
# as history.jsonl (the schema `smokerun run` appends) and imported into history.sqlite by smokerun's own import
# (a `smokerun parse` into the folder). Run it when the machine is quiet.
set -euo pipefail

cd "$(dirname "$0")/.."
runs="${1:-2190}"
tests="${2:-2000}"
repeats="${REPEATS:-5}"
work="$(mktemp -d "${TMPDIR:-/tmp}/smokerun-bench-readers.XXXXXX")"
[ -n "${KEEP:-}" ] || trap 'rm -rf "$work"' EXIT

if [ -z "${SMOKERUN:-}" ]; then
    swift build -c release --product smokerun >/dev/null
    SMOKERUN=.build/release/smokerun
fi
SMOKERUN="$(cd "$(dirname "$SMOKERUN")" && pwd)/$(basename "$SMOKERUN")"

python3 - "$work" "$runs" "$tests" <<'PY'
import json, os, random, sys
from datetime import datetime, timedelta, timezone

work, runs, tests = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
random.seed(11)
suites = max(1, tests // 200)
ids = [f"BenchTests.Suite{t % suites}/test{t:04d}" for t in range(tests)]
os.makedirs(os.path.join(work, "year"), exist_ok=True)
start = datetime(2025, 11, 27, tzinfo=timezone.utc)
with open(os.path.join(work, "year", "history.jsonl"), "w") as history:
    for r in range(runs):
        began = start + timedelta(hours=4 * r)
        run_id = began.strftime("%Y%m%dT%H%M%SZ") + f"-{r:04x}"
        outcomes, durations, flaky = {}, {}, []
        for t, key in enumerate(ids):
            status = "passed"
            if t == 7 or random.random() < 0.002:  # test 7 fails all year: the longest streak there is
                status = "failed"
            elif random.random() < 0.004:
                flaky.append(key)
            outcomes[key] = status
            durations[key] = round(0.001 + (t * 7919 + r * 104729) % 2000 / 100000, 3)
        entry = {
            "runID": run_id, "pipeline": "smoke", "status": "failed",
            "startedAt": began.strftime("%Y-%m-%dT%H:%M:%SZ"),
            "finishedAt": (began + timedelta(seconds=300)).strftime("%Y-%m-%dT%H:%M:%SZ"),
            "durationSeconds": 300.0, "outcomes": outcomes, "flaky": flaky, "durations": durations,
            "path": f"runs/{run_id}", "commit": f"{r // 3:040x}", "dirty": r % 17 == 5,
        }
        history.write(json.dumps(entry, separators=(",", ":")) + "\n")

# The newest run, as JUnit (tests 7, 11 and the last fail), and a package of the same tests to shard.
with open(os.path.join(work, "newest.xml"), "w") as junit:
    junit.write('<testsuites><testsuite name="BenchTests" tests="%d" failures="3">\n' % tests)
    for t, key in enumerate(ids):
        suite, name = key.split("/")
        failure = '<failure message="total was 11, not 12"/>' if t in (7, 11, tests - 1) else ""
        junit.write(f'<testcase classname="{suite}" name="{name}" time="0.01">{failure}</testcase>\n')
    junit.write("</testsuite></testsuites>\n")
package = os.path.join(work, "Bench")
os.makedirs(os.path.join(package, "Tests", "BenchTests"))
with open(os.path.join(package, "Package.swift"), "w") as manifest:
    manifest.write('// swift-tools-version:5.9\nimport PackageDescription\n'
                   'let package = Package(name: "Bench", targets: [.testTarget(name: "BenchTests")])\n')
for s in range(suites):
    with open(os.path.join(package, "Tests", "BenchTests", f"Suite{s}.swift"), "w") as source:
        source.write(f"import XCTest\n\nfinal class Suite{s}: XCTestCase {{\n")
        for t in range(s, tests, suites):
            source.write(f"    func test{t:04d}() {{}}\n")
        source.write("}\n")
with open(os.path.join(work, "smoke.json"), "w") as pipeline:
    json.dump({"name": "smoke", "swiftpm": {"packagePath": "Bench"}, "timeouts": {"runSeconds": 900}}, pipeline)
PY

echo "history.jsonl: $runs runs x $tests tests, $(du -m "$work/year/history.jsonl" | cut -f1) MB"
/usr/bin/time -v "$SMOKERUN" parse "$work/newest.xml" --output "$work/year" --name smoke --format json \
    >/dev/null 2>"$work/import" || { grep -q "Exit status: 1" "$work/import" || { cat "$work/import" >&2; exit 1; }; }
rm -f "$work/year/history.jsonl"
echo "imported into history.sqlite: $(du -m "$work/year/history.sqlite" | cut -f1) MB," \
    "$(grep "Elapsed (wall clock)" "$work/import" | awk '{print $NF}') (m:ss)"
mkdir -p "$work/one"
"$SMOKERUN" parse "$work/newest.xml" --output "$work/one" --name smoke --format json >/dev/null || true
cp -r "$work/year" "$work/year-run"
mkdir -p "$work/one-run"

# median_of COMMAND…: "<median ms> <median peak MB>" of REPEATS runs (any exit status).
median_of() {
    local times=() peaks=()
    for _ in $(seq "$repeats"); do
        /usr/bin/time -v "$@" >/dev/null 2>"$work/time" || true
        times+=("$(grep "Elapsed (wall clock)" "$work/time" | awk '{print $NF}')")
        peaks+=("$(grep "Maximum resident set size" "$work/time" | awk '{print $NF}')")
    done
    python3 - "${times[*]}" "${peaks[*]}" <<'PY'
import statistics, sys
def seconds(clock):
    parts = [float(p) for p in clock.split(":")]
    return sum(p * 60 ** i for i, p in enumerate(reversed(parts)))
times = [seconds(t) for t in sys.argv[1].split()]
peaks = [int(p) / 1024 for p in sys.argv[2].split()]
print(f"{statistics.median(times) * 1000:.0f} {statistics.median(peaks):.0f}")
PY
}

# row NAME YEAR_COMMAND… -- ONE_COMMAND…: the reader's figures over the year and over one run, and the difference.
row() {
    local name="$1"; shift
    local year=() one=()
    while [ "$1" != "--" ]; do year+=("$1"); shift; done
    shift
    one=("$@")
    read -r year_ms year_mb < <(median_of "${year[@]}")
    read -r one_ms one_mb < <(median_of "${one[@]}")
    printf '%-34s year %6s ms %4s MB | one run %6s ms %4s MB | extra %6s ms %4s MB\n' "$name" \
        "$year_ms" "$year_mb" "$one_ms" "$one_mb" "$((year_ms - one_ms))" "$((year_mb - one_mb))"
}

for binary in ${BEFORE:+"$BEFORE"} "$SMOKERUN"; do
    echo "== $binary"
    # Warm the package's build (and the page cache) so each shard run below only plans and runs tests.
    (cd "$work" && "$binary" run smoke.json --shard 1/2 --no-notify --output "$work/one-run" >/dev/null 2>&1 || true)
    row "notify --dry-run (newest run)" "$binary" notify --dry-run --output "$work/year" \
        -- "$binary" notify --dry-run --output "$work/one"
    row "history --flaky (last 20 runs)" "$binary" history --flaky --output "$work/year" \
        -- "$binary" history --flaky --output "$work/one"
    row "run --shard 1/2 (durations)" \
        sh -c "cd '$work' && '$binary' run smoke.json --shard 1/2 --no-notify --output '$work/year-run'" \
        -- sh -c "cd '$work' && '$binary' run smoke.json --shard 1/2 --no-notify --output '$work/one-run'"
done
