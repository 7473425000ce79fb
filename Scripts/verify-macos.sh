#!/usr/bin/env bash
# Checks smokerun against real Xcode, once, on a Mac: what the fake Xcode of the tests
# (Tests/Fixtures/FakeXcode) cannot prove. Run it from a clone on a Mac with Xcode 16 or later selected:
#
#   Scripts/verify-macos.sh [APP_FOLDER]
#
# 1. Builds smokerun.
# 2. Makes a sample app with a UI test that fails on purpose (needs `xcodegen`: `brew install xcodegen`), or
#    takes APP_FOLDER: your own app's folder, whose UI tests include one failing test.
# 3. `smokerun init` in the app folder, `smokerun devices`, then `smokerun run` (expects exit 1: the failure).
# 4. Checks the report: the failing test, its failure screenshot in the run folder, in index.html and
#    summary.md.
# 5. `smokerun parse` of every result bundle the run made, with --cross-check against `xcrun xcresulttool`,
#    and the two readings' test counts side by side.
#
# Everything goes to a work folder it prints (nothing in the clone changes but .build). When a step
# differs, it stops, names the step, and says what to send back: the work folder as a .tar.gz.
# Exit: 0 all checks passed; 1 a check failed; 2 not macOS, or Xcode/xcodegen missing.
set -euo pipefail

if [ "$(uname -s)" != "Darwin" ]; then
    echo "verify-macos.sh checks smokerun against real Xcode and its simulators, so it runs on macOS only (this is $(uname -s)). On Linux the fake Xcode covers the same path: swift test --filter InitXcodeRunTests" >&2
    exit 2
fi
command -v xcodebuild >/dev/null 2>&1 || { echo "xcodebuild not found: install Xcode 16 or later and select it (sudo xcode-select -s /Applications/Xcode.app)" >&2; exit 2; }

repository="$(cd "$(dirname "$0")/.." && pwd)"
work="$(mktemp -d "${TMPDIR:-/tmp}/smokerun-verify.XXXXXX")"
report="$work/verify.log"
step="start"

say() { printf '%s\n' "$*" | tee -a "$report"; }
fail() {
    say "FAILED at step '$step': $*"
    say ""
    say "Please send back $work.tar.gz (made now) with the output above, to the smokerun maintainers:"
    say "it holds this log, the pipeline, the run folder (report.json, console.log, result bundles) and"
    say "xcresulttool's JSON of each bundle. Nothing in it is secret unless your app's tests print secrets."
    tar -czf "$work.tar.gz" -C "$(dirname "$work")" "$(basename "$work")" 2>/dev/null || true
    exit 1
}

say "smokerun verify-macos: work folder $work"
say "$(xcodebuild -version | tr '\n' ' ')"
say "$(sw_vers -productName) $(sw_vers -productVersion), $(uname -m)"

step="build smokerun"
(cd "$repository" && swift build --product smokerun) >>"$report" 2>&1 || fail "swift build failed (see $report)"
smokerun="$(cd "$repository" && swift build --show-bin-path)/smokerun"

step="sample app"
if [ $# -ge 1 ]; then
    app="$(cd "$1" && pwd)"
    say "app: $app (given)"
else
    command -v xcodegen >/dev/null 2>&1 || {
        echo "the sample app is generated with xcodegen: brew install xcodegen, or pass your own app folder" >&2
        exit 2
    }
    app="$work/SampleApp"
    mkdir -p "$app/SampleApp" "$app/SampleAppUITests"
    cat >"$app/project.yml" <<'YML'
name: SampleApp
options:
  bundleIdPrefix: com.smokerun.verify
targets:
  SampleApp:
    type: application
    platform: iOS
    deploymentTarget: "17.0"
    sources: [SampleApp]
    info:
      path: SampleApp/Info.plist
      properties:
        UILaunchScreen: {}
  SampleAppUITests:
    type: bundle.ui-testing
    platform: iOS
    sources: [SampleAppUITests]
    dependencies:
      - target: SampleApp
schemes:
  SampleApp:
    build:
      targets:
        SampleApp: all
        SampleAppUITests: [test]
    test:
      targets: [SampleAppUITests]
YML
    cat >"$app/SampleApp/SampleApp.swift" <<'SWIFT'
import SwiftUI

@main
struct SampleApp: App {
    var body: some Scene {
        WindowGroup { Text("Hello").accessibilityIdentifier("greeting") }
    }
}
SWIFT
    cat >"$app/SampleAppUITests/SampleAppUITests.swift" <<'SWIFT'
import XCTest

final class SampleAppUITests: XCTestCase {
    func testGreetingIsShown() {
        let app = XCUIApplication()
        app.launch()
        XCTAssertTrue(app.staticTexts["greeting"].waitForExistence(timeout: 10))
    }

    /// Fails on purpose: the report must show this failure and XCTest's screenshot of it.
    func testGreetingSaysGoodbye() {
        let app = XCUIApplication()
        app.launch()
        XCTAssertEqual(app.staticTexts["greeting"].label, "Goodbye")
    }
}
SWIFT
    (cd "$app" && xcodegen generate) >>"$report" 2>&1 || fail "xcodegen generate failed (see $report)"
    say "app: $app (generated)"
fi

step="smokerun init"
(cd "$app" && "$smokerun" init --force) >"$work/init.txt" 2>&1 || true
tee -a "$report" <"$work/init.txt"
pipeline="$(sed -n 's/^wrote //p' "$work/init.txt" | head -n 1)"
if [ -z "$pipeline" ] || [ ! -f "$pipeline" ]; then fail "init wrote no pipeline (see $work/init.txt)"; fi
cp "$pipeline" "$work/"
say "pipeline: $pipeline"

step="smokerun devices"
(cd "$app" && "$smokerun" devices "$pipeline") 2>&1 | tee -a "$report" || fail "devices could not resolve the pinned simulator"

step="smokerun run"
set +e
(cd "$app" && "$smokerun" run "$pipeline" --no-notify) >"$work/run.txt" 2>&1
status=$?
set -e
tail -n 20 "$work/run.txt" | tee -a "$report"
[ "$status" -eq 1 ] || fail "run exited $status; expected 1 (the failing UI test). Its output: $work/run.txt"
run="$(cd "$app/.smokerun/latest" && pwd -P)"
cp -R "$run" "$work/run"

step="report"
python3 - "$run" <<'PY' 2>&1 | tee -a "$report" || fail "the report lacks the failure or its screenshot"
import json, os, sys
run = sys.argv[1]
report = json.load(open(os.path.join(run, "report.json")))
failed = [t for t in report["tests"] if t["status"] == "failed"]
print(f"tests: {len(report['tests'])}, failed: {[t['id'] for t in failed]}")
assert failed, "no failed test in report.json"
shots = [t.get("failureScreenshot") for t in failed]
print(f"failure screenshots: {shots}")
assert all(shots), "a failed test has no failureScreenshot"
for shot in shots:
    assert os.path.isfile(os.path.join(run, shot)), f"{shot} is not in the run folder"
html = open(os.path.join(run, "index.html")).read()
assert "failure-screenshot" in html, "index.html shows no failure screenshot"
summary = open(os.path.join(run, "summary.md")).read()
assert "[screenshot](" in summary, "summary.md links no screenshot"
print("report: the failure and its screenshot are in report.json, index.html and summary.md")
PY

step="parse and xcresulttool"
found=0
while IFS= read -r bundle; do
    found=$((found + 1))
    name="$(basename "$bundle" .xcresult)"
    xcrun xcresulttool get test-results tests --path "$bundle" >"$work/xcresulttool-$name-tests.json" 2>>"$report" || true
    xcrun xcresulttool get test-results summary --path "$bundle" >"$work/xcresulttool-$name-summary.json" 2>>"$report" || true
    set +e
    "$smokerun" parse "$bundle" --cross-check --output "$work/parse-$name" --format json >"$work/parse-$name.txt" 2>&1
    parsed=$?
    set -e
    cat "$work/parse-$name.txt" >>"$report"
    [ "$parsed" -le 1 ] || fail "parse --cross-check of $name exited $parsed (2: smokerun could not read the bundle; 3: its reading and xcresulttool's differ); see $work/parse-$name.txt"
    python3 - "$work/parse-$name" "$work/xcresulttool-$name-summary.json" <<'PY' 2>&1 | tee -a "$report" || fail "smokerun's counts differ from xcresulttool's for $name"
import glob, json, sys
ours = json.load(open(glob.glob(sys.argv[1] + "/runs/*/report.json")[0]))["totals"]
theirs = json.load(open(sys.argv[2]))
print(f"smokerun: {ours['tests']} tests, {ours['failed']} failed; xcresulttool: {theirs.get('totalTestCount')} tests, {theirs.get('failedTests')} failed")
assert ours["tests"] == theirs.get("totalTestCount") and ours["failed"] == theirs.get("failedTests")
PY
done < <(find "$run" -name '*.xcresult' -type d -prune)
[ "$found" -gt 0 ] || fail "the run folder holds no result bundle"

say ""
say "All checks passed ($found result bundles). Nothing to send back; thank you. Work folder: $work"
