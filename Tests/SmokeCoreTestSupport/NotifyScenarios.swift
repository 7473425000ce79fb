import Foundation

@testable import SmokeCore

/// The five runs the golden files show, with the plans the policy made for them.
enum NotifyScenarios {
    typealias F = NotifyFixtures

    struct Scenario: Sendable, CustomStringConvertible {
        var name: String
        var report: RunReport
        var plan: NotificationPlan
        var links: ArtifactLinks
        var description: String { name }
    }

    static let all: [Scenario] = [passing, manyFailures, flakyOnly, recovery, buildFailure]

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
        let report = F.report(2, tests: F.suite(failing: failing, flaky: ["AppTests.LoginTests/testRetry"]))
        var ages: [String: FailureAge] = [:]
        for (index, test) in failing.enumerated() {
            ages[test.id] = index.isMultiple(of: 2) ? .stillFailing(since: F.runID(0), runs: 3) : .new
        }
        return Scenario(
            name: "many-failures", report: report, plan: NotificationPlan(kind: .failure, ages: ages),
            links: ArtifactLinks(
                report: report, settings: NotifySettings(),
                environment: [
                    "GITHUB_SERVER_URL": "https://github.com", "GITHUB_REPOSITORY": "acme/shop",
                    "GITHUB_RUN_ID": "424242",
                ]
            )
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

    static var recovery: Scenario {
        Scenario(
            name: "recovery", report: F.report(4, tests: F.suite(failing: [])),
            plan: NotificationPlan(
                kind: .recovery, recovered: ["AppTests.CartTests/testDiscount", "AppTests.CartTests/testTotal"],
                failingSince: F.runID(1)
            ),
            links: ArtifactLinks(ciRun: "https://github.com/acme/shop/actions/runs/424243")
        )
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
}
