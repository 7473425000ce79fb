import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeKit
@testable import SmokeTestSupport
@testable import smokerun

/// The dashboard over real outputs: ten `smokerun parse` runs of generated logs (a test that breaks and is fixed,
/// one that breaks and stays broken, one that gets slower, each run with its commit) and one real run of the
/// OrderDependence fixture (a flaky test, an always-failing one) into the same output folder, then
/// `smokerun dashboard --from`; the pages say the right things and every relative link resolves.
@Suite(.serialized, .timeLimit(.minutes(10))) struct DashboardRunTests {
    static let checkout = "AppTests.CartTests/testCheckout"
    static let refund = "AppTests.PayTests/testRefund"
    static let login = "AppTests.LoginTests/testLogin"

    static func commit(_ run: Int) -> String { String(repeating: "\(run)", count: 40) }

    /// Run `index`'s console log: 2026-11-01 plus four hours a run.
    static func log(_ index: Int) -> String {
        let hour = index * 4
        let stamp = String(format: "2026-11-%02d %02d:00:00 +0000", 1 + hour / 24, hour % 24)
        var lines = ["Test Suite 'All tests' started at \(stamp)"]
        func test(_ suite: String, _ name: String, seconds: Double, failure: String?) {
            lines.append("Test Case '-[AppTests.\(suite) \(name)]' started.")
            if let failure {
                lines.append("/src/Tests/AppTests/\(suite).swift:12: error: -[AppTests.\(suite) \(name)] : \(failure)")
                lines.append(
                    "Test Case '-[AppTests.\(suite) \(name)]' failed (\(String(format: "%.3f", seconds)) seconds).")
            } else {
                lines.append(
                    "Test Case '-[AppTests.\(suite) \(name)]' passed (\(String(format: "%.3f", seconds)) seconds).")
            }
        }
        test("LoginTests", "testLogin", seconds: index < 5 ? 1 : 2, failure: nil)
        test(
            "CartTests", "testCheckout", seconds: 0.2,
            failure: (3...5).contains(index) ? "expected 3 items, got 2" : nil)
        test("PayTests", "testRefund", seconds: 0.1, failure: index >= 8 ? "refund declined <card>" : nil)
        let failures = ((3...5).contains(index) ? 1 : 0) + (index >= 8 ? 1 : 0)
        lines.append("Test Suite 'All tests' \(failures > 0 ? "failed" : "passed") at \(stamp).")
        lines.append("\t Executed 3 tests, with \(failures) failures (0 unexpected) in 3.000 (3.000) seconds")
        return lines.joined(separator: "\n") + "\n"
    }

    /// The output folder with every run in it. Made inside the one test, awaited: blocking a thread on a semaphore
    /// until a task finishes can starve the cooperative pool when another suite does the same.
    static func makeOutput() async throws -> URL {
        let package = try IntegrationSupport.copyFixture("OrderDependence")
        let root = package.deletingLastPathComponent()
        let output = root.appendingPathComponent("out")
        for index in 0..<10 {
            let file = root.appendingPathComponent("run-\(index).log")
            try Data(log(index).utf8).write(to: file)
            let context = HostContext(
                standardOutput: BufferOutput(), standardError: BufferOutput(),
                environment: ["GITHUB_SHA": commit(index)], currentDirectory: root)
            _ = try await ParseCommand(arguments: [file.path, "--output", output.path, "--name", "shop"]).run(
                in: context)
        }
        let pipeline = try IntegrationSupport.writePipeline(
            """
            {
              "name": "order",
              "swiftpm": { "packagePath": "\(package.lastPathComponent)" },
              "ordering": { "mode": "declared", "isolation": "suite" },
              "retries": { "failed": 1 },
              "timeouts": { "runSeconds": 600, "testSeconds": 60 },
              "coverage": { "enabled": false },
              "output": "out",
              "dashboard": { "enabled": true }
            }
            """, named: "order", next: package)
        let (outcome, out, err) = try await IntegrationSupport.run(pipeline)
        guard outcome.report.totals.flaky == 1 else {
            throw DashboardTestFailure(text: "the real run had no flaky test: \(out.text)\n\(err.text)")
        }
        return output
    }

    struct DashboardTestFailure: Error, CustomStringConvertible {
        var text: String
        var description: String { text }
    }

    static func page(_ site: URL, _ pipeline: String, _ name: String) throws -> String {
        let url = site.appendingPathComponent(DashboardPaths.pipelineFolder(pipeline)).appendingPathComponent(name)
        return try String(contentsOf: url, encoding: .utf8)
    }

    @Test func theRunWroteTheSiteAndTheCommandRewritesItWithTheRightAnswers() async throws {
        let output = try await Self.makeOutput()
        // `"dashboard": {"enabled": true}` wrote it after the real run.
        let site = output.appendingPathComponent("site")
        #expect(FileManager.default.fileExists(atPath: site.appendingPathComponent("index.html").path))
        try FileManager.default.removeItem(at: site)
        let out = BufferOutput()
        let err = BufferOutput()
        let context = HostContext(
            standardOutput: out, standardError: err, environment: [:],
            currentDirectory: output.deletingLastPathComponent())
        let code = try await DashboardCommand(arguments: ["--from", "out"]).run(in: context)
        #expect(code == .passed, "\(err.text)")
        #expect(out.text.contains("for order, shop in \(site.path)"), "\(out.text)")

        let shop = try Self.page(site, "shop", "index.html")
        // Failing now: since run 8 (2026-11-02 08:00 UTC), its commit, two runs.
        let failing = try #require(shop.range(of: "<section id=\"failing\">")).upperBound
        let failingSection = String(shop[failing...]).components(separatedBy: "</section>")[0]
        #expect(failingSection.contains("Failing now (1)"))
        #expect(failingSection.contains(Self.refund))
        #expect(failingSection.contains("2026-11-02 08:00:00 UTC"))
        #expect(failingSection.contains("title=\"\(Self.commit(8))\""))
        #expect(failingSection.contains("<td class=\"num\">2</td>"))
        let slower = try #require(shop.range(of: "<section id=\"slower\">")).upperBound
        #expect(shop[slower...].contains(Self.login))

        let checkout = try Self.page(site, "shop", DashboardPaths.testPage(Self.checkout))
        #expect(checkout.contains("Its first failure on record: 2026-11-01 12:00:00 UTC"))
        #expect(checkout.contains("title=\"\(Self.commit(3))\""))
        #expect(checkout.contains("expected 3 items, got 2"))
        #expect(checkout.contains("3 runs · first seen 2026-11-01 12:00:00 UTC"))
        let refund = try Self.page(site, "shop", DashboardPaths.testPage(Self.refund))
        #expect(refund.contains("refund declined &lt;card&gt;"))

        let order = try Self.page(site, "order", "index.html")
        let flaky = try #require(order.range(of: "<section id=\"flaky\">")).upperBound
        #expect(order[flaky...].contains("OrderDependenceTests.FlakyTests/testPassesOnRetry"))
        #expect(order.contains("OrderDependenceTests.AlwaysFailingTests/testTakesMoreThanThereIs"))
        try Self.expectEveryRelativeLinkResolves(in: site)
    }

    /// Every `href` and `src` of every page that is not an anchor in the page names a file that exists.
    static func expectEveryRelativeLinkResolves(in site: URL) throws {
        let enumerator = try #require(FileManager.default.enumerator(at: site, includingPropertiesForKeys: nil))
        var checked = 0
        for case let url as URL in enumerator where url.pathExtension == "html" {
            let page = try String(contentsOf: url, encoding: .utf8)
            for attribute in ["href=\"", "src=\""] {
                var rest = page[...]
                while let start = rest.range(of: attribute) {
                    rest = rest[start.upperBound...]
                    guard let end = rest.firstIndex(of: "\"") else { break }
                    let link = String(rest[..<end])
                    rest = rest[end...]
                    guard !link.hasPrefix("#") else { continue }
                    #expect(!link.contains("://"), "\(url.lastPathComponent): external link \(link)")
                    let path = link.split(separator: "#", maxSplits: 1).first.map(String.init) ?? link
                    let target = url.deletingLastPathComponent().appendingPathComponent(
                        path.removingPercentEncoding ?? path)
                    #expect(
                        FileManager.default.fileExists(atPath: target.standardizedFileURL.path),
                        "\(url.path): \(link) does not resolve")
                    checked += 1
                }
            }
        }
        #expect(checked > 50)
    }
}
