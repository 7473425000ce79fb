import Foundation
import Testing
@testable import SmokeKit

/// The real toolchain end to end: build the Sampler fixture with coverage, run its (partly failing)
/// tests with LLVM_PROFILE_FILE, collect, and check the totals against `llvm-cov report`.
@Suite(.serialized) struct CoverageCollectionTests {
    static let fixture = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures/Sampler")

    @Test func failingRunStillHasCoverageWhoseTotalsEqualLlvmCovReport() async throws {
        let runner = ProcessCommandRunner()
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("smokerun-coverage-it-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: work) }
        let package = work.appendingPathComponent("Sampler")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        // A private copy, so this build never shares `.build` with other tests.
        for item in try FileManager.default.contentsOfDirectory(atPath: Self.fixture.path) where item != ".build" {
            if item == "Package.swift" || item == "Sources" || item == "Tests" {
                try FileManager.default.createDirectory(at: package, withIntermediateDirectories: true)
                try FileManager.default.copyItem(at: Self.fixture.appendingPathComponent(item), to: package.appendingPathComponent(item))
            }
        }
        let build = try runner.run("swift", ["build", "--build-tests", "--enable-code-coverage"], environment: nil, currentDirectory: package)
        try #require(build.exitStatus == 0, "swift build failed: \(build.errorText)\(build.outputText.suffix(2000))")

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
            bundle.path, ["LedgerTests.LedgerXCTests/testBalanceIsWrong,LedgerTests.LedgerXCTests/testBalanceSumsEntries"],
            environment: environment, currentDirectory: package
        )
        #expect(xctest.exitStatus != 0, "the fixture's failing test should fail")
        _ = try runner.run(bundle.path, ["--testing-library", "swift-testing"], environment: environment, currentDirectory: package)

        let tools = try ToolchainTools.locate()
        let scope = CoverageScope(root: package.resolvingSymlinksInPath().path, include: ["Sources/"])
        let collection = try CoverageCollector(tools: tools).collect(
            profiles: CoverageCollector.profiles(in: profiles), binaries: [binary], scope: scope, runDirectory: runDirectory
        )
        #expect(collection.report.files.map(\.path) == ["Sources/Ledger/Ledger.swift"])
        #expect(collection.report.modules.map(\.name) == ["Ledger"])
        #expect(collection.report.totals.lines.covered > 0)

        // The same profile, binary and filter through `llvm-cov report`.
        let profdata = runDirectory.appendingPathComponent(CoverageCollector.profdataName)
        let report = try runner.run(
            tools.llvmCov.path,
            ["report", "-instr-profile=\(profdata.path)", "-ignore-filename-regex=\(scope.ignoreFilenameRegex)", binary.path],
            environment: nil, currentDirectory: nil
        )
        try #require(report.exitStatus == 0, "\(report.errorText)")
        let total = try #require(Self.totalRow(report.outputText), "no TOTAL row in:\n\(report.outputText)")
        #expect(collection.report.totals == total, "llvm-cov report:\n\(report.outputText)")

        // Our DA lines are llvm-cov's own lcov DA lines, and LF/LH its summary.
        let lcov = try runner.run(
            tools.llvmCov.path,
            ["export", "-format=lcov", "-instr-profile=\(profdata.path)", "-ignore-filename-regex=\(scope.ignoreFilenameRegex)", binary.path],
            environment: nil, currentDirectory: nil
        )
        let written = try String(contentsOf: runDirectory.appendingPathComponent(CoverageCollector.lcovName), encoding: .utf8)
        #expect(Self.lcovFacts(written) == Self.lcovFacts(lcov.outputText))

        // Cobertura's <line> elements are the lines llvm-cov counts, so line-counting consumers get its totals.
        let cobertura = try String(contentsOf: runDirectory.appendingPathComponent(CoverageCollector.coberturaName), encoding: .utf8)
        let lineElements = cobertura.split(separator: "\n").filter { $0.contains("<line number=") }
        let hitElements = lineElements.filter { !$0.contains("hits=\"0\"") }
        #expect(CoverageCount(covered: hitElements.count, count: lineElements.count) == total.lines)

        for name in [CoverageCollector.jsonName, CoverageCollector.lcovName, CoverageCollector.coberturaName, CoverageCollector.profdataName] {
            #expect(FileManager.default.fileExists(atPath: runDirectory.appendingPathComponent(name).path), "\(name) missing")
        }
        #expect(!FileManager.default.fileExists(atPath: runDirectory.appendingPathComponent(CoverageCollector.exportName).path))

        // The dashboard reads the run back, and the gate compares counts.
        let output = BufferOutput()
        let context = CommandContext(standardOutput: output, standardError: BufferOutput(), environment: [:], currentDirectory: work)
        let status = try await CoverageCommand(arguments: [runDirectory.path, "--min-lines", "100"]).run(in: context)
        #expect(status == (total.lines.covered == total.lines.count ? .passed : .coverageBelowMinimum))
        #expect(output.text.contains("Sources/Ledger/Ledger.swift"))

        // Scripts/validate-coverage.sh checks the outputs with genhtml and pycobertura from here.
        if let keep = ProcessInfo.processInfo.environment["SMOKERUN_COVERAGE_KEEP_RUN"] {
            try? FileManager.default.removeItem(atPath: keep)
            try FileManager.default.copyItem(at: runDirectory, to: URL(fileURLWithPath: keep))
        }
    }

    /// The TOTAL row of `llvm-cov report`: regions, missed, %, functions, missed, %, lines, missed, %, branches, missed, %.
    static func totalRow(_ text: String) -> CoverageSummary? {
        guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix("TOTAL") }) else { return nil }
        let numbers = line.split(separator: " ").dropFirst().filter { !$0.hasSuffix("%") && $0 != "-" }.compactMap { Int($0) }
        guard numbers.count == 8 else { return nil }
        func count(_ total: Int, _ missed: Int) -> CoverageCount { CoverageCount(covered: total - missed, count: total) }
        return CoverageSummary(
            lines: count(numbers[4], numbers[5]), functions: count(numbers[2], numbers[3]),
            regions: count(numbers[0], numbers[1]), branches: count(numbers[6], numbers[7])
        )
    }

    /// SF, DA, LF and LH records of an lcov file, in order.
    static func lcovFacts(_ text: String) -> [String] {
        text.split(separator: "\n").filter { ["SF:", "DA:", "LF:", "LH:"].contains(String($0.prefix(3))) }.map(String.init)
    }
}
