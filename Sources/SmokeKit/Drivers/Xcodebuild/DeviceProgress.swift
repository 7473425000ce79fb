import Foundation
import SmokeCore

/// The live line of a multi-device run: one count across all devices, not one restarting per device.
final class DeviceProgress: @unchecked Sendable {
    private let lock = NSLock()
    private let count: Int
    private let report: @Sendable (TestResult, Int, Int) -> Void
    private var before = 0
    private var latest = 0

    init(devices count: Int, report: @escaping @Sendable (TestResult, Int, Int) -> Void) {
        self.count = count
        self.report = report
    }

    /// Overall position over all devices; later devices are expected to run as many tests (the same list).
    static func overall(position: Int, total: Int, before: Int, index: Int, count: Int) -> (position: Int, total: Int) {
        (before + position, before + total * max(count - index, 1))
    }

    /// The progress closure for device `index`; its tests show `label` and "(i/n)".
    func reporter(device index: Int, label: String) -> @Sendable (TestResult, Int, Int) -> Void {
        { [self] test, position, total in
            lock.lock()
            defer { lock.unlock() }
            latest = position
            let shown = Self.overall(position: position, total: total, before: before, index: index, count: count)
            var test = test
            test.device = "\(label) (\(index + 1)/\(count))"
            report(test, shown.position, shown.total)
        }
    }

    /// The current device's phase ended: its count carries over to the next device.
    func deviceFinished() {
        lock.lock()
        defer { lock.unlock() }
        before += latest
        latest = 0
    }
}
