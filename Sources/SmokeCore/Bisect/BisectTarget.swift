/// The test a bisect studies and the tests that ran before it. Pure.
package struct BisectTarget: Sendable, Equatable {
    package var executed: [TestCase]
    /// On a run pinning several devices, the device the studied execution ran on: a replay runs there.
    package var device: String? = nil

    package var test: TestCase { executed[executed.count - 1] }
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
        // A parallel run: only earlier tests of the same worker could have touched it.
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
