#!/usr/bin/env python3
"""Checks the dashboard site and run pages as a browser shows them.

Usage: Scripts/check-dashboard.py [SITE_DIR] [--screenshots DIR]

Without SITE_DIR, writes a sample output folder (120 runs of 60 tests: failures, a flaky test, a slower test,
pruned runs, hostile test names), runs `smokerun dashboard --from` on it (SMOKERUN names the binary, default
.build/debug/smokerun) and checks that site, and two run pages `smokerun parse` writes: a failed run (a failure
at a long absolute path) and an error run (a build that failed before any test ran).

Structure (every page, Python's html.parser): every chart has a table, nothing is loaded from elsewhere (no
external URL, no script or stylesheet file), every relative link resolves. Rendering (headless Chromium, the
front page, each overview, each test index, up to five test pages and the longest-named one, at 1280 and
390 px): no script error or console error, no horizontal overflow (document.documentElement.scrollWidth >
clientWidth), no clipped text (an element with text that ends past the page's right edge, or is cut by an
overflow it cannot scroll), and a screenshot of each width. Exits 1 on a failure, 77 when Chromium is missing (after the structure checks passed).
"""
import html.parser, json, os, random, shutil, subprocess, sys, tempfile
from datetime import datetime, timedelta, timezone

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
WIDTHS = (1280, 390)
PROBE = """<script>window.__errors=[];window.addEventListener("error",function(e){__errors.push(String(e.message))});
var __ce=console.error;console.error=function(){__errors.push(Array.from(arguments).join(" "));__ce.apply(console,arguments)};
window.addEventListener("load",function(){setTimeout(function(){var d=document.documentElement;
var clipped=[];document.querySelectorAll("body *").forEach(function(e){if(clipped.length>=5)return;
var own=Array.from(e.childNodes).some(function(n){return n.nodeType===3&&n.textContent.trim()});if(!own)return;
var s=getComputedStyle(e);if(s.display==="none"||s.visibility==="hidden")return;
var b=e.getBoundingClientRect();if(b.width===0)return;
var cut=(s.overflowX==="hidden"||s.overflowX==="clip")&&e.scrollWidth>e.clientWidth+1;
if(b.right>d.clientWidth+1||cut)clipped.push(e.tagName.toLowerCase()+": "+e.textContent.trim().slice(0,60))});
var r=JSON.stringify({errors:__errors,scrollWidth:d.scrollWidth,clientWidth:d.clientWidth,clipped:clipped});
document.body.setAttribute("data-check",r);if(window.parent!==window)window.parent.postMessage(r,"*")},100)});</script>"""
# Chromium's window is at least 500 px wide, so narrower widths are an iframe of that width in a page that
# receives the probe's answer.
FRAME = """<!DOCTYPE html><html><body style="margin:0"><iframe src="{src}" style="width:{width}px;height:1800px;border:0">
</iframe><script>window.addEventListener("message",function(e){{document.body.setAttribute("data-check",e.data)}});
</script></body></html>"""


def sample_output(folder):
    random.seed(3)
    os.makedirs(os.path.join(folder, "runs"))
    # Test 0's name has no place to break, as real ones often do not: its page's heading must wrap at 390 px.
    tests = ["AppUITests.CheckoutFlowTests/testThatPayingWithAnExpiredCardShowsTheRenewalSheetAndKeepsTheBasket"]
    tests += [f"App.Suite{t // 10}/test{t}" for t in range(1, 58)] + ["App.Hostile/<script>alert(1)</script>",
                                                                   "App.Hostile/\u001b[31mred & \"quoted\""]
    start = datetime(2026, 9, 1, tzinfo=timezone.utc)
    with open(os.path.join(folder, "history.jsonl"), "w") as history:
        for r in range(120):
            began = start + timedelta(hours=4 * r)
            run_id = began.strftime("%Y%m%dT%H%M%SZ") + f"-{r:04x}"
            outcomes = {t: "passed" for t in tests}
            outcomes[tests[3]] = "failed" if 40 <= r < 60 or r >= 115 else "passed"
            outcomes[tests[0]] = "failed" if r % 30 == 7 else "passed"
            outcomes[tests[-2]] = "failed" if r % 9 == 0 else "passed"
            flaky = [tests[5]] if r % 4 == 0 else []
            durations = {t: (3.0 if t == tests[7] and r >= 110 else 1.0) + random.random() / 10 for t in tests}
            path = f"runs/{run_id}"
            if r >= 60:
                os.makedirs(os.path.join(folder, path))
                open(os.path.join(folder, path, "index.html"), "w").write("<!DOCTYPE html><title>run</title>\n")
            failed = "failed" in outcomes.values()
            history.write(json.dumps({
                "runID": run_id, "pipeline": "smoke", "status": "failed" if failed else "passed",
                "startedAt": began.strftime("%Y-%m-%dT%H:%M:%SZ"),
                "finishedAt": (began + timedelta(seconds=90)).strftime("%Y-%m-%dT%H:%M:%SZ"),
                "durationSeconds": 90 + r % 7, "outcomes": outcomes, "flaky": flaky, "durations": durations,
                "path": path, "commit": f"{r:04x}" + "c0ffee" * 6,
                "coverage": {k: {"covered": 700 + r, "count": 1000, "percent": (700 + r) / 10}
                             for k in ("lines", "functions", "regions", "branches")}}) + "\n")


FAILED_LOG = """Test Suite 'All tests' started at 2026-11-22 04:00:00.000.
Test Suite 'ServiceContextTests' started at 2026-11-22 04:00:00.001.
Test Case 'ServiceContextTests.testPropagatesTheContextAcrossTaskGroupsAndDetachedTasks' started at 2026-11-22 04:00:00.002.
/home/runner/work/swift-service-context/swift-service-context/Tests/ServiceContextTests/ServiceContextTests.swift:62: \
error: ServiceContextTests.testPropagatesTheContextAcrossTaskGroupsAndDetachedTasks : XCTAssertEqual failed: \
("Optional(1)") is not equal to ("Optional(2)") - the value set in the parent task reaches the child
Test Case 'ServiceContextTests.testPropagatesTheContextAcrossTaskGroupsAndDetachedTasks' failed (0.004 seconds)
Test Case 'ServiceContextTests.testEmpty' started at 2026-11-22 04:00:00.010.
Test Case 'ServiceContextTests.testEmpty' passed (0.001 seconds)
Test Suite 'ServiceContextTests' failed at 2026-11-22 04:00:00.011.
\t Executed 2 tests, with 1 failure (0 unexpected) in 0.005 (0.005) seconds
Test Suite 'All tests' failed at 2026-11-22 04:00:00.012.
\t Executed 2 tests, with 1 failure (0 unexpected) in 0.005 (0.005) seconds
"""
ERROR_LOG = """Building for debugging...
[3/9] Compiling Shop Cart.swift
/home/runner/work/swift-shop-inventory/swift-shop-inventory/Sources/ShopInventoryKit/Cart.swift:12:21: error: \
cannot convert value of type 'String' to specified type 'Int'
** TEST BUILD FAILED **
"""


def run_pages(binary, folder):
    """A failed run's and an error run's index.html, written by `smokerun parse` from the logs above."""
    pages = []
    for name, log in (("failed-run", FAILED_LOG), ("error-run", ERROR_LOG)):
        work = os.path.join(folder, name)
        os.makedirs(work)
        open(os.path.join(work, "console.log"), "w").write(log)
        subprocess.run([binary, "parse", "console.log", "--output", "out", "--name", name], cwd=work,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        page = os.path.join(work, "out", "latest", "index.html")
        if os.path.exists(page):
            pages.append(os.path.realpath(page))
        else:
            print(f"{name}: smokerun parse wrote no index.html", file=sys.stderr)
    return pages


class Page(html.parser.HTMLParser):
    def __init__(self):
        super().__init__()
        self.links, self.problems, self.charts, self.tables_after_chart, self.in_chart = [], [], 0, 0, False

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        for name in ("href", "src"):
            value = attrs.get(name)
            if value is None:
                continue
            if "://" in value or value.startswith("//"):
                self.problems.append(f"external {name}: {value}")
            elif not value.startswith("#"):
                self.links.append(value)
        if tag == "script" and "src" in attrs:
            self.problems.append("a script file")
        if tag == "link" and attrs.get("rel") == "stylesheet":
            self.problems.append("a stylesheet file")
        if tag == "svg" and "plot" in (attrs.get("class") or ""):
            self.charts += 1
            self.in_chart = True
        if tag == "table" and self.in_chart:
            self.tables_after_chart += 1
            self.in_chart = False


def check_structure(site):
    failures, pages = [], []
    for folder, _, names in os.walk(site):
        for name in names:
            if not name.endswith(".html"):
                continue
            path = os.path.join(folder, name)
            pages.append(path)
            parser = Page()
            parser.feed(open(path, encoding="utf-8").read())
            failures += [f"{path}: {p}" for p in parser.problems]
            if parser.charts != parser.tables_after_chart:
                failures.append(f"{path}: {parser.charts} charts but {parser.tables_after_chart} tables behind them")
            for link in parser.links:
                target = os.path.normpath(os.path.join(folder, link.split("#")[0]))
                if not os.path.exists(target):
                    failures.append(f"{path}: {link} does not resolve")
    return failures, pages


def render(browser, site, pages, shots):
    failures = []
    for page in pages:
        # A page that forwards (the front page of a one-pipeline site) is checked itself; its target is checked too.
        text = open(page, encoding="utf-8").read().replace("<head>", "<head>" + PROBE, 1)
        text = text.replace('<meta http-equiv="refresh"', '<meta data-checked-refresh', 1)
        probe = os.path.join(os.path.dirname(page), ".check-" + os.path.basename(page))
        frame = os.path.join(os.path.dirname(page), ".check-frame-" + os.path.basename(page))
        open(probe, "w", encoding="utf-8").write(text)
        try:
            for width in WIDTHS:
                profile = tempfile.mkdtemp()
                try:
                    target, shown = probe, page
                    if width < 500:
                        open(frame, "w").write(FRAME.format(src=os.path.basename(probe), width=width))
                        target = frame
                        shown = os.path.join(os.path.dirname(page), ".check-shot-" + os.path.basename(page))
                        open(shown, "w").write(FRAME.format(src=os.path.basename(page), width=width))
                    common = [browser, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                              "--allow-file-access-from-files", f"--user-data-dir={profile}",
                              f"--window-size={max(width, 500)},1800", "--virtual-time-budget=3000"]
                    dom = subprocess.run(common + ["--dump-dom", "file://" + target], capture_output=True,
                                         text=True, timeout=120).stdout
                    marker = dom.find('data-check="')
                    if marker < 0:
                        failures.append(f"{page} at {width} px: the page did not finish loading")
                        continue
                    raw = dom[marker + 12:dom.index('"', marker + 12)]
                    result = json.loads(html.unescape(raw))
                    if result["errors"]:
                        failures.append(f"{page} at {width} px: console errors {result['errors']}")
                    if result.get("clipped"):
                        failures.append(f"{page} at {width} px: clipped text {result['clipped']}")
                    if result["scrollWidth"] > result["clientWidth"]:
                        failures.append(f"{page} at {width} px: overflows ({result['scrollWidth']} > "
                                        f"{result['clientWidth']})")
                    name = os.path.relpath(page, site).replace("/", "_")[:-5]
                    subprocess.run(common + [f"--screenshot={os.path.join(shots, f'{name}-{width}.png')}",
                                             "file://" + shown], capture_output=True, timeout=120)
                finally:
                    shutil.rmtree(profile, ignore_errors=True)
                    for helper in (frame, os.path.join(os.path.dirname(page), ".check-shot-" +
                                                       os.path.basename(page))):
                        if os.path.exists(helper):
                            os.remove(helper)
        finally:
            os.remove(probe)
    return failures


def main():
    args = sys.argv[1:]
    shots = os.path.abspath("dashboard-screenshots")
    if "--screenshots" in args:
        at = args.index("--screenshots")
        shots = os.path.abspath(args[at + 1])
        del args[at:at + 2]
    work = tempfile.mkdtemp(prefix="smokerun-check-dashboard.")
    try:
        runs = []
        if args:
            site = os.path.abspath(args[0])
        else:
            sample_output(os.path.join(work, "out"))
            binary = os.environ.get("SMOKERUN", os.path.join(ROOT, ".build/debug/smokerun"))
            subprocess.run([binary, "dashboard", "--from", os.path.join(work, "out")], check=True,
                           stdout=subprocess.DEVNULL)
            site = os.path.join(work, "out", "site")
            runs = run_pages(binary, os.path.join(work, "runs"))
            if len(runs) != 2:
                return 1
        failures, pages = check_structure(site)
        print(f"structure: {len(pages)} pages checked")
        browser = shutil.which("chromium") or shutil.which("chromium-browser") or shutil.which("google-chrome")
        if failures:
            print("\n".join(failures), file=sys.stderr)
            return 1
        if not browser:
            print("skipped rendering: no chromium (Debian: apt-get install -y chromium)", file=sys.stderr)
            return 77
        os.makedirs(shots, exist_ok=True)
        shown = [p for p in pages if os.path.basename(os.path.dirname(p)) != "t"]
        test_pages = sorted(p for p in pages if os.path.basename(os.path.dirname(p)) == "t")
        # The first five, and the test with the longest name (a heading that must wrap).
        shown += test_pages[:5] + [p for p in test_pages[5:] if p == max(test_pages, key=len)]
        failures = render(browser, site, shown, shots)
        if runs:
            failures += render(browser, os.path.realpath(os.path.join(work, "runs")), runs, shots)
        shown += runs
        print(f"rendered {len(shown)} pages at {', '.join(map(str, WIDTHS))} px; screenshots in {shots}")
        if failures:
            print("\n".join(failures), file=sys.stderr)
            return 1
        return 0
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
