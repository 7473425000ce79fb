#!/usr/bin/env python3
"""Checks the dashboard site as a browser shows it.

Usage: Scripts/check-dashboard.py [SITE_DIR] [--screenshots DIR]

Without SITE_DIR, writes a sample output folder (120 runs of 60 tests: failures, a flaky test, a slower test,
pruned runs, hostile test names), runs `smokerun dashboard --from` on it (SMOKERUN names the binary, default
.build/debug/smokerun) and checks that site.

Structure (every page, Python's html.parser): every chart has a table, nothing is loaded from elsewhere (no
external URL, no script or stylesheet file), every relative link resolves. Rendering (headless Chromium, the
front page, each overview, each test index, up to five test pages and the longest-named one, at 1280 and
390 px): no script error or console error, no horizontal overflow (document.documentElement.scrollWidth >
clientWidth), and a screenshot of each width. Exits 1 on a failure, 77 when Chromium is missing (after the structure checks passed).
"""
import html.parser, json, os, random, shutil, subprocess, sys, tempfile
from datetime import datetime, timedelta, timezone

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
WIDTHS = (1280, 390)
PROBE = """<script>window.__errors=[];window.addEventListener("error",function(e){__errors.push(String(e.message))});
var __ce=console.error;console.error=function(){__errors.push(Array.from(arguments).join(" "));__ce.apply(console,arguments)};
window.addEventListener("load",function(){setTimeout(function(){var d=document.documentElement;
var r=JSON.stringify({errors:__errors,scrollWidth:d.scrollWidth,clientWidth:d.clientWidth});
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
        text = open(page, encoding="utf-8").read().replace("<head>", "<head>" + PROBE, 1)
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
        if args:
            site = os.path.abspath(args[0])
        else:
            sample_output(os.path.join(work, "out"))
            binary = os.environ.get("SMOKERUN", os.path.join(ROOT, ".build/debug/smokerun"))
            subprocess.run([binary, "dashboard", "--from", os.path.join(work, "out")], check=True,
                           stdout=subprocess.DEVNULL)
            site = os.path.join(work, "out", "site")
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
        print(f"rendered {len(shown)} pages at {', '.join(map(str, WIDTHS))} px; screenshots in {shots}")
        if failures:
            print("\n".join(failures), file=sys.stderr)
            return 1
        return 0
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
