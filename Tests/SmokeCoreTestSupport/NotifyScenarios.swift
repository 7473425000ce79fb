import Foundation

@testable import SmokeCore

/// The six runs the golden files show, with the plans the policy made for them. The three ways a message points to
/// the report are each shown: the CI run (many-failures), the published artifacts (recovery) and the report's path
/// on the host (reminder).
enum NotifyScenarios {
    typealias F = NotifyFixtures

    struct Scenario: Sendable, CustomStringConvertible {
        var name: String
        var report: RunReport
        var plan: NotificationPlan
        var links: ArtifactLinks
        var sources = SourceLinks()
        var description: String { name }
    }

    static let all: [Scenario] = [
        passing, manyFailures, flakyOnly, reminder, recovery, buildFailure, knownFlaky, newFailure,
        quarantinedBesideFailure,
    ]

    /// Where the reminder's project lives on the machine that ran it.
    static let projectRoot = "/Users/ci/work/shop-ios"

    static var passing: Scenario {
        Scenario(
            name: "passing", report: F.report(3, tests: F.suite(failing: [])), plan: NotificationPlan(kind: .always),
            links: ArtifactLinks(artifacts: "https://ci.example.com/smoke/\(F.runID(3))/")
        )
    }

    /// Sixty failures with long, markup-laden messages: every Slack limit is reached.
    static var manyFailures: Scenario {
        let long = String(repeating: "expected <Cart total=\"12 & 0\"> but got <nil> ", count: 90)
        var failing: [TestResult] = []
        for index in 0..<60 {
            let status: TestStatus = index == 1 ? .crashed : index == 2 ? .timedOut : .failed
            let attachments =
                index == 0
                ? (0..<7).map {
                    AttachmentRecord(
                        name: "screen <\($0)>.png", path: "attachments/screen-\($0).png", mediaType: "image/png",
                        size: 1024)
                } : []
            var test = F.failing(
                String(format: "AppTests.CheckoutUITests/testPay%02d", index),
                message: index == 0 ? long : "Payment sheet & <button> missing",
                status: status, line: 100 + index, attachments: attachments
            )
            if index == 3 { test.failures.append(TestFailure(message: "second issue")) }
            failing.append(test)
        }
        var report = F.report(2, tests: F.suite(failing: failing, flaky: ["AppTests.LoginTests/testRetry"]))
        report.origin = RunOrigin(
            host: "ci-runner-7", commit: F.commit(2), branch: "main", dirty: false, commitSource: "GITHUB_SHA",
            ciRunURL: "https://github.com/acme/shop/actions/runs/424242")
        var ages: [String: FailureAge] = [:]
        for (index, test) in failing.enumerated() {
            ages[test.id] = index.isMultiple(of: 2) ? .stillFailing(since: F.runID(0), runs: 3) : .new
        }
        return Scenario(
            name: "many-failures", report: report,
            plan: NotificationPlan(
                kind: .failure, ages: ages,
                streakStarts: [F.runID(0): StreakStart(startedAt: F.start(0), commit: F.commit(0))]),
            links: ArtifactLinks(report: report, settings: NotifySettings())
        )
    }

    static var flakyOnly: Scenario {
        let report = F.report(
            1,
            tests: F.suite(failing: [], flaky: ["AppTests.LoginTests/testRetry", "AppTests.SyncTests/testMerge<T>()"])
        )
        return Scenario(
            name: "flaky-only", report: report, plan: NotificationPlan(kind: .always), links: ArtifactLinks())
    }

    /// Still failing a day later, on a checkout with uncommitted changes, nothing published: the message names the
    /// report's path on the host, and source paths relative to a project folder named apart from the pipeline.
    static var reminder: Scenario {
        let cart = "AppTests.CartTests/testTotal"
        func failingCart() -> TestResult {
            var test = F.failing(cart, line: 31)
            test.failures[0].file = projectRoot + "/Tests/AppTests/CartTests.swift"
            return test
        }
        let earlier = (0..<6).map { index in
            var run = F.report(index, tests: F.suite(failing: index < 1 ? [] : [failingCart()]))
            run.origin = RunOrigin(host: "buildbox", commit: F.commit(index), branch: "release/2.4", dirty: false)
            return run
        }
        var report = F.report(6, tests: F.suite(failing: [failingCart()]))
        report.origin = RunOrigin(
            host: "buildbox", commit: F.commit(6), branch: "release/2.4", dirty: true, commitSource: "git")
        report.artifacts = ["console.log", "index.html", "report.json"]
        let history = F.history(earlier)
        let plan = NotificationPolicy.dated(
            NotificationPlan(kind: .reminder, ages: NotificationPolicy.failureAges(of: report, history: history)),
            report: report, history: history)
        return Scenario(
            name: "reminder", report: report, plan: plan,
            links: ArtifactLinks(
                report: report, settings: NotifySettings(),
                runDirectory: projectRoot + "/.smokerun/runs/\(report.runID)"),
            sources: SourceLinks(projectRoot: projectRoot)
        )
    }

    /// Passing again after three failing runs whose first tested a known commit; the artifacts are published.
    static var recovery: Scenario {
        let failingIDs = ["AppTests.CartTests/testDiscount", "AppTests.CartTests/testTotal"]
        let earlier = (0..<4).map { index in
            var run = F.report(index, tests: F.suite(failing: index < 1 ? [] : failingIDs.map { F.failing($0) }))
            run.origin = RunOrigin(host: "ci-runner-7", commit: F.commit(index), branch: "main", dirty: false)
            return run
        }
        var report = F.report(4, tests: F.suite(failing: []))
        report.origin = RunOrigin(
            host: "ci-runner-7", commit: F.commit(4), branch: "main", dirty: false, commitSource: "git")
        let plan = NotificationPolicy.dated(
            NotificationPlan(kind: .recovery, recovered: failingIDs, failingSince: F.runID(1)),
            report: report, history: F.history(earlier))
        var settings = NotifySettings()
        settings.artifactsURL = "https://ci.example.com/{pipeline}/{runID}/"
        return Scenario(
            name: "recovery", report: report, plan: plan, links: ArtifactLinks(report: report, settings: settings))
    }

    static var buildFailure: Scenario {
        let error = InfrastructureError(
            message: "build failed", command: ["swift", "build", "--build-tests"], exitStatus: 1,
            details: [
                "Sources/App/Cart.swift:12:5: error: cannot find 'total' in scope", "    total += item.price",
                "    ^~~~~",
            ]
        )
        return Scenario(
            name: "build-failure", report: F.report(5, tests: [], errors: [error]),
            plan: NotificationPlan(kind: .infrastructure), links: ArtifactLinks()
        )
    }

    /// A test failing one run in three on one commit, its failure in the twelfth run announced (`notify.flaky`
    /// `announce`): marked known flaky with its rate, never new. The plan is the policy's over the scripted history.
    static var knownFlaky: Scenario {
        let sync = "AppTests.SyncTests/testMerge"
        let commit = String(repeating: "5e", count: 20)
        let runs = (0..<12).map { index in
            let test =
                index % 3 == 2
                ? F.failing(sync, message: "timed out waiting for merge") : F.passing(sync, flaky: index == 4)
            var run = F.report(index, tests: F.suite(failing: [test]))
            run.origin = RunOrigin(host: "ci-runner-7", commit: commit, branch: "main", dirty: false)
            return run
        }
        var settings = NotifySettings()
        settings.flaky = .announce
        settings.flakyWindowRuns = 12
        let report = runs[11]
        let history = F.history(Array(runs.dropLast()))
        let decision = NotificationPolicy.decide(
            report: report, history: history, state: NotifyState(), settings: settings, now: report.finishedAt,
            window: history)
        return Scenario(
            name: "known-flaky", report: report, plan: decision.plan ?? NotificationPlan(kind: .always),
            links: ArtifactLinks(report: report, settings: settings))
    }

    /// A test failing for the first time, on GitHub Actions with no `artifactsURL`: the run's page is the link.
    static var newFailure: Scenario {
        let earlier = F.report(0, tests: F.suite(failing: []))
        var report = F.report(1, tests: F.suite(failing: [F.failing("AppTests.CartTests/testTotal")]))
        report.origin = RunOrigin(
            host: "runner", commit: F.commit(1), branch: "main", dirty: false, commitSource: "GITHUB_SHA",
            ciRunURL: "https://github.com/acme/shop/actions/runs/515151")
        let history = F.history([earlier])
        let decision = NotificationPolicy.decide(
            report: report, history: history, state: NotifyState(), settings: NotifySettings(),
            now: report.finishedAt, window: history)
        return Scenario(
            name: "new-failure", report: report, plan: decision.plan ?? NotificationPlan(kind: .always),
            links: ArtifactLinks(report: report, settings: NotifySettings()))
    }

    /// A new failure beside a quarantined one: the message lists the quarantined test apart, with its entry's reason,
    /// owner and expiry, and never counts it as one of the run's failures.
    static var quarantinedBesideFailure: Scenario {
        let sync = "AppTests.SyncTests/testMerge"
        var quarantined = F.failing(sync, message: "timed out waiting for merge")
        quarantined.displayName = "Merges two edits"
        let earlier = F.report(0, tests: F.suite(failing: []))
        var report = F.report(
            1, tests: F.suite(failing: [quarantined, F.failing("AppTests.CartTests/testTotal")]))
        let entry = QuarantineEntry(
            test: "AppTests.SyncTests/*", reason: "races the staging server", owner: "sync-team",
            expires: F.start(30))
        Quarantine.apply([entry], to: &report, now: report.finishedAt)
        let history = F.history([earlier])
        let decision = NotificationPolicy.decide(
            report: report, history: history, state: NotifyState(), settings: NotifySettings(),
            now: report.finishedAt, window: history)
        return Scenario(
            name: "quarantined-beside-failure", report: report,
            plan: decision.plan ?? NotificationPlan(kind: .always), links: ArtifactLinks())
    }
}
