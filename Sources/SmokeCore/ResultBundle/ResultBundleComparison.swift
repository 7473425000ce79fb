/// Compares two readings of one bundle (`--cross-check`): tests present, statuses, retry counts,
/// durations within a tolerance, failure messages. Pure; each difference is one readable line.
package enum ResultBundleComparison {
    /// Durations differ when they are further apart than this many seconds…
    static let absoluteDurationTolerance = 0.01
    /// …and than this fraction of the longer one (the two tools round differently).
    static let relativeDurationTolerance = 0.05

    package static func differences(database: ResultBundleContents, xcresulttool: ResultBundleContents) -> [String] {
        let left = Dictionary(database.tests.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let right = Dictionary(xcresulttool.tests.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        var lines: [String] = []
        for test in database.tests where right[test.id] == nil {
            lines.append("\(test.id): only in the database reading")
        }
        for test in xcresulttool.tests where left[test.id] == nil {
            lines.append("\(test.id): only in the xcresulttool reading")
        }
        for test in database.tests {
            guard let other = right[test.id] else { continue }
            lines += differences(test, other)
        }
        lines += deviceDifferences(database.device, xcresulttool.device)
        return lines
    }

    /// The device as both readings name it (platform, name, UDID, runtime); details only one records are not compared.
    private static func deviceDifferences(_ mine: ResolvedDevice?, _ theirs: ResolvedDevice?) -> [String] {
        let describe: (ResolvedDevice?) -> String = { device in
            guard let device else { return "none" }
            return [device.platform, device.name, device.udid, device.runtime].map { $0 ?? "–" }.joined(separator: ", ")
        }
        return describe(mine) == describe(theirs)
            ? [] : ["device: \(describe(mine)) in the database, \(describe(theirs)) from xcresulttool"]
    }

    private static func differences(_ mine: TestResult, _ theirs: TestResult) -> [String] {
        var lines: [String] = []
        let id = mine.id
        if mine.status != theirs.status {
            lines.append(
                "\(id): status \(mine.status.rawValue) in the database, \(theirs.status.rawValue) from xcresulttool")
        }
        if mine.attempts.count != theirs.attempts.count {
            lines.append(
                "\(id): \(mine.attempts.count) attempts in the database, \(theirs.attempts.count) from xcresulttool")
        }
        if !durationsAgree(mine.durationSeconds, theirs.durationSeconds) {
            lines.append(
                "\(id): duration \(mine.durationSeconds)s in the database, \(theirs.durationSeconds)s from xcresulttool"
            )
        }
        let myMessages = mine.failures.map(\.message).sorted()
        let theirMessages = theirs.failures.map(\.message).sorted()
        if myMessages != theirMessages {
            lines.append("\(id): failure messages \(myMessages) in the database, \(theirMessages) from xcresulttool")
        }
        return lines
    }

    static func durationsAgree(_ first: Double, _ second: Double) -> Bool {
        let gap = abs(first - second)
        return gap <= absoluteDurationTolerance || gap <= relativeDurationTolerance * max(first, second)
    }
}
