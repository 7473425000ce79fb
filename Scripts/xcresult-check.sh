#!/usr/bin/env bash
# Reads every corpus .xcresult bundle with `smokerun parse` (the database reader, no Xcode) and
# compares tests, statuses, retry counts and failure messages with what xcresulttool / JUnit
# converters produced from the same bundles. Prints a Markdown table (Scripts/corpus-check --write puts it in Documentation/Corpus.md).
# Usage: Scripts/xcresult-check.sh [CORPUS_DIR]   (default ../shared/corpus; needs python3, zstd)
set -euo pipefail
cd "$(dirname "$0")/.."
corpus="${1:-${XCRESULT_CORPUS:-../shared/corpus}}"
[ -d "$corpus/xcresult/bundles" ] || { echo "no corpus at $corpus/xcresult/bundles" >&2; exit 2; }
swift build --product smokerun >/dev/null
bin="$PWD/.build/debug/smokerun"
work="$(mktemp -d "${TMPDIR:-/tmp}/xcresult-check.XXXXXX")"
trap 'rm -rf "$work"' EXIT

for archive in "$corpus"/xcresult/bundles/*.xcresult.tar.gz; do
    name="$(basename "$archive" .tar.gz)"
    mkdir -p "$work/unpacked/$name.d" "$work/out"
    tar -xzf "$archive" -C "$work/unpacked/$name.d"
    bundle="$(find "$work/unpacked/$name.d" -mindepth 1 -maxdepth 2 -type d -name '*.xcresult' | head -n 1)"
    set +e
    # Its output folder must be new (parse refuses one holding other files): what it prints is kept beside, then moved in.
    "$bin" parse "$bundle" --output "$work/out/$name" --format json,junit >"$work/$name.stdout" 2>"$work/$name.stderr"
    status=$?
    mkdir -p "$work/out/$name" # a refused bundle gets none
    echo "$status" >"$work/out/$name/exit"
    mv "$work/$name.stdout" "$work/out/$name/stdout"
    mv "$work/$name.stderr" "$work/out/$name/stderr"
    set -e
    echo "$bundle" >"$work/out/$name/bundle"
done

python3 - "$work" "$corpus" <<'PY'
import glob, json, os, re, sqlite3, sys
import xml.etree.ElementTree as ET

work, corpus = sys.argv[1], sys.argv[2]
REFERENCES = {
    "fastlane__Xcode16-Mixed-XCTest-SwiftTesting.xcresult": [
        ("junit", "junit/fastlane__trainer__Xcode16-Mixed-XCTest-SwiftTesting-WithRetries.junit.xml"),
        ("xcresulttool", "xcresult/fastlane__trainer__Xcode16-Mixed-XCTest-SwiftTesting.json")],
    "xcresultparser__test.xcresult": [("junit", "junit/xcresultparser__junit.xml")],
    "xcresultparser__test_merged.xcresult": [("junit", "junit/xcresultparser__junit_merged.xml")],
    "xcresultparser__test_repeated.xcresult": [("junit", "junit/xcresultparser__junit_repeated.xml")],
    "xcresultparser__session_level_failure.xcresult": [("junit", "junit/xcresultparser__junit_session_level_failure.xml")],
}
LOCATION_PREFIX = re.compile(r"^[^:\s]+\.swift:\d+: ")

def strip_message(text):
    # JUnit converters flatten newlines and escape control characters; compare the words.
    text = re.sub(r"\\u([0-9a-fA-F]{4})", lambda m: chr(int(m.group(1), 16)), text or "")
    text = " ".join(LOCATION_PREFIX.sub("", text).split())
    text = re.sub(r"^failed - ", "", text)
    return re.sub(r" \([^()]+\.swift:\d+\)$", "", text).strip()

def status_of(statuses):
    if "failed" in statuses: return "failed"
    if statuses and all(s == "skipped" for s in statuses): return "skipped"
    if "passed" in statuses: return "passed"
    return statuses[0] if statuses else "passed"

def normalized(identifier):
    return identifier[:-2] if identifier.endswith("()") else identifier

def ours(report):
    result = {}
    for t in report["tests"]:
        head, _, rest = t["id"].partition("/")
        # Module.Suite/test → Suite/test; Module/test (a free function) → test.
        ident = t["id"].split(".", 1)[1] if "." in head else (rest or head)
        messages = sorted(strip_message(f["message"]) for f in t["failures"])
        if t["status"] == "skipped":
            messages = sorted(line[len("Skipped: "):] for line in t["output"] if line.startswith("Skipped: "))
        result[normalized(ident)] = dict(status=t["status"], runs=max(len(t["attempts"]), 1), messages=messages)
    return result

def display_names(bundle):
    db = sqlite3.connect(f"file:{bundle}/database.sqlite3?immutable=1", uri=True)
    names = {}
    rows = db.execute("SELECT c.identifier, c.name, c.summary, s.identifier FROM TestCases c "
                      "LEFT JOIN TestSuites s ON s.rowid = c.testSuite_fk")
    for identifier, name, summary, suite_identifier in rows:
        # Some bundles leave passing tests' identifier empty: rebuild it from the suite.
        identifier = identifier or (f"{suite_identifier}/{name}" if suite_identifier else name or "")
        suite = identifier.rsplit("/", 1)[0] if "/" in identifier else ""
        for label in {name, summary} - {None, ""}:
            names[(suite.replace("/", "."), label)] = normalized(identifier)
            names[("", label)] = normalized(identifier)
    return names

def from_junit(path, bundle):
    names = display_names(bundle)
    groups = {}
    for case in ET.parse(path).getroot().iter("testcase"):
        props = {p.get("name"): p.get("value") for p in case.iter("property")}
        label = props.get("testname", case.get("name"))
        key = names.get((case.get("classname") or "", label)) or names.get(("", label))
        if key is None:
            key = "?" + (case.get("classname") or "") + "/" + label
        failure = case.find("failure")
        status = "failed" if failure is not None else "skipped" if case.find("skipped") is not None else "passed"
        message = None
        if failure is not None:
            message = strip_message(failure.text if failure.text and failure.text.strip() else failure.get("message"))
        elif case.find("skipped") is not None:
            message = strip_message(case.find("skipped").get("message"))
        repetition = props.get("repetition")
        groups.setdefault(key, []).append((repetition, status, message))
    result = {}
    for key, runs in groups.items():
        repetitions = sorted({r for r, _, _ in runs if r}, key=lambda r: int(re.sub(r"\D", "", r) or 0))
        last = [run for run in runs if run[0] == repetitions[-1]] if repetitions else runs
        result[key] = dict(status=status_of([s for _, s, _ in last]), runs=len(repetitions) if repetitions else None,
                           messages=sorted({m for _, _, m in last if m}))
    return result

def from_xcresulttool(path):
    result = {}
    mapping = {"Passed": "passed", "Failed": "failed", "Skipped": "skipped", "Expected Failure": "expectedFailure"}
    def messages_under(node):
        found = []
        for child in node.get("children", []):
            if child["nodeType"] == "Failure Message": found.append(strip_message(child["name"]))
        return found
    def walk(node):
        if node["nodeType"] == "Test Case":
            kids = node.get("children", [])
            reps = [k for k in kids if k["nodeType"] == "Repetition"]
            args = [k for k in kids if k["nodeType"] == "Arguments"]
            runs, messages = (len(reps) or None), []
            if reps:
                messages = messages_under(reps[-1])
            for arg in args:
                arg_reps = [k for k in arg.get("children", []) if k["nodeType"] == "Repetition"]
                runs = max(runs or 0, len(arg_reps)) or None
                messages += messages_under(arg_reps[-1]) if arg_reps else messages_under(arg)
            messages += messages_under(node)
            result[normalized(node["nodeIdentifier"])] = dict(
                status=mapping.get(node.get("result"), node.get("result")), runs=runs, messages=sorted(set(messages)))
            return
        for child in node.get("children", []): walk(child)
    for node in json.load(open(path))["testNodes"]: walk(node)
    return result

def compare(mine, theirs, subset):
    counts = dict(names=0, statuses=0, retries=0, messages=0)
    problems = []
    for key, ref in theirs.items():
        got = mine.get(key)
        if got is None:
            problems.append(f"missing {key}"); continue
        counts["names"] += 1
        if got["status"] == ref["status"]: counts["statuses"] += 1
        else: problems.append(f"{key}: status {got['status']} vs {ref['status']}")
        if ref["runs"] is None or got["runs"] == ref["runs"]: counts["retries"] += 1
        else: problems.append(f"{key}: runs {got['runs']} vs {ref['runs']}")
        same = set(ref["messages"]) <= set(got["messages"]) if subset else sorted(set(got["messages"])) == ref["messages"]
        if same: counts["messages"] += 1
        else: problems.append(f"{key}: messages {sorted(set(got['messages']))} vs {ref['messages']}")
    extra = [k for k in mine if k not in theirs]
    return counts, problems, extra

def xcode_count(bundle):
    # Xcode's own per-test results (the overall row of each test case), read apart from smokerun.
    db = sqlite3.connect(f"file:{bundle}/database.sqlite3?immutable=1", uri=True)
    if not db.execute("SELECT 1 FROM sqlite_master WHERE name = 'TestCaseResultsByDestinationAndConfiguration'").fetchone():
        return None
    rows = db.execute("SELECT testCase_fk, result FROM TestCaseResultsByDestinationAndConfiguration "
                      "WHERE configuration_fk IS NULL AND destination_fk IS NULL").fetchall()
    results = dict(rows)
    return (len(results), sum(1 for r in results.values() if r in ("Failure", "Failed")))

def own_count_cell(report, bundle, junit_cases):
    totals = report["totals"]
    mine = (totals["tests"], totals["failed"] + totals["crashed"] + totals["timedOut"])
    cells = []
    count = xcode_count(bundle)
    if count is None:
        cells.append("no summary table")
    else:
        cells.append(f"{count[0]}/{count[1]} " + ("agrees" if count == mine else f"DISAGREES with {mine[0]}/{mine[1]}"))
    cells.append("junit = report" if junit_cases == totals["tests"] else f"junit {junit_cases} ≠ report {totals['tests']}")
    return ", ".join(cells)

print("| bundle | read | tests (passed/failed/skipped) | attachments | Xcode's count (tests/failed) | reference | names | statuses | retries | failure messages |")
print("|---|---|---|---|---|---|---|---|---|---|")
failed = False
for folder in sorted(glob.glob(f"{work}/out/*")):
    name = os.path.basename(folder)
    code = int(open(f"{folder}/exit").read())
    bundle = open(f"{folder}/bundle").read().strip()
    reports = glob.glob(f"{folder}/runs/*/report.json")
    if not reports:
        message = open(f"{folder}/stderr").read().strip().splitlines()
        summary = message[0].replace(bundle + ": ", "").replace("smokerun parse: ", "") if message else ""
        summary = summary.split(" (")[0].rstrip(":.")[:90]
        print(f"| {name} | exit {code}: {summary} | – | – | – | – | – | – | – | – |")
        if code != 2: failed = True
        continue
    report = json.load(open(reports[0]))
    totals = report["totals"]
    attachments = sum(len(t["attachments"]) for t in report["tests"])
    unavailable = sum(1 for e in report["errors"] if "unavailable" in e["message"])
    mine = ours(report)
    refs = REFERENCES.get(name, [])
    junits = glob.glob(f"{folder}/runs/*/junit.xml")
    junit_cases = len(list(ET.parse(junits[0]).getroot().iter("testcase"))) if junits else -1
    cells = [f"{totals['tests']} ({totals['passed']}/{totals['failed']}/{totals['skipped']})",
             f"{attachments} stored" + (f", {unavailable} unavailable" if unavailable else ""),
             own_count_cell(report, bundle, junit_cases)]
    if not refs:
        print(f"| {name} | exit {code} | {cells[0]} | {cells[1]} | {cells[2]} | none in corpus | – | – | – | – |")
    for kind, path in refs:
        theirs = from_junit(f"{corpus}/{path}", bundle) if kind == "junit" else from_xcresulttool(f"{corpus}/{path}")
        # A JUnit <failure> carries one message per run: those must be among smokerun's.
        counts, problems, extra = compare(mine, theirs, subset=(kind == "junit"))
        total = len(theirs)
        row = " | ".join(f"{counts[k]}/{total}" for k in ("names", "statuses", "retries", "messages"))
        print(f"| {name} | exit {code} | {cells[0]} | {cells[1]} | {cells[2]} | {kind}: {os.path.basename(path)} | {row} |")
        for problem in problems + [f"only in smokerun: {k}" for k in extra]:
            print(f"  - {name}: {problem}", file=sys.stderr)
PY
