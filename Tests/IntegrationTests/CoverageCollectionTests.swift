import Foundation
import SmokeCoreTestSupport
import Testing

@testable import SmokeCore
@testable import SmokeKit
@testable import smokerun

/// The real toolchain end to end: build the Sampler fixture with coverage, run its (partly failing)
/// tests with LLVM_PROFILE_FILE, collect, and check the totals against `llvm-cov report` (functions,
/// regions, branches), llvm-cov's own lcov export (lines), genhtml and pycobertura.
@Suite(.serialized) struct CoverageCollectionTests {
    static let fixture = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures/Sampler")

    struct FixtureFailure: Error, CustomStringConvertible {
        var message: String
        var description: String { message }
    }

    /// One build and collection of the Sampler fixture, shared by the tests below (it stays in the temporary folder,
    /// sources included, so genhtml can read them).
    struct Collected: Sendable {
        var work: URL, package: URL, binary: URL, runDirectory: URL, scope: CoverageScope, tools: ToolchainTools
        var collection: CoverageCollection
    }

    static let shared = Result { try collect() }

    static func collect() throws -> Collected {
        let runner = ProcessCommandRunner()
        let work = TestScratch.root.appendingPathComponent(
            "smokerun-coverage-it-\(UUID().uuidString)")
        let package = work.appendingPathComponent("Sampler")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        // A private copy, so this build never shares `.build` with other tests.
        for item in try FileManager.default.contentsOfDirectory(atPath: Self.fixture.path) where item != ".build" {
            if item == "Package.swift" || item == "Sources" || item == "Tests" {
                try FileManager.default.createDirectory(at: package, withIntermediateDirectories: true)
                try FileManager.default.copyItem(
                    at: Self.fixture.appendingPathComponent(item), to: package.appendingPathComponent(item))
            }
        }
        let build = try runner.run(
            "swift", ["build", "--build-tests", "--enable-code-coverage"], environment: nil, currentDirectory: package)
        guard build.exitStatus == 0 else {
            throw FixtureFailure(message: "swift build failed: \(build.errorText)\(build.outputText.suffix(2000))")
        }

        let bundle = package.appendingPathComponent(".build/debug/SamplerPackageTests.xctest")
        #if os(macOS)
            let binary = bundle.appendingPathComponent("Contents/MacOS/SamplerPackageTests")
        #else
            let binary = bundle
        #endif
        let runDirectory = work.appendingPathComponent("out/runs/20261122T040000Z-test")
        let profiles = runDirectory.appendingPathComponent("profiles")
        try FileManager.default.createDirectory(at: profiles, withIntermediateDirectories: true)
        var environment = ProcessInfo.processInfo.environment
        environment["LLVM_PROFILE_FILE"] = profiles.path + "/%p-%m.profraw"
        environment.removeValue(forKey: "SAMPLER_MISBEHAVE")
        // Two processes, as the run command does; the first has a failing test.
        let xctest = try runner.run(
            bundle.path,
            ["LedgerTests.LedgerXCTests/testBalanceIsWrong,LedgerTests.LedgerXCTests/testBalanceSumsEntries"],
            environment: environment, currentDirectory: package
        )
        guard xctest.exitStatus != 0 else { throw FixtureFailure(message: "the fixture's failing test should fail") }
        _ = try runner.run(
            bundle.path, ["--testing-library", "swift-testing"], environment: environment, currentDirectory: package)

        let tools = try ToolchainTools.locate()
        let scope = CoverageScope(root: package.resolvingSymlinksInPath().path, include: ["Sources/"])
        let collection = try CoverageCollector(tools: tools).collect(
            profiles: CoverageCollector.profiles(in: profiles), binaries: [binary], scope: scope,
            runDirectory: runDirectory
        )
        return Collected(
            work: work, package: package, binary: binary, runDirectory: runDirectory, scope: scope, tools: tools,
            collection: collection)
    }

    @Test func failingRunStillHasCoverageWhoseTotalsEqualLlvmCov() async throws {
        let shared = try Self.shared.get()
        let (work, binary, runDirectory, scope, tools, collection) = (
            shared.work, shared.binary, shared.runDirectory, shared.scope, shared.tools, shared.collection
        )
        let runner = ProcessCommandRunner()
        #expect(collection.report.files.map(\.path) == ["Sources/Ledger/Ledger.swift"])
        #expect(collection.report.modules.map(\.name) == ["Ledger"])
        #expect(collection.report.totals.lines.covered > 0)

        // The same profile, binary and filter through `llvm-cov report`.
        let profdata = runDirectory.appendingPathComponent(RunDirectory.coverageProfileName)
        let report = try runner.run(
            tools.llvmCov.path,
            [
                "report", "-instr-profile=\(profdata.path)", "-ignore-filename-regex=\(scope.ignoreFilenameRegex)",
                binary.path,
            ],
            environment: nil, currentDirectory: nil
        )
        try #require(report.exitStatus == 0, "\(report.errorText)")
        let total = try #require(Self.totalRow(report.outputText), "no TOTAL row in:\n\(report.outputText)")
        let totals = collection.report.totals
        #expect(
            totals.functions == total.functions && totals.regions == total.regions && totals.branches == total.branches,
            "llvm-cov report:\n\(report.outputText)")

        // Our DA lines are llvm-cov's own lcov DA lines; LF/LH and the line totals count exactly those (llvm-cov's
        // report and its LF count a line once per function containing it: Ledger's autoclosures make that 10, not 9).
        let lcov = try runner.run(
            tools.llvmCov.path,
            [
                "export", "-format=lcov", "-instr-profile=\(profdata.path)",
                "-ignore-filename-regex=\(scope.ignoreFilenameRegex)", binary.path,
            ],
            environment: nil, currentDirectory: nil
        )
        let written = try String(
            contentsOf: runDirectory.appendingPathComponent(RunDirectory.coverageLCOVName), encoding: .utf8)
        #expect(Self.lcovFacts(written, ["SF:", "DA:"]) == Self.lcovFacts(lcov.outputText, ["SF:", "DA:"]))
        let daLines = Self.lcovFacts(lcov.outputText, ["DA:"])
        #expect(
            totals.lines == CoverageCount(covered: daLines.filter { !$0.hasSuffix(",0") }.count, count: daLines.count))
        #expect(
            Self.lcovFacts(written, ["LF:"]) == ["LF:\(totals.lines.count)"]
                && Self.lcovFacts(written, ["LH:"]) == ["LH:\(totals.lines.covered)"])
        // Function records: one FN and FNDA per function llvm-cov counts.
        #expect(Self.lcovFacts(written, ["FN:"]).count == total.functions.count)
        #expect(Self.lcovFacts(written, ["FNDA:"]).filter { !$0.hasPrefix("FNDA:0,") }.count == total.functions.covered)
        #expect(Self.lcovFacts(written, ["FNF:"]) == ["FNF:\(total.functions.count)"])

        // Exactly one Cobertura <line> per source line, so line-counting consumers get coverage.json's totals.
        let cobertura = try String(
            contentsOf: runDirectory.appendingPathComponent(RunDirectory.coberturaName), encoding: .utf8)
        let lineElements = cobertura.split(separator: "\n").filter { $0.contains("<line number=") }
        let numbers = lineElements.compactMap { $0.split(separator: "\"").dropFirst().first }
        #expect(Set(numbers).count == numbers.count, "duplicate <line> numbers")
        let hitElements = lineElements.filter { !$0.contains("hits=\"0\"") }
        #expect(CoverageCount(covered: hitElements.count, count: lineElements.count) == totals.lines)

        for name in [
            RunDirectory.coverageJSONName, RunDirectory.coverageLCOVName, RunDirectory.coberturaName,
            RunDirectory.coverageProfileName,
        ] {
            #expect(
                FileManager.default.fileExists(atPath: runDirectory.appendingPathComponent(name).path),
                "\(name) missing")
        }
        #expect(
            !FileManager.default.fileExists(
                atPath: runDirectory.appendingPathComponent(RunDirectory.coverageExportName).path))

        // The dashboard reads the run back, and the gate compares counts.
        let output = BufferOutput()
        let context = HostContext(
            standardOutput: output, standardError: BufferOutput(), environment: [:], currentDirectory: work)
        let status = try await CoverageCommand(arguments: [runDirectory.path, "--min-lines", "100"]).run(in: context)
        #expect(status == (totals.lines.covered == totals.lines.count ? .passed : .coverageBelowMinimum))
        #expect(output.text.contains("Sources/Ledger/Ledger.swift"))

        // Scripts/validate-coverage.sh checks the outputs with genhtml and pycobertura from here.
        if let keep = ProcessInfo.processInfo.environment["SMOKERUN_COVERAGE_KEEP_RUN"] {
            try? FileManager.default.removeItem(atPath: keep)
            try FileManager.default.copyItem(at: runDirectory, to: URL(fileURLWithPath: keep))
        }
    }

    static func onPath(_ tool: String) -> Bool {
        (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").contains {
            FileManager.default.isExecutableFile(atPath: "\($0)/\(tool)")
        }
    }

    /// genhtml recounts `DA` records and pycobertura counts `<line>` elements: both must show `smokerun coverage`'s
    /// line totals for the same run (before, genhtml's distinct lines differed from llvm-cov's per-function count).
    @Test(
        .enabled(
            if: onPath("genhtml") && onPath("pycobertura"),
            "needs genhtml (apt-get install lcov) and pycobertura (pip install pycobertura)"))
    func genhtmlAndPycoberturaShowTheLineTotalsOfSmokerunCoverage() async throws {
        let shared = try Self.shared.get()
        let runner = ProcessCommandRunner()
        let output = BufferOutput()
        let context = HostContext(
            standardOutput: output, standardError: BufferOutput(), environment: [:], currentDirectory: shared.work)
        _ = try await CoverageCommand(arguments: [shared.runDirectory.path, "--format", "json"]).run(in: context)
        let json = try JSONCoding.decoder().decode(CoverageReport.self, from: Data(output.text.utf8))
        let lines = json.totals.lines

        let html = shared.work.appendingPathComponent("genhtml-\(UUID().uuidString.prefix(6))")
        let genhtml = try runner.run(
            "genhtml",
            [
                "--branch-coverage", "--output-directory", html.path,
                shared.runDirectory.appendingPathComponent(RunDirectory.coverageLCOVName).path,
            ],
            environment: nil, currentDirectory: shared.package)
        try #require(genhtml.exitStatus == 0, "genhtml: \(genhtml.errorText)\(genhtml.outputText)")
        // "  lines......: 66.7% (6 of 9 lines)"
        let summary = try #require(
            genhtml.outputText.split(separator: "\n").first { $0.contains("lines......") }, "\(genhtml.outputText)")
        #expect(
            summary.hasSuffix("(\(lines.covered) of \(lines.count) lines)"), "genhtml: \(summary); smokerun: \(lines)")
        let functions = genhtml.outputText.split(separator: "\n").first { $0.contains("functions..") }
        #expect(
            functions?.hasSuffix("(\(json.totals.functions.covered) of \(json.totals.functions.count) functions)")
                == true, "\(functions ?? "")")

        let pycobertura = try runner.run(
            "pycobertura",
            [
                "show", "--format", "csv", "--delimiter", ";",
                shared.runDirectory.appendingPathComponent(RunDirectory.coberturaName).path,
            ],
            environment: nil, currentDirectory: shared.package)
        try #require(pycobertura.exitStatus == 0, "pycobertura: \(pycobertura.errorText)")
        let rows = pycobertura.outputText.split(separator: "\n").map {
            $0.split(separator: ";", omittingEmptySubsequences: false).map(String.init)
        }
        let header = try #require(rows.first)
        let total = try #require(rows.first { $0.first == "TOTAL" }, "\(pycobertura.outputText)")
        let statementsColumn = try #require(header.firstIndex(of: "Stmts"))
        let missColumn = try #require(header.firstIndex(of: "Miss"))
        let statements = Int(total[statementsColumn])
        let missed = Int(total[missColumn])
        #expect(
            statements == lines.count && missed == lines.count - lines.covered,
            "pycobertura: \(total); smokerun: \(lines)")
    }

    /// The TOTAL row of `llvm-cov report`: regions, missed, %, functions, missed, %, lines, missed, %, branches,
    /// missed, %.
    static func totalRow(_ text: String) -> CoverageSummary? {
        guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix("TOTAL") }) else { return nil }
        let numbers = line.split(separator: " ").dropFirst().filter { !$0.hasSuffix("%") && $0 != "-" }.compactMap {
            Int($0)
        }
        guard numbers.count == 8 else { return nil }
        func count(_ total: Int, _ missed: Int) -> CoverageCount {
            CoverageCount(covered: total - missed, count: total)
        }
        return CoverageSummary(
            lines: count(numbers[4], numbers[5]), functions: count(numbers[2], numbers[3]),
            regions: count(numbers[0], numbers[1]), branches: count(numbers[6], numbers[7])
        )
    }

    /// The records of an lcov file with the given prefixes, in order.
    static func lcovFacts(_ text: String, _ prefixes: [String]) -> [String] {
        text.split(separator: "\n").filter { line in prefixes.contains { line.hasPrefix($0) } }.map(String.init)
    }
}
