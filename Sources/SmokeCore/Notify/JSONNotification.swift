import Foundation

/// The `json` format: a run summary for any receiver that is not Slack. Keys are sorted, dates ISO 8601 UTC, and
/// optional fields absent when unknown. The keys are this type's properties; what they do not say:
///
/// - `schema` changes only when a field changes meaning.
/// - `failures`: run order, at most `listedFailures`, without those a quarantine covered (see `quarantined`);
///   `device` only on a run pinning several devices (a test may fail on one and not another); `message` the first
///   failure, at most `messageLimit` characters; `file` relative to the project; `attachments` relative to the run
///   directory; `failingRuns` counts this run.
/// - `moreFailures`: failing tests beyond the listed ones (0 when all are listed).
/// - `flaky`: ids of tests that passed only on a retry (with " [device]" on a multi-device run).
/// - `recovered`, `failingSince…`, `failingRuns`: for a recovery, the tests that pass again and the streak that ended;
///   `looksFlaky`: those of them the flake model now calls flaky, with each one's rate; `quarantinedNotRecovered`:
///   announced tests that still fail, closed because a quarantine covers them now (never in `recovered`). A failure
///   or reminder has `recovered` too when announced tests passed since the last message; `recoveredTests` gives each
///   recovered test's own streak (`passingAgainSince…` when it passed before this run).
/// - `errors`: infrastructure errors, their `details` cut to the last 15 lines.
/// - `links.reportPath`: `host:/path/of/the/run/index.html`, a path, not a link.
struct JSONNotification: Encodable, Sendable, Equatable {
    static let schema = "smokerun.notification/1"
    static let listedFailures = 100
    static let messageLimit = 2000

    var schema = JSONNotification.schema
    var kind: NotificationKind
    var headline: String
    var pipeline: String
    var projectFolder: String?
    var runID: String
    var status: RunStatus
    var startedAt: Date
    var finishedAt: Date
    var durationSeconds: Double
    var seed: UInt64?
    var replay: String?
    var origin: RunOrigin?
    var device: Device
    var totals: Totals
    var failures: [Failure]
    var moreFailures: Int
    var quarantined: [Quarantined]?
    var flaky: [String]
    var recovered: [String]?
    var looksFlaky: [String: String]?
    var quarantinedNotRecovered: [String]?
    var recoveredTests: [RecoveredTest]?
    var failingSince: String?
    var failingSinceAt: Date?
    var failingSinceCommit: String?
    var failingRuns: Int?
    /// A new failure's suspect commits (`Suspects`); absent when there are none.
    var suspects: Suspects?
    var errors: [InfrastructureError]
    var links: Links

    struct Device: Encodable, Sendable, Equatable {
        var platform: String
        var name: String?
        var runtime: String?
        var operatingSystem: String?
    }

    struct Failure: Encodable, Sendable, Equatable {
        var id: String
        var displayName: String?
        var device: String?
        var status: TestStatus
        var new: Bool
        var failingSince: String?
        var failingSinceAt: Date?
        var failingSinceCommit: String?
        var failingRuns: Int
        var message: String?
        var file: String?
        var line: Int?
        var issues: Int
        var attachments: [String]
        /// The test's page on the dashboard, when `notify.dashboardURL` is set.
        var dashboard: String?
        /// Known flaky before this run: its rate; absent otherwise.
        var flaky: String?
        /// It passes alone but failed again after the tests that ran before it (`OrderDependence`); absent otherwise.
        var orderDependence: String?
    }

    struct Links: Encodable, Sendable, Equatable {
        var artifacts: String?
        var ciRun: String?
        var reportPath: String?
    }

    init(report: RunReport, plan: NotificationPlan, links: ArtifactLinks, sources: SourceLinks = SourceLinks()) {
        kind = plan.kind
        headline = NotificationWording.headline(report: report, plan: plan)
        pipeline = report.pipeline
        projectFolder = sources.projectFolder
        runID = report.runID
        status = report.status
        startedAt = report.startedAt
        finishedAt = report.finishedAt
        durationSeconds = report.durationSeconds
        seed = report.seed
        replay = ReplayCommand.text(for: report)
        origin = report.origin
        device = Device(
            platform: report.device.platform, name: report.device.name, runtime: report.device.runtime,
            operatingSystem: report.device.operatingSystem
        )
        totals = report.totals
        let failing = report.failingTests.filter { report.quarantineEntry(for: $0) == nil }
        quarantined = Quarantined.list(report, sources: sources)
        failures = failing.prefix(Self.listedFailures).map { test in
            let age = plan.ages[test.deviceKey] ?? .new
            var since: String?
            var runs = 1
            if case .stillFailing(let first, let count) = age { (since, runs) = (first, count) }
            let first = test.headlineFailure
            let start = since.flatMap(plan.start(of:))
            return Failure(
                id: test.id, displayName: test.displayName, device: test.device, status: test.status, new: age.isNew,
                failingSince: since,
                failingSinceAt: start?.startedAt, failingSinceCommit: start?.commit, failingRuns: runs,
                message: first.map { SlackText.truncate($0.message, limit: Self.messageLimit) },
                file: first?.file.map(sources.shortPath), line: first?.line, issues: test.failures.count,
                attachments: test.attachments.map(\.path),
                dashboard: links.dashboardPage(pipeline: report.pipeline, key: test.deviceKey),
                flaky: { if case .knownFlaky(let rate) = age { rate } else { nil } }(),
                orderDependence: test.orderDependence?.text(testID: test.id, runID: report.runID)
            )
        }
        moreFailures = max(failing.count - Self.listedFailures, 0)
        flaky = report.tests.kept(where: \.flaky).map(\.deviceKey)
        recoveredTests = RecoveredTest.list(plan)
        if plan.kind == .recovery || !plan.recovered.isEmpty { recovered = plan.recovered }
        if plan.kind == .recovery {
            looksFlaky = plan.looksFlaky.isEmpty ? nil : plan.looksFlaky
            quarantinedNotRecovered = plan.quarantined.isEmpty ? nil : plan.quarantined
            failingSince = plan.failingSince
            let start = plan.failingSince.flatMap(plan.start(of:))
            (failingSinceAt, failingSinceCommit) = (start?.startedAt, start?.commit)
            failingRuns = plan.failingRuns
        }
        suspects = plan.newCount > 0 ? plan.suspects : nil
        errors = report.errors.map {
            InfrastructureError(
                message: $0.message, command: $0.command, exitStatus: $0.exitStatus,
                details: Array($0.details.suffix(15)))
        }
        self.links = Links(artifacts: links.artifacts, ciRun: links.ciRun, reportPath: links.reportPath)
    }

    static func body(
        report: RunReport, plan: NotificationPlan, links: ArtifactLinks, sources: SourceLinks = SourceLinks()
    ) -> Data {
        let notification = JSONNotification(report: report, plan: plan, links: links, sources: sources)
        return (try? JSONCoding.encoder(pretty: true).encode(notification)) ?? Data()
    }
}
