#!/usr/bin/env bash
# Parse benchmark (targets: Documentation/Performance.md): generates a ~200 MB log in xcodebuild form and one in
# Linux form, parses each with a release build of smokerun, and reports MB/s and peak resident
# memory (/usr/bin/time -v), next to a Python regex parser on the same file for scale.
#
#   Scripts/bench-parse.sh [SIZE_MB] [--distinct]
#
# PARSE_COMMAND is the command that parses one log (the file is appended); by default
# `.build/release/smokerun parse --summary-only` (parse and total, no report files).
# The script also times the whole `smokerun parse` that writes all four reports.
# Without --distinct the log runs 30,000 test names in repeated passes (each pass is a distinct
# test); with --distinct every pass runs new classes: ~1.1 million distinct tests in
# 200 MB (targets: summary >= 300 MB/s and <= 100 MB; all reports >= 60 MB/s, <= 600 MB).
# Each command runs RUNS times (default 3) and the median is printed; run it when the machine is quiet.
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

swift build -c release --product smokerun >/dev/null
parse_command="${PARSE_COMMAND:-.build/release/smokerun parse --summary-only}"
report_command=".build/release/smokerun parse --output $work/out"

runs="${RUNS:-3}"

measure() {  # label, command… — the median of $runs runs (wall time, and its run's max resident)
    local label="$1"; shift
    local results=()
    for _ in $(seq "$runs"); do
        rm -rf "$work/out"
        /usr/bin/time -v "$@" >"$work/stdout" 2>"$work/time" || true
        local elapsed rss seconds
        elapsed="$(awk -F': ' '/Elapsed \(wall clock\)/ {print $2}' "$work/time")"
        rss="$(awk -F': ' '/Maximum resident set size/ {print $2}' "$work/time")"
        seconds="$(awk -v t="$elapsed" 'BEGIN { n = split(t, p, ":"); s = 0; for (i = 1; i <= n; i++) s = s * 60 + p[i]; print s }')"
        results+=("$seconds $rss")
    done
    printf '%s\n' "${results[@]}" | sort -n | awk -v label="$label" -v bytes="$bytes" -v n="$runs" '
        { s[NR] = $1; r[NR] = $2 }
        END { m = int((NR + 1) / 2)
              printf "%-28s %8.1f MB/s  %6.2f s  %6.1f MB max resident  (median of %d)\n", label, bytes / 1e6 / s[m], s[m], r[m] / 1024, n }'
}

for form in xcodebuild linux; do
    log="$work/$form.log"
    # shellcheck disable=SC2086
    python3 Scripts/generate-log.py --form "$form" --size-mb "$size_mb" $distinct --out "$log"
    bytes="$(wc -c <"$log")"
    sync # the log's own writing out must not run into the reports' (it cost the first --output run a second)
    # shellcheck disable=SC2086
    measure "smokerun ($form)" $parse_command "$log"
    # shellcheck disable=SC2086
    measure "  + writing 4 reports" $report_command "$log"
    measure "python regex ($form)" python3 Scripts/bench-parse-regex.py "$log"
    rm -f "$log"
done
