import SmokeCore

/// `--format LIST`: comma-separated report formats, each one the registry knows.
enum FormatOption {
    static func formats(_ list: String) throws(UsageError) -> [ReportFormat] {
        let registry = ReportRegistry.standard
        guard !list.isEmpty else {
            let allowed = registry.formats.map(\.rawValue).joined(separator: ",")
            throw UsageError("--format is empty; give one or more of \(allowed), or leave it out for all")
        }
        return try list.split(separator: ",", omittingEmptySubsequences: false).map {
            (item) throws(UsageError) -> ReportFormat in
            guard let format = registry.format(named: String(item)) else {
                let known = registry.formats.map(\.rawValue).joined(separator: ", ")
                throw UsageError("--format: '\(item)' is not one of \(known)")
            }
            return format
        }
    }
}
