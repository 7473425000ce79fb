import Foundation
import SmokeCore

/// Reads a pipeline file: defaults, then the file; every mistake is a `PipelineError`.
package struct PipelineLoader: Sendable {
    var readFile: @Sendable (URL) throws -> Data

    /// What is at a path; the seam for `output` and `packagePath` checks.
    var pathKind: @Sendable (URL) -> PathKind
    /// The names in a folder, nil when unlistable; the seam for the `output` folder's check.
    var folderEntries: @Sendable (URL) -> [String]?
    /// The user's home folder, which `output` may not be.
    var home: URL?

    package init(
        readFile: @escaping @Sendable (URL) throws -> Data = { try Data(contentsOf: $0) },
        pathKind: @escaping @Sendable (URL) -> PathKind = PathKind.of,
        folderEntries: @escaping @Sendable (URL) -> [String]? = {
            try? FileManager.default.contentsOfDirectory(atPath: $0.path)
        },
        home: URL? = FileManager.default.homeDirectoryForCurrentUser
    ) {
        self.readFile = readFile
        self.pathKind = pathKind
        self.folderEntries = folderEntries
        self.home = home
    }

    static let knownPlatforms = ["host", "iOS Simulator", "tvOS Simulator", "watchOS Simulator", "visionOS Simulator"]
    /// Longest pipeline name: it becomes folder and lock-file names.
    static let nameLengthLimit = 100
    /// Most `environment` variables a pipeline may set: far more than tests read, few enough to pass.
    static let environmentLimit = 1_000
    static let timeoutLimit: Double = 7 * 24 * 3600

    static let topLevelKeys = [
        "name", "schedule", "timeZone", "swiftpm", "xcodebuild", "device", "ordering", "environment",
        "timeouts", "retries", "coverage", "reports", "output", "retention", "notify",
        "dashboard", "attachments", "quarantine", "autoQuarantine", "culprit",
    ]

    /// Loads and validates the pipeline at `url`. `checkingPaths` also checks `output` and `packagePath` on disk, for
    /// commands that run tests; `next`, `install` and readers of old runs do not need the package.
    package func load(_ url: URL, displayPath: String? = nil, checkingPaths: Bool = false) throws(PipelineError)
        -> Pipeline
    {
        let file = displayPath ?? url.path
        let data: Data
        do {
            data = try readFile(url)
        } catch {
            if let blocker = FileInTheWay.of(url) {
                throw PipelineError(
                    file: file, problem: "cannot be read: \(blocker.path) is a file, not a folder; move it away")
            }
            throw PipelineError(
                file: file,
                problem:
                    """
                    cannot be read (\(FileErrorText.describe(error))); check the path, or run `smokerun init` to write \
                    one
                    """
            )
        }
        let pipeline = try parse(data, file: file, sourcePath: url.path)
        guard checkingPaths else { return pipeline }
        try checkPaths(
            pipeline, file: file, currentDirectory: URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
        return pipeline
    }

    func parse(_ data: Data, file: String, sourcePath: String? = nil) throws(PipelineError) -> Pipeline {
        let document: JSONValue
        do {
            document = try StrictJSONParser.parse([UInt8](data))
        } catch {
            throw PipelineError(
                file: file, keyPath: error.keyPath,
                problem: "is not valid JSON at line \(error.line), column \(error.column): \(error.problem)")
        }
        guard case .object(let fields) = document else {
            throw PipelineError(file: file, problem: "must hold a JSON object, found \(document.typeName)")
        }
        let root = JSONObjectReader(fields: fields, file: file, path: "")
        try root.allowOnly(Self.topLevelKeys)
        guard let name = try root.string("name"), !name.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw root.error("name", "is required: give the pipeline a name, e.g. \"name\": \"smoke\"")
        }
        try Self.checkName(name, root)
        var pipeline = Pipeline(name: name, driver: try Self.driver(root))
        pipeline.sourcePath = sourcePath
        if let schedule = try root.string("schedule") {
            do {
                _ = try CronExpression(schedule)
            } catch {
                throw root.error(
                    "schedule",
                    """
                    \(error.localizedDescription); five fields: minute hour day-of-month month day-of-week, e.g. \
                    "0 */4 * * *"
                    """
                )
            }
            pipeline.schedule = schedule
        }
        if let zone = try root.string("timeZone") {
            guard TimeZone(identifier: zone) != nil else {
                throw root.error("timeZone", "'\(zone)' is not an IANA time zone name such as 'UTC' or 'Europe/Berlin'")
            }
            pipeline.timeZone = zone
        }
        if let devices = try Self.deviceProfiles(root, read: Self.device) {
            try Self.checkDriverTakes(devices, pipeline.driver, root)
            pipeline.devices = devices
        }
        try Self.checkDriverHasItsDevice(pipeline.devices, pipeline.driver, root)
        if let ordering = try root.object("ordering") { pipeline.ordering = try Self.ordering(ordering) }
        pipeline.quarantine = try Self.quarantine(root) ?? []
        if let auto = try root.object("autoQuarantine") { pipeline.autoQuarantine = try Self.autoQuarantine(auto) }
        if let environment = try root.stringMap("environment") {
            guard environment.count <= Self.environmentLimit else {
                throw root.error(
                    "environment",
                    """
                    has \(environment.count) variables; at most \(Self.environmentLimit) are allowed: keep the ones the \
                    tests read
                    """
                )
            }
            for key in environment.keys.sorted() {
                let path = "environment.\(key)"
                if key.isEmpty {
                    throw root.error(
                        "environment",
                        "has an empty variable name; every key must name a variable, e.g. \"IS_UNIT_TESTING\"")
                }
                if key.contains("=") {
                    throw PipelineError(
                        file: file, keyPath: path,
                        problem:
                            """
                            a variable name cannot contain '='; write the name as the key and the value as its value: \
                            {"NAME": "value"}
                            """
                    )
                }
                if key.contains("\0") || environment[key]?.contains("\0") == true {
                    throw PipelineError(
                        file: file, keyPath: path,
                        problem: "contains a NUL character, which no environment variable can hold")
                }
            }
            pipeline.environment = environment
        }
        if let timeouts = try root.object("timeouts") { pipeline.timeouts = try Self.timeouts(timeouts) }
        if let retries = try root.object("retries") {
            try retries.allowOnly(["failed"])
            if let failed = try retries.number("failed") {
                guard failed >= 0, failed <= 10, failed == failed.rounded() else {
                    throw retries.error("failed", "must be a whole number from 0 to 10")
                }
                pipeline.retries.failed = Int(failed)
            }
        }
        if let coverage = try root.object("coverage") { pipeline.coverage = try Self.coverage(coverage) }
        if let reports = try root.strings("reports") {
            guard !reports.isEmpty else {
                let allowed = ReportRegistry.standard.formats.map(\.rawValue)
                throw root.error(
                    "reports",
                    """
                    is empty; name at least one format (\(allowed.joined(separator: ", "))), or leave it out for all \
                    of them
                    """
                )
            }
            pipeline.reports = try reports.enumerated().map { (index, text) throws(PipelineError) in
                guard let format = ReportRegistry.standard.format(named: text) else {
                    let allowed = ReportRegistry.standard.formats.map(\.rawValue)
                    throw root.error(
                        "reports[\(index)]",
                        "'\(text)' is not one of \(allowed.joined(separator: ", "))"
                            + Suggestion.hint(for: text, in: allowed))
                }
                return format
            }
        }
        if let output = try root.filePath("output") {
            guard !output.isEmpty else { throw root.error("output", "must not be empty; the default is \".smokerun\"") }
            pipeline.output = output
        }
        if let notify = try root.object("notify") { pipeline.notify = try Self.notify(notify) }
        if let retention = try root.object("retention") { pipeline.retention = try Self.retention(retention) }
        if let culprit = try root.object("culprit") { pipeline.culprit = try Self.culprit(culprit) }
        if let dashboard = try root.object("dashboard") {
            try dashboard.allowOnly(["enabled"])
            pipeline.dashboard.enabled = try dashboard.bool("enabled") ?? false
        }
        if let attachments = try root.object("attachments") {
            try attachments.allowOnly(["maxTotalBytes"])
            if let total = try attachments.unsigned("maxTotalBytes") {
                guard total > 0, total <= UInt64(Int.max) else {
                    throw attachments.error("maxTotalBytes", "must be a positive number of bytes, e.g. 1073741824")
                }
                pipeline.attachmentBudget = Int(total)
            }
        }
        return pipeline
    }

    /// The name becomes folder, lock and history keys: one plain path component of reasonable length.
    private static func checkName(_ name: String, _ root: JSONObjectReader) throws(PipelineError) {
        let fix = "use letters, digits, '-', '_' or '.', e.g. \"smoke\""
        if name.contains("/") || name.contains("\\") {
            throw root.error("name", "'\(name)' contains a path separator; \(fix)")
        }
        if name.contains("..") { throw root.error("name", "'\(name)' contains '..'; \(fix)") }
        if name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            throw root.error("name", "contains a NUL or control character; \(fix)")
        }
        // Bidirectional controls make a name display unlike its bytes (e.g. "smoke\u{202E}gnp.exe").
        if name.unicodeScalars.contains(where: \.properties.isBidiControl) {
            throw root.error("name", "contains a bidirectional text control character; \(fix)")
        }
        if name.count > nameLengthLimit {
            throw root.error(
                "name", "is \(name.count) characters long, more than \(nameLengthLimit); give a shorter name")
        }
    }
}
