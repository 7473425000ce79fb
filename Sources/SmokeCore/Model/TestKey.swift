/// How the history, the notification policy and `merge` tell tests apart: the id, plus the device on a run pinning
/// several, so one test failing only on the small iPhone is not confused with the large one's run. Else the id alone.
enum TestKey {
    /// "Module.Class/method", or "Module.Class/method [iPhone 15]" on a multi-device run.
    static func key(id: String, device: String?) -> String {
        device.map { "\(id) [\($0)]" } ?? id
    }

    /// How ids compare across a listing and the results (`TestCase.key`): `testA()` and `testA` are one XCTest
    /// method, and a Quick example's name ending in `.` is the one Linux's `--list-tests` prints without it.
    static func listed(_ id: String) -> String {
        id.hasSuffix("()") ? String(id.dropLast(2)) : id.hasSuffix(".") ? String(id.dropLast()) : id
    }

    /// The id a key names, without its device: what shard balancing (which splits ids) weighs.
    /// A key without a trailing " […]" is an id already (history lines of single-device runs).
    static func id(of key: String) -> String {
        guard key.hasSuffix("]"), let open = key.range(of: " [", options: .backwards) else { return key }
        return String(key[..<open.lowerBound])
    }
}

extension TestResult {
    package var deviceKey: String { TestKey.key(id: id, device: device) }
}
