/// How many failing tests xcodebuild's `Failing tests:` list named and the input showed failing, when the list names
/// more; `names`: the listed ones no shown test has.
package struct ListedWithoutResult: Sendable, Equatable {
    package var listed: Int
    package var shownFailing: Int
    package var names: [String]
}

extension ResultCollector {
    /// Failing tests kept from xcodebuild's list (a huge list must not grow memory without bound).
    static let listedFailureLimit = 100_000

    /// When no test the input shows failed but xcodebuild's closing `Failing tests:` list named some (the runner failed
    /// to start, `Testing failed:` says why; or the log was cut above the failing test's lines, its last lines
    /// pasted), the listed tests the input has no result for are the run's: failed, with that reason. With a failure
    /// shown, the list repeats what the lines said, and is not counted again.
    package mutating func finishListedFailures() {
        defer { listedFailures = [] }
        guard !listedFailures.isEmpty else { return }
        guard !(0..<tests.count).contains(where: { tests.status(at: $0).isFailure }) else {
            noteListedWithoutResult()
            return
        }
        for (ref, reason, listedAt) in listedFailures {
            line = listedAt
            let index = entry(for: ref)
            guard !tests.flags(at: index).contains(.finished) else { continue }
            let message =
                reason.map { "xcodebuild listed this test as failing: \($0)" }
                ?? "xcodebuild listed this test as failing; the log has no result line for it."
            record(TestFailure(message: message), isKnown: false, in: index)
            finish(index, as: .failed, durationSeconds: nil)
            setEvidence(evidence("listed under xcodebuild's `Failing tests:`"), at: index)
        }
    }

    /// With a failure shown, a list naming more failing tests than the input shows failing is said, not added (a name
    /// the list and the lines spell differently, a display name, must not become a second test): how many each
    /// counts, and the listed names no shown test has (by name, or a display name spelling it: `"Test 3"`).
    private mutating func noteListedWithoutResult() {
        let shownFailing = (0..<tests.count).count { tests.status(at: $0).isFailure }
        // A parameterized test is listed once per failing argument.
        let listed = Set(listedFailures.map { "\($0.ref.suite).\($0.ref.name)" }).count
        guard listed > shownFailing else { return }
        var shown = Set<String>()
        for index in 0..<tests.count {
            shown.insert(Self.looseName(tests.id(at: index).split(separator: "/").last ?? ""))
            if let name = tests.extras(at: index)?.displayName { shown.insert(Self.looseName(name[...])) }
        }
        let unshown = listedFailures.map(\.ref).filter { !shown.contains(Self.looseName($0.name[...])) }
        listedWithoutResult = ListedWithoutResult(
            listed: listed, shownFailing: shownFailing,
            names: unshown.prefix(20).map { $0.suite.isEmpty ? $0.name : "\($0.suite).\($0.name)" })
    }

    /// A name without its arguments, spaces or case: `test3()`, `"Test 3"` and `Test 3` are `test3`.
    private static func looseName(_ name: Substring) -> String {
        String(name.prefix { $0 != "(" }.filter { !$0.isWhitespace && $0 != "\"" }).lowercased()
    }
}
