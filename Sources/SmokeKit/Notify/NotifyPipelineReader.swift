import Foundation

/// Reads just `name`, `output` and `notify` from a pipeline file for `smokerun notify --pipeline`.
/// A stopgap for the full pipeline loader (which validates every key); swap it in through
/// `NotifyCommand.SettingsResolver`.
package enum NotifyPipelineReader {
    package struct Result: Sendable, Equatable {
        package var output: String
        package var notify: NotifySettings
    }

    package static func read(_ url: URL) throws(NotifyError) -> Result {
        let object: [String: Any]
        do {
            object = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any] ?? [:]
        } catch {
            throw .unreadablePipeline(path: url.path, reason: "not readable JSON (\(error.localizedDescription))")
        }
        var result = Result(output: ".smokerun", notify: NotifySettings())
        if let output = object["output"] {
            guard let text = output as? String else { throw .unreadablePipeline(path: url.path, reason: "'output' must be a string") }
            // Relative to the pipeline's project root, taken as the folder above `Pipelines/`.
            result.output = text.hasPrefix("/") ? text : projectRoot(of: url).appendingPathComponent(text).path
        } else {
            result.output = projectRoot(of: url).appendingPathComponent(".smokerun").path
        }
        guard let notify = object["notify"] else { return result }
        guard let notify = notify as? [String: Any] else {
            throw .unreadablePipeline(path: url.path, reason: "'notify' must be an object")
        }
        result.notify = try settings(notify, path: url.path)
        return result
    }

    private static func settings(_ object: [String: Any], path: String) throws(NotifyError) -> NotifySettings {
        var settings = NotifySettings()
        func bad(_ key: String, _ expected: String) -> NotifyError {
            .unreadablePipeline(path: path, reason: "'notify.\(key)' must be \(expected)")
        }
        for (key, value) in object {
            switch key {
            case "webhookURLEnvironment":
                guard let name = value as? String, !name.isEmpty else { throw bad(key, "an environment variable name") }
                settings.webhookURLEnvironment = name
            case "format":
                guard let format = (value as? String).flatMap(NotifyFormat.init(rawValue:)) else { throw bad(key, "\"slack\" or \"json\"") }
                settings.format = format
            case "on":
                guard let list = value as? [String] else { throw bad(key, "a list of \"failure\", \"recovery\", \"always\"") }
                let triggers = list.compactMap(NotifyTrigger.init(rawValue:))
                guard triggers.count == list.count else { throw bad(key, "a list of \"failure\", \"recovery\", \"always\"") }
                settings.on = triggers
            case "artifactsURL":
                if value is NSNull { settings.artifactsURL = nil; continue }
                guard let text = value as? String else { throw bad(key, "a URL string or null") }
                settings.artifactsURL = text
            case "remindHours", "timeoutSeconds":
                guard let number = (value as? NSNumber)?.doubleValue, number > 0 else { throw bad(key, "a positive number") }
                if key == "remindHours" { settings.remindHours = number } else { settings.timeoutSeconds = number }
            case "maxAttempts":
                guard let number = (value as? NSNumber)?.intValue, number >= 1 else { throw bad(key, "a whole number ≥ 1") }
                settings.maxAttempts = number
            default:
                throw .unreadablePipeline(path: path, reason: "unknown key 'notify.\(key)'")
            }
        }
        return settings
    }

    private static func projectRoot(of pipeline: URL) -> URL {
        let folder = pipeline.deletingLastPathComponent()
        return folder.lastPathComponent == "Pipelines" ? folder.deletingLastPathComponent() : folder
    }
}
