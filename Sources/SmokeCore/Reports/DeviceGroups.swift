/// A multi-device run's totals per device in run order, for the reports' device section; empty for one device. Pure.
package enum DeviceGroups {
    static func totals(_ tests: [TestResult]) -> [(device: String, totals: Totals)] {
        var order: [String] = []
        var byDevice: [String: Totals] = [:]
        // By index, never copying a test (see Documentation/Performance.md).
        for index in tests.indices {
            guard let device = tests[index].device else { continue }
            if byDevice[device] == nil { order.append(device) }
            byDevice[device, default: Totals()].add(tests[index].status, flaky: tests[index].flaky)
        }
        return order.map { ($0, byDevice[$0] ?? Totals()) }
    }

    /// " [iPhone 15]" after a test's name where its device matters; "" otherwise.
    package static func suffix(_ test: TestResult) -> String {
        test.device.map { " [\($0)]" } ?? ""
    }
}
