/// The test a bisect studies and the tests that ran before it. Pure.
package struct BisectTarget: Sendable, Equatable {
    /// The run's tests in the order they ran, up to and including the test under study.
    package var executed: [TestCase]

    package var test: TestCase { executed[executed.count - 1] }
    /// Ids of the tests that ran before it, in order.
    package var candidates: [String] { executed.dropLast().map(\.id) }

    /// Finds `argument` in the report: the whole id, or the one id ending in it (`Class/method`).
    package static func find(_ argument: String, in report: RunReport, runName: String) throws(BisectError) -> BisectTarget {
        let ordered = report.tests.enumerated().sorted { ($0.element.order, $0.offset) < ($1.element.order, $1.offset) }.map(\.element)
        var matches = ordered.filter { $0.id == argument }
        if matches.isEmpty {
            matches = ordered.filter { $0.id.hasSuffix("." + argument) || $0.id.hasSuffix("/" + argument) }
        }
        guard matches.count <= 1 else { throw .ambiguousTest(test: argument, matches: matches.map(\.id)) }
        guard let match = matches.first, let position = ordered.firstIndex(where: { $0.id == match.id }) else {
            let name = argument.split(separator: "/").last.map(String.init) ?? argument
            throw .testNotInRun(test: argument, run: runName, suggestions: ordered.filter { $0.id.contains(name) }.prefix(3).map(\.id))
        }
        // A parallel run: only the tests that ran earlier in the same worker could have touched it, in
        // that worker's sequence (another worker's processes ran beside it, not before it).
        let earlier = match.worker.map { worker in
            ordered.filter { $0.worker == worker && ($0.position ?? 0) < (match.position ?? 0) }
                .sorted { ($0.position ?? 0) < ($1.position ?? 0) } + [match]
        } ?? Array(ordered[...position])
        return BisectTarget(executed: earlier.map { TestCase(id: $0.id, framework: $0.framework) })
    }
}
