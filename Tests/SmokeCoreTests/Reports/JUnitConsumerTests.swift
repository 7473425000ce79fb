import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeCoreTestSupport

/// Feeds junit.xml to real JUnit consumers (`xmllint`, Python's `junitparser`) through
/// `Scripts/validate-junit.sh`, which also checks the counts against report.json.
@Suite struct JUnitConsumerTests {
    static let script = JUnitConsumers.script
    static var consumersAvailable: Bool { JUnitConsumers.available }

    @Test(
        .enabled(if: consumersAvailable, "needs xmllint (libxml2-utils) and python3 with junitparser"),
        arguments: [ReportFixture.report, ReportFixture.minimalReport])
    func realConsumersReadTheSameCountsAsReportJSON(report: RunReport) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "junit-consumer-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let junit = folder.appendingPathComponent("junit.xml")
        let json = folder.appendingPathComponent("report.json")
        try Data(JUnitReport.render(report).utf8).write(to: junit)
        try JSONReport.render(report).write(to: json)

        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = [Self.script.path, junit.path, json.path]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "validate-junit.sh failed:\n\(text)")
    }
}
