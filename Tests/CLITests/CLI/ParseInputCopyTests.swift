import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeCoreTestSupport
@testable import SmokeKit
@testable import SmokeTestSupport
@testable import smokerun

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `smokerun parse` names a file it read by its path, size and SHA-256 instead of copying it into the run folder;
/// it copies only with `--keep-input` or when the input is a pipe, which can be read only once.
@Suite struct ParseInputCopyTests {
    static let log = """
        Test Suite 'All tests' started at 2026-11-22 04:00:00.000.
        Test Suite 'CartTests' started at 2026-11-22 04:00:00.001.
        Test Case '-[ShopTests.CartTests testTotal]' started.
        Test Case '-[ShopTests.CartTests testTotal]' passed (0.010 seconds).
        Test Case '-[ShopTests.CartTests testEmpty]' started.
        /src/Tests/ShopTests/CartTests.swift:12: error: -[ShopTests.CartTests testEmpty] : XCTAssertEqual failed: ("1") is not equal to ("0")
        Test Case '-[ShopTests.CartTests testEmpty]' failed (0.020 seconds).
        Test Suite 'CartTests' failed at 2026-11-22 04:00:00.050.
        \t Executed 2 tests, with 1 failure (0 unexpected) in 0.030 (0.031) seconds
        Test Suite 'All tests' failed at 2026-11-22 04:00:00.060.
        \t Executed 2 tests, with 1 failure (0 unexpected) in 0.030 (0.031) seconds

        """

    private static func parse(_ arguments: [String], in folder: TemporaryDirectory) async throws -> URL {
        let context = HostContext(
            standardOutput: BufferOutput(), standardError: BufferOutput(), environment: [:],
            currentDirectory: folder.url)
        let code = try await ParseCommand(arguments: arguments + ["--output", "out"]).run(in: context)
        #expect(code == .testsFailed)
        return folder.url.appendingPathComponent("out/latest").resolvingSymlinksInPath()
    }

    /// coreutils' `sha256sum` (or `shasum -a 256` where there is none) of `file`: the hash from a tool apart.
    private static func sha256sum(_ file: URL) throws -> String {
        let process = Process()
        let sha256sum = "/usr/bin/sha256sum"
        if FileManager.default.isExecutableFile(atPath: sha256sum) {
            process.executableURL = URL(fileURLWithPath: sha256sum)
            process.arguments = [file.path]
        } else {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/shasum")
            process.arguments = ["-a", "256", file.path]
        }
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return String(text.prefix { !$0.isWhitespace })
    }

    @Test func aFileIsNamedByPathSizeAndHashAndNotCopied() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let input = folder.url.appendingPathComponent("logs/test.log")
        try FileManager.default.createDirectory(
            at: input.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(Self.log.utf8).write(to: input)
        // Given through a link: the record names the file the link leads to, whose bytes were hashed.
        try FileManager.default.createSymbolicLink(
            at: folder.url.appendingPathComponent("latest.log"), withDestinationURL: input)
        let run = try await Self.parse(["latest.log"], in: folder)

        #expect(!FileManager.default.fileExists(atPath: run.appendingPathComponent("console.log").path))
        let report = try RunReportFile.load(at: run)
        #expect(!report.artifacts.contains("console.log"))
        let record = try #require(report.inputs?.first)
        let real = try #require(AttachmentSourcePolicy.systemRealPath(input.path))
        #expect(record.path == real)
        #expect(record.bytes == Self.log.utf8.count)
        let expected = try Self.sha256sum(input)
        #expect(expected.count == 64)
        #expect(record.sha256 == expected)
        // report.json holds them under `inputs`.
        let json = try String(contentsOf: run.appendingPathComponent("report.json"), encoding: .utf8)
        #expect(json.contains("\"sha256\" : \"\(expected)\"") || json.contains("\"sha256\":\"\(expected)\""))
        let html = try String(contentsOf: run.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(html.contains("sha256 \(expected)"))
        #expect(html.contains("href=\"file://\(real)\""))
        #expect(!html.contains("href=\"console.log\""))
        let summary = try String(contentsOf: run.appendingPathComponent("summary.md"), encoding: .utf8)
        #expect(summary.contains("**Input** `\(real)`"))
        #expect(summary.contains(expected))
        #expect(summary.contains("smokerun kept no copy of it"))
    }

    @Test func keepInputCopiesTheFileAsConsoleLog() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try Data(Self.log.utf8).write(to: folder.url.appendingPathComponent("test.log"))
        let run = try await Self.parse(["test.log", "--keep-input"], in: folder)

        let copy = run.appendingPathComponent("console.log")
        #expect(try Data(contentsOf: copy) == Data(Self.log.utf8))
        let report = try RunReportFile.load(at: run)
        #expect(report.artifacts.contains("console.log"))
        #expect(report.inputs?.first?.sha256 == (try Self.sha256sum(copy)))
        let html = try String(contentsOf: run.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(html.contains("<a href=\"console.log\">console.log</a>"))
    }

    @Test func aPipeIsReadOnceAndKept() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        // A pipe whose writer is done: its bytes wait in the pipe (under its 64 KB buffer), then it ends.
        let pipe = Pipe()
        pipe.fileHandleForWriting.write(Data(Self.log.utf8))
        try pipe.fileHandleForWriting.close()
        defer { try? pipe.fileHandleForReading.close() }
        let given = "/dev/fd/\(pipe.fileHandleForReading.fileDescriptor)"
        #expect(ParseInputs.isPipe(URL(fileURLWithPath: given)))
        let run = try await Self.parse([given], in: folder)

        let copy = run.appendingPathComponent("console.log")
        #expect(try Data(contentsOf: copy) == Data(Self.log.utf8))
        let report = try RunReportFile.load(at: run)
        #expect(report.totals.tests == 2 && report.totals.failed == 1)
        let record = try #require(report.inputs?.first)
        #expect(record.path == given)
        #expect(record.bytes == Self.log.utf8.count)
        #expect(record.sha256 == (try Self.sha256sum(copy)))
    }

    /// A pipe that cannot be saved (the temporary folder full, read-only, or not a folder) is said to be lost there,
    /// in TMPDIR, not in the output folder the usual write failure points at.
    @Test func aPipeThatCannotBeSavedNamesTheTemporaryFolder() throws {
        let pipe = Pipe()
        pipe.fileHandleForWriting.write(Data(Self.log.utf8))
        try pipe.fileHandleForWriting.close()
        defer { try? pipe.fileHandleForReading.close() }
        let given = URL(fileURLWithPath: "/dev/fd/\(pipe.fileHandleForReading.fileDescriptor)")
        let notAFolder = try ParsingTestSupport.temporaryFile(Data("x".utf8))
        #expect {
            try ParseInputs.prepare([given], keepInput: false, savesPipes: true, temporary: notAFolder)
        } throws: { error in
            guard case StoreError.pipeNotSaved(let path, _) = error else { return false }
            let message = (error as? StoreError)?.errorDescription ?? ""
            return path.hasPrefix(notAFolder.path + "/smokerun-input-") && message.contains("(TMPDIR), not the output")
        }
    }

    /// A message about a pipe names the path given, not the scratch copy it was parsed from.
    @Test func aPipeWithoutTestsIsNamedAsGiven() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let pipe = Pipe()
        pipe.fileHandleForWriting.write(Data("Resolving Package Graph\nhello\n".utf8))
        try pipe.fileHandleForWriting.close()
        defer { try? pipe.fileHandleForReading.close() }
        let given = "/dev/fd/\(pipe.fileHandleForReading.fileDescriptor)"
        let standardError = BufferOutput()
        let context = HostContext(
            standardOutput: BufferOutput(), standardError: standardError, environment: [:],
            currentDirectory: folder.url)
        let code = await CommandLineTool.run(arguments: ["parse", given, "--output", "out"], context: context)
        #expect(code == .invalidInput)
        #expect(standardError.text.contains("\(given): contains no test output"))
        #expect(!standardError.text.contains("smokerun-input-"))
    }

    /// `--summary-only` reads several inputs twice, so a pipe among them is saved first, as `--output` saves it; one
    /// pipe given twice is read once, and said.
    @Test func aSummaryReadsAPipeBesideAnotherInput() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try Data(Self.log.utf8).write(to: folder.url.appendingPathComponent("other.log"))
        for arguments in [["PIPE", "other.log"], ["PIPE", "PIPE"]] {
            let pipe = Pipe()
            pipe.fileHandleForWriting.write(Data(Self.log.replacing("ShopTests", with: "PipedTests").utf8))
            try pipe.fileHandleForWriting.close()
            defer { try? pipe.fileHandleForReading.close() }
            let given = "/dev/fd/\(pipe.fileHandleForReading.fileDescriptor)"
            let (out, err) = (BufferOutput(), BufferOutput())
            let context = HostContext(
                standardOutput: out, standardError: err, environment: [:], currentDirectory: folder.url)
            let code = await CommandLineTool.run(
                arguments: ["parse"] + arguments.map { $0 == "PIPE" ? given : $0 } + ["--summary-only"],
                context: context)
            #expect(code == .testsFailed, "\(err.text)")
            let tests = arguments.contains("other.log") ? 4 : 2
            #expect(out.text.contains("\(tests) tests: \(tests / 2) passed, \(tests / 2) failed"), "\(out.text)")
            if !arguments.contains("other.log") { #expect(err.text.contains("\(given) is given twice"), "\(err.text)") }
        }
    }

    @Test func keepInputRefusesSeveralInputsAndBundles() {
        #expect(throws: UsageError.self) { try ParseCommand(arguments: ["a.log", "b.log", "--keep-input"]) }
        #expect(throws: UsageError.self) { try ParseCommand(arguments: ["run.xcresult", "--keep-input"]) }
    }

    /// The input deleted after the parse: the run's reports are written again (as the culprit finder does), every
    /// reader still reads the folder, and the pages say the input is gone; a merge names it instead of its bytes.
    @Test func aRunWhoseInputWasDeletedSaysSoAndStillReads() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let input = folder.url.appendingPathComponent("test.log")
        try Data(Self.log.utf8).write(to: input)
        let run = try await Self.parse(["test.log"], in: folder)
        try FileManager.default.removeItem(at: input)

        let report = try RunReportFile.load(at: run)
        try RunStore(outputDirectory: folder.url.appendingPathComponent("out")).rewriteReports(
            report, in: run, formats: ReportRegistry.standard.formats, environment: [:], projectRoot: nil)
        let reloaded = try RunReportFile.load(at: run)
        #expect(reloaded.inputs == report.inputs)
        let html = try String(contentsOf: run.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(html.contains("It is no longer there"))
        #expect(!html.contains("href=\"file://"))
        let summary = try String(contentsOf: run.appendingPathComponent("summary.md"), encoding: .utf8)
        #expect(summary.contains("It is no longer there"))

        let merged = try TemporaryDirectory()
        defer { merged.remove() }
        try ShardFiles.joinConsoleLogs([(reloaded, run)], into: merged.url)
        let joined = try String(
            contentsOf: merged.url.appendingPathComponent("console.log"), encoding: .utf8)
        #expect(joined.contains("(not copied: parsed from \(reloaded.inputs?.first?.path ?? "?"), "))
        #expect(joined.contains(reloaded.inputs?.first?.sha256 ?? "?"))
    }

    /// A file of another size where the input was: the pages say it is not the input that was read.
    @Test func aRunWhoseInputChangedSizeSaysSo() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let input = folder.url.appendingPathComponent("test.log")
        try Data(Self.log.utf8).write(to: input)
        let run = try await Self.parse(["test.log"], in: folder)
        try Data("something else\n".utf8).write(to: input)
        let report = try RunReportFile.load(at: run)
        #expect(RunStore.inputPresence(of: report).values.first == .changed(bytes: 15))
    }
}
