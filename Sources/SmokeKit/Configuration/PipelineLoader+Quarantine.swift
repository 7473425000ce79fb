import Foundation
import SmokeCore

extension PipelineLoader {
    /// `quarantine: [{test, reason, owner, expires}]`; every field is required: an entry says why, who, until when.
    static func quarantine(_ root: JSONObjectReader) throws(PipelineError) -> [QuarantineEntry]? {
        guard let value = root.fields["quarantine"] else { return nil }
        guard case .array(let values) = value else {
            throw root.error(
                "quarantine",
                """
                expected a list of entries, found \(value.typeName); e.g. [{"test": "AppTests.SyncTests/testMerge", \
                "reason": "races the server", "owner": "sync-team", "expires": "2026-12-31"}]
                """)
        }
        var entries: [QuarantineEntry] = []
        for (index, value) in values.enumerated() {
            guard case .object(let fields) = value else {
                throw root.error("quarantine[\(index)]", "expected an object {test, reason, owner, expires}")
            }
            let object = JSONObjectReader(fields: fields, file: root.file, path: root.keyPath("quarantine[\(index)]"))
            try object.allowOnly(["test", "reason", "owner", "expires"])
            var text: [String: String] = [:]
            for key in ["test", "reason", "owner", "expires"] {
                guard let found = try object.string(key), !found.trimmingCharacters(in: .whitespaces).isEmpty else {
                    throw object.error(
                        key,
                        """
                        is required: every quarantine entry names its test (an id, `*` for any characters), a reason, \
                        an owner and an expiry date (YYYY-MM-DD)
                        """)
                }
                text[key] = found
            }
            let expires = text["expires"] ?? ""
            guard let date = Self.expiry(expires) else {
                throw object.error(
                    "expires",
                    """
                    '\(expires)' is not a date; write YYYY-MM-DD (the entry holds to the end of that day, UTC) or an \
                    ISO 8601 time such as 2026-12-31T18:00:00Z
                    """)
            }
            entries.append(
                QuarantineEntry(
                    test: text["test"] ?? "", reason: text["reason"] ?? "", owner: text["owner"] ?? "", expires: date))
        }
        return entries
    }

    /// `autoQuarantine: {rate, days, minRuns, windowRuns}`.
    static func autoQuarantine(_ object: JSONObjectReader) throws(PipelineError) -> AutoQuarantineSettings {
        try object.allowOnly(["rate", "days", "minRuns", "windowRuns"])
        var settings = AutoQuarantineSettings()
        if let rate = try object.number("rate") {
            guard rate > 0, rate <= 1 else {
                throw object.error("rate", "must be a flake rate above 0 and at most 1 (0.25 is one run in four)")
            }
            settings.rate = rate
        }
        if let days = try object.number("days") {
            guard days > 0, days <= 365 else { throw object.error("days", "must be a number of days from 0 to 365") }
            settings.days = days
        }
        for key in ["minRuns", "windowRuns"] {
            guard let runs = try object.number(key) else { continue }
            guard runs >= 2, runs <= 1000, runs == runs.rounded() else {
                throw object.error(key, "must be a whole number of runs from 2 to 1000")
            }
            if key == "minRuns" { settings.minRuns = Int(runs) } else { settings.windowRuns = Int(runs) }
        }
        return settings
    }

    /// YYYY-MM-DD (the end of that day, UTC) or an ISO 8601 time.
    static func expiry(_ text: String) -> Date? {
        ISODate.parse(text).map { $0.isDay ? $0.date.addingTimeInterval(86_400) : $0.date }
    }
}
