/// One test case in a run: its final status and every attempt that led to it.
package struct TestResult: Codable, Sendable, Equatable, Identifiable {
    /// `Module.Class/method` (XCTest) or `Module.Suite/function()` (Swift Testing).
    package var id: String
    /// Swift Testing's display name (`@Test("Adds two numbers")`), shown before the id wherever a person reads
    /// the test; the id stays its key. Nil when the test has none (report.json then has no such field).
    package var displayName: String?
    package var name: String
    package var suite: String
    package var framework: TestFramework
    package var status: TestStatus
    var durationSeconds: Double
    /// 1-based position in the order the tests actually ran.
    package var order: Int
    /// Failed at least once, then passed on a retry.
    package var flaky: Bool
    package var failures: [TestFailure]
    package var attachments: [AttachmentRecord]
    /// What the test printed, bounded (see `TestResult.outputLineLimit`).
    package var output: [String]
    package var attempts: [TestAttempt]
    /// The failure moment's screenshot (`FailureScreenshot`) as an attachment `path`; nil without a failure or image.
    package var failureScreenshot: String?
    /// The worker (1-based) that ran the test in a parallel run (`--workers N`, N > 1); nil otherwise.
    package var worker: Int?
    /// The test's 1-based place in its worker's sequence (first attempts), so `bisect` can replay what
    /// ran before it in the same process line; nil when `worker` is.
    package var position: Int?
    /// The device it ran on when the pipeline pins several (ids repeat across devices); nil for one.
    package var device: String?
    /// A failing test's activity steps up to its failure, from a result bundle (`ActivityTimeline`); nil otherwise.
    package var activities: [ActivityStep]?
    /// What proved a failed, crashed or timed-out status (the input line, or the process fact smokerun saw).
    package var evidence: Evidence?
    /// It passed alone but failed again after the tests that ran before it in its process (`OrderRecheck`); nil otherwise.
    package var orderDependence: OrderDependence?
    /// The source gave no duration (a test a crash ended, one left unfinished, one only a list names):
    /// `durationSeconds` is 0 and the reports show the time as unknown. report.json keeps its number.
    package var durationIsUnknown: Bool {
        get { unknownDuration == true }
        set { unknownDuration = newValue ? true : nil }
    }
    private var unknownDuration: Bool?
    /// Only parallel result lines (`… passed on 'My Mac - App (123)' (…)`) or SwiftPM's `[3/40] Testing M.C/t` tell of
    /// it: its process prints no totals, so no framework total counts it (see `Reconciliation`).
    package var ranWhereNoTotalsCount: Bool {
        get { noTotalsCount == true }
        set { noTotalsCount = newValue ? true : nil }
    }
    private var noTotalsCount: Bool?
    /// Its suite recorded an issue outside its tests (a scoping trait threw), so it did not run and failed with that
    /// issue: no framework total counts it as a test, only the suite's issue.
    package var failedByItsSuite: Bool {
        get { suiteFailed == true }
        set { suiteFailed = newValue ? true : nil }
    }
    private var suiteFailed: Bool?

    /// Lines of output kept per test; the rest stays in `console.log`.
    package static let outputLineLimit = 200

    package init(
        id: String, name: String, suite: String, framework: TestFramework, status: TestStatus,
        durationSeconds: Double = 0, order: Int = 0, flaky: Bool = false,
        failures: [TestFailure] = [], attachments: [AttachmentRecord] = [],
        output: [String] = [], attempts: [TestAttempt] = []
    ) {
        self.id = id
        self.name = name
        self.suite = suite
        self.framework = framework
        self.status = status
        self.durationSeconds = durationSeconds
        self.order = order
        self.flaky = flaky
        self.failures = failures
        self.attachments = attachments
        self.output = output
        self.attempts = attempts
    }

    /// `"Adds two numbers" (Module.Suite/add())` with a display name, else the id.
    package var titledID: String { displayName.map { "\"\($0)\" (\(id))" } ?? id }
}

extension [TestResult] {
    /// The tests `isIncluded` keeps, in order, each read in place where `filter` would copy every test it is given
    /// (see Documentation/Performance.md).
    package func kept(where isIncluded: (TestResult) -> Bool) -> [TestResult] {
        var kept: [TestResult] = []
        for index in indices where isIncluded(self[index]) { kept.append(self[index]) }
        return kept
    }
}

extension TestResult {
    /// The attempts before the last of their configuration: the retries that did not have the final word.
    /// A test run once in each of two configurations has none.
    package var earlierAttempts: [TestAttempt] {
        attempts.indices.filter { index in
            attempts[(index + 1)...].contains { $0.configuration == attempts[index].configuration }
        }.map { attempts[$0] }
    }

    /// How many times the test was tried where it was tried most: its attempts, counted per configuration.
    package var tries: Int {
        let counts = Dictionary(grouping: attempts, by: \.configuration).values.map(\.count)
        return max(counts.max() ?? 1, 1)
    }

    /// Which of those tries first passed (1-based), where the test was tried most; `tries` when none did. A later try
    /// (an order-dependence recheck) may pass again.
    package var firstPassingTry: Int {
        let most = Dictionary(grouping: attempts, by: \.configuration).values.max { $0.count < $1.count } ?? []
        return most.firstIndex { $0.status == .passed }.map { $0 + 1 } ?? tries
    }
}
