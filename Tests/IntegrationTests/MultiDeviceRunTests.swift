import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeKit
@testable import smokerun

/// A pipeline pinning two devices runs the fake Xcode's `ui-failure` scenario on each,
/// the reports group the tests by device, and `attachments --by device` exports both devices' screenshots.
@Suite struct MultiDeviceRunTests {
    static let devices =
        #""device": [{"platform": "iOS Simulator", "name": "iPhone SE (3rd generation)", "runtime": "iOS 17.5"}, {"platform": "iOS Simulator", "name": "iPhone 15", "runtime": "iOS 17.5"}]"#

    @Test func twoPinnedDevicesRunBothAndTheReportsAndExportGroupByDevice() async throws {
        let (single, singleOutput) = try await FakeXcodeRun(
            scenario: "ui-failure",
            pipelineKeys:
                #""device": {"platform": "iOS Simulator", "name": "iPhone SE (3rd generation)", "runtime": "iOS 17.5"}"#
        ).run()
        defer { try? FileManager.default.removeItem(at: singleOutput.deletingLastPathComponent()) }
        let (outcome, output) = try await FakeXcodeRun(scenario: "ui-failure", pipelineKeys: Self.devices).run()
        defer { try? FileManager.default.removeItem(at: output.deletingLastPathComponent()) }
        let report = outcome.report
        #expect(report.errors.isEmpty, "\(report.errors.map(\.message))")
        #expect(single.report.tests.allSatisfy { $0.device == nil })

        // Both devices ran every test; ids repeat, each with its device; totals count both.
        let labels = ["iPhone SE (3rd generation)", "iPhone 15"]
        #expect(report.tests.count == 2 * single.report.tests.count && single.report.tests.count > 0)
        #expect(
            report.tests.compactMap(\.device) == Array(repeating: labels[0], count: single.report.tests.count)
                + Array(repeating: labels[1], count: single.report.tests.count))
        #expect(
            report.totals.tests == 2 * single.report.totals.tests
                && report.totals.failed == 2 * single.report.totals.failed)
        #expect(report.tests.map(\.order) == Array(1...report.tests.count))
        let failing = report.tests.filter { $0.id == FailureMomentRunTests.failingID }
        #expect(failing.map(\.device) == labels)
        #expect(failing.allSatisfy { $0.failureScreenshot != nil })
        #expect(Set(failing.compactMap(\.failureScreenshot)).count == 2)
        // Each device has its own work folder.
        for label in labels {
            #expect(
                FileManager.default.fileExists(
                    atPath: outcome.runDirectory.appendingPathComponent("xcodebuild/\(DeviceRuns.folder(label))").path))
        }

        // Reports: a device section, failures named with their device, junit testcases distinct.
        let run = outcome.runDirectory
        let html = try String(contentsOf: run.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(html.contains("<section id=\"devices\"><h2>Devices (2)</h2>"))
        #expect(labels.allSatisfy { html.contains("\(FailureMomentRunTests.failingID) [\($0)]</h3>") })
        let summary = try String(contentsOf: run.appendingPathComponent("summary.md"), encoding: .utf8)
        #expect(summary.contains("### Devices") && summary.contains("| iPhone 15 | \(single.report.tests.count) |"))
        let junit = try String(contentsOf: run.appendingPathComponent("junit.xml"), encoding: .utf8)
        #expect(labels.allSatisfy { junit.contains("name=\"testTipIsRoundedToCents [\($0)]\"") })
        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: run.appendingPathComponent("report.json")))
                as? [String: Any])
        #expect((json["tests"] as? [[String: Any]])?.allSatisfy { $0["device"] is String } == true)

        // The history: each device's outcome under its own key, so neither overwrites the other.
        let entry = try #require(try HistoryOpening.open(outputFolder: output).entries(pipeline: nil).last)
        #expect(entry.outcomes.count == report.tests.count)
        let failedRuns = try #require(try HistoryOpening.database(outputFolder: output)).testResults(
            testID: FailureMomentRunTests.failingID)
        #expect(Set(failedRuns.map(\.key)) == Set(labels.map { "\(FailureMomentRunTests.failingID) [\($0)]" }))
        #expect(entry.failingTests == labels.map { "\(FailureMomentRunTests.failingID) [\($0)]" }.sorted())

        // attachments --by device: one folder per device, each with that device's screenshots.
        let export = output.deletingLastPathComponent().appendingPathComponent("export")
        let err = BufferOutput()
        let context = HostContext(
            standardOutput: BufferOutput(), standardError: err, environment: [:],
            currentDirectory: output.deletingLastPathComponent())
        let exit = await CommandLineTool.run(
            arguments: ["attachments", run.path, "--output", export.path, "--by", "device"], context: context)
        #expect(exit == .passed, "\(err.text)")
        let folders = try FileManager.default.contentsOfDirectory(atPath: export.path).filter { $0 != "manifest.json" }
            .sorted()
        #expect(folders == labels.sorted())
        let perDevice = single.report.tests.reduce(0) { $0 + $1.attachments.count }
        for label in labels {
            let files = try FileManager.default.contentsOfDirectory(atPath: export.appendingPathComponent(label).path)
            #expect(files.count == perDevice && files.contains { $0.hasSuffix(".png") })
        }
    }
}
