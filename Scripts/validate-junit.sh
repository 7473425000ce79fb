#!/bin/sh
# Validates a junit.xml with real consumers: xmllint (well-formed XML 1.0) and Python's
# junitparser (the reader many CI tools build on). With a report.json as second argument it also
# checks that the counts junitparser reads agree with report.json's totals (a failure a quarantine covered is a
# <skipped> there), that each display name is a testcase property `displayName`, and that each quarantined failure
# is a <skipped> whose message says "quarantined" and whose properties carry the entry's reason and owner.
# Needs: xmllint (Debian libxml2-utils), python3 with `pip install junitparser`.
# Usage: Scripts/validate-junit.sh junit.xml [report.json]
set -eu
junit=${1:?usage: validate-junit.sh junit.xml [report.json]}
report=${2:-}

xmllint --noout "$junit"

python3 - "$junit" "$report" <<'PY'
import json, sys
from junitparser import JUnitXml, TestSuite, Failure, Error, Skipped
from junitparser import xunit2

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
        report = json.load(f)
    totals = report["totals"]
    covered = set((report.get("quarantine") or {}).get("tests") or [])
    def key(test):
        return test["id"] + (f" [{test['device']}]" if test.get("device") else "")
    quarantined = [t for t in report["tests"] if key(t) in covered and t["status"] in ("failed", "crashed", "timedOut")]
    expected = {
        "tests": totals["tests"],
        "failures": totals["failed"] - sum(t["status"] == "failed" for t in quarantined),
        "errors": totals["crashed"] + totals["timedOut"] - sum(t["status"] != "failed" for t in quarantined),
        "skipped": totals["skipped"] + len(quarantined),
    }
    for name, value in expected.items():
        if counted[name] != value:
            problems.append(f"{name}: junit.xml has {counted[name]}, report.json says {value}")
    # Display names and quarantine marks as a reader of testcase properties (junitparser's xunit2) sees them.
    cases = {}
    for suite in xunit2.JUnitXml.fromfile(junit_path):
        for case in suite:
            cases.setdefault((case.classname, case.name), []).append(case)
    def find(test):
        classname = test["id"].rsplit("/", 1)[0] if "/" in test["id"] else test["suite"]
        name = test["name"] + (f" [{test['device']}]" if test.get("device") else "")
        return (cases.get((classname, name)) or [None])[0]
    for test in report["tests"]:
        case = find(test)
        if case is None:
            problems.append(f"{test['id']}: no testcase in junit.xml")
            continue
        properties = {p.name: p.value for p in case.properties()}
        if test.get("displayName") and properties.get("displayName") != test["displayName"]:
            problems.append(f"{test['id']}: displayName property {properties.get('displayName')!r}")
        if test in quarantined:
            skipped = [r for r in case.result if isinstance(r, Skipped)]
            if case.is_failure or case.is_error or not skipped or not skipped[0].message.startswith("quarantined"):
                problems.append(f"{test['id']}: a quarantined failure must be one <skipped message=\"quarantined …\">")
            if "quarantine.reason" not in properties or "quarantine.owner" not in properties:
                problems.append(f"{test['id']}: quarantined without quarantine.reason/owner properties")
if problems:
    print("\n".join(problems), file=sys.stderr)
    sys.exit(1)
print("ok")
PY
