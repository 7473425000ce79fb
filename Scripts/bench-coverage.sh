#!/usr/bin/env bash
# Benchmark of smokerun's streaming llvm-cov export reader against Python's json.load and a
# Foundation JSONDecoder of only the summary fields, on one generated export of SIZE_MB megabytes.
# Reports seconds, MB/s and peak resident memory (/usr/bin/time -v) for each.
# Usage: Scripts/bench-coverage.sh [SIZE_MB]   (default 500; the export is cached in $BENCH_DIR)
set -euo pipefail
cd "$(dirname "$0")/.."
size=${1:-500}
dir=${BENCH_DIR:-${TMPDIR:-/tmp}/smokerun-bench-coverage}
mkdir -p "$dir"
export_file="$dir/export-${size}MB.json"
[[ -x /usr/bin/time ]] || { echo "/usr/bin/time not found (apt-get install -y time)" >&2; exit 3; }

if [[ ! -f "$export_file" ]]; then
    echo "generating $export_file …"
    python3 Scripts/bench-coverage-generate.py "$export_file.tmp" "$size" > "$dir/expected-${size}MB.json"
    mv "$export_file.tmp" "$export_file"
fi
bytes=$(stat -c %s "$export_file" 2>/dev/null || stat -f %z "$export_file")

swift build -c release --product smokerun >/dev/null
smokerun="$(swift build -c release --show-bin-path)/smokerun"
"$smokerun" coverage --help >/dev/null 2>&1 || { echo "smokerun has no 'coverage' command registered (CommandLineTool.commands)" >&2; exit 3; }
swiftc -O Scripts/bench-coverage-decoder.swift -o "$dir/decoder" 2>/dev/null

measure() {  # name, command…
    local name=$1; shift
    /usr/bin/time -v "$@" >"$dir/$name.out" 2>"$dir/$name.time"
    local seconds rss
    seconds=$(awk -F': ' '/Elapsed \(wall clock\)/ {n = split($2, p, ":"); s = 0; for (i = 1; i <= n; i++) s = s * 60 + p[i]; print s}' "$dir/$name.time")
    rss=$(awk -F': ' '/Maximum resident set size/ {printf "%.0f", $2 / 1024}' "$dir/$name.time")
    printf "%-34s %8.2f s %9.1f MB/s %8s MB peak RSS\n" "$name" "$seconds" "$(echo "$bytes / 1048576 / $seconds" | bc -l)" "$rss"
}

printf "export: %s (%.0f MB)\n\n" "$export_file" "$(echo "$bytes / 1048576" | bc -l)"
measure "smokerun coverage --format json" "$smokerun" coverage "$export_file" --format json
measure "JSONDecoder (summary fields)" "$dir/decoder" "$export_file"
measure "python3 json.load" python3 -c 'import json, sys; d = json.load(open(sys.argv[1])); print(len(d["data"][0]["files"]))' "$export_file"

# The reader must agree with the generator and with JSONDecoder.
python3 - "$dir/expected-${size}MB.json" "$dir/smokerun coverage --format json.out" "$dir/JSONDecoder (summary fields).out" <<'PY'
import json, sys
expected = json.load(open(sys.argv[1]))["lines"]
ours = json.load(open(sys.argv[2]))["totals"]["lines"]
theirs = json.load(open(sys.argv[3]))["lines"]
got = {"count": ours["count"], "covered": ours["covered"]}
assert got == expected == theirs, f"totals differ: smokerun {got}, generator {expected}, JSONDecoder {theirs}"
print(f"\ntotals agree: {got['covered']}/{got['count']} lines")
PY
