/// Tests another reader finished whole (a JUnit file, an xcresulttool document), after those already collected.
extension ResultCollector {
    /// Adds a document's tests. A test a log already showed is joined with it (`DocumentJoin`): one test, the log's
    /// account standing where it is more specific. A test another document gave is replaced. Returns how many of
    /// `results` joined a log's test. `unrecognized` counts what the document's reader did not understand.
    ///
    /// When every test joined, the document is a second account of the logs' run, and its totals of `countedBy`'s
    /// frameworks (the whole run's, where a parallel log prints none for its processes) count them.
    @discardableResult
    package mutating func adopt(
        _ results: [TestResult], attachments: [RawAttachment] = [], unrecognized: Int = 0,
        countedBy frameworks: Set<String> = []
    ) -> Int {
        let logEntries = firstDocumentEntry ?? tests.count
        firstDocumentEntry = logEntries
        var joined = Set<Int>()
        var bareNames: [String: [Int]]?
        var unjoined: [TestResult] = []
        func join(_ result: TestResult, at index: Int) {
            joined.insert(index)
            tests.replace(
                index, with: DocumentJoin.joined(log: tests.result(at: index), document: result),
                keeping: [.modulelessKeyed, .ownProcessLine, .namedProcessLine, .cloneResultLine])
        }
        for var result in results {
            result.recordMissingEvidence { [source] in Evidence(what: "recorded as `\($0.rawValue)`", source: source) }
            if let index = logEntry(for: result, below: logEntries, skipping: joined, bareNames: &bareNames) {
                join(result, at: index)
            } else {
                unjoined.append(result)
            }
        }
        let displayNamed = displayNamedEntries(below: logEntries, skipping: joined)
        let swiftTesting = unjoined.indices.filter { unjoined[$0].framework == .swiftTesting }
        var paired = Set<Int>()
        let pairs = DocumentJoin.pairs(
            console: displayNamed.map { tests.result(at: $0) }, document: swiftTesting.map { unjoined[$0] })
        for pair in pairs {
            paired.insert(swiftTesting[pair.document])
            join(unjoined[swiftTesting[pair.document]], at: displayNamed[pair.console])
        }
        for (position, result) in unjoined.enumerated() where !paired.contains(position) {
            var index =
                tests.find(id: result.id)
                ?? tests.append(id: result.id, name: result.name, suite: result.suite, framework: result.framework)
            // An earlier document's test of that name is another execution (another device's report, a re-run's),
            // as the documents' totals, summed, count it: both are kept.
            if index >= logEntries, tests.flags(at: index).contains(.finished) {
                index = tests.appendOccurrence(of: index)
            }
            tests.replace(index, with: result)
        }
        if joined.count == results.count {
            for index in joined where frameworks.contains(tests.framework(at: index).rawValue) {
                tests.remove(.namedProcessLine, at: index)
            }
        }
        cacheIsValid = false
        self.attachments += attachments
        unrecognizedLineCount += unrecognized
        return joined.count
    }

    /// The log's entry of the execution a document names `result`, not yet joined: by its id or XCTest's id without
    /// the module; else, for a Swift Testing console that names only functions, a run of that function, one whose
    /// outcome agrees with the document's first (several suites may share a function's name).
    private mutating func logEntry(
        for result: TestResult, below logEntries: Int, skipping joined: Set<Int>, bareNames: inout [String: [Int]]?
    ) -> Int? {
        guard logEntries > 0 else { return nil }
        for id in DocumentJoin.logIDs(for: result) {
            guard var index = tests.find(id: id) else { continue }
            // A base id finds the name's latest run; a document's `foo()` is its first, as `foo()#2` is its second.
            let runs = tests.rowFields(index).occurrence
            if runs > 1, !id.hasSuffix("#\(runs)") { index = tests.run(1, ofNameAt: index) ?? index }
            if index < logEntries, !joined.contains(index) { return index }
        }
        if result.framework == .xctest, case .some(.some(let index)) = tests.find(modulelessKey: result.id),
            index < logEntries, !joined.contains(index)
        {
            return index
        }
        guard result.framework == .swiftTesting else { return nil }
        if bareNames == nil { bareNames = bareSwiftTestingNames(below: logEntries) }
        let runs = (bareNames?[result.name] ?? []).filter { !joined.contains($0) }
        return runs.first { tests.status(at: $0).isFailure == result.status.isFailure } ?? runs.first
    }

    /// The log's Swift Testing entries a console named by a display name alone (`"Adds two numbers"`: no function's
    /// parentheses, no suite), not joined yet.
    private func displayNamedEntries(below logEntries: Int, skipping joined: Set<Int>) -> [Int] {
        guard let first = firstDocumentEntry, first > 0 else { return [] }
        return (0..<min(logEntries, first)).filter { index in
            let base = tests.baseID(at: index)
            return tests.framework(at: index) == .swiftTesting && !joined.contains(index) && !base.contains("/")
                && !base.hasSuffix(")")
        }
    }

    /// The log's Swift Testing entries a console named by function alone (`fails()`, `fails()#2`), by that name.
    private func bareSwiftTestingNames(below logEntries: Int) -> [String: [Int]] {
        var names: [String: [Int]] = [:]
        for index in 0..<logEntries where tests.framework(at: index) == .swiftTesting {
            let base = tests.baseID(at: index)
            if !base.contains("/") { names[base, default: []].append(index) }
        }
        return names
    }
}
