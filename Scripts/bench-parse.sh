#!/usr/bin/env bash
# Parse benchmark (targets: Documentation/Performance.md): generates a ~200 MB log in xcodebuild form and one in
# Linux form, parses each with a release build of smokerun, and reports MB/s, CPU time and peak resident memory
# (/usr/bin/time -v), next to a Python regex parser on the same file for scale.
#
#   Scripts/bench-parse.sh [SIZE_MB] [--distinct]
#
# Per log it times, each RUNS times (default 3), the median printed:
#   - `parse --summary-only` (parse and total, no files), and its ratio to the Python parser (target <= 0.3);
#   - `parse --output DIR`, all four reports and the history (history.sqlite) into a new folder, as a user runs it;
#   - the history append per result row: the same parse with every test's row appended
#     (SMOKERUN_HISTORY_TESTS_PER_RUN past the test count) against the same parse with SQLite switched off
#     (SMOKERUN_SQLITE_LIBRARY=/nonexistent: one history.jsonl line, of totals and failures past the default limit),
#     the difference over the tests (target <= 1 us a row) — once into a new folder (every test new to the history)
#     and once into the history that first append left (every test known: a suite's next run).
# BEFORE=PATH (a smokerun binary, e.g. a release build of the previous version) runs every command with it too,
# interleaved (before, after, before, …), and prints after/before ratios. SMOKERUN=PATH times that binary instead
# of building .build/release/smokerun. FORMS (default "xcodebuild linux") picks the logs; the append figures are
# the xcodebuild log's; KNOWN=0 skips the second append (tests known), which doubles that part's time.
# Without --distinct the log runs 30,000 test names in repeated passes (each pass is a distinct test); with
# --distinct every pass runs new classes: ~1.1 million distinct tests in 200 MB (targets: summary >= 300 MB/s and
# <= 100 MB, <= 0.3x Python; all reports with history >= 50 MB/s, <= 600 MB). Run it when the machine is quiet, and
# say the load average (printed) with the figures.
set -euo pipefail

cd "$(dirname "$0")/.."
size_mb="${1:-200}"
distinct=""
if [ "${2:-}" = "--distinct" ] || [ "${1:-}" = "--distinct" ]; then
    distinct="--distinct"
    [ "${1:-}" = "--distinct" ] && size_mb="${2:-200}"
fi
work="$(mktemp -d "${TMPDIR:-/tmp}/smokerun-bench-parse.XXXXXX")"
trap 'rm -rf "$work"' EXIT

if [ -z "${SMOKERUN:-}" ]; then
    swift build -c release --product smokerun >/dev/null
fi
after="${SMOKERUN:-.build/release/smokerun}"
before="${BEFORE:-}"
binaries=("$after")
[ -n "$before" ] && binaries=("$before" "$after")
runs="${RUNS:-3}"
all_rows=100000000 # SMOKERUN_HISTORY_TESTS_PER_RUN past any log's test count: every row appended

once() { # result file, binary, prepare command or "", env assignments…, --, command… — appends "wall cpu rss"
    # of one run; SMOKERUN in the command stands for the binary, and the prepare command runs first, untimed
    local file="$1" binary="$2" prepare="$3"; shift 3
    local assignments=() command=()
    while [ "$1" != "--" ]; do assignments+=("$1"); shift; done
    shift
    for word in "$@"; do [ "$word" = SMOKERUN ] && command+=("$binary") || command+=("$word"); done
    # shellcheck disable=SC2086 # the prepare command is its words
    [ -z "$prepare" ] || env "${assignments[@]}" "$binary" $prepare >/dev/null 2>&1 || true
    /usr/bin/time -v env "${assignments[@]}" "${command[@]}" >"$work/stdout" 2>"$work/time" || true
    awk -F': ' '
        /Elapsed \(wall clock\)/ { n = split($2, p, ":"); s = 0; for (i = 1; i <= n; i++) s = s * 60 + p[i]; wall = s }
        /User time/ { cpu += $2 } /System time/ { cpu += $2 }
        /Maximum resident set size/ { rss = $2 }
        END { print wall, cpu, rss }' "$work/time" >>"$file"
}

median() { # file, column — the median of that column
    sort -n -k"$2" "$1" | awk -v c="$2" '{ v[NR] = $c } END { print v[int((NR + 1) / 2)] }'
}

measure() { # key, label, prepare, env assignments…, --, command… — interleaved over the binaries (once per round
    # for a command without SMOKERUN), RUNS times each
    local key="$1" label="$2"; shift 2
    local count="${#binaries[@]}"
    [[ " $* " == *" SMOKERUN "* ]] || count=1
    for _ in $(seq "$runs"); do
        for ((index = 0; index < count; index++)); do
            rm -rf "$work/out"
            once "$work/$key.$index" "${binaries[$index]}" "$@"
        done
    done
    for ((index = 0; index < count; index++)); do
        local name=""
        [ "$count" -gt 1 ] && { [ "$index" = 0 ] && name="before" || name="after"; }
        awk -v label="$label" -v name="$name" -v bytes="$bytes" -v n="$runs" \
            -v wall="$(median "$work/$key.$index" 1)" -v cpu="$(median "$work/$key.$index" 2)" \
            -v rss="$(median "$work/$key.$index" 3)" 'BEGIN {
            printf "%-30s %-6s %7.1f MB/s  %6.2f s  CPU %6.2f s  %6.1f MB max resident  (median of %d)\n",
                label, name, bytes / 1e6 / wall, wall, cpu, rss / 1024, n }'
    done
}

ratio() { # key — after/before of the median wall time, when BEFORE is set
    [ "${#binaries[@]}" -gt 1 ] || return 0
    awk -v a="$(median "$work/$1.1" 1)" -v b="$(median "$work/$1.0" 1)" -v ac="$(median "$work/$1.1" 2)" \
        -v bc="$(median "$work/$1.0" 2)" 'BEGIN { printf "%-30s after/before: wall %.2f, CPU %.2f\n", "", a / b, ac / bc }'
}

per_row() { # label, key with every row appended, key of the baseline, tests — (difference / tests) per binary
    for index in "${!binaries[@]}"; do
        awk -v label="$1" -v tests="$4" -v aw="$(median "$work/$2.$index" 1)" -v bw="$(median "$work/$3.$index" 1)" \
            -v ac="$(median "$work/$2.$index" 2)" -v bc="$(median "$work/$3.$index" 2)" -v binary="${binaries[$index]}" \
            'BEGIN { printf "%-30s %5.2f us/row wall, %5.2f us/row CPU (%s, %d rows)\n",
                label, (aw - bw) / tests * 1e6, (ac - bc) / tests * 1e6, binary, tests }'
    done
}

echo "load average: $(cut -d' ' -f1-3 /proc/loadavg); binaries: ${binaries[*]}"
for form in ${FORMS:-xcodebuild linux}; do
    log="$work/$form.log"
    # shellcheck disable=SC2086
    python3 Scripts/generate-log.py --form "$form" --size-mb "$size_mb" $distinct --out "$log"
    bytes="$(wc -c <"$log")"
    sync # the log's own writing out must not run into the reports' (it cost the first --output run a second)
    measure "summary-$form" "summary ($form)" "" -- SMOKERUN parse --summary-only "$log"
    ratio "summary-$form"
    measure "python-$form" "python regex ($form)" "" -- python3 Scripts/bench-parse-regex.py "$log"
    for index in "${!binaries[@]}"; do
        awk -v s="$(median "$work/summary-$form.$index" 1)" -v p="$(median "$work/python-$form.0" 1)" \
            -v binary="${binaries[$index]}" 'BEGIN { printf "%-30s %.2f x Python (%s)\n", "summary / python", s / p, binary }'
    done
    measure "reports-$form" "  + 4 reports, history on" "" -- SMOKERUN parse --output "$work/out" "$log"
    ratio "reports-$form"
    if [ "$form" = xcodebuild ]; then
        tests="$("$after" parse --summary-only "$log" 2>/dev/null | awk '/ tests: / { print $1; exit }' || true)"
        measure nosqlite "  SQLite off (history.jsonl)" "" SMOKERUN_SQLITE_LIBRARY=/nonexistent -- \
            SMOKERUN parse --output "$work/out" "$log"
        measure new "  every row, tests new" "" "SMOKERUN_HISTORY_TESTS_PER_RUN=$all_rows" -- \
            SMOKERUN parse --output "$work/out" "$log"
        [ "${KNOWN:-1}" = 0 ] && { per_row "append, tests new" new nosqlite "$tests"; rm -f "$log"; continue; }
        measure known "  every row, tests known" "parse --output $work/out $log" \
            "SMOKERUN_HISTORY_TESTS_PER_RUN=$all_rows" -- SMOKERUN parse --output "$work/out" "$log"
        per_row "append, tests new" new nosqlite "$tests"
        per_row "append, tests known" known nosqlite "$tests"
    fi
    rm -f "$log"
done
