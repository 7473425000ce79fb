import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeKit
@testable import smokerun

/// `run --shard K/N` then `merge` on the real TipCalculator package, against the unsharded run of the same
/// suite: the same tests, totals and coverage (profiles merged, never percentages averaged).
@Suite(.serialized) struct ShardMergeTests {
    func pipeline() throws -> URL {
        let package = try IntegrationSupport.copyFixture("TipCalculator")
        let json = """
            {
              "name": "tips",
              "swiftpm": { "packagePath": "\(package.lastPathComponent)" },
              "ordering": { "mode": "random", "isolation": "suite" },
              "timeouts": { "runSeconds": 600, "testSeconds": 60 },
              "coverage": { "enabled": true, "include": ["Sources/"] },
              "output": ".smokerun-shards"
            }
            """
        return try IntegrationSupport.writePipeline(json, named: "tips", next: package)
    }

    func context(_ pipeline: URL) -> (HostContext, BufferOutput, BufferOutput) {
        let out = BufferOutput()
        let err = BufferOutput()
        let root = pipeline.deletingLastPathComponent().deletingLastPathComponent()
        return (HostContext(standardOutput: out, standardError: err, currentDirectory: root), out, err)
    }

    func run(_ pipelineURL: URL, shard: ShardRecord?) async throws -> SmokeRun.Outcome {
        var options = SmokeRun.Options()
        options.seed = 42
        options.notify = false
        options.shard = shard
        let pipeline = try PipelineLoader().load(pipelineURL)
        return await SmokeRun(
            pipeline: pipeline, options: options, context: context(pipelineURL).0, cancellation: CancellationFlag()
        ).execute()
    }

    /// A run whose line coverage is below `coverage.minimumLines` exits 4, and its reports say why: report.json
    /// records the minimum and the miss, summary.md and index.html show it beside the figure.
    @Test func aMissedCoverageMinimumIsInTheReports() async throws {
        let pipeline = try pipeline()
        let text = try String(contentsOf: pipeline, encoding: .utf8)
        try text.replacing(#""include": ["Sources/"]"#, with: #""include": ["Sources/"], "minimumLines": 100"#)
            .write(to: pipeline, atomically: true, encoding: .utf8)
        // A function no test calls: line coverage below 100%.
        let source = pipeline.deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("TipCalculator/Sources/TipCalculator/Uncalled.swift")
        try "func uncalled(_ value: Int) -> Int {\n    let doubled = value * 2\n    return doubled + 1\n}\n"
            .write(to: source, atomically: true, encoding: .utf8)
        let outcome = try await run(pipeline, shard: nil)
        let coverage = try #require(outcome.report.coverage)
        #expect(outcome.failure == .coverageBelowMinimum)
        #expect(coverage.minimumLines == "100" && coverage.linesBelowMinimum == true)
        let summary = try String(
            contentsOf: outcome.runDirectory.appendingPathComponent("summary.md"), encoding: .utf8)
        #expect(summary.contains("Line coverage is below the minimum of 100%"))
        #expect(summary.hasPrefix("## ❌ tips passed, line coverage below the minimum"))
        let html = try String(contentsOf: outcome.runDirectory.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(html.contains("below the 100% minimum"))
    }

    @Test func mergedShardsHaveTheTotalsAndCoverageOfTheUnshardedRun() async throws {
        let pipeline = try pipeline()
        let whole = try await run(pipeline, shard: nil)
        #expect(whole.report.errors.isEmpty, "\(whole.report.errors)")
        let first = try await run(pipeline, shard: ShardRecord(index: 1, count: 2))
        let second = try await run(pipeline, shard: ShardRecord(index: 2, count: 2))
        #expect(first.report.shard?.description == "1/2")
        // Each shard records the whole run's selection, which `merge` checks every test of ran somewhere.
        #expect(first.report.shard?.selected?.count == 7)
        #expect(second.report.shard?.selected == first.report.shard?.selected)
        #expect(first.report.totals.tests > 0 && second.report.totals.tests > 0)
        #expect(first.report.totals.tests + second.report.totals.tests == whole.report.totals.tests)
        #expect(Set(first.report.tests.map(\.id)).isDisjoint(with: second.report.tests.map(\.id)))

        let (context, out, err) = context(pipeline)
        let exit = await CommandLineTool.run(
            arguments: [
                "merge", first.runDirectory.path, second.report.runID, "--pipeline", pipeline.path, "--no-notify",
            ], context: context)
        #expect(exit == ExitCode(whole.failure), "\(err.text)")
        let merged = try RunReportFile.load(
            at: try #require(
                RunDirectoryLocator.latestRun(
                    outputDirectory: whole.runDirectory.deletingLastPathComponent().deletingLastPathComponent())))
        #expect(![whole.report.runID, first.report.runID, second.report.runID].contains(merged.runID))
        #expect(merged.shard == nil)
        #expect(merged.totals == whole.report.totals)
        #expect(Set(merged.tests.map(\.id)) == Set(whole.report.tests.map(\.id)))
        #expect(merged.tests.map(\.order) == Array(1...merged.tests.count))
        #expect(merged.status == whole.report.status)

        let wholeCoverage = try #require(whole.report.coverage)
        let mergedCoverage = try #require(merged.coverage, "\(err.text)")
        #expect(mergedCoverage == wholeCoverage)
        // Each shard alone covers less than the whole: the merged figure is not one shard's, nor an average.
        #expect(
            [first.report.coverage, second.report.coverage].compactMap { $0?.regions.covered }.allSatisfy {
                $0 <= wholeCoverage.regions.covered
            })

        let runDirectory = whole.runDirectory.deletingLastPathComponent().appendingPathComponent(merged.runID)
        for file in [
            "junit.xml", "summary.md", "index.html", "console.log", "coverage.json", "coverage.lcov", "cobertura.xml",
        ] {
            #expect(FileManager.default.fileExists(atPath: runDirectory.appendingPathComponent(file).path), "\(file)")
        }
        let attachments = merged.tests.flatMap(\.attachments)
        #expect(attachments.count == whole.report.tests.flatMap(\.attachments).count)
        for attachment in attachments {
            #expect(
                FileManager.default.fileExists(atPath: runDirectory.appendingPathComponent(attachment.path).path),
                "\(attachment.path)")
        }
        let history = try HistoryOpening.open(
            outputFolder: runDirectory.deletingLastPathComponent().deletingLastPathComponent()
        ).entries(pipeline: "tips")
        // Shards leave no history line, so each computed its split from the same history; the merged run has one.
        #expect(history.map(\.runID) == [whole.report.runID, merged.runID])
        #expect(out.text.contains("tips: \(merged.status.rawValue)"))

        // The same shards merged again (a retried CI job): nothing written or sent, the same exit as that run.
        let (again, _, againErr) = self.context(pipeline)
        let repeated = await CommandLineTool.run(
            arguments: ["merge", first.runDirectory.path, second.runDirectory.path, "--pipeline", pipeline.path],
            context: again)
        #expect(repeated == exit)
        #expect(againErr.text.contains("merged before, as run \(merged.runID)"), "\(againErr.text)")
        let runs = try FileManager.default.contentsOfDirectory(atPath: runDirectory.deletingLastPathComponent().path)
        #expect(runs.filter(RunID.isMade).count == 4)
        #expect(
            try HistoryOpening.open(outputFolder: runDirectory.deletingLastPathComponent().deletingLastPathComponent())
                .entries(pipeline: "tips").count == 2)
    }
}
