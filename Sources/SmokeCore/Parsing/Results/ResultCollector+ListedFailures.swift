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

    /// With a failure shown, the listed tests no shown test is (by name or display name: `SomeTests.test3()` is
    /// `"Test 3"`) are said, not added: a name the list and the lines spell differently must not become a second test.
    private mutating func noteListedWithoutResult() {
        var shown = Set<String>()
        for index in 0..<tests.count {
            shown.insert(Self.looseName(tests.id(at: index).split(separator: "/").last ?? ""))
            if let name = tests.extras(at: index)?.displayName { shown.insert(Self.looseName(name[...])) }
        }
        for (ref, _, _) in listedFailures where !shown.contains(Self.looseName(ref.name[...])) {
            guard listedWithoutResult.count < 20 else { break }
            listedWithoutResult.append(ref.suite.isEmpty ? ref.name : "\(ref.suite).\(ref.name)")
        }
    }

    /// A name without its arguments, spaces or case: `test3()`, `"Test 3"` and `Test 3` are `test3`.
    private static func looseName(_ name: Substring) -> String {
        String(name.prefix { $0 != "(" }.filter { !$0.isWhitespace && $0 != "\"" }).lowercased()
    }
}
