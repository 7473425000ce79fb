#!/usr/bin/env bash
# Checks a run's coverage outputs with real consumers:
#   genhtml (Debian package `lcov`) must accept coverage.lcov and show coverage.json's line totals, and
#   pycobertura (PyPI `pycobertura`) must read cobertura.xml with the same totals.
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
genhtml --branch-coverage "${source_flag[@]}" --output-directory "$work/html" "$run/coverage.lcov" >"$work/genhtml.log"
[[ -f "$work/html/index.html" ]] || { echo "genhtml wrote no index.html" >&2; exit 1; }
python3 - "$run/coverage.json" "$work/genhtml.log" <<'PY'
import json, re, sys
summary = json.load(open(sys.argv[1]))["totals"]["lines"]
found = re.search(r"lines\.+: \S+ \((\d+) of (\d+) lines\)", open(sys.argv[2]).read())
if not found or (int(found[1]), int(found[2])) != (summary["covered"], summary["count"]):
    sys.exit(f"genhtml {found and found[0]} != coverage.json {summary['covered']}/{summary['count']}")
print(f"genhtml: ok ({found[1]} of {found[2]} lines = coverage.json totals)")
PY

echo "== pycobertura show $run/cobertura.xml"
pycobertura show --format csv --delimiter ';' "$run/cobertura.xml" | tee "$work/pycobertura.csv"
python3 - "$run/coverage.json" "$work/pycobertura.csv" <<'PY'
import csv, json, sys
summary = json.load(open(sys.argv[1]))["totals"]["lines"]
rows = list(csv.reader(open(sys.argv[2]), delimiter=";"))
header, total = rows[0], next(row for row in rows if row and row[0] == "TOTAL")
stmts, miss = int(total[header.index("Stmts")]), int(total[header.index("Miss")])
if (stmts, stmts - miss) != (summary["count"], summary["covered"]):
    sys.exit(f"pycobertura TOTAL {stmts - miss}/{stmts} lines != coverage.json {summary['covered']}/{summary['count']}")
print(f"pycobertura: ok (TOTAL {stmts - miss}/{stmts} lines = coverage.json totals)")
PY
