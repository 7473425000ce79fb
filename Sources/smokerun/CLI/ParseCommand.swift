import Foundation
import SmokeCore
import SmokeKit

/// `smokerun parse`: reports from test output someone already has.
struct ParseCommand: Command {
    static let name = "parse"
    static let summary = "turn saved test output (logs, event streams, JUnit XML, .xcresult) into smokerun's reports"
    static let help = """
        Usage: smokerun parse INPUT… [--output DIR] [--name NAME] [--format LIST] [--attachments-from DIR] [--keep-input] [--summary-only] [--strict]
               smokerun parse BUNDLE.xcresult [--cross-check] [--output DIR] [--name NAME] [--format LIST]

        Reads saved `swift test` / xcodebuild console logs and Swift Testing event streams
        (--experimental-event-stream-output), streaming, JUnit XML (both files of `swift test
        --xunit-output`, or another tool's JUnit report), or one Xcode result bundle, and writes a
        run directory with the same reports `smokerun run` writes.

        A log whose build or test runner failed before any test ran still gets a run directory, with
        the error in report.json and junit.xml, and exits 3. A log formatted by xcpretty or xcbeautify
        is refused: pass the raw output (`xcodebuild test … | tee raw.log | xcbeautify`).

        The run directory holds no copy of an input file: report.json (`inputs`), summary.md and
        index.html name it by its path, size and SHA-256. A pipe or standard input (`-`) is read
        once, so its bytes are kept as console.log.

        An Xcode 16+ bundle is read from its own database.sqlite3, on any platform, without Xcode
        (attachment payloads need the `zstd` program); an older bundle needs Xcode's xcresulttool.

          --output DIR      output folder (default: .smokerun)
          --name NAME       pipeline name recorded in the reports (default: parsed)
          --format LIST     comma-separated: json,junit,markdown,html (default: all)
          --attachments-from DIR
                            an event stream's attachments named by path are copied only from
                            inside DIR (default: the folder of each input); a path outside it,
                            or a symlink that leads out of it, is not copied: a warning says so
          --keep-input      copy the one input into the run directory as console.log
          --summary-only    print the totals, write nothing
          --strict          exit 3 when smokerun's counts disagree with the frameworks' own totals
                            (`Executed N tests, with M failures`, `Test run with N tests`)
          --cross-check     (macOS, .xcresult) read the bundle with xcresulttool too and report any
                            difference in tests, statuses, retries, durations or failure messages

        Exit status: 0 all passed, 1 tests failed, 2 unreadable or unrecognisable input,
        3 the build or test runner failed before any test ran, the input ends before its run did
        (no closing totals, no xcodebuild banner: a cut log), --cross-check found the two readings
        different, or --strict and the counts disagree.

        """

    var inputs: [String]
    var output: String
    var settings = SavedOutput.Settings()
    /// Makes the xcresulttool reader where Xcode is present, nil elsewhere (Linux); tests pass a fake.
    var makeXCResultToolReader: @Sendable (HostContext) -> (any ResultBundleReading)? = { context in
        XCResultToolReader.ifInstalled(runner: context.runner, environment: context.environment)
    }

    init(arguments: [String]) throws(UsageError) {
        let parsed = try Arguments(
            arguments, options: ["output", "name", "format", "attachments-from"],
            flags: ["summary-only", "cross-check", "strict", "keep-input"])
        inputs = parsed.positionals
        guard !inputs.isEmpty else {
            throw UsageError("parse needs at least one input file (a log, an event stream or an .xcresult bundle)")
        }
        output = parsed.value("output") ?? OutputLayout.defaultOutput
        settings.name = parsed.value("name") ?? "parsed"
        settings.summaryOnly = parsed.flag("summary-only")
        settings.crossCheck = parsed.flag("cross-check")
        settings.attachmentsFrom = parsed.value("attachments-from")
        if settings.attachmentsFrom?.isEmpty == true { throw UsageError("--attachments-from needs a folder") }
        settings.strict = parsed.flag("strict")
        settings.keepInput = parsed.flag("keep-input")
        if let list = parsed.value("format") { settings.formats = try FormatOption.formats(list) }
        let bundles = inputs.filter(SavedOutput.isBundle)
        if !bundles.isEmpty, inputs.count > 1 {
            throw UsageError(
                "parse reads one .xcresult bundle at a time, without other inputs; got \(inputs.joined(separator: " "))"
            )
        }
        if settings.crossCheck, bundles.isEmpty {
            throw UsageError("--cross-check applies to an .xcresult bundle only")
        }
        if settings.keepInput, !bundles.isEmpty {
            throw UsageError("--keep-input copies a log or stream; a .xcresult bundle is never copied, drop the flag")
        }
        if settings.keepInput, inputs.count > 1 {
            throw UsageError(
                "--keep-input keeps one input as console.log; got \(inputs.count) inputs, parse the one to keep alone")
        }
    }

    func run(in context: HostContext) async throws -> ExitCode {
        if !settings.summaryOnly {
            try OutputOption.check(output, projectRoot: context.currentDirectory, in: context)
        }
        // `-` is standard input, read once and kept (`ParseInputs`).
        let files = inputs.map { $0 == "-" ? URL(fileURLWithPath: "/dev/stdin") : context.url(for: $0) }
        let source = try await SavedOutput(
            files, output: context.url(for: output), settings: settings, context: context,
            xcresulttool: makeXCResultToolReader)
        defer { source.removeScratch() }
        let failure = settings.summaryOnly ? source.summaryFailure : try await RunPipeline.run(source).failure
        // The report is written either way; a bundle's disagreeing readers then fail the command.
        try source.checkReadingsAgree(of: files[0])
        return ExitCode(failure)
    }
}
