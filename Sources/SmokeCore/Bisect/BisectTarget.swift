/// The test a bisect studies and the tests that ran before it. Pure.
package struct BisectTarget: Sendable, Equatable {
    /// The run's tests in the order they ran, up to and including the test under study.
    package var executed: [TestCase]
    /// The device the studied execution ran on, on a run pinning several devices (nil otherwise):
    /// a replay must run there, after only that device's earlier tests.
    package var device: String? = nil

    package var test: TestCase { executed[executed.count - 1] }
    /// Ids of the tests that ran before it, in order.
    package var candidates: [String] { executed.dropLast().map(\.id) }

    /// Finds `argument` in the report: the whole id, or the one id ending in it (`Class/method`).
    package static func find(_ argument: String, in report: RunReport, runName: String) throws(BisectError)
        -> BisectTarget
    {
        let ordered = report.tests.enumerated().sorted { ($0.element.order, $0.offset) < ($1.element.order, $1.offset) }
            .map(\.element)
        var matches = ordered.filter { $0.id == argument }
        if matches.isEmpty {
            matches = ordered.filter { $0.id.hasSuffix("." + argument) || $0.id.hasSuffix("/" + argument) }
        }
        let ids = matches.reduce(into: [String]()) { ids, test in if !ids.contains(test.id) { ids.append(test.id) } }
        guard ids.count <= 1 else { throw .ambiguousTest(test: argument, matches: ids) }
        // On a multi-device run one id ran once per device: study the first execution that failed.
        let match = matches.first { $0.status.isFailure } ?? matches.first
        guard let match, let position = ordered.firstIndex(where: { $0.id == match.id && $0.device == match.device })
        else {
            let name = argument.split(separator: "/").last.map(String.init) ?? argument
            throw .testNotInRun(
                test: argument, run: runName, suggestions: ordered.filter { $0.id.contains(name) }.prefix(3).map(\.id))
        }
        // A parallel run: only the tests that ran earlier in the same worker could have touched it, in
        // that worker's sequence (another worker's processes ran beside it, not before it).
        let earlier =
            match.worker.map { worker in
                ordered.filter {
                    $0.worker == worker && $0.device == match.device && ($0.position ?? 0) < (match.position ?? 0)
                }
                .sorted { ($0.position ?? 0) < ($1.position ?? 0) } + [match]
            } ?? Array(ordered[...position]).filter { $0.device == match.device }
        return BisectTarget(
            executed: earlier.map { TestCase(id: $0.id, framework: $0.framework) }, device: match.device)
    }
}
