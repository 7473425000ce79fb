import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeCoreTestSupport
@testable import SmokeKit

/// The live line of a two-device run counts across both devices instead of restarting per device.
@Suite struct DeviceProgressTests {
    private final class Lines: @unchecked Sendable {
        private let lock = NSLock()
        private var stored: [String] = []
        func append(_ line: String) {
            lock.lock()
            stored.append(line)
            lock.unlock()
        }
        var all: [String] {
            lock.lock()
            defer { lock.unlock() }
            return stored
        }
    }

    @Test func theSecondDeviceContinuesTheCountAndTheLineNamesTheDevice() {
        let lines = Lines()
        let progress = DeviceProgress(devices: 2) { test, position, total in
            lines.append(ProgressLine.render(test, position: position, total: total, width: 200))
        }
        let test = TestResult(id: "M.S/a", name: "testA", suite: "S", framework: .xctest, status: .passed)
        let small = progress.reporter(device: 0, label: "iPhone SE (3rd generation)")
        small(test, 1, 2)
        small(test, 2, 3) // a retry made the first device's phase one test longer
        small(test, 3, 3)
        progress.deviceFinished()
        let large = progress.reporter(device: 1, label: "iPhone 15")
        large(test, 1, 2)
        large(test, 2, 2)
        #expect(
            lines.all == [
                "[1/4] iPhone SE (3rd generation) (1/2) · S/testA ✔",
                "[2/6] iPhone SE (3rd generation) (1/2) · S/testA ✔",
                "[3/6] iPhone SE (3rd generation) (1/2) · S/testA ✔",
                "[4/5] iPhone 15 (2/2) · S/testA ✔",
                "[5/5] iPhone 15 (2/2) · S/testA ✔",
            ])
    }

    @Test func aSingleDeviceLineHasNoDevice() {
        let test = TestResult(id: "M.S/a", name: "testA", suite: "S", framework: .xctest, status: .failed)
        #expect(ProgressLine.render(test, position: 3, total: 9, width: 80) == "[3/9] S/testA ✘")
        let overall = DeviceProgress.overall(position: 3, total: 9, before: 0, index: 0, count: 1)
        #expect(overall.position == 3 && overall.total == 9)
    }
}

/// The terminal summary and GitHub annotations name a failure's device on a multi-device run.
@Suite struct DeviceFailureLinesTests {
    @Test func failureLinesAndAnnotationsCarryTheDevice() {
        var test = NotifyFixtures.failing("AppTests.LoginTests/testLogin")
        test.device = "iPhone 15"
        let report = NotifyFixtures.report(0, tests: [test])
        let lines = RunSummary.failureLines(report, style: .plain)
        #expect(lines.first?.contains("AppTests.LoginTests/testLogin [iPhone 15] failed") == true, "\(lines)")
        let annotations = GitHubAnnotations.lines(for: report, relativeTo: nil)
        #expect(
            annotations.first?.contains("title=AppTests.LoginTests/testLogin [iPhone 15] failed") == true,
            "\(annotations)")
    }
}
