#!/usr/bin/env bash
# Renders an index.html in headless Chromium at 1280 px wide and writes a PNG, to look at the page
# as people see it.
# Usage: Scripts/render-report.sh [INDEX_HTML] [OUT_PNG]
#   Without INDEX_HTML, HTMLReportSampleTests writes the sample page (a crash, a hang, a skip, a flaky
#   test and 200 passing tests) and that is rendered. OUT_PNG defaults to ./index-1280.png.
# Needs chromium (Debian: apt-get install -y chromium).
set -euo pipefail
cd "$(dirname "$0")/.."

browser=$(command -v chromium || command -v chromium-browser || command -v google-chrome || true)
[[ -n "$browser" ]] || { echo "chromium not found: apt-get install -y chromium" >&2; exit 3; }

page=${1:-}
out=${2:-$PWD/index-1280.png}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
if [[ -z "$page" ]]; then
    page="$work/index.html"
    SMOKERUN_HTML_SAMPLE="$page" swift test --filter HTMLReportSampleTests >"$work/test.log" 2>&1 \
        || { tail -40 "$work/test.log" >&2; exit 1; }
fi
[[ -f "$page" ]] || { echo "$page is missing" >&2; exit 2; }

# A tall window shows the whole page; bounded so a broken page cannot hang the script.
timeout 120 "$browser" --headless --no-sandbox --disable-gpu --hide-scrollbars --user-data-dir="$work/profile" \
    --window-size=1280,${HEIGHT:-4000} --screenshot="$out" "file://$(cd "$(dirname "$page")" && pwd)/$(basename "$page")" \
    >"$work/chromium.log" 2>&1 || { cat "$work/chromium.log" >&2; exit 1; }
[[ -s "$out" ]] || { echo "chromium wrote no screenshot" >&2; exit 1; }
echo "wrote $out"
