/// `::error file=…,line=…::` workflow commands, so failures show on the PR diff; a quarantined failure is a
/// `::warning`, since it does not fail the run. Pure.
package enum GitHubAnnotations {
    package static func lines(for report: RunReport, relativeTo root: String?) -> [String] {
        var lines: [String] = []
        for test in report.failingTests {
            let failure = test.headlineFailure
            let quarantined = report.quarantineEntry(for: test) != nil
            let title =
                "\(test.id)\(DeviceGroups.suffix(test)) \(test.status.rawValue)\(quarantined ? ", quarantined" : "")"
            var properties = ["title=\(escapeProperty(title))"]
            if let file = failure?.file {
                properties.insert("file=\(escapeProperty(relative(file, to: root)))", at: 0)
                if let line = failure?.line { properties.insert("line=\(line)", at: 1) }
            }
            let message = failure?.message ?? test.status.rawValue
            let level = quarantined ? "warning" : "error"
            lines.append("::\(level) \(properties.joined(separator: ","))::\(escapeData(message))")
        }
        for error in report.errors {
            // A note (a process a test left running, already ended) is worth a look, not a red build.
            lines.append(
                smokerun(([error.message] + error.details.prefix(5)).joined(separator: "\n"), isError: !error.isNote))
        }
        return lines
    }

    /// smokerun's own `::error` (or `::warning`) about the run, such as a message it could not send.
    package static func smokerun(_ message: String, isError: Bool = true) -> String {
        "::\(isError ? "error" : "warning") title=smokerun::\(escapeData(message))"
    }

    static func relative(_ path: String, to root: String?) -> String {
        guard let root, path.hasPrefix(root + "/") else { return path }
        return String(path.dropFirst(root.count + 1))
    }

    /// Escapes command data as the Actions toolkit does (`%`, `\r`, `\n`), control characters first: the runner
    /// prints annotations in the job's log, where an ESC would act.
    static func escapeData(_ text: String) -> String {
        TerminalText.escaped(text).replacingOccurrences(of: "%", with: "%25").replacingOccurrences(
            of: "\r", with: "%0D"
        )
        .replacingOccurrences(of: "\n", with: "%0A")
    }

    static func escapeProperty(_ text: String) -> String {
        escapeData(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }
}
