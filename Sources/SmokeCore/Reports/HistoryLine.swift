import Foundation

/// Writes a run's `history.jsonl` line, streamed: the run's own fields through `JSONEncoder`, the per-test maps
/// (`durations`, `flaky`, `outcomes`) byte by byte from the tests in run order, never as dictionaries of a million
/// entries. It reads back as the same `HistoryEntry` (`HistoryLineTests`).
package enum HistoryLine {
    /// The line, without its newline. A test without a known, finite duration has no `durations` entry: JSON has no
    /// NaN, and a test a crash ended must not teach shard balancing that it takes no time. `pipelinePath` is
    /// `RetentionPolicy.pipelineIdentity`'s, nil for `parse`.
    package static func write(
        _ report: RunReport, path: String, pipelinePath: String? = nil, to sink: inout ReportSink
    ) throws {
        var shell = HistoryEntry(report: report, path: path, perTest: false)
        shell.pipelinePath = pipelinePath
        shell.outcomes = [:]
        shell.flaky = []
        shell.durations = [:]
        let document = try JSONCoding.encoder(pretty: false).encode(shell)
        let tests = report.tests
        let kept = lastOccurrences(of: tests)
        JSONObjectWriter(document: document, pretty: false).stream(into: &sink) { key, sink in
            switch key {
            case "durations":
                writeDurations(of: tests, kept: kept, to: &sink)
            case "flaky":
                sink.append(byte: UInt8(ascii: "["))
                var first = true
                for index in tests.indices where tests[index].flaky {
                    if !first { sink.append(byte: UInt8(ascii: ",")) }
                    first = false
                    JSONTestEntry.string(tests[index].deviceKey, to: &sink)
                }
                sink.append(byte: UInt8(ascii: "]"))
            case "outcomes":
                sink.append(byte: UInt8(ascii: "{"))
                var first = true
                for index in tests.indices where kept(index) {
                    if !first { sink.append(byte: UInt8(ascii: ",")) }
                    first = false
                    JSONTestEntry.string(tests[index].deviceKey, to: &sink)
                    sink.append(":\"")
                    sink.append(tests[index].status.rawValue)
                    sink.append(byte: UInt8(ascii: "\""))
                }
                sink.append(byte: UInt8(ascii: "}"))
            default:
                return false
            }
            return true
        }
    }

    private static func writeDurations(of tests: [TestResult], kept: (Int) -> Bool, to sink: inout ReportSink) {
        sink.append(byte: UInt8(ascii: "{"))
        var first = true
        for index in tests.indices
        where kept(index) && tests[index].durationSeconds.isFinite && !tests[index].durationIsUnknown {
            if !first { sink.append(byte: UInt8(ascii: ",")) }
            first = false
            JSONTestEntry.string(tests[index].deviceKey, to: &sink)
            sink.append(byte: UInt8(ascii: ":"))
            let duration = tests[index].durationSeconds
            if !JSONTestEntry.appendNumber(duration, to: &sink) { sink.append(number(duration) ?? "0") }
        }
        sink.append(byte: UInt8(ascii: "}"))
    }

    /// Which tests the maps keep: a JSON object takes each key once, and the last test with a key wins (as
    /// `Dictionary(uniquingKeysWith:)` did). A dictionary of ids is built only when two key hashes meet.
    private static func lastOccurrences(of tests: [TestResult]) -> (Int) -> Bool {
        var hashes = Set<Int>(minimumCapacity: tests.count)
        if tests.indices.allSatisfy({ hashes.insert(tests[$0].deviceKey.hashValue).inserted }) { return { _ in true } }
        var last: [String: Int] = [:]
        for (index, test) in tests.enumerated() { last[test.deviceKey] = index }
        return { last[tests[$0].deviceKey] == $0 }
    }

    /// A duration as JSON: Swift's shortest form without a `.0` fraction; nil when not finite.
    static func number(_ value: Double) -> String? {
        guard value.isFinite else { return nil }
        if let plain = JSONTestEntry.number(value) { return plain }
        return value == 0 ? "0" : value.description
    }
}
