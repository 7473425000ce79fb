import Foundation
import SmokeCore

/// Reads a pipeline file (Documentation/Design.md §4): defaults, then the file; every mistake is a `PipelineError`.
package struct PipelineLoader: Sendable {
    /// Reads a file's bytes; the seam tests replace.
    var readFile: @Sendable (URL) throws -> Data

    /// What is at a path (folder, file, nothing); the seam for `output` and `packagePath` checks.
    var pathKind: @Sendable (URL) -> PathKind
    /// The names in a folder, nil when it cannot be listed; the seam for the `output` folder's check.
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

    /// Simulator and host platforms a device profile may name.
    static let knownPlatforms = ["host", "iOS Simulator", "tvOS Simulator", "watchOS Simulator", "visionOS Simulator"]
    /// Longest pipeline name: it becomes folder and lock-file names.
    static let nameLengthLimit = 100
    /// Most `environment` variables a pipeline may set: far more than tests read, few enough to pass.
    static let environmentLimit = 1_000
    /// Upper bound of `timeouts.*Seconds`: one week.
    static let timeoutLimit: Double = 7 * 24 * 3600

    static let topLevelKeys = [
        "name", "schedule", "timeZone", "swiftpm", "xcodebuild", "device", "ordering", "environment",
        "timeouts", "retries", "coverage", "reports", "output", "retention", "notify",
        "dashboard",
    ]

    /// Loads and validates the pipeline at `url`. `displayPath` is how messages name the file.
    /// `checkingPaths` also checks `output` and `packagePath` on disk: commands that run tests ask for
    /// it; `next`, `install` and readers of old runs do not need the package to be there.
    package func load(_ url: URL, displayPath: String? = nil, checkingPaths: Bool = false) throws(PipelineError)
        -> Pipeline
    {
        let file = displayPath ?? url.path
        let data: Data
        do {
            data = try readFile(url)
        } catch {
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

    /// The paths a pipeline names must be usable before a run starts: `output` a folder (or not yet
    /// there), `swiftpm.packagePath` a folder with a Package.swift.
    func checkPaths(_ pipeline: Pipeline, file: String, currentDirectory: URL) throws(PipelineError) {
        let output = pipeline.resolve(pipeline.output, currentDirectory: currentDirectory)
        if let problem = outputFolderProblem(
            value: pipeline.output, resolved: output,
            projectRoot: pipeline.projectRoot(currentDirectory: currentDirectory))
        {
            throw PipelineError(file: file, keyPath: "output", problem: problem)
        }
        if case .xcodebuild(let settings) = pipeline.driver, let packagePath = settings.packagePath {
            try checkPackagePath(
                packagePath, keyPath: "xcodebuild.packagePath", pipeline, file: file, currentDirectory: currentDirectory
            )
        }
        guard case .swiftpm(let settings) = pipeline.driver else { return }
        try checkPackagePath(
            settings.packagePath, keyPath: "swiftpm.packagePath", pipeline, file: file,
            currentDirectory: currentDirectory)
        if let scratchPath = settings.scratchPath {
            let scratch = pipeline.resolve(scratchPath, currentDirectory: currentDirectory)
            if pathKind(scratch) == .file {
                throw PipelineError(
                    file: file, keyPath: "swiftpm.scratchPath",
                    problem:
                        """
                        \(scratch.path) is a file, not a folder; name a folder for build products or leave the key \
                        out for <packagePath>/.build/smokerun
                        """
                )
            }
        }
    }

    private func checkPackagePath(
        _ packagePath: String, keyPath: String, _ pipeline: Pipeline, file: String, currentDirectory: URL
    ) throws(PipelineError) {
        let package = pipeline.resolve(packagePath, currentDirectory: currentDirectory)
        switch pathKind(package) {
        case .missing:
            throw PipelineError(
                file: file, keyPath: keyPath,
                problem:
                    """
                    \(package.path) does not exist; give the folder that holds Package.swift, relative to \
                    \(pipeline.projectRoot(currentDirectory: currentDirectory).path)
                    """
            )
        case .file:
            throw PipelineError(
                file: file, keyPath: keyPath,
                problem: "\(package.path) is a file; give the folder that holds Package.swift")
        case .folder:
            guard pathKind(package.appendingPathComponent("Package.swift")) == .file else {
                throw PipelineError(
                    file: file, keyPath: keyPath,
                    problem:
                        """
                        \(package.path) is not a Swift package (no Package.swift in it); give the folder that holds \
                        Package.swift
                        """
                )
            }
        }
    }

    /// Validates pipeline JSON already in memory.
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
        if let ordering = try root.object("ordering") { pipeline.ordering = try Self.ordering(ordering) }
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
        if let dashboard = try root.object("dashboard") {
            try dashboard.allowOnly(["enabled"])
            pipeline.dashboard.enabled = try dashboard.bool("enabled") ?? false
        }
        return pipeline
    }

    private static func driver(_ root: JSONObjectReader) throws(PipelineError) -> Driver {
        switch (root.has("swiftpm"), root.has("xcodebuild")) {
        case (true, true):
            throw root.error(nil, "has both 'swiftpm' and 'xcodebuild'; a pipeline uses exactly one driver")
        case (false, false):
            throw root.error(
                nil,
                """
                has no driver: add "swiftpm": {"packagePath": "."} or "xcodebuild": {"scheme": "App", "project": \
                "App.xcodeproj"}
                """
            )
        case (true, false):
            let object = try root.object("swiftpm")!
            try object.allowOnly(["packagePath", "filter", "skip", "configuration", "scratchPath"])
            var settings = SwiftPMSettings(packagePath: try object.filePath("packagePath") ?? ".")
            settings.filter = try regexes(object, "filter")
            settings.skip = try regexes(object, "skip")
            if let configuration = try object.string("configuration") {
                guard ["debug", "release"].contains(configuration) else {
                    throw object.error("configuration", "'\(configuration)' is not 'debug' or 'release'")
                }
                settings.configuration = configuration
            }
            if let scratchPath = try object.filePath("scratchPath") {
                guard !scratchPath.isEmpty else {
                    throw object.error(
                        "scratchPath", "must not be empty; leave it out for <packagePath>/.build/smokerun")
                }
                settings.scratchPath = scratchPath
            }
            return .swiftpm(settings)
        case (false, true):
            let object = try root.object("xcodebuild")!
            try object.allowOnly([
                "workspace", "project", "packagePath", "scheme", "testPlan", "onlyTesting", "skipTesting",
                "derivedDataPath",
            ])
            guard let scheme = try object.string("scheme") else {
                throw object.error("scheme", "is required: the scheme whose tests to run")
            }
            var settings = XcodebuildSettings(scheme: scheme)
            settings.workspace = try object.filePath("workspace")
            settings.project = try object.filePath("project")
            settings.packagePath = try object.filePath("packagePath")
            let given = [settings.workspace, settings.project, settings.packagePath].compactMap { $0 }.count
            if given > 1 {
                throw object.error(nil, "has more than one of 'workspace', 'project' and 'packagePath'; give one")
            }
            if given == 0 {
                throw object.error(
                    nil,
                    """
                    needs 'workspace' (App.xcworkspace), 'project' (App.xcodeproj) or 'packagePath' (a folder with \
                    Package.swift)
                    """
                )
            }
            settings.testPlan = try object.string("testPlan")
            settings.onlyTesting = try object.strings("onlyTesting") ?? []
            settings.skipTesting = try object.strings("skipTesting") ?? []
            settings.derivedDataPath = try object.filePath("derivedDataPath")
            return .xcodebuild(settings)
        }
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

    private static func regexes(_ object: JSONObjectReader, _ key: String) throws(PipelineError) -> [String] {
        let patterns = try object.strings(key) ?? []
        for (index, pattern) in patterns.enumerated() where (try? NSRegularExpression(pattern: pattern)) == nil {
            throw object.error("\(key)[\(index)]", "'\(pattern)' is not a valid regular expression")
        }
        return patterns
    }

    private static func device(_ object: JSONObjectReader) throws(PipelineError) -> DeviceProfile {
        try object.allowOnly([
            "platform", "name", "runtime", "create", "erase", "locale", "language", "swift", "timeZone", "strict",
        ])
        var device = DeviceProfile()
        device.platform = try object.string("platform") ?? device.platform
        guard knownPlatforms.contains(device.platform) else {
            throw object.error(
                "platform",
                "'\(device.platform)' is not a known platform; known: \(knownPlatforms.joined(separator: ", "))"
                    + Suggestion.hint(for: device.platform, in: knownPlatforms))
        }
        device.name = try object.string("name")
        device.runtime = try object.string("runtime")
        device.create = try object.bool("create") ?? device.create
        device.erase = try object.bool("erase") ?? device.erase
        device.locale = try object.string("locale")
        device.language = try object.string("language")
        device.swift = try object.string("swift")
        device.timeZone = try object.string("timeZone")
        device.strict = try object.bool("strict") ?? device.strict
        if let zone = device.timeZone, TimeZone(identifier: zone) == nil {
            throw object.error("timeZone", "'\(zone)' is not an IANA time zone name")
        }
        if !device.isHost, device.name == nil {
            throw object.error("name", "is required for a simulator profile, e.g. \"iPhone SE (3rd generation)\"")
        }
        return device
    }
}
