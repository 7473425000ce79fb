#!/bin/sh
# Validates a junit.xml with real consumers: xmllint (well-formed XML 1.0) and Python's
# junitparser (the reader many CI tools build on). With a report.json as second argument it also
# checks that the counts junitparser reads agree with report.json's totals.
# Needs: xmllint (Debian libxml2-utils), python3 with `pip install junitparser`.
# Usage: Scripts/validate-junit.sh junit.xml [report.json]
set -eu
junit=${1:?usage: validate-junit.sh junit.xml [report.json]}
report=${2:-}

xmllint --noout "$junit"

python3 - "$junit" "$report" <<'PY'
import json, sys
from junitparser import JUnitXml, TestSuite, Failure, Error, Skipped

junit_path, report_path = sys.argv[1], sys.argv[2]
INFRASTRUCTURE = "smokerun.infrastructure"
xml = JUnitXml.fromfile(junit_path)
suites = [xml] if isinstance(xml, TestSuite) else list(xml)
counted = {"tests": 0, "failures": 0, "errors": 0, "skipped": 0}
problems = []
for suite in suites:
    cases = list(suite)
    seen = {"tests": len(cases), "failures": 0, "errors": 0, "skipped": 0}
    for case in cases:
        kinds = [type(r) for r in case.result]
        seen["failures"] += kinds.count(Failure)
        seen["errors"] += kinds.count(Error)
        seen["skipped"] += kinds.count(Skipped)
        if len(kinds) > 1:
            problems.append(f"{suite.name}/{case.name}: more than one result element")
    for key, value in seen.items():
        declared = getattr(suite, key)
        if declared != value:
            problems.append(f"suite {suite.name}: {key}={declared} but its test cases hold {value}")
    if suite.name != INFRASTRUCTURE:
        for key in counted:
            counted[key] += seen[key]

print("junitparser read: " + " ".join(f"{k}={v}" for k, v in counted.items()))
if report_path:
    with open(report_path, encoding="utf-8") as f:
        totals = json.load(f)["totals"]
    expected = {
        "tests": totals["tests"],
        "failures": totals["failed"],
        "errors": totals["crashed"] + totals["timedOut"],
        "skipped": totals["skipped"],
    }
    for key, value in expected.items():
        if counted[key] != value:
            problems.append(f"{key}: junit.xml has {counted[key]}, report.json says {value}")
if problems:
    print("\n".join(problems), file=sys.stderr)
    sys.exit(1)
print("ok")
PY
