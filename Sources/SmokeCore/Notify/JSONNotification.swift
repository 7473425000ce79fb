import Foundation

/// The `json` format: a run summary for any receiver that is not Slack. Keys are sorted; dates are
/// ISO 8601 UTC. Fields:
///
/// - `schema`: `"smokerun.notification/1"`; changes only when a field changes meaning.
/// - `kind`: `failure`, `reminder`, `recovery`, `infrastructure` or `always` (see `NotificationKind`).
/// - `headline`: one human sentence, e.g. `"3 tests failing (2 new)"`.
/// - `pipeline`, `runID`, `status` (`passed`|`failed`|`error`|`interrupted`), `startedAt`,
///   `finishedAt`, `durationSeconds`, `seed` (absent for declared order), `replay` (the command that
///   replays the order, `smokerun run <pipeline file> --seed N`; absent without a seed or a known file).
/// - `device`: `platform`, `name`, `runtime`, `operatingSystem` (those known).
/// - `totals`: as in `report.json` (`tests`, `passed`, `failed`, `skipped`, `expectedFailures`,
///   `crashed`, `timedOut`, `flaky`).
/// - `failures`: the failing tests in run order, at most `listedFailures`: `id`, `device` (the device
///   label, only on a run pinning several devices: one test may fail on one device and not another), `status`, `new`
///   (bool), `failingSince` (run id, absent when new), `failingRuns` (runs in the streak, this one
///   included), `message` (first failure, at most 2,000 characters), `file`, `line`, `issues` (count),
///   `attachments` (paths relative to the run directory).
/// - `moreFailures`: failing tests beyond the listed ones (0 when all are listed).
/// - `flaky`: ids of tests that passed only on a retry (with " [device]" on a multi-device run).
/// - `recovered`, `failingSince`: for a recovery, the tests that pass again and the run the
///   failure started in.
/// - `errors`: infrastructure errors: `message`, `command`, `exitStatus`, `details` (last 15 lines).
/// - `links`: `artifacts` (`notify.artifactsURL` filled in) and `ciRun` (GitHub Actions run), when known.
package struct JSONNotification: Encodable, Sendable, Equatable {
    package static let schema = "smokerun.notification/1"
    package static let listedFailures = 100
    package static let messageLimit = 2000

    package var schema = JSONNotification.schema
    package var kind: NotificationKind
    package var headline: String
    package var pipeline: String
    package var runID: String
    package var status: RunStatus
    package var startedAt: Date
    package var finishedAt: Date
    package var durationSeconds: Double
    package var seed: UInt64?
    package var replay: String?
    package var device: Device
    package var totals: Totals
    package var failures: [Failure]
    package var moreFailures: Int
    package var flaky: [String]
    package var recovered: [String]?
    package var failingSince: String?
    package var errors: [InfrastructureError]
    package var links: Links

    package struct Device: Encodable, Sendable, Equatable {
        package var platform: String
        package var name: String?
        package var runtime: String?
        package var operatingSystem: String?
    }

    package struct Failure: Encodable, Sendable, Equatable {
        package var id: String
        /// The device it failed on, on a run pinning several devices; absent otherwise.
        package var device: String?
        package var status: TestStatus
        package var new: Bool
        package var failingSince: String?
        package var failingRuns: Int
        package var message: String?
        package var file: String?
        package var line: Int?
        package var issues: Int
        package var attachments: [String]
    }

    package struct Links: Encodable, Sendable, Equatable {
        package var artifacts: String?
        package var ciRun: String?
    }

    package init(report: RunReport, plan: NotificationPlan, links: ArtifactLinks) {
        kind = plan.kind
        headline = NotificationWording.headline(report: report, plan: plan)
        pipeline = report.pipeline
        runID = report.runID
        status = report.status
        startedAt = report.startedAt
        finishedAt = report.finishedAt
        durationSeconds = report.durationSeconds
        seed = report.seed
        replay = ReplayCommand.text(for: report)
        device = Device(
            platform: report.device.platform, name: report.device.name, runtime: report.device.runtime,
            operatingSystem: report.device.operatingSystem
        )
        totals = report.totals
        let failing = report.failingTests
        failures = failing.prefix(Self.listedFailures).map { test in
            let age = plan.ages[test.deviceKey] ?? .new
            var since: String?
            var runs = 1
            if case .stillFailing(let first, let count) = age { (since, runs) = (first, count) }
            let first = test.failures.first
            return Failure(
                id: test.id, device: test.device, status: test.status, new: age.isNew, failingSince: since, failingRuns: runs,
                message: first.map { SlackText.truncate($0.message, limit: Self.messageLimit) },
                file: first?.file, line: first?.line, issues: test.failures.count,
                attachments: test.attachments.map(\.path)
            )
        }
        moreFailures = max(failing.count - Self.listedFailures, 0)
        flaky = report.tests.filter(\.flaky).map(\.deviceKey)
        if plan.kind == .recovery {
            recovered = plan.recovered
            failingSince = plan.failingSince
        }
        errors = report.errors.map {
            InfrastructureError(message: $0.message, command: $0.command, exitStatus: $0.exitStatus, details: Array($0.details.suffix(15)))
        }
        self.links = Links(artifacts: links.artifacts, ciRun: links.ciRun)
    }

    /// The body to POST.
    package static func body(report: RunReport, plan: NotificationPlan, links: ArtifactLinks) -> Data {
        (try? JSONCoding.encoder(pretty: true).encode(JSONNotification(report: report, plan: plan, links: links))) ?? Data()
    }
}
