import Foundation

/// Renders `report.json` (Documentation/Design.md §8). Every top-level and per-test key is always present
/// (`null` when there is no value) so consumers can rely on the shape.
///
/// The document is pretty-printed except for `tests`, which holds one test per line (compact JSON, sorted keys): a
/// million tests stay half the size, and `grep`, `diff` and line tools see one test per line.
///
/// Written streaming (`write(_:to:)`): everything but the tests is encoded once with `JSONEncoder`, and the tests
/// are appended one by one between its halves — a test with nothing but its identity, status, duration, failures
/// and output by hand (the bytes `JSONEncoder` would write; `JSONReportStreamingTests` holds the two equal), any
/// other through `JSONEncoder` — so a million tests never make one document in memory.
package struct JSONReport: ReportWriter {
    package var format: ReportFormat { .json }
    package var fileName: String { RunDirectory.reportName }
    package var cost: ReportCost { .perTest }

    package init() {}

    package func write(_ report: RunReport, context: ReportContext, to sink: inout ReportSink) {
        Self.write(report, to: &sink)
    }

    static func render(_ report: RunReport) -> Data {
        ReportSink.collect { Self.write(report, to: &$0) }
    }

    package static func write(_ report: RunReport, to sink: inout ReportSink) {
        Self.stream(report, to: &sink) {
            JSONTestEntry.write($0, to: &$1, fallback: { encode(TestDocument(test: $0)) })
        }
    }

    /// The document with every test through `JSONEncoder`: the reference the hand-written entries must equal.
    static func encodedWhole(_ report: RunReport) -> Data {
        ReportSink.collect { sink in
            Self.stream(report, to: &sink) { test, sink in
                sink.append("    ")
                sink.append(encode(TestDocument(test: test)))
            }
        }
    }

    /// The shell pretty-printed, with `tests` one entry per line (`entry` writes one, indentation included).
    private static func stream(
        _ report: RunReport, to sink: inout ReportSink, entry: (TestResult, inout ReportSink) -> Void
    ) {
        var shell = report
        shell.tests = []
        let writer = JSONObjectWriter(document: encode(Document(report: shell), pretty: true), pretty: true)
        writer.stream(into: &sink) { key, sink in
            guard key == "tests", !report.tests.isEmpty else { return false }
            sink.append("[\n")
            for index in report.tests.indices { // by index: no copy (a retain per field) of each test
                if index > 0 { sink.append(",\n") }
                entry(report.tests[index], &sink)
            }
            sink.append("\n  ]")
            return true
        }
    }

    private static func encode(_ value: some Encodable, pretty: Bool = false) -> Data {
        let encoder = JSONCoding.encoder(pretty: pretty)
        // A NaN duration from a broken clock must not lose the whole report.
        encoder.nonConformingFloatEncodingStrategy = .convertToString(
            positiveInfinity: "Infinity", negativeInfinity: "-Infinity", nan: "NaN")
        do {
            return try encoder.encode(value)
        } catch {
            // With the strategy above nothing in the model can fail to encode: a bug if it does.
            preconditionFailure("report.json could not be encoded: \(error)")
        }
    }

    /// The exact top-level keys of `report.json`, in Documentation/Design.md §8's order.
    static let topLevelKeys = [
        "schemaVersion", "pipeline", "runID", "status", "startedAt", "finishedAt", "durationSeconds",
        "seed", "ordering", "environment", "device", "toolchain", "totals", "tests", "coverage",
        "artifacts", "notifications", "errors", "pipelineFile", "pipelineHash", "parsedAt", "reconciliation", "inputs",
        "incomplete", "origin", "environmentFile", "quarantine", "culprit",
    ]

    /// The exact keys of each entry of `tests`.
    static let testKeys = [
        "id", "displayName", "name", "suite", "framework", "status", "durationSeconds", "order", "flaky",
        "failures", "attachments", "output", "attempts", "failureScreenshot", "worker", "position", "device",
        "activities", "evidence",
    ]

    /// Mirrors `RunReport` but writes `null` for missing optionals instead of leaving keys out.
    private struct Document: Encodable {
        let report: RunReport

        enum Key: String, CodingKey {
            case schemaVersion, pipeline, runID, status, startedAt, finishedAt, durationSeconds
            case seed, ordering, environment, device, toolchain, totals, tests, coverage
            case artifacts, notifications, errors, pipelineFile, pipelineHash, parsedAt, reconciliation, inputs
            case incomplete, origin, environmentFile, quarantine, culprit
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Key.self)
            try container.encode(report.schemaVersion, forKey: .schemaVersion)
            try container.encode(report.pipeline, forKey: .pipeline)
            try container.encode(report.runID, forKey: .runID)
            try container.encode(report.status, forKey: .status)
            try container.encode(report.startedAt, forKey: .startedAt)
            try container.encode(report.finishedAt, forKey: .finishedAt)
            try container.encode(report.durationSeconds, forKey: .durationSeconds)
            try container.encode(report.seed, forKey: .seed)
            try container.encode(report.ordering, forKey: .ordering)
            try container.encode(report.environment, forKey: .environment)
            try container.encode(report.device, forKey: .device)
            try container.encode(report.toolchain, forKey: .toolchain)
            try container.encode(report.totals, forKey: .totals)
            try container.encode(report.tests.map(TestDocument.init), forKey: .tests)
            try container.encode(report.coverage, forKey: .coverage)
            try container.encode(report.artifacts, forKey: .artifacts)
            try container.encode(report.notifications, forKey: .notifications)
            try container.encode(report.errors, forKey: .errors)
            try container.encode(report.pipelineFile, forKey: .pipelineFile)
            try container.encode(report.pipelineHash, forKey: .pipelineHash)
            try container.encode(report.parsedAt, forKey: .parsedAt)
            try container.encode(report.reconciliation, forKey: .reconciliation)
            try container.encode(report.inputs, forKey: .inputs)
            try container.encode(report.incomplete, forKey: .incomplete)
            try container.encode(report.origin, forKey: .origin)
            try container.encode(report.environmentFile, forKey: .environmentFile)
            try container.encode(report.quarantine, forKey: .quarantine)
            try container.encode(report.culprit, forKey: .culprit)
        }
    }

    private struct TestDocument: Encodable {
        let test: TestResult

        enum Key: String, CodingKey {
            case id, displayName, name, suite, framework, status, durationSeconds, order, flaky
            case failures, attachments, output, attempts, failureScreenshot, worker, position, device, activities
            case evidence
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Key.self)
            try container.encode(test.id, forKey: .id)
            // Every key is always there (`null` when the test has none), as for the others.
            try container.encode(test.displayName, forKey: .displayName)
            try container.encode(test.name, forKey: .name)
            try container.encode(test.suite, forKey: .suite)
            try container.encode(test.framework, forKey: .framework)
            try container.encode(test.status, forKey: .status)
            try container.encode(test.durationSeconds, forKey: .durationSeconds)
            try container.encode(test.order, forKey: .order)
            try container.encode(test.flaky, forKey: .flaky)
            try container.encode(test.failures.map(FailureDocument.init), forKey: .failures)
            try container.encode(test.attachments, forKey: .attachments)
            try container.encode(test.output, forKey: .output)
            try container.encode(test.attempts.map(AttemptDocument.init), forKey: .attempts)
            try container.encode(test.failureScreenshot, forKey: .failureScreenshot)
            try container.encode(test.worker, forKey: .worker)
            try container.encode(test.position, forKey: .position)
            try container.encode(test.device, forKey: .device)
            try container.encode(test.activities, forKey: .activities)
            try container.encode(test.evidence.map(EvidenceDocument.init), forKey: .evidence)
        }
    }

    private struct AttemptDocument: Encodable {
        let attempt: TestAttempt

        enum Key: String, CodingKey {
            case status, durationSeconds, failures, output, attachments, evidence
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Key.self)
            try container.encode(attempt.status, forKey: .status)
            try container.encode(attempt.durationSeconds, forKey: .durationSeconds)
            try container.encode(attempt.failures.map(FailureDocument.init), forKey: .failures)
            try container.encode(attempt.output, forKey: .output)
            try container.encode(attempt.attachments, forKey: .attachments)
            try container.encode(attempt.evidence.map(EvidenceDocument.init), forKey: .evidence)
        }
    }

    /// `{what, source, line}` with `source`/`line` null when unknown.
    private struct EvidenceDocument: Encodable {
        let evidence: Evidence

        enum Key: String, CodingKey { case what, source, line }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Key.self)
            try container.encode(evidence.what, forKey: .what)
            try container.encode(evidence.source, forKey: .source)
            try container.encode(evidence.line, forKey: .line)
        }
    }

    /// `{message, file, line}` with `file`/`line` null when unknown.
    private struct FailureDocument: Encodable {
        let failure: TestFailure

        enum Key: String, CodingKey { case message, file, line }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Key.self)
            try container.encode(failure.message, forKey: .message)
            try container.encode(failure.file, forKey: .file)
            try container.encode(failure.line, forKey: .line)
        }
    }
}

extension ReportFormat {
    package static let json = ReportFormat(rawValue: "json")
}
