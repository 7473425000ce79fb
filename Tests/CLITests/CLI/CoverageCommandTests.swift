import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeCoreTestSupport
@testable import SmokeKit
@testable import SmokeTestSupport
@testable import smokerun

@Suite struct CoverageCommandTests {
    /// `<output>/runs/<id>` with the collector's outputs for the fixture report, a `latest` link and history.
    func makeOutput(runID: String = "20261122T040000Z-3f9a") throws -> URL {
        let base = try temporaryDirectory()
        let output = base.appendingPathComponent(".smokerun")
        let run = output.appendingPathComponent("runs/\(runID)")
        try FileManager.default.createDirectory(at: run, withIntermediateDirectories: true)
        let report = CoverageFixtures.report
        try CoverageCollector.json(report).write(to: run.appendingPathComponent("coverage.json"))
        try Data(LcovWriter.render(report, details: CoverageFixtures.details, root: "/pkg").utf8).write(
            to: run.appendingPathComponent("coverage.lcov"))
        try Data("<coverage/>\n".utf8).write(to: run.appendingPathComponent("cobertura.xml"))
        try FileManager.default.createSymbolicLink(
            atPath: output.appendingPathComponent("latest").path, withDestinationPath: "runs/\(runID)")
        let history = CoverageFixtures.history([
            ("20261121T000000Z-aaaa", 10, 151), ("20261121T040000Z-bbbb", 18, 151), (runID, 21, 151),
        ])
        let lines = try history.map {
            String(decoding: try JSONCoding.encoder(pretty: false).encode($0), as: UTF8.self)
        }
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: output.appendingPathComponent("history.jsonl"))
        return base
    }

    func run(_ arguments: [String], in directory: URL, environment: [String: String] = [:], terminal: Bool = false)
        async -> (ExitCode, String, String)
    {
        let out = BufferOutput(isTerminal: terminal)
        let err = BufferOutput()
        let context = HostContext(
            standardOutput: out, standardError: err, environment: environment, currentDirectory: directory)
        // As CommandLineTool does once the command is registered: errors to stderr, their exit status.
        do {
            let status = try await CoverageCommand(arguments: Array(arguments.dropFirst())).run(in: context)
            return (status, out.text, err.text)
        } catch {
            err.line("smokerun coverage: \(error.localizedDescription)")
            return (ExitCode((error as? any DomainError)?.kind ?? .infrastructure), out.text, err.text)
        }
    }

    @Test func latestRunShowsTheTableWithChangeAndTrend() async throws {
        let base = try makeOutput()
        let (status, text, _) = await run(["coverage"], in: base)
        #expect(status == .passed)
        assertCoverageSnapshot(text, named: "command-latest-80.txt")
        #expect(text.contains("Change: ▲ +2.0 pts since 20261121T040000Z-bbbb (11.9%)"))
        #expect(text.contains("Trend (3 runs): ▁▆█"))
    }

    /// The change and the trend come from the history the command opens, not from a file it reaches for itself.
    @Test func theTrendComesFromTheHistoryTheCommandIsGiven() async throws {
        let base = try makeOutput()
        let history = InMemoryHistory(
            entries: CoverageFixtures.history([("20261121T000000Z-aaaa", 10, 151), ("20261122T040000Z-3f9a", 21, 151)]))
        let out = BufferOutput()
        let context = HostContext(
            standardOutput: out, standardError: BufferOutput(), environment: [:], currentDirectory: base)
        let command = try CoverageCommand(arguments: [], openHistory: { _, _ in history }, terminalWidth: { nil })
        #expect(try await command.run(in: context) == .passed)
        #expect(out.text.contains("since 20261121T000000Z-aaaa (6.6%)"), "\(out.text)")
        #expect(out.text.contains("Trend (2 runs):"), "\(out.text)")
    }

    @Test func corruptHistoryLinesAreCountedInAOneLineWarningNamingTheFirst() async throws {
        let base = try makeOutput()
        let history = base.appendingPathComponent(".smokerun/history.jsonl")
        var lines = try String(contentsOf: history, encoding: .utf8).split(separator: "\n").map(String.init)
        lines.insert("{\"runID\": torn", at: 1)
        lines.append("garbage")
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: history)
        let (status, text, err) = await run(["coverage"], in: base)
        #expect(status == .passed)
        #expect(text.contains("Trend (3 runs)"))
        #expect(err.contains("warning: skipped 2 corrupt lines in "), "\(err)")
        #expect(err.contains("history.jsonl, first at line 2"), "\(err)")
        #expect(err.split(separator: "\n").count == 1)
    }

    /// A history that cannot be read leaves no trend and says why; it never claims there was no earlier run.
    @Test func anUnreadableHistoryIsSaidNotHidden() async throws {
        let base = try makeOutput()
        try Data("not a database\n".utf8).write(to: base.appendingPathComponent(".smokerun/history.sqlite"))
        let (status, text, err) = await run(["coverage"], in: base)
        #expect(status == .passed)
        #expect(!text.contains("Change:"), "\(text)")
        #expect(err.contains("warning: no trend:") && err.contains("history.sqlite"), "\(err)")
    }

    @Test func aRunIDAndARunDirectoryReadTheSameRun() async throws {
        let base = try makeOutput()
        let (_, byID, _) = await run(["coverage", "20261122T040000Z-3f9a"], in: base)
        let (_, byPath, _) = await run(["coverage", ".smokerun/runs/20261122T040000Z-3f9a"], in: base)
        #expect(byID == byPath)
        #expect(byID.hasPrefix("Coverage · 20261122T040000Z-3f9a"))
    }

    @Test func minimumGateComparesCounts() async throws {
        let base = try makeOutput()
        // 21/151 = 13.907…%: 13.9 passes, 13.91 does not.
        #expect(await run(["coverage", "--min-lines", "13.9"], in: base).0 == .passed)
        let (status, _, error) = await run(["coverage", "--min-lines", "13.91"], in: base)
        #expect(status == .coverageBelowMinimum)
        #expect(error.contains("line coverage 13.9% (21/151) is below the minimum of 13.91%"))
    }

    @Test func uncoveredListsRangesFromTheRunsLcov() async throws {
        let base = try makeOutput()
        let (status, text, _) = await run(["coverage", "--uncovered", "Math.swift"], in: base)
        #expect(status == .passed)
        #expect(text == "Sources/Core/Math.swift: lines 66.6% (6/9)\nuncovered: 7–8\n")
        let (missing, _, error) = await run(["coverage", "--uncovered", "Nope.swift"], in: base)
        #expect(missing == .invalidInput)
        #expect(error.contains("no file 'Nope.swift'"))
    }

    @Test func formatsJsonLcovCoberturaMarkdownHtml() async throws {
        let base = try makeOutput()
        let (_, json, _) = await run(["coverage", "--format", "json"], in: base)
        #expect(try JSONCoding.decoder().decode(CoverageReport.self, from: Data(json.utf8)) == CoverageFixtures.report)
        #expect(
            await run(["coverage", "--format", "lcov"], in: base).1.hasPrefix("TN:\nSF:/pkg/Sources/App/Main.swift"))
        #expect(await run(["coverage", "--format", "cobertura"], in: base).1 == "<coverage/>\n")
        #expect(
            await run(["coverage", "--format", "markdown", "--by", "module"], in: base).1.contains(
                "| `Networking` | 9.2% (13/140)"))
        #expect(await run(["coverage", "--format", "html"], in: base).1.hasPrefix("<!DOCTYPE html>"))
    }

    @Test func colourOnlyOnATerminalWithoutNoColor() async throws {
        let base = try makeOutput()
        #expect(await run(["coverage"], in: base, terminal: true).1.contains("\u{1B}["))
        #expect(
            !(await run(["coverage"], in: base, environment: ["NO_COLOR": "1"], terminal: true).1.contains("\u{1B}[")))
        #expect(!(await run(["coverage"], in: base).1.contains("\u{1B}[")))
    }

    @Test func wideTerminalsGetMoreColumns() async throws {
        let base = try makeOutput()
        let text = await run(["coverage"], in: base, environment: ["COLUMNS": "140"]).1
        #expect(text.contains("Functions"))
        #expect(text.split(separator: "\n").allSatisfy { $0.count <= 140 })
    }

    @Test func aRawExportIsReadDirectly() async throws {
        let file = try CoverageFixtures.write(CoverageFixtures.exportV3)
        let (status, text, _) = await run(
            ["coverage", file.path, "--uncovered", "Sources/Core/Math.swift"], in: file.deletingLastPathComponent())
        #expect(status == .passed)
        #expect(text == "/pkg/Sources/Core/Math.swift: lines 77.7% (7/9)\nuncovered: 7–8\n")
        let (_, table, _) = await run(["coverage", file.path], in: file.deletingLastPathComponent())
        #expect(!table.contains("MathTests.swift"))
    }

    @Test(arguments: [
        (["coverage", "missing-run"], ExitCode.invalidInput, "no run 'missing-run'"),
        (["coverage", "--format", "pdf"], .invalidInput, "--format must be one of"),
        (["coverage", "--by", "folder"], .invalidInput, "--by must be file or module"),
        (["coverage", "--min-lines", "120"], .invalidInput, "--min-lines takes a percentage"),
        (["coverage", "--history", "0"], .invalidInput, "--history must be at least 1"),
        (["coverage", "a", "b"], .invalidInput, "at most one RUN or FILE"),
    ])
    func badArgumentsExitTwo(arguments: [String], status: ExitCode, message: String) async throws {
        let base = try temporaryDirectory()
        let (got, _, error) = await run(arguments, in: base)
        #expect(got == status)
        #expect(error.contains(message), "\(error)")
    }

    /// A run whose crashed test wrote no profile said its coverage leaves that out: the command says so under the
    /// figures, so a fall is never read as the code's alone. Its other errors are not coverage's to say.
    @Test func aRunsCoverageGapIsSaidUnderItsFigures() async throws {
        let base = try makeOutput()
        let folder = base.appendingPathComponent(".smokerun/runs/20261122T040000Z-3f9a")
        var report = NotifyFixtures.report(0, tests: [NotifyFixtures.failing("AppTests.CartTests/testCrash")])
        report.errors = [
            InfrastructureError(
                message: "coverage may leave out what the processes of 1 test ran", severity: .note),
            InfrastructureError(message: "coverage: llvm-cov was not found"),
        ]
        try JSONReport.render(report).write(to: folder.appendingPathComponent("report.json"))
        let (_, table, _) = await run(["coverage"], in: base)
        #expect(table.hasSuffix("Incomplete: coverage may leave out what the processes of 1 test ran\n"))
        #expect(!table.contains("llvm-cov was not found"))
        let (_, markdown, _) = await run(["coverage", "--format", "markdown"], in: base)
        #expect(markdown.contains("> ⚠️ Incomplete: coverage may leave out what the processes of 1 test ran"))
    }

    @Test func aRunWithoutCoverageSaysSo() async throws {
        let base = try temporaryDirectory()
        let run = base.appendingPathComponent("out/runs/r1")
        try FileManager.default.createDirectory(at: run, withIntermediateDirectories: true)
        let (status, _, error) = await self.run(["coverage", run.path], in: base)
        #expect(status == .invalidInput)
        #expect(error.contains("has no coverage.json"))
    }

    @Test func widthFollowsColumnsThenTheTerminal() {
        #expect(CoverageCommand.width(environment: ["COLUMNS": "140"], terminal: 100) == 140)
        #expect(CoverageCommand.width(environment: [:], terminal: 100) == 100)
        #expect(CoverageCommand.width(environment: [:], terminal: nil) == 80)
        #expect(CoverageCommand.width(environment: ["COLUMNS": "20"], terminal: nil) == 60)
    }

    @Test func colourNeedsATerminalAndNoNoColor() {
        #expect(CoverageCommand.usesColour(environment: [:], isTerminal: true))
        #expect(!CoverageCommand.usesColour(environment: [:], isTerminal: false))
        #expect(!CoverageCommand.usesColour(environment: ["NO_COLOR": "1"], isTerminal: true))
    }
}
