/// A run pinning several devices, seen by device: each device's totals in run order, for the
/// reports' device section. Empty for a single-device run, whose reports stay as they were. Pure.
package enum DeviceGroups {
    static func totals(_ tests: [TestResult]) -> [(device: String, totals: Totals)] {
        var order: [String] = []
        var byDevice: [String: [TestResult]] = [:]
        for test in tests {
            guard let device = test.device else { continue }
            if byDevice[device] == nil { order.append(device) }
            byDevice[device, default: []].append(test)
        }
        return order.map { ($0, Totals(byDevice[$0] ?? [])) }
    }

    /// " [iPhone 15]" after a test's name where its device matters; "" otherwise.
    package static func suffix(_ test: TestResult) -> String {
        test.device.map { " [\($0)]" } ?? ""
    }
}
