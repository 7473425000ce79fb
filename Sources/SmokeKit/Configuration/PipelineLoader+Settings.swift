import Foundation
import SmokeCore

/// The settings sections of a pipeline file: `ordering`, `timeouts`, `coverage`, `retention`, `notify`.
extension PipelineLoader {
    static func ordering(_ object: JSONObjectReader) throws(PipelineError) -> OrderingSettings {
        try object.allowOnly(["mode", "seed", "isolation", "workers"])
        var ordering = OrderingSettings()
        ordering.mode = try object.choice("mode", of: OrderingMode.self) ?? ordering.mode
        ordering.seed = try object.unsigned("seed")
        ordering.isolation = try object.choice("isolation", of: Isolation.self) ?? ordering.isolation
        ordering.workers = try object.workers("workers") ?? ordering.workers
        return ordering
    }

    static func timeouts(_ object: JSONObjectReader) throws(PipelineError) -> Timeouts {
        try object.allowOnly(["runSeconds", "testSeconds", "graceSeconds"])
        var timeouts = Timeouts()
        for key in ["runSeconds", "testSeconds", "graceSeconds"] {
            guard let value = try object.number(key) else { continue }
            guard value > 0 else { throw object.error(key, "must be a positive number of seconds") }
            guard value <= timeoutLimit else {
                throw object.error(key, "\(value) is too large: at most \(Int(timeoutLimit)) seconds (a week)")
            }
            switch key {
            case "runSeconds": timeouts.runSeconds = value
            case "testSeconds": timeouts.testSeconds = value
            default: timeouts.graceSeconds = value
            }
        }
        return timeouts
    }

    static func coverage(_ object: JSONObjectReader) throws(PipelineError) -> CoverageSettings {
        try object.allowOnly(["enabled", "include", "minimumLines"])
        var coverage = CoverageSettings()
        coverage.enabled = try object.bool("enabled") ?? coverage.enabled
        coverage.include = try object.strings("include") ?? coverage.include
        if let minimum = try object.number("minimumLines") {
            guard (0...100).contains(minimum) else {
                throw object.error("minimumLines", "must be a percentage from 0 to 100")
            }
            coverage.minimumLines = minimum
        }
        return coverage
    }

    static func retention(_ object: JSONObjectReader) throws(PipelineError) -> RetentionSettings {
        try object.allowOnly(["runs", "days", "historyDays"])
        var retention = RetentionSettings()
        if let runs = try object.number("runs") {
            guard runs >= 1, runs == runs.rounded(), runs <= 1_000_000 else {
                throw object.error("runs", "must be a whole number of runs, at least 1")
            }
            retention.runs = Int(runs)
        }
        if let days = try object.number("days") {
            guard days > 0 else { throw object.error("days", "must be a positive number of days") }
            retention.days = days
        }
        if let days = try object.number("historyDays") {
            guard days > 0 else { throw object.error("historyDays", "must be a positive number of days") }
            retention.historyDays = days
        }
        return retention
    }

    static func notify(_ object: JSONObjectReader) throws(PipelineError) -> NotifySettings {
        try object.allowOnly([
            "webhookURLEnvironment", "format", "on", "artifactsURL", "remindHours", "timeoutSeconds", "maxAttempts",
            "deliverySeconds",
            "slackUpload", "dashboardURL", "flaky", "flakyWindowRuns", "findCulprit",
        ])
        var notify = NotifySettings()
        notify.findCulprit = try object.bool("findCulprit") ?? false
        if let name = try object.string("webhookURLEnvironment") {
            guard !name.isEmpty, !name.contains("://") else {
                throw object.error(
                    "webhookURLEnvironment",
                    """
                    names the environment variable that holds the URL (e.g. SMOKERUN_WEBHOOK_URL), never the URL itself
                    """
                )
            }
            guard isEnvironmentVariableName(name) else {
                throw object.error(
                    "webhookURLEnvironment",
                    """
                    '\(name)' is not an environment variable name: use letters, digits and '_', not starting with a \
                    digit (e.g. SMOKERUN_WEBHOOK_URL)
                    """
                )
            }
            notify.webhookURLEnvironment = name
        }
        notify.format = try object.choice("format", of: NotifyFormat.self) ?? notify.format
        notify.flaky = try object.choice("flaky", of: FlakyAnnouncement.self) ?? notify.flaky
        if let runs = try object.number("flakyWindowRuns") {
            guard runs >= 2, runs <= 1000, runs == runs.rounded() else {
                throw object.error("flakyWindowRuns", "must be a whole number of runs from 2 to 1000")
            }
            notify.flakyWindowRuns = Int(runs)
        }
        if let triggers = try object.strings("on") {
            notify.on = try triggers.enumerated().map { (index, text) throws(PipelineError) in
                guard let trigger = NotifyTrigger(rawValue: text) else {
                    let allowed = NotifyTrigger.allCases.map(\.rawValue)
                    throw object.error("on[\(index)]", "'\(text)' is not one of \(allowed.joined(separator: ", "))")
                }
                return trigger
            }
        }
        if let artifacts = try object.string("artifactsURL") {
            guard let url = URL(string: artifacts), ["http", "https"].contains(url.scheme?.lowercased() ?? ""),
                url.host?.isEmpty == false
            else {
                throw object.error(
                    "artifactsURL",
                    """
                    '\(artifacts)' is not an http(s) URL; give the web address runs are published under, e.g. \
                    "https://ci.example.com/smokerun/"
                    """
                )
            }
            notify.artifactsURL = artifacts
        }
        notify.dashboardURL = try Self.dashboardURL(object)
        if let hours = try object.number("remindHours") {
            guard hours > 0, hours <= 8760 else {
                throw object.error("remindHours", "must be a positive number of hours, at most 8760 (a year)")
            }
            notify.remindHours = hours
        }
        if let seconds = try object.number("timeoutSeconds") {
            guard seconds > 0, seconds <= 3600 else {
                throw object.error("timeoutSeconds", "must be a positive number of seconds, at most 3600")
            }
            notify.timeoutSeconds = seconds
        }
        if let seconds = try object.number("deliverySeconds") {
            guard seconds > 0, seconds <= 3600 else {
                throw object.error("deliverySeconds", "must be a positive number of seconds, at most 3600")
            }
            notify.deliverySeconds = seconds
        }
        if let attempts = try object.number("maxAttempts") {
            guard attempts >= 1, attempts <= 10, attempts == attempts.rounded() else {
                throw object.error("maxAttempts", "must be a whole number from 1 to 10")
            }
            notify.maxAttempts = Int(attempts)
        }
        if let upload = try object.object("slackUpload") {
            guard notify.format == .slack else {
                throw object.error("slackUpload", "posts Slack messages; set notify.format to \"slack\" or remove it")
            }
            notify.slackUpload = try Self.slackUpload(upload)
        }
        return notify
    }

    /// A portable environment variable name: ASCII letters, digits and `_`, not starting with a digit.
    static func isEnvironmentVariableName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, !("0"..."9").contains(first) else { return false }
        return name.unicodeScalars.allSatisfy { scalar in
            ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
                || scalar == "_"
        }
    }

    /// `notify.dashboardURL`: an http(s) address the dashboard site is published under.
    private static func dashboardURL(_ object: JSONObjectReader) throws(PipelineError) -> String? {
        guard let text = try object.string("dashboardURL") else { return nil }
        guard let url = URL(string: text), ["http", "https"].contains(url.scheme?.lowercased() ?? ""),
            url.host?.isEmpty == false
        else {
            throw object.error(
                "dashboardURL",
                """
                '\(text)' is not an http(s) URL; give the web address the dashboard site (the folder \
                `smokerun dashboard` writes) is published under, e.g. "https://ci.example.com/smokerun/site/"
                """
            )
        }
        return text
    }
}
