#!/usr/bin/env bash
# Dashboard benchmark (targets: Documentation/Performance.md): writes a synthetic output folder of RUNS runs of
# TESTS tests (default 2,190 × 2,000: a year of runs every four hours) — history.jsonl in the schema `smokerun run`
# appends, the last 60 run folders present with an index.html, the others pruned — then times
# `smokerun dashboard --from` on it twice (a new site, then every page rewritten, as after each run) and reports
# seconds, peak resident memory (/usr/bin/time -v) and the size of the overview page (targets: <= 3 s, <= 300 MB,
# overview <= 1.5 MB).
#
#   Scripts/bench-dashboard.sh [RUNS] [TESTS]
#
# STORE=sqlite (the default) first imports that history.jsonl into history.sqlite through smokerun's own import (a
# `smokerun parse` of a one-test JUnit file into the folder, which imports the older history before appending), so
# the dashboard reads the database as it does on any machine with libsqlite3; STORE=jsonl times the file source.
#
# SMOKERUN names the binary to time (default: a release build, built first). Run it when the machine is quiet.
set -euo pipefail

cd "$(dirname "$0")/.."
runs="${1:-2190}"
tests="${2:-2000}"
work="$(mktemp -d "${TMPDIR:-/tmp}/smokerun-bench-dashboard.XXXXXX")"
trap 'rm -rf "$work"' EXIT

if [ -z "${SMOKERUN:-}" ]; then
    swift build -c release --product smokerun >/dev/null
    SMOKERUN=.build/release/smokerun
fi

python3 - "$work/out" "$runs" "$tests" <<'PY'
import json, os, random, sys
from datetime import datetime, timedelta, timezone

out, runs, tests = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
random.seed(7)
os.makedirs(os.path.join(out, "runs"), exist_ok=True)
ids = [f"AppTests.Suite{t // 20:03d}/test{t:04d}WithAName" for t in range(tests)]
base = [0.05 + random.random() * 2 for _ in ids]
start = datetime(2025, 11, 27, tzinfo=timezone.utc)
with open(os.path.join(out, "history.jsonl"), "w") as history:
    for r in range(runs):
        began = start + timedelta(hours=4 * r)
        run_id = began.strftime("%Y%m%dT%H%M%SZ") + f"-{r:04x}"
        outcomes, durations, flaky = {}, {}, []
        for t, key in enumerate(ids):
            status = "passed"
            if t % 400 == 7 and (r // 50) % 3 == 1:  # breaks for 50 runs, fixed for 100
                status = "failed"
            elif random.random() < 0.002:
                status = "failed"
            elif random.random() < 0.004:
                flaky.append(key)
            if t == 11 and r > runs - 5:
                status = "failed"
            outcomes[key] = status
            slower = 1.5 if t % 500 == 3 and r > runs - 5 else 1.0
            durations[key] = round(base[t] * slower * (0.9 + random.random() * 0.2), 3)
        failed = any(s == "failed" for s in outcomes.values())
        path = f"runs/{run_id}"
        if r >= runs - 60:
            os.makedirs(os.path.join(out, path), exist_ok=True)
            open(os.path.join(out, path, "index.html"), "w").write("<!DOCTYPE html><title>run</title>\n")
        entry = {
            "runID": run_id, "pipeline": "smoke", "status": "failed" if failed else "passed",
            "startedAt": began.strftime("%Y-%m-%dT%H:%M:%SZ"),
            "finishedAt": (began + timedelta(seconds=300)).strftime("%Y-%m-%dT%H:%M:%SZ"),
            "durationSeconds": 300.0, "outcomes": outcomes, "flaky": flaky, "durations": durations,
            "path": path, "commit": f"{r:040x}",
            "coverage": {k: {"covered": 7000 + r, "count": 10000, "percent": (7000 + r) / 100}
                         for k in ("lines", "functions", "regions", "branches")},
        }
        history.write(json.dumps(entry, separators=(",", ":")) + "\n")
PY

size=$(du -m "$work/out/history.jsonl" | cut -f1)
echo "history.jsonl: $runs runs x $tests tests, ${size} MB"
if [ "${STORE:-sqlite}" = sqlite ]; then
    printf '%s\n' '<testsuites><testsuite name="AppTests.Import" tests="1"><testcase classname="AppTests.Import" name="probe" time="0.01"/></testsuite></testsuites>' >"$work/probe.xml"
    /usr/bin/time -v "$SMOKERUN" parse "$work/probe.xml" --output "$work/out" --name smoke --format json \
        >/dev/null 2>"$work/import" || { cat "$work/import" >&2; exit 1; }
    echo "imported into history.sqlite ($(du -m "$work/out/history.sqlite" | cut -f1) MB) in $(grep "Elapsed (wall clock)" "$work/import" | awk '{print $NF}') (m:ss)"
fi
# Twice: the first writes a new site; the second rewrites every page of it, as the dashboard does after each run.
for pass in "new site" "rewritten"; do
    /usr/bin/time -v "$SMOKERUN" dashboard --from "$work/out" >"$work/stdout" 2>"$work/time" \
        || { cat "$work/stdout" "$work/time" >&2; exit 1; }
    seconds=$(grep "Elapsed (wall clock)" "$work/time" | awk '{print $NF}')
    peak=$(grep "Maximum resident set size" "$work/time" | awk '{print int($NF / 1024)}')
    overview=$(find "$work/out/site" -mindepth 2 -maxdepth 2 -name index.html -exec du -k {} + | cut -f1)
    pages=$(find "$work/out/site" -name '*.html' | wc -l)
    size=$(du -sm "$work/out/site" | cut -f1)
    cpu=$(grep -E "User time|System time" "$work/time" | awk '{s += $NF} END {printf "%.2f", s}')
    echo "dashboard ($pass): ${seconds} (m:ss) wall, ${cpu} s CPU, ${peak} MB peak, overview ${overview} KB," \
        "${pages} pages, ${size} MB"
done
# For scale: `smokerun history` over the same store (history.jsonl is decoded whole by Foundation's JSONDecoder, as
# the file source decodes each line; history.sqlite's runs are read without their tests).
/usr/bin/time -v "$SMOKERUN" history --output "$work/out" --count 1 >/dev/null 2>"$work/time-history" || true
seconds=$(grep "Elapsed (wall clock)" "$work/time-history" | awk '{print $NF}')
cpu=$(grep -E "User time|System time" "$work/time-history" | awk '{s += $NF} END {printf "%.2f", s}')
echo "smokerun history over the ${STORE:-sqlite} store: ${seconds} (m:ss) wall, ${cpu} s CPU"
