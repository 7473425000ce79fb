import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeCoreTestSupport

@Suite struct HTMLReportTests {
    private func render(_ report: RunReport = ReportFixture.report) -> String {
        HTMLReport.render(report, attachmentContent: ReportFixture.attachmentContent)
    }

    @Test func matchesGoldenFile() {
        assertSnapshot(render(), named: "index.html")
    }

    @Test func isSelfContainedWithOneInlineScriptAndNoExternalResources() {
        let html = render().lowercased()
        #expect(html.components(separatedBy: "<script").count == 2)
        #expect(!html.contains("<script src"))
        #expect(!html.contains("<link"))
        #expect(!html.contains("src=\"http"))
        #expect(!html.contains("url("))
    }

    @Test func escapesTestProvidedText() {
        let html = render()
        #expect(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;.txt"))
        #expect(html.contains("&lt;b&gt;bold&lt;/b&gt; &amp; \"quoted\""))
        #expect(html.contains("a | b &lt; c &amp; \"d\"]]&gt;"))
    }

    @Test func showsFailuresBeforeTheListOfAllTests() throws {
        let html = render()
        let failures = try #require(html.range(of: "<section id=\"failures\">"))
        let all = try #require(html.range(of: "<section id=\"tests\">"))
        #expect(failures.lowerBound < all.lowerBound)
        #expect(html.contains("first frame in your sources <code>Sources/Checkout/Cart.swift:88</code>"))
    }

    @Test func crashCardHasTheFatalMessageTheFrameAndALinkToTheConsoleLog() throws {
        let html = render()
        let card = try #require(html.range(of: "<article class=\"card failed\" id=\"test-5\">"))
        let end = try #require(html.range(of: "</article>", range: card.upperBound..<html.endIndex))
        let text = html[card.lowerBound..<end.lowerBound]
        #expect(text.contains("<pre>Fatal error: Index out of range</pre>"))
        #expect(text.contains("Sources/Checkout/Cart.swift:88"))
        #expect(text.contains("<a href=\"#console\">Console log</a>"))
        #expect(html.contains("<section id=\"console\">") && html.contains("<a href=\"console.log\">console.log</a>"))
    }

    @Test func showsSkipReasonsFlakyAttemptsSlowestTestsAndSuites() {
        let html = render()
        #expect(html.contains("<code>TipCalculatorTests.FeatureTests/disabledFeature()</code> — Feature flag is off"))
        #expect(html.contains("<code>TipCalculatorTests.TipTests/testSplit</code> — passed on attempt 2:"))
        #expect(html.contains("<section id=\"slowest\">") && html.contains("<section id=\"suites\">"))
        #expect(html.contains("<option value=\"crashed\">crashed</option>"))
    }

    @Test func usesSVGIconsNotEmojiAndNotApplicableForEmptyTotals() {
        let html = render()
        for emoji in ["✅", "❌", "💥", "⏭️", "⏱️", "☑️", "⚠️"] { #expect(!html.contains(emoji), "\(emoji) in the page") }
        #expect(html.contains("<symbol id=\"i-bolt\""))
        #expect(html.contains("<tr><td>Branches</td><td>0</td><td>0</td><td>n/a</td>"))
        #expect(!html.contains("<td>Branches</td><td>0</td><td>0</td><td>100.0%</td>"))
    }

    @Test func aDisagreementWithTheFrameworkIsAWarningBeforeTheTotals() throws {
        var report = ReportFixture.report
        report.reconciliation = Reconciliation(
            sources: [FrameworkCount(framework: "xctest", tests: 10, failures: 2, from: "console.log:120")],
            differences: ["XCTest executed 10 tests; smokerun counted 9"])
        report.inputs = [
            InputRecord(path: "build.log", format: "xctest-log", unrecognizedLines: 3, firstUnrecognizedLine: 7)
        ]
        let html = render(report)
        let warning = try #require(html.range(of: "<section class=\"warn\" id=\"reconciliation\">"))
        let totals = try #require(html.range(of: "<section class=\"totals\">"))
        #expect(warning.lowerBound < totals.lowerBound)
        #expect(html.contains("<li>XCTest executed 10 tests; smokerun counted 9</li>"))
        #expect(html.contains("3 lines not understood (first: line 7)"))
    }

    @Test func sourcePathsAreRelativeAndLinkedWhenTheRepositoryIsKnown() {
        let links = SourceLinks.from(
            environment: ["GITHUB_SERVER_URL": "https://github.com", "GITHUB_REPOSITORY": "o/r", "GITHUB_SHA": "abc"],
            projectRoot: "/src")
        let html = HTMLReport.render(
            ReportFixture.report, sources: links, attachmentContent: ReportFixture.attachmentContent)
        #expect(
            html.contains(
                "<a href=\"https://github.com/o/r/blob/abc/Tests/TipCalculatorTests/TipTests.swift#L42\"><code>Tests/TipCalculatorTests/TipTests.swift:42</code></a>"
            ))
        #expect(SourceLinks().relative("/home/ci/work/app/Sources/App/Cart.swift") == "Sources/App/Cart.swift")
        let gitlab = SourceLinks.from(
            environment: ["CI_PROJECT_URL": "https://gitlab.com/g/p", "CI_COMMIT_SHA": "def"], projectRoot: "/b")
        #expect(gitlab.url(file: "/b/App/View.swift", line: 3) == "https://gitlab.com/g/p/-/blob/def/App/View.swift#L3")
        #expect(SourceLinks.from(environment: [:]).url(file: "Sources/A.swift", line: 1) == nil)
        #expect(SourceLinks().relative("/home/ci/app/.build/checkouts/x/Sources/X.swift") == nil)
    }

    /// A project in a monorepo's folder (`apps/widget/`): a link's path is the repository's, from the CI checkout's
    /// root; what is shown stays relative to the project.
    @Test func aLinkOfAProjectInARepositorysFolderStartsAtTheRepositorysRoot() {
        let github = SourceLinks.from(
            environment: [
                "GITHUB_SERVER_URL": "https://github.com", "GITHUB_REPOSITORY": "acme/mono", "GITHUB_SHA": "abc",
                "GITHUB_WORKSPACE": "/home/runner/work/mono/mono",
            ], projectRoot: "/home/runner/work/mono/mono/apps/widget")
        let file = "/home/runner/work/mono/mono/apps/widget/Tests/TwoTests/TwoTests.swift"
        #expect(
            github.url(file: file, line: 7)
                == "https://github.com/acme/mono/blob/abc/apps/widget/Tests/TwoTests/TwoTests.swift#L7")
        #expect(github.display(file: file, line: 7) == "Tests/TwoTests/TwoTests.swift:7")
        let gitlab = SourceLinks.from(
            environment: ["CI_PROJECT_URL": "https://gitlab.com/g/p", "CI_COMMIT_SHA": "def", "CI_PROJECT_DIR": "/b"],
            projectRoot: "/b/ios")
        #expect(
            gitlab.url(file: "/b/ios/App/View.swift", line: 3)
                == "https://gitlab.com/g/p/-/blob/def/ios/App/View.swift#L3")
        // A project outside the checkout named (another clone): project-relative, as before.
        let elsewhere = SourceLinks(projectRoot: "/x/app", baseURL: "https://h/blob/s/", repositoryRoot: "/y")
        #expect(elsewhere.url(file: "/x/app/A.swift", line: 1) == "https://h/blob/s/A.swift#L1")
    }

    /// Without a project root, a path is cut at its last `Sources/` or `Tests/` folder, whichever comes later;
    /// dependencies' checkouts and outside paths have none.
    @Test(
        arguments: [
            ("/home/ci/work/app/Sources/App/Cart.swift", "Sources/App/Cart.swift"),
            ("/w/Tests/Fixtures/Sources/Gen/A.swift", "Sources/Gen/A.swift"),
            ("/w/Sources/Kit/Tests/Helpers.swift", "Tests/Helpers.swift"),
            ("/Users/çé/Projekt/Tests/ÄTests/Ü.swift", "Tests/ÄTests/Ü.swift"),
            ("/w/Sources", nil), ("/w/app/.build/arm64/Sources/A.swift", nil), ("/w/checkouts/x/Tests/B.swift", nil),
            ("/usr/include/stdio.h", nil), ("Sources/Already/Relative.swift", "Sources/Already/Relative.swift"),
            ("../outside/Sources/A.swift", nil), ("/Tests/", "Tests/"),
        ] as [(String, String?)])
    func aPathIsCutAtItsLastSourcesOrTestsFolder(path: String, expected: String?) {
        #expect(SourceLinks().relative(path) == expected)
    }

    @Test func aHundredThousandTestsStayUnderTenMegabytes() {
        var report = ReportFixture.minimalReport
        report.tests = (0..<100_000).map { index in
            TestResult(
                id: "Module.Suite\(index / 100)/testNumber\(index)", name: "testNumber\(index)",
                suite: "Suite\(index / 100)",
                framework: .xctest, status: index % 1000 == 0 ? .failed : .passed, durationSeconds: 0.01,
                order: index + 1,
                failures: index % 1000 == 0 ? [TestFailure(message: "boom", file: "Tests/A.swift", line: 3)] : [])
        }
        let html = render(report)
        #expect(html.utf8.count < 10 * 1024 * 1024, "\(html.utf8.count) bytes")
        #expect(html.contains("99900 tests summarized: 99900 passed and 0 skipped tests are counted per suite above"))
        // Every failure is shown in full, with its message.
        for index in stride(from: 0, to: 100_000, by: 1000) {
            #expect(html.contains(" Module.Suite\(index / 100)/testNumber\(index)</h3>"))
        }
        // 1,000 suites: the first 500 are rows, the other 500 one embedded array the page expands.
        #expect(html.components(separatedBy: "<tr><td class=\"name\">").count - 1 == HTMLReport.suiteRowLimit)
        #expect(html.contains("Show 500 more suites"))
        #expect(html.contains("[\"Suite999\",100,100,0,0,1.000]"))
    }

    @Test func failuresPastTheCardLimitAreOneEmbeddedLineEachAndThePageStaysSmall() {
        var report = ReportFixture.minimalReport
        report.tests = (0..<60_000).map { index in
            TestResult(
                id: "Module.Suite\(index / 100)/testNumber\(index)", name: "testNumber\(index)",
                suite: "Suite\(index / 100)",
                framework: .xctest, status: index % 2 == 0 ? .failed : .passed, durationSeconds: 0.01, order: index + 1,
                failures: index % 2 == 0
                    ? [
                        TestFailure(
                            message:
                                "XCTAssertEqual failed: (\"\(index)\") is not equal to (\"0\")\nsecond line </script>",
                            file: "Tests/A.swift", line: 3)
                    ] : [])
        }
        let html = render(report)
        #expect(html.utf8.count < 10 * 1024 * 1024, "\(html.utf8.count) bytes")
        let limit = HTMLReport.failureCardLimit
        #expect(html.components(separatedBy: "<article class=\"card failed\"").count - 1 == limit)
        #expect(html.contains("Failures (30000)"))
        #expect(html.contains("The first \(limit) failures in full, the other \(30_000 - limit) below them in short."))
        #expect(html.contains("Show \(30_000 - limit) more failures"))
        // The last failure is in the embedded list: its anchor, id, status and first line, with `<` escaped.
        #expect(
            html.contains(
                #"["test-59999","Module.Suite599/testNumber59998","failed","XCTAssertEqual failed: (\"59998\") is not equal to (\"0\")"]"#
            ))
        #expect(!html.contains("second line \\u003c/script>"))
        // The test table lists only the failures that have cards.
        #expect(html.components(separatedBy: "<tr class=\"failed\"").count - 1 == limit)
    }

    @Test func aFailureMessageIsCutToOneShortLineInTheEmbeddedList() {
        let long = TestResult(
            id: "M.S/t", name: "t", suite: "S", framework: .xctest, status: .failed,
            failures: [TestFailure(message: String(repeating: "x", count: 500) + "\nmore")])
        #expect(
            HTMLFailureData.firstLine(of: long) == String(repeating: "x", count: HTMLFailureData.messageLimit) + "…")
        let silent = TestResult(id: "M.S/u", name: "u", suite: "S", framework: .xctest, status: .timedOut)
        #expect(HTMLFailureData.firstLine(of: silent) == "Exceeded the test time limit")
    }

    @Test func skippedTestsPastTheLimitAreSummarizedWithPassedOnes() {
        var report = ReportFixture.minimalReport
        report.tests = (0..<3_000).map { index in
            TestResult(
                id: "M.S/t\(index)", name: "t\(index)", suite: "S", framework: .xctest,
                status: index % 2 == 0 ? .skipped : .passed, order: index + 1)
        }
        let html = render(report)
        #expect(html.contains("3000 tests summarized: 1500 passed and 1500 skipped"))
        #expect(!html.contains("<tr class=\"skipped\""))
    }

    @Test func embedsSmallImagesAndLinksLargeOnesWithoutReadingThem() {
        let asked = LockedList()
        let html = HTMLReport.render(ReportFixture.report) { record in
            asked.append(record.path)
            return ReportFixture.attachmentContent(record)
        }
        #expect(html.contains("src=\"data:image/png;base64,iVBORw0KGgo=\""))
        #expect(html.contains("href=\"attachments/CheckoutTests-testPay-full_page.png\""))
        #expect(!asked.values.contains(ReportFixture.hugeScreenshot.path))
        #expect(!asked.values.contains(ReportFixture.video.path))
    }

    @Test func previewsOnlyTheStartOfLongText() {
        let record = AttachmentRecord(
            name: "big.log", path: "attachments/big.log", mediaType: "text/plain", size: 10_000)
        var report = ReportFixture.minimalReport
        report.tests[0].attachments = [record]
        let html = HTMLReport.render(report) { _ in Data(repeating: UInt8(ascii: "x"), count: 10_000) }
        #expect(html.contains(String(repeating: "x", count: 4096) + "\n… (9.8 KB in total)"))
        #expect(!html.contains(String(repeating: "x", count: 4097)))
    }

    @Test(arguments: [
        ("attachments/a b.png", "attachments/a%20b.png"), ("javascript:alert(1)", "javascript%3Aalert(1)"),
        ("/etc/passwd", "./etc/passwd"), ("attachments/x\"y.txt", "attachments/x%22y.txt"),
    ])
    func linksAreRelativeAndNeverASchemeOrAbsolute(path: String, expected: String) {
        #expect(HTMLAttachment.href(path) == expected)
    }
}

/// Collects values from the attachment closure (called synchronously, but the type must be Sendable-safe).
private final class LockedList: @unchecked Sendable {
    private let lock = NSLock()
    private var storage: [String] = []
    func append(_ value: String) { lock.withLock { storage.append(value) } }
    var values: [String] { lock.withLock { storage } }
}

/// The activity timeline in report.json (every key, null when none) and beside the failure in index.html.
@Suite struct ActivityTimelineReportTests {
    private static var failingWithSteps: TestResult {
        var test = TestResult(
            id: "UITests.TipUITests/testTip", name: "testTip", suite: "TipUITests", framework: .xctest, status: .failed,
            durationSeconds: 1.25, order: 1,
            failures: [TestFailure(message: "XCTAssertTrue failed", file: "T.swift", line: 9)])
        test.attachments = [
            AttachmentRecord(
                name: "Tip screen.png", path: "attachments/TipUITests-testTip-Tip_screen.png", mediaType: "image/png",
                size: 8)
        ]
        let start = Date(timeIntervalSince1970: 1_795_147_245)
        test.activities = [
            ActivityStep(title: "Set Up", startedAt: start),
            ActivityStep(
                title: "Tap <script>alert(1)</script> & \"Pay\"", depth: 1, startedAt: start.addingTimeInterval(1),
                attachments: ["Tip screen", "lost one"]),
            ActivityStep(
                title: "Assertion Failure at T.swift:9", depth: 1, failed: true, startedAt: start.addingTimeInterval(2)),
        ]
        return test
    }

    @Test func aTestWithStepsStreamsAsJSONEncoderWritesItAndOthersSayNull() throws {
        var report = ReportFixture.minimalReport
        var plain = TestResult(
            id: "M.S/plain", name: "plain", suite: "S", framework: .xctest, status: .passed, durationSeconds: 1,
            order: 2)
        plain.failures = []
        report.tests = [Self.failingWithSteps, plain]
        let rendered = JSONReport.render(report)
        #expect(rendered == JSONReport.encodedWhole(report))
        let object = try #require(try JSONSerialization.jsonObject(with: rendered) as? [String: Any])
        let tests = try #require(object["tests"] as? [[String: Any]])
        #expect(tests[1]["activities"] is NSNull)
        let steps = try #require(tests[0]["activities"] as? [[String: Any]])
        #expect(steps.count == 3)
        #expect(Set(steps[0].keys) == ["title", "depth", "failed", "startedAt", "attachments"])
        #expect(steps[2]["failed"] as? Bool == true)
        let decoded = try JSONCoding.decoder().decode(RunReport.self, from: rendered)
        #expect(decoded.tests[0].activities == Self.failingWithSteps.activities)
    }

    @Test func indexHTMLShowsTheStepsBesideTheFailureEscapedWithTheirAttachments() {
        var report = ReportFixture.minimalReport
        report.tests = [Self.failingWithSteps]
        report.status = .failed
        let html = HTMLReport.render(report) { _ in nil }
        #expect(html.contains("Steps before the failure (last 3 steps)"))
        #expect(
            html.contains("Tap &lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;Pay&quot;")
                || html.contains("Tap &lt;script&gt;alert(1)&lt;/script&gt; &amp; \"Pay\""))
        #expect(!html.contains("<script>alert(1)</script>"))
        #expect(html.contains("href=\"attachments/TipUITests-testTip-Tip_screen.png\">Tip screen.png</a>"))
        #expect(html.contains(">lost one</span>"))
        #expect(html.contains("class=\"step failed\""))
        let timeline = html.range(of: "Steps before the failure")
        let message = html.range(of: "XCTAssertTrue failed")
        #expect(timeline != nil && message != nil && message!.lowerBound < timeline!.lowerBound)
    }

    @Test func aTestWithoutStepsHasNoTimeline() {
        var test = Self.failingWithSteps
        test.activities = nil
        #expect(HTMLActivityTimeline.render(test) == "")
    }
}

/// index.html stays under 10 MB whatever fails and whatever the failures printed; report.json still has them all,
/// and writes output lines by hand exactly as `JSONEncoder` would.
@Suite struct ReportBudgetTests {
    private static func failing(_ index: Int, output: [String] = []) -> TestResult {
        TestResult(
            id: "Module.Suite\(index / 100)/testNumber\(index)", name: "testNumber\(index)",
            suite: "Suite\(index / 100)",
            framework: .xctest, status: .failed, durationSeconds: 0.01, order: index + 1,
            failures: [
                TestFailure(
                    message: "XCTAssertEqual failed: (\"\(index)\") is not equal to (\"0\") "
                        + String(repeating: "x", count: 100),
                    file: "Tests/A.swift", line: 3)
            ],
            output: output)
    }

    private static func render(_ report: RunReport) -> String {
        HTMLReport.render(report, attachmentContent: { _ in nil })
    }

    @Test func moreFailuresThanTheCompactListHoldsAreCountedAndThePageStaysUnderTenMegabytes() {
        var report = ReportFixture.minimalReport
        report.tests = (0..<36_000).map { Self.failing($0) }
        let html = Self.render(report)
        #expect(html.utf8.count < 10 * 1024 * 1024, "\(html.utf8.count) bytes")
        #expect(html.contains("Failures (36000)"))
        #expect(html.contains(#"<p id="unlisted-failures">"#))
        // Cards, compact rows and the unlisted count add up to every failure.
        let cards = html.components(separatedBy: "<article class=\"card failed\"").count - 1
        let rows = html.components(separatedBy: "[\"test-").count - 1
        let unlisted = 36_000 - cards - rows
        #expect(unlisted > 0)
        #expect(
            html.contains(
                "\(unlisted) more failures not listed on this page (it stays small); report.json and junit.xml have every failure."
            ))
        #expect(html.contains("Show \(rows) more failures"))
    }

    @Test func failureCardsWithLongOutputStopAtTheirByteBudgetAndTheRestAreListedInShort() {
        var report = ReportFixture.minimalReport
        let output = (0..<50).map { "line \($0) " + String(repeating: "y", count: 200) }
        report.tests = (0..<1_000).map { Self.failing($0, output: output) }
        let html = Self.render(report)
        #expect(html.utf8.count < 10 * 1024 * 1024, "\(html.utf8.count) bytes")
        let cards = html.components(separatedBy: "<article class=\"card failed\"").count - 1
        #expect(cards > 0 && cards < 1_000)
        #expect(html.contains("The first \(cards) failures in full, the other \(1_000 - cards) below them in short."))
        #expect(html.contains("Show \(1_000 - cards) more failures"))
        #expect(!html.contains("unlisted-failures"))
        // The test table links only the failures that have cards.
        #expect(html.components(separatedBy: "<tr class=\"failed\"").count - 1 == cards)
    }

    @Test func aHundredThousandTestParseWithFiveThousandFailuresListsEveryFailure() {
        var report = ReportFixture.minimalReport
        report.tests = (0..<100_000).map { index in
            index % 20 == 0
                ? Self.failing(index, output: ["printed \(index)"])
                : TestResult(
                    id: "Module.Suite\(index / 100)/testNumber\(index)", name: "testNumber\(index)",
                    suite: "Suite\(index / 100)",
                    framework: .xctest, status: .passed, durationSeconds: 0.01, order: index + 1)
        }
        let html = Self.render(report)
        #expect(html.utf8.count < 10 * 1024 * 1024, "\(html.utf8.count) bytes")
        #expect(!html.contains("unlisted-failures"))
        let named = Self.testIDs(in: html)
        for index in stride(from: 0, to: 100_000, by: 20) {
            #expect(named.contains("Module.Suite\(index / 100)/testNumber\(index)"))
        }
    }

    /// Every `Module.Suite…/testNumber…` id the page names, in one pass over its bytes (a `contains` per failure
    /// scanned the 8 MB page 5,000 times: minutes in a debug build, holding a test thread all along).
    private static func testIDs(in html: String) -> Set<String> {
        let bytes = Array(html.utf8)
        let marker = Array("Module.Suite".utf8)
        var ids = Set<String>()
        var index = 0
        while index + marker.count <= bytes.count {
            guard bytes[index] == marker[0], bytes[index..<(index + marker.count)].elementsEqual(marker) else {
                index += 1
                continue
            }
            var end = index + marker.count
            while end < bytes.count, Self.isIDByte(bytes[end]) { end += 1 }
            ids.insert(String(decoding: bytes[index..<end], as: UTF8.self))
            index = end
        }
        return ids
    }

    private static func isIDByte(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
            || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "/")
            || byte == UInt8(ascii: ".")
    }

    @Test func testsWithOutputLinesStreamAsJSONEncoderWritesThem() {
        var report = ReportFixture.minimalReport
        report.tests = [
            Self.failing(
                1,
                output: ["plain", "with \"quotes\" \\ and /slashes/", "esc \u{1B}[31mred\u{1B}[0m", "tab\tcafé 🚀", ""]),
            TestResult(
                id: "M.S/p", name: "p", suite: "S", framework: .swiftTesting, status: .passed, durationSeconds: 0.25,
                order: 2,
                output: ["one line"]),
            TestResult(
                id: "M.S/q", name: "q", suite: "S", framework: .xctest, status: .skipped, durationSeconds: 0, order: 3,
                output: ["Skipped: not on Linux"]),
        ]
        #expect(
            String(decoding: JSONReport.render(report), as: UTF8.self)
                == String(decoding: JSONReport.encodedWhole(report), as: UTF8.self))
    }
}
