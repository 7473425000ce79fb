import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeCoreTestSupport

@Suite struct SlackMessageTests {
    /// The posted JSON, read back as a receiver would.
    private func blocks(_ scenario: NotifyScenarios.Scenario) throws -> [[String: Any]] {
        let body = SlackMessage.body(report: scenario.report, plan: scenario.plan, links: scenario.links)
        let object = try #require(try JSONSerialization.jsonObject(with: body) as? [String: Any])
        #expect((object["text"] as? String)?.isEmpty == false)
        return try #require(object["blocks"] as? [[String: Any]])
    }

    private func texts(_ block: [String: Any]) -> [String] {
        var texts: [String] = []
        if let text = block["text"] as? [String: Any], let value = text["text"] as? String { texts.append(value) }
        for key in ["fields", "elements"] {
            for item in block[key] as? [[String: Any]] ?? [] { texts.append(item["text"] as? String ?? "") }
        }
        return texts
    }

    @Test(arguments: NotifyScenarios.all)
    func everyMessageStaysWithinSlackLimits(scenario: NotifyScenarios.Scenario) throws {
        let blocks = try blocks(scenario)
        #expect(blocks.count <= 50)
        for block in blocks {
            for text in texts(block) {
                #expect(text.count <= (block["type"] as? String == "header" ? 150 : 3000))
                // Outside links (<url|label>) no raw angle bracket may survive.
                let withoutLinks = text.replacingOccurrences(
                    of: "<[^<>|]+\\|[^<>]+>", with: "", options: .regularExpression)
                if block["type"] as? String != "header" {
                    #expect(
                        !withoutLinks.contains("<") && !withoutLinks.contains(">"), "unescaped in: \(text.prefix(80))")
                }
            }
        }
    }

    @Test func aLongFailureListEndsWithHowManyMoreAndALink() throws {
        let texts = try blocks(NotifyScenarios.manyFailures).flatMap(texts)
        #expect(
            texts.contains {
                $0.hasPrefix("…and 50 more failing tests: <https://github.com/acme/shop/actions/runs/424242|")
            })
        #expect(texts.contains { $0.contains("*NEW*") })
        let commit = NotifyFixtures.commit(0).prefix(12)
        #expect(
            texts.contains { $0.contains("_failing for 3 runs (8 h), since 2026-11-22 04:00 UTC, commit \(commit)_") })
        #expect(texts.contains { $0.contains("screen &lt;0&gt;.png") && $0.contains("…and 2 more") })
        #expect(texts.contains { $0.contains("*Flaky* (passed on a retry): `AppTests.LoginTests/testRetry`") })
    }

    @Test func theBlockLimitHoldsWhenEveryFailureWouldGetABlock() {
        let scenario = NotifyScenarios.manyFailures
        let payload = SlackMessage.payload(
            report: scenario.report, plan: scenario.plan, links: scenario.links, listedFailures: 100)
        #expect(payload.blocks.count == 50)
        // header, details, counts, divider, 43 failures, "…and 17 more", flaky, links
        #expect(
            payload.blocks[47]
                == .section(
                    "…and 17 more failing tests: <https://github.com/acme/shop/actions/runs/424242|full report>"))
        #expect(payload.blocks.last == .context(["<https://github.com/acme/shop/actions/runs/424242|CI run>"]))
    }

    @Test func aBuildFailureIsNotReportedAsTestFailures() throws {
        let texts = try blocks(NotifyScenarios.buildFailure).flatMap(texts)
        #expect(texts.first == ":warning: smoke: could not run tests")
        #expect(texts.contains { $0.contains("This is not a test failure") })
        #expect(texts.contains { $0.contains("`swift build --build-tests` exited with status 1") })
        #expect(!texts.contains { $0.contains("failing") })
    }

    /// The tests ran and one failed, then the run could not finish (its history could not be written): the message
    /// names the failure and the reason, never "could not run tests".
    @Test func aRunThatCouldNotFinishAfterItsTestsNamesTheirFailures() throws {
        let error = InfrastructureError(
            message: "the run's results were not all written: could not read history.sqlite: malformed")
        var scenario = NotifyScenarios.buildFailure
        scenario.report = NotifyFixtures.report(
            5, tests: NotifyFixtures.suite(failing: [NotifyFixtures.failing("AppTests.CartTests/testTotal")]),
            errors: [error])
        scenario.report.status = .error
        let texts = try blocks(scenario).flatMap(texts)
        #expect(texts.first == ":warning: smoke: 1 test failing; the run could not finish", "\(texts)")
        #expect(texts.contains { $0.contains("The tests ran (") && $0.contains("but the run could not finish") })
        #expect(texts.contains { $0.contains("AppTests.CartTests/testTotal") })
        #expect(texts.contains { $0.contains("could not read history.sqlite") })
        #expect(!texts.contains { $0.contains("no test result was produced") })
    }

    @Test func escapingCutsBeforeTheLimitWithoutSplittingAnEntity() {
        let cut = SlackText.escape(String(repeating: "a<", count: 10), limit: 8)
        #expect(cut == "a&lt;a…")
        #expect(SlackText.escape("a & b", limit: 100) == "a &amp; b")
        #expect(SlackText.codeBlock("x```y", limit: 100).components(separatedBy: "```").count == 3)
    }
}
