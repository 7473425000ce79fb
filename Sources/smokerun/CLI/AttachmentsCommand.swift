import Foundation
import SmokeCore
import SmokeKit

/// `smokerun attachments RUN|BUNDLE --output DIR`: exports attachments into folders, with a `manifest.json`.
struct AttachmentsCommand: Command {
    static let name = "attachments"
    static let summary = "export a run's or an .xcresult bundle's attachments into folders"
    static let help = """
        Usage: smokerun attachments RUN|BUNDLE --output DIR [--by LEVEL,…] [--only images|failures]
                                   [--flat] [--png] [--runs DIR]

        Copies every attachment of a run (a run directory, its id, or nothing for the latest) or of
        an Xcode 16+ .xcresult bundle (read from its own database, on any platform) into DIR:
          <configuration>/<device model> (<OS>)/<Test>/<name>.<ext>
        Names are the attachments' own, made safe and unique; files keep their type (HEIC stays
        HEIC). DIR/manifest.json lists every file with its test, status, configuration and device,
        and the attachments the source lists but could not give.

          --output DIR   a new or empty folder
          --by LEVELS    the folder levels, in order: configuration, device, test, status
                         (default configuration,device,test)
          --only KIND    images (image/* only) or failures (tests that failed, crashed, timed out);
                         may be given twice
          --flat         no folders: every file directly in DIR
          --png          convert other images to PNG with sips (macOS); elsewhere says it cannot
                         and keeps their type
          --runs DIR     where run ids are looked up (default .smokerun)

        Exit status: 0 exported (notes on standard error for attachments that were unavailable);
        2 invalid input (bad option, not a run or a bundle, DIR not empty, or nothing available
        of what the source lists).

        """

    var source: String?
    var output: String
    var levels: [AttachmentExportPlan.Level]
    var only: Set<AttachmentExportPlan.Filter>
    var flat: Bool
    var png: Bool
    var runs: String

    init(arguments: [String]) throws(UsageError) {
        let parsed = try Arguments(arguments, options: ["output", "by", "only", "runs"], flags: ["flat", "png"])
        guard parsed.positionals.count <= 1 else {
            throw UsageError("attachments takes one RUN or BUNDLE (smokerun attachments RUN --output DIR)")
        }
        source = parsed.positionals.first
        guard let output = parsed.value("output") else {
            throw UsageError("attachments needs --output DIR, the folder to export into")
        }
        self.output = output
        let by = parsed.value("by").map { $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } }
        var levels: [AttachmentExportPlan.Level] = []
        for name in by ?? AttachmentExportPlan.defaultLevels.map(\.rawValue) {
            guard let level = AttachmentExportPlan.Level(rawValue: name), !levels.contains(level) else {
                throw UsageError(
                    "--by '\(name)' is not a level (or is given twice); use configuration, device, test, status")
            }
            levels.append(level)
        }
        self.levels = levels
        var only: Set<AttachmentExportPlan.Filter> = []
        for name in parsed.values("only") {
            guard let filter = AttachmentExportPlan.Filter(rawValue: name) else {
                throw UsageError("--only '\(name)' is not known; use images or failures")
            }
            only.insert(filter)
        }
        self.only = only
        flat = parsed.flag("flat")
        png = parsed.flag("png")
        runs = parsed.value("runs") ?? ".smokerun"
    }

    func run(in context: HostContext) async throws -> ExitCode {
        let destination = context.url(for: output)
        if PathKind.of(destination) == .file {
            throw UsageError("--output \(output) is a file; export into a new or empty folder")
        }
        if let existing = try? FileManager.default.contentsOfDirectory(atPath: destination.path), !existing.isEmpty {
            throw UsageError("--output \(output) is not empty; export into a new or empty folder")
        }
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent(
            "smokerun-export-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }

        let byteLimit = try AttachmentSourcePolicy.byteLimit(environment: context.environment)
        let loaded = try load(context, scratch: scratch, byteLimit: byteLimit)
        for note in loaded.unavailable { context.standardError.line("unavailable: \(note)") }
        if loaded.items.isEmpty, !loaded.unavailable.isEmpty {
            throw UsageError(
                """
                \(source ?? "the latest run") lists attachments but none of their payloads is available (see above); \
                nothing exported
                """
            )
        }
        try FileManager.default.createDirectory(at: destination, withIntermediateDirectories: true)
        let plan = AttachmentExportPlan(items: loaded.items, levels: levels, flat: flat, only: only)
        let summary = try AttachmentExporter(runner: context.runner, byteLimit: byteLimit).export(
            plan, unavailable: loaded.unavailable, source: source ?? "latest", levels: flat ? [] : levels, png: png,
            to: destination)
        for note in summary.notes { context.standardError.line("note: \(note)") }
        var line = "\(ReportText.count(summary.exported, "attachment")) exported to \(destination.path)"
        if summary.converted > 0 { line += " (\(summary.converted) converted to PNG)" }
        if !loaded.unavailable.isEmpty { line += "; \(loaded.unavailable.count) unavailable" }
        context.standardOutput.line(line)
        guard summary.notWritten == 0 else {
            context.standardError.line(
                """
                smokerun attachments: \(ReportText.count(summary.notWritten, "attachment")) could not be written \
                (see the notes above); the export in \(destination.path) is incomplete
                """)
            return .infrastructure
        }
        return .passed
    }

    /// A bundle when the argument names an `.xcresult` folder; otherwise a run, found the one way RUN is found.
    private func load(_ context: HostContext, scratch: URL, byteLimit: Int) throws -> AttachmentExportSource {
        if let source, source.hasSuffix(".xcresult") || source.hasSuffix(".xcresult/") {
            let bundle = context.url(for: source)
            // As `parse` chooses: a missing folder or one without Info.plist is not a bundle; an old one says so.
            let selector = ResultBundleSelector(
                direct: XCResultDatabaseReader(
                    payloads: XCResultDatabasePayloads(runner: context.runner, byteLimit: byteLimit),
                    library: context.sqlite),
                xcresulttool: nil)
            return try AttachmentExportSource.bundle(
                at: bundle, scratchDirectory: scratch, reader: selector.reader(for: bundle))
        }
        return try AttachmentExportSource.run(at: runDirectory(context), byteLimit: byteLimit)
    }

    /// RUN found as every command finds it (nothing = the latest run).
    private func runDirectory(_ context: HostContext) throws -> URL {
        try RunDirectoryLocator.resolve(source, outputDirectory: context.url(for: runs), resolvePath: context.url(for:))
    }
}
