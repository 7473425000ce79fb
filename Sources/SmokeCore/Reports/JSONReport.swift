import Foundation

/// Renders `report.json` (Documentation/Design.md §8). Every top-level and per-test key is always present (`null`
/// when there is no value) so consumers can rely on the shape. Pretty-printed except `tests`, one compact test per
/// line; streamed: the rest through `JSONEncoder`, the tests one by one between its halves, plain ones by hand
/// (`JSONTestEntry`, held equal by `JSONReportStreamingTests`).
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
            JSONTestEntry.write($0, to: &$1, fallback: { encode(TestDocument(test: $0, runID: report.runID)) })
        }
    }

    /// The document with every test through `JSONEncoder`: the reference the hand-written entries must equal.
    static func encodedWhole(_ report: RunReport) -> Data {
        ReportSink.collect { sink in
            Self.stream(report, to: &sink) { test, sink in
                sink.append("    ")
                sink.append(encode(TestDocument(test: test, runID: report.runID)))
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

    /// The exact top-level keys of `report.json`, in Documentation/Design.md §8's order; a shard's report adds `shard`,
    /// a merged run's `mergedRuns`.
    static let topLevelKeys = [
        "schemaVersion", "pipeline", "runID", "status", "startedAt", "finishedAt", "durationSeconds",
        "seed", "ordering", "environment", "device", "toolchain", "totals", "tests", "coverage",
        "artifacts", "notifications", "errors", "pipelineFile", "pipelineHash", "parsedAt", "reconciliation", "inputs",
        "incomplete", "origin", "environmentFile", "quarantine", "culprit", "suspects",
    ]

    static let testKeys = [
        "id", "displayName", "name", "suite", "framework", "status", "durationSeconds", "order", "flaky",
        "failures", "attachments", "output", "attempts", "failureScreenshot", "worker", "position", "device",
        "activities", "evidence", "orderDependence",
    ]

    /// Mirrors `RunReport` but writes `null` for missing optionals instead of leaving keys out.
    private struct Document: Encodable {
        let report: RunReport

        enum Key: String, CodingKey {
            case schemaVersion, pipeline, runID, status, startedAt, finishedAt, durationSeconds
            case seed, ordering, environment, device, toolchain, totals, tests, coverage
            case artifacts, notifications, errors, pipelineFile, pipelineHash, parsedAt, reconciliation, inputs
            case incomplete, origin, environmentFile, quarantine, culprit, suspects
            /// A shard's report only (`run --shard K/N`): which part it is, so `merge` can tell a missing or repeated one.
            case shard
            /// A merged run's report only: the shard runs it joined.
            case mergedRuns
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Key.self)
            if let shard = report.shard { try container.encode(shard, forKey: .shard) }
            if let runs = report.mergedRuns { try container.encode(runs, forKey: .mergedRuns) }
            try encoder.encodeEvery(
                Key.self,
                [
                    .schemaVersion: report.schemaVersion, .pipeline: report.pipeline, .runID: report.runID,
                    .status: report.status, .startedAt: report.startedAt, .finishedAt: report.finishedAt,
                    .durationSeconds: report.durationSeconds, .seed: report.seed, .ordering: report.ordering,
                    .environment: report.environment, .device: report.device, .toolchain: report.toolchain,
                    .totals: report.totals, .tests: report.tests.map { TestDocument(test: $0, runID: report.runID) },
                    .coverage: report.coverage,
                    .artifacts: report.artifacts, .notifications: report.notifications, .errors: report.errors,
                    .pipelineFile: report.pipelineFile, .pipelineHash: report.pipelineHash, .parsedAt: report.parsedAt,
                    .reconciliation: report.reconciliation, .inputs: report.inputs, .incomplete: report.incomplete,
                    .origin: report.origin, .environmentFile: report.environmentFile, .quarantine: report.quarantine,
                    .culprit: report.culprit, .suspects: report.suspects,
                ])
        }
    }

    private struct TestDocument: Encodable {
        let test: TestResult

        enum Key: String, CodingKey {
            case id, displayName, name, suite, framework, status, durationSeconds, order, flaky
            case failures, attachments, output, attempts, failureScreenshot, worker, position, device, activities
            case evidence, orderDependence
        }

        let runID: String

        func encode(to encoder: any Encoder) throws {
            try encoder.encodeEvery(
                Key.self,
                [
                    .id: test.id, .displayName: test.displayName, .name: test.name, .suite: test.suite,
                    .framework: test.framework, .status: test.status, .durationSeconds: test.durationSeconds,
                    .order: test.order, .flaky: test.flaky, .failures: test.failures.map(FailureDocument.init),
                    .attachments: test.attachments, .output: test.output,
                    .attempts: test.attempts.map(AttemptDocument.init), .failureScreenshot: test.failureScreenshot,
                    .worker: test.worker, .position: test.position, .device: test.device, .activities: test.activities,
                    .evidence: test.evidence.map(EvidenceDocument.init),
                    .orderDependence: test.orderDependence.map {
                        OrderDocument(
                            after: $0.after, bisect: OrderDependence.bisectCommand(runID: runID, testID: test.id))
                    },
                ])
        }
    }

    /// `{after, bisect}`: the tests it failed after, in their order, and the command that finds the one that matters.
    private struct OrderDocument: Encodable {
        let after: [String]
        let bisect: String
    }

    private struct AttemptDocument: Encodable {
        let attempt: TestAttempt

        enum Key: String, CodingKey {
            case status, durationSeconds, failures, output, attachments, evidence, configuration
        }

        /// `configuration` only when the test ran in several test-plan configurations.
        func encode(to encoder: any Encoder) throws {
            try encoder.encodeEvery(
                Key.self,
                [
                    .status: attempt.status, .durationSeconds: attempt.durationSeconds,
                    .failures: attempt.failures.map(FailureDocument.init), .output: attempt.output,
                    .attachments: attempt.attachments, .evidence: attempt.evidence.map(EvidenceDocument.init),
                ])
            if let configuration = attempt.configuration {
                var container = encoder.container(keyedBy: Key.self)
                try container.encode(configuration, forKey: .configuration)
            }
        }
    }

    /// `{what, source, line}` with `source`/`line` null when unknown.
    private struct EvidenceDocument: Encodable {
        let evidence: Evidence

        enum Key: String, CodingKey { case what, source, line }

        func encode(to encoder: any Encoder) throws {
            try encoder.encodeEvery(Key.self, [.what: evidence.what, .source: evidence.source, .line: evidence.line])
        }
    }

    /// `{message, file, line}` with `file`/`line` null when unknown.
    private struct FailureDocument: Encodable {
        let failure: TestFailure

        enum Key: String, CodingKey { case message, file, line }

        func encode(to encoder: any Encoder) throws {
            try encoder.encodeEvery(Key.self, [.message: failure.message, .file: failure.file, .line: failure.line])
        }
    }
}

extension ReportFormat {
    package static let json = ReportFormat(rawValue: "json")
}
