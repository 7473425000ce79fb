#!/usr/bin/env bash
# Checks a run's coverage outputs with real consumers:
#   genhtml (Debian package `lcov`) must accept coverage.lcov, and
#   pycobertura (PyPI `pycobertura`) must read cobertura.xml with the totals of coverage.json.
# Usage: Scripts/validate-coverage.sh [RUN_DIR]
#   Without RUN_DIR, the coverage integration test builds the Sampler fixture and leaves its run here.
# CI: apt-get install -y lcov && pip install pycobertura
set -euo pipefail
cd "$(dirname "$0")/.."

command -v genhtml >/dev/null || { echo "genhtml not found: apt-get install -y lcov" >&2; exit 3; }
command -v pycobertura >/dev/null || { echo "pycobertura not found: pip install pycobertura" >&2; exit 3; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
run=${1:-}
if [[ -z "$run" ]]; then
    run="$work/run"
    SMOKERUN_COVERAGE_KEEP_RUN="$run" swift test --filter CoverageCollectionTests >"$work/test.log" 2>&1 \
        || { tail -40 "$work/test.log" >&2; exit 1; }
fi
for file in coverage.json coverage.lcov cobertura.xml; do
    [[ -f "$run/$file" ]] || { echo "$run/$file is missing" >&2; exit 2; }
done

echo "== genhtml $run/coverage.lcov"
source_flag=()
# A run kept from the integration test has lost its sources: check the tracefile without source pages.
while IFS= read -r sf; do [[ -f "$sf" ]] || { source_flag=(--no-source); break; }; done < <(sed -n 's/^SF://p' "$run/coverage.lcov")
genhtml --quiet --branch-coverage "${source_flag[@]}" --output-directory "$work/html" "$run/coverage.lcov"
[[ -f "$work/html/index.html" ]] || { echo "genhtml wrote no index.html" >&2; exit 1; }
echo "genhtml: ok ($(find "$work/html" -name '*.html' | wc -l) pages)"

echo "== pycobertura show $run/cobertura.xml"
pycobertura show --format csv --delimiter ';' "$run/cobertura.xml" | tee "$work/pycobertura.csv"
python3 - "$run/coverage.json" "$run/coverage.lcov" "$work/pycobertura.csv" <<'PY'
import csv, json, sys
summary = json.load(open(sys.argv[1]))["totals"]["lines"]
# Distinct executable lines (lcov DA records): what Cobertura <line> elements hold and pycobertura counts.
lines = hits = 0
for record in open(sys.argv[2]):
    if record.startswith("DA:"):
        lines += 1
        hits += int(record.strip().split(",")[1]) > 0
rows = list(csv.reader(open(sys.argv[3]), delimiter=";"))
header, total = rows[0], next(row for row in rows if row and row[0] == "TOTAL")
stmts, miss = int(total[header.index("Stmts")]), int(total[header.index("Miss")])
if (stmts, miss) != (lines, lines - hits):
    sys.exit(f"pycobertura TOTAL {stmts} statements, {miss} missed != coverage.lcov {lines} lines, {lines - hits} missed")
print(f"pycobertura: ok (TOTAL {stmts - miss}/{stmts} distinct lines = coverage.lcov DA records)")
print(f"llvm-cov summary (coverage.json, = llvm-cov report TOTAL): {summary['covered']}/{summary['count']} lines;"
      " llvm-cov counts a line once per function containing it, so it can exceed the distinct lines")
PY
