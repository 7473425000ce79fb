/// How messages, reports and the terminal name a run's origin, in the same words everywhere.
extension RunOrigin {
    /// "a1b2c3d4e5f6 on main (uncommitted changes)", branch and note when known; nil when the commit is unknown.
    package var commitText: String? {
        guard let shortCommit else { return nil }
        var text = shortCommit
        if let branch, !branch.isEmpty, branch != "HEAD" { text += " on \(branch)" }
        if dirty == true { text += " (uncommitted changes)" }
        return text
    }

    /// "commit a1b2c3d4e5f6 on main (uncommitted changes) · host buildbox"; nil when neither is known. The CI run's
    /// link is left to each format, which links it its own way.
    package var summaryText: String? {
        let parts = [commitText.map { "commit \($0)" }, host.map { "host \($0)" }].compactMap { $0 }
        return parts.isEmpty ? nil : parts.joined(separator: " · ")
    }
}
