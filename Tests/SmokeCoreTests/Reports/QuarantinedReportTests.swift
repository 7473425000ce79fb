import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeCoreTestSupport

/// A failure a quarantine covered is marked in every report, with the entry's reason, owner and expiry, and never
/// shown as one of the run's failures; junit.xml carries it as a `<skipped>` a consumer does not fail the build on.
@Suite struct QuarantinedReportTests {
    static let sync = "AppTests.SyncTests/testMerge"
    static let cart = "AppTests.CartTests/testTotal"
    static var report: RunReport { NotifyScenarios.quarantinedBesideFailure.report }

    @Test func theScenarioHasOneQuarantinedAndOneRealFailure() {
        #expect(Self.report.quarantine?.tests == [Self.sync])
        #expect(Self.report.failingTests.map(\.id).sorted() == [Self.cart, Self.sync])
    }

    @Test func summaryListsTheQuarantinedFailureApartWithItsEntry() throws {
        let markdown = MarkdownReport.render(Self.report)
        let failures = try #require(markdown.range(of: "### Failures (1)"), "\(markdown)")
        let quarantined = try #require(markdown.range(of: "### Quarantined failures (1)"), "\(markdown)")
        let real = String(markdown[failures.upperBound..<quarantined.lowerBound])
        #expect(real.contains(Self.cart))
        #expect(!real.contains(Self.sync))
        let apart = String(markdown[quarantined.upperBound...])
        #expect(apart.contains("`\(Self.sync)`"))
        #expect(apart.contains("failed, quarantined"))
        #expect(apart.contains("races the staging server — owner sync-team, until 2026-11-27T04:00:00Z"), "\(apart)")
        #expect(apart.contains("timed out waiting for merge"))
    }

    @Test func htmlMarksTheQuarantinedCardAndCountsItApart() throws {
        let html = HTMLReport.render(Self.report, attachmentContent: { _ in nil })
        #expect(html.contains("<h2>Failures (1, 1 quarantined)</h2>"), "\(html)")
        let card = try #require(html.range(of: "card failed quarantined"))
        let cart = try #require(html.range(of: Self.cart))
        #expect(cart.lowerBound < card.lowerBound, "real failures come first")
        let tail = html[card.lowerBound...]
        #expect(tail.contains("failed, quarantined"))
        #expect(
            tail.contains(
                "Quarantined: races the staging server — owner sync-team, until 2026-11-27T04:00:00Z. This failure does not fail the run and does not page."
            ))
    }

    @Test func junitWritesAQuarantinedFailureAsSkippedWithItsMessageAndEntry() throws {
        let xml = JUnitReport.render(Self.report)
        let start = try #require(xml.range(of: "<testcase classname=\"AppTests.SyncTests\" name=\"testMerge\""))
        let end = try #require(xml[start.upperBound...].range(of: "</testcase>"))
        let testcase = String(xml[start.lowerBound..<end.upperBound])
        #expect(!testcase.contains("<failure"), "\(testcase)")
        #expect(
            testcase.contains(
                #"<skipped message="quarantined (races the staging server — owner sync-team, until 2026-11-27T04:00:00Z); failed: timed out waiting for merge">"#
            ), "\(testcase)")
        #expect(testcase.contains("Tests/AppTests/SyncTests.swift:42: timed out waiting for merge</skipped>"))
        #expect(testcase.contains(#"<property name="quarantine.owner" value="sync-team"/>"#))
        #expect(testcase.contains(#"<property name="displayName" value="Merges two edits"/>"#))
        // The real failure stays a failure; the suites count the quarantined one as skipped.
        #expect(xml.contains(#"<testsuites name="smoke" tests="12" failures="1" errors="0" skipped="1""#), "\(xml)")
    }

    @Test func junitKeepsTheIDAsTheNameAndTheDisplayNameAsAProperty() throws {
        var test = NotifyFixtures.passing("LedgerTests.ContextTests/forEachIteratesOverAllItems()")
        test.displayName = "Context forEach iterates over all items"
        let report = NotifyFixtures.report(0, tests: [test])
        let xml = JUnitReport.render(report)
        #expect(
            xml.contains(
                """
                    <testcase classname="LedgerTests.ContextTests" name="forEachIteratesOverAllItems()" time="0.250">
                      <properties>
                        <property name="displayName" value="Context forEach iterates over all items"/>
                      </properties>
                    </testcase>
                """), "\(xml)")
    }
}

/// The same through real JUnit consumers (`Scripts/validate-junit.sh`: xmllint, junitparser and its xunit2 reader
/// of testcase properties): counts agree with report.json once the quarantined failure is a skip, the display name
/// and the quarantine entry are readable properties.
@Suite struct QuarantinedJUnitConsumerTests {
    @Test(.enabled(if: JUnitConsumers.available, "needs xmllint (libxml2-utils) and python3 with junitparser"))
    func realConsumersReadTheQuarantinedSkipAndTheDisplayName() throws {
        let folder = TestScratch.root.appendingPathComponent(
            "junit-quarantine-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let junit = folder.appendingPathComponent("junit.xml")
        let json = folder.appendingPathComponent("report.json")
        let report = NotifyScenarios.quarantinedBesideFailure.report
        try Data(JUnitReport.render(report).utf8).write(to: junit)
        try JSONReport.render(report).write(to: json)

        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = [JUnitConsumers.script.path, junit.path, json.path]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "validate-junit.sh failed:\n\(text)")
        #expect(text.contains("junitparser read: tests=12 failures=1 errors=0 skipped=1"), "\(text)")
    }
}
