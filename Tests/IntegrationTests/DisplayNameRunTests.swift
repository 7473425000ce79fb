import Foundation
import SmokeCoreTestSupport
import Testing

@testable import SmokeCore
@testable import SmokeKit
@testable import SmokeTestSupport
@testable import smokerun

/// Swift Testing's display names (`@Test("…")`) from a real `swift test` run: kept beside the ids in report.json
/// and junit.xml and shown first in the terminal, summary.md, index.html, the webhook's message and the dashboard.
@Suite(.timeLimit(.minutes(10))) struct DisplayNameRunTests {
    static let displayName = "Context forEach iterates over all items"
    static let id = "LedgerTests.ContextTests/forEachIteratesOverAllServiceContextItems()"

    private func writePackage(in root: URL) throws -> URL {
        let package = root.appendingPathComponent("Ledger")
        let files = [
            "Package.swift": """
            // swift-tools-version:6.0
            import PackageDescription

            let package = Package(
                name: "Ledger",
                targets: [.target(name: "Ledger"), .testTarget(name: "LedgerTests", dependencies: ["Ledger"])])

            """,
            "Sources/Ledger/Ledger.swift": "public func items() -> [Int] { [1, 2] }\n",
            "Tests/LedgerTests/ContextTests.swift": """
            import Testing

            @testable import Ledger

            struct ContextTests {
                @Test("Context forEach iterates over all items")
                func forEachIteratesOverAllServiceContextItems() {
                    #expect(items().count == 3)
                }

                @Test func plainName() {
                    #expect(items().count == 2)
                }
            }

            """,
        ]
        return try IntegrationSupport.writePackage(files, at: package)
    }

    @Test func aDisplayNameIsInEveryReportAndTheMessageBesideItsID() async throws {
        let root = TestScratch.root.appendingPathComponent(
            "smokerun-display-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(at: root) }
        let package = try writePackage(in: root)
        _ = try IntegrationSupport.writePipeline(
            #"{"name": "ledger", "swiftpm": {"packagePath": "Ledger"}, "coverage": {"enabled": false}, "notify": {"maxAttempts": 1}}"#,
            named: "ledger", next: package)
        let receiver = try NotifyWebhookReceiver(replies: [.init(status: 200, body: "ok")])
        defer { receiver.stop() }
        var environment = ProcessInfo.processInfo.environment
        environment["SMOKERUN_WEBHOOK_URL"] = receiver.url(token: "display").absoluteString
        let err = BufferOutput()
        let context = HostContext(
            standardOutput: BufferOutput(), standardError: err, environment: environment, currentDirectory: root)
        let code = await CommandLineTool.run(arguments: ["run", "Pipelines/ledger.json"], context: context)
        #expect(code == .testsFailed, "\(err.text)")

        let latest = root.appendingPathComponent(".smokerun/latest")
        let report = try RunReportFile.load(at: latest)
        let failing = try #require(report.tests.first { $0.id == Self.id }, "\(report.tests.map(\.id))")
        #expect(failing.displayName == Self.displayName)
        #expect(failing.status == .failed)
        #expect(report.tests.first { $0.id == "LedgerTests.ContextTests/plainName()" }?.displayName == nil)
        let json = try String(contentsOf: latest.appendingPathComponent("report.json"), encoding: .utf8)
        #expect(json.contains(#""displayName":"Context forEach iterates over all items""#))

        // Shown first: the terminal's failure line, summary.md's row, index.html's card, the Slack message.
        #expect(err.text.contains("\"\(Self.displayName)\" (\(Self.id)) failed"), "\(err.text)")
        let markdown = try String(contentsOf: latest.appendingPathComponent("summary.md"), encoding: .utf8)
        #expect(markdown.contains("| \"\(Self.displayName)\"<br>`\(Self.id)`"), "\(markdown)")
        let html = try String(contentsOf: latest.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(html.contains("<span class=\"display-name\">\(Self.displayName)</span><br>\(Self.id)"))
        #expect(receiver.requests.count == 1)
        let body = String(decoding: receiver.requests.first?.body ?? Data(), as: UTF8.self)
        #expect(body.contains("*\(Self.displayName)* `\(Self.id)`"), "\(body)")

        // junit.xml keeps the id's last part as the name (the key CI systems track) and the display name as a
        // testcase property.
        let junit = try String(contentsOf: latest.appendingPathComponent("junit.xml"), encoding: .utf8)
        #expect(
            junit.contains(
                #"<testcase classname="LedgerTests.ContextTests" name="forEachIteratesOverAllServiceContextItems()""#),
            "\(junit)")
        #expect(junit.contains(#"<property name="displayName" value="Context forEach iterates over all items"/>"#))

        // The history keeps it and the dashboard shows it first, the id beside it.
        let site = root.appendingPathComponent("site")
        let dashboard = await CommandLineTool.run(
            arguments: ["dashboard", "Pipelines/ledger.json", "--output", site.path], context: context)
        #expect(dashboard == .passed, "\(err.text)")
        let pages = (FileManager.default.enumerator(at: site, includingPropertiesForKeys: nil)?.allObjects ?? [])
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "html" }
            .compactMap { try? String(contentsOf: $0, encoding: .utf8) }
        let shown = ">\(Self.displayName)</a> <code class=\"note\">\(Self.id)</code>"
        #expect(pages.contains { $0.contains(shown) }, "no page lists \(shown)")
        #expect(pages.contains { $0.contains("<h1>\(Self.displayName)</h1>\n<p><code>\(Self.id)</code></p>") })
    }
}
