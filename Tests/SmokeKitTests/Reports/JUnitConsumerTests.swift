import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeKit
@testable import smokerun

/// Feeds junit.xml to real JUnit consumers (`xmllint`, Python's `junitparser`) through
/// `Scripts/validate-junit.sh`, which also checks the counts against report.json.
@Suite struct JUnitConsumerTests {
    static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let script = repositoryRoot.appendingPathComponent("Scripts/validate-junit.sh")

    /// The validators are optional extras: CI installs them (`pip install junitparser`,
    /// `apt-get install libxml2-utils`); without both, the test is disabled rather than failed.
    static var consumersAvailable: Bool {
        let probe = Process()
        probe.executableURL = URL(fileURLWithPath: "/bin/sh")
        probe.arguments = ["-c", "command -v xmllint >/dev/null && python3 -c 'import junitparser' 2>/dev/null"]
        probe.standardOutput = FileHandle.nullDevice
        probe.standardError = FileHandle.nullDevice
        guard (try? probe.run()) != nil else { return false }
        probe.waitUntilExit()
        return probe.terminationStatus == 0
    }

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
