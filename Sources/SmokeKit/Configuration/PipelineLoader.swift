import Foundation

/// Reads a pipeline file (DESIGN §3): defaults, then the file; every mistake is a `PipelineError`.
package struct PipelineLoader: Sendable {
    /// Reads a file's bytes; the seam tests replace.
    package var readFile: @Sendable (URL) throws -> Data

    package init(readFile: @escaping @Sendable (URL) throws -> Data = { try Data(contentsOf: $0) }) {
        self.readFile = readFile
    }

    static let topLevelKeys = [
        "name", "schedule", "timeZone", "swiftpm", "xcodebuild", "device", "ordering", "environment",
        "timeouts", "retries", "coverage", "reports", "output", "retention", "notify",
    ]

    /// Loads and validates the pipeline at `url`. `displayPath` is how messages name the file.
    package func load(_ url: URL, displayPath: String? = nil) throws(PipelineError) -> Pipeline {
        let file = displayPath ?? url.path
        let data: Data
        do {
            data = try readFile(url)
        } catch {
            throw PipelineError(file: file, problem: "cannot be read (\(Self.reason(error))); check the path, or run `smokerun init` to write one")
        }
        return try parse(data, file: file, sourcePath: url.path)
    }

    /// Validates pipeline JSON already in memory.
    package func parse(_ data: Data, file: String, sourcePath: String? = nil) throws(PipelineError) -> Pipeline {
        let document: JSONValue
        do {
            document = try JSONDecoder().decode(JSONValue.self, from: data)
        } catch {
            throw PipelineError(file: file, problem: "is not valid JSON (\(Self.reason(error)))")
        }
        guard case .object(let fields) = document else {
            throw PipelineError(file: file, problem: "must hold a JSON object, found \(document.typeName)")
        }
        let root = JSONObjectReader(fields: fields, file: file, path: "")
        try root.allowOnly(Self.topLevelKeys)
        guard let name = try root.string("name"), !name.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw root.error("name", "is required: give the pipeline a name, e.g. \"name\": \"smoke\"")
        }
        var pipeline = Pipeline(name: name, driver: try Self.driver(root))
        pipeline.sourcePath = sourcePath
        if let schedule = try root.string("schedule") {
            do {
                _ = try CronExpression(schedule)
            } catch {
                throw root.error("schedule", "\(error.localizedDescription); five fields: minute hour day-of-month month day-of-week, e.g. \"0 */4 * * *\"")
            }
            pipeline.schedule = schedule
        }
        if let zone = try root.string("timeZone") {
            guard TimeZone(identifier: zone) != nil else {
                throw root.error("timeZone", "'\(zone)' is not an IANA time zone name such as 'UTC' or 'Europe/Berlin'")
            }
            pipeline.timeZone = zone
        }
        if let device = try root.object("device") { pipeline.device = try Self.device(device) }
        if let ordering = try root.object("ordering") { pipeline.ordering = try Self.ordering(ordering) }
        if let environment = try root.stringMap("environment") { pipeline.environment = environment }
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
            pipeline.reports = try reports.enumerated().map { (index, text) throws(PipelineError) in
                guard let format = ReportFormat(rawValue: text) else {
                    let allowed = ReportFormat.allCases.map(\.rawValue)
                    throw root.error("reports[\(index)]", "'\(text)' is not one of \(allowed.joined(separator: ", "))" + Suggestion.hint(for: text, in: allowed))
                }
                return format
            }
        }
        if let output = try root.string("output") {
            guard !output.isEmpty else { throw root.error("output", "must not be empty; the default is \".smokerun\"") }
            pipeline.output = output
        }
        if let notify = try root.object("notify") { pipeline.notify = try Self.notify(notify) }
        if let retention = try root.object("retention") { pipeline.retention = try Self.retention(retention) }
        return pipeline
    }

    private static func driver(_ root: JSONObjectReader) throws(PipelineError) -> Driver {
        switch (root.has("swiftpm"), root.has("xcodebuild")) {
        case (true, true):
            throw root.error(nil, "has both 'swiftpm' and 'xcodebuild'; a pipeline uses exactly one driver")
        case (false, false):
            throw root.error(nil, "has no driver: add \"swiftpm\": {\"packagePath\": \".\"} or \"xcodebuild\": {\"scheme\": \"App\", \"project\": \"App.xcodeproj\"}")
        case (true, false):
            let object = try root.object("swiftpm")!
            try object.allowOnly(["packagePath", "filter", "skip", "configuration", "scratchPath"])
            var settings = SwiftPMSettings(packagePath: try object.string("packagePath") ?? ".")
            settings.filter = try regexes(object, "filter")
            settings.skip = try regexes(object, "skip")
            if let configuration = try object.string("configuration") {
                guard ["debug", "release"].contains(configuration) else {
                    throw object.error("configuration", "'\(configuration)' is not 'debug' or 'release'")
                }
                settings.configuration = configuration
            }
            if let scratchPath = try object.string("scratchPath") {
                guard !scratchPath.isEmpty else { throw object.error("scratchPath", "must not be empty; leave it out for <packagePath>/.build/smokerun") }
                settings.scratchPath = scratchPath
            }
            return .swiftpm(settings)
        case (false, true):
            let object = try root.object("xcodebuild")!
            try object.allowOnly(["workspace", "project", "scheme", "testPlan", "onlyTesting", "skipTesting", "derivedDataPath"])
            guard let scheme = try object.string("scheme") else {
                throw object.error("scheme", "is required: the scheme whose tests to run")
            }
            var settings = XcodebuildSettings(scheme: scheme)
            settings.workspace = try object.string("workspace")
            settings.project = try object.string("project")
            if settings.workspace != nil, settings.project != nil {
                throw object.error(nil, "has both 'workspace' and 'project'; give one")
            }
            if settings.workspace == nil, settings.project == nil {
                throw object.error(nil, "needs 'workspace' (App.xcworkspace) or 'project' (App.xcodeproj)")
            }
            settings.testPlan = try object.string("testPlan")
            settings.onlyTesting = try object.strings("onlyTesting") ?? []
            settings.skipTesting = try object.strings("skipTesting") ?? []
            settings.derivedDataPath = try object.string("derivedDataPath")
            return .xcodebuild(settings)
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
        try object.allowOnly(["platform", "name", "runtime", "create", "erase", "locale", "language", "swift", "timeZone", "strict"])
        var device = DeviceProfile()
        device.platform = try object.string("platform") ?? device.platform
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

    private static func ordering(_ object: JSONObjectReader) throws(PipelineError) -> OrderingSettings {
        try object.allowOnly(["mode", "seed", "isolation"])
        var ordering = OrderingSettings()
        ordering.mode = try object.choice("mode", of: OrderingMode.self) ?? ordering.mode
        ordering.seed = try object.unsigned("seed")
        ordering.isolation = try object.choice("isolation", of: Isolation.self) ?? ordering.isolation
        return ordering
    }

    private static func timeouts(_ object: JSONObjectReader) throws(PipelineError) -> Timeouts {
        try object.allowOnly(["runSeconds", "testSeconds"])
        var timeouts = Timeouts()
        for key in ["runSeconds", "testSeconds"] {
            guard let value = try object.number(key) else { continue }
            guard value > 0 else { throw object.error(key, "must be a positive number of seconds") }
            if key == "runSeconds" { timeouts.runSeconds = value } else { timeouts.testSeconds = value }
        }
        return timeouts
    }

    private static func coverage(_ object: JSONObjectReader) throws(PipelineError) -> CoverageSettings {
        try object.allowOnly(["enabled", "include", "minimumLines"])
        var coverage = CoverageSettings()
        coverage.enabled = try object.bool("enabled") ?? coverage.enabled
        coverage.include = try object.strings("include") ?? coverage.include
        if let minimum = try object.number("minimumLines") {
            guard (0...100).contains(minimum) else { throw object.error("minimumLines", "must be a percentage from 0 to 100") }
            coverage.minimumLines = minimum
        }
        return coverage
    }

    private static func retention(_ object: JSONObjectReader) throws(PipelineError) -> RetentionSettings {
        try object.allowOnly(["runs", "days"])
        var retention = RetentionSettings()
        if let runs = try object.number("runs") {
            guard runs >= 1, runs == runs.rounded(), runs <= 1_000_000 else { throw object.error("runs", "must be a whole number of runs, at least 1") }
            retention.runs = Int(runs)
        }
        if let days = try object.number("days") {
            guard days > 0 else { throw object.error("days", "must be a positive number of days") }
            retention.days = days
        }
        return retention
    }

    private static func notify(_ object: JSONObjectReader) throws(PipelineError) -> NotifySettings {
        try object.allowOnly(["webhookURLEnvironment", "format", "on", "artifactsURL", "remindHours", "timeoutSeconds", "maxAttempts"])
        var notify = NotifySettings()
        if let name = try object.string("webhookURLEnvironment") {
            guard !name.isEmpty, !name.contains("://") else {
                throw object.error("webhookURLEnvironment", "names the environment variable that holds the URL (e.g. SMOKERUN_WEBHOOK_URL), never the URL itself")
            }
            notify.webhookURLEnvironment = name
        }
        notify.format = try object.choice("format", of: NotifyFormat.self) ?? notify.format
        if let triggers = try object.strings("on") {
            notify.on = try triggers.enumerated().map { (index, text) throws(PipelineError) in
                guard let trigger = NotifyTrigger(rawValue: text) else {
                    let allowed = NotifyTrigger.allCases.map(\.rawValue)
                    throw object.error("on[\(index)]", "'\(text)' is not one of \(allowed.joined(separator: ", "))")
                }
                return trigger
            }
        }
        notify.artifactsURL = try object.string("artifactsURL")
        if let hours = try object.number("remindHours") {
            guard hours > 0 else { throw object.error("remindHours", "must be a positive number of hours") }
            notify.remindHours = hours
        }
        if let seconds = try object.number("timeoutSeconds") {
            guard seconds > 0 else { throw object.error("timeoutSeconds", "must be a positive number of seconds") }
            notify.timeoutSeconds = seconds
        }
        if let attempts = try object.number("maxAttempts") {
            guard attempts >= 1, attempts <= 10, attempts == attempts.rounded() else {
                throw object.error("maxAttempts", "must be a whole number from 1 to 10")
            }
            notify.maxAttempts = Int(attempts)
        }
        return notify
    }

    static func reason(_ error: any Error) -> String {
        if let decoding = error as? DecodingError {
            switch decoding {
            case .dataCorrupted(let context):
                let underlying = (context.underlyingError as NSError?)?.userInfo[NSDebugDescriptionErrorKey] as? String
                return underlying ?? context.debugDescription
            default: return "\(decoding)"
            }
        }
        if let cocoa = error as? CocoaError, cocoa.code == .fileReadNoSuchFile { return "no such file" }
        return error.localizedDescription
    }
}
