/// Removes what CI systems and terminals put around a log's lines (a `LinePrefix`, colour codes) and skips lines
/// that are only a CI system's markers (`##[group]`, an emptied GitLab section line), so the rules read each line as
/// the tool printed it. Counts removals by kind for the report's `strippedPrefix`.
package struct LineUnwrapper {
    /// Lines each kind of prefix (`LinePrefix.rawValue`, or `ansi` for colour codes) was removed from.
    package private(set) var counts: [String: Int] = [:]
    /// The prefixes this log's lines start with that text a test prints may start with too (a time, a tag), decided on
    /// its first non-empty line: every line of such a log has them, one that looks like a process's log line after
    /// them (`… objc[12]: …`) too.
    private var decided: [LinePrefix]?
    /// Whether the log is a Markdown quote (`LinePrefix.markdownQuote`), decided on its first non-empty line.
    private var quoted: Bool?
    /// Whether a line had TeamCity's prefix: then its own lines (`[10:00:00] : …`) are skipped.
    private var readsTeamCity = false

    package init() {}

    /// Where the text of `line` starts, or nil when the line is a CI system's marker with nothing of the log in it.
    package mutating func contentStart(of line: LineBytes) -> Int? {
        if quoted == nil, !line.isEmpty { quoted = LinePrefix.quoteEnd(line) != nil }
        guard quoted == true, let quoteEnd = LinePrefix.quoteEnd(line) else { return unquotedStart(of: line) }
        counts[LinePrefix.markdownQuote.rawValue, default: 0] += 1
        if quoteEnd == line.count { return nil }
        return unquotedStart(of: UnsafeBufferPointer(rebasing: line[quoteEnd...])).map { $0 + quoteEnd }
    }

    private mutating func unquotedStart(of line: LineBytes) -> Int? {
        if readsTeamCity, LinePrefix.isTeamCityOwnLine(line) { return nil }
        var start = 0
        var removedPrefix = false
        if let (kind, contentStart) = LinePrefix.strip(line) {
            if let kind { counts[kind.rawValue, default: 0] += 1 }
            if kind == .teamCity { readsTeamCity = true }
            start = contentStart
            removedPrefix = true
        }
        if decided == nil, start < line.count { decided = LinePrefix.decided(line, at: start) }
        for kind in decided ?? [] {
            guard let end = LinePrefix.end(of: kind, line, at: start) else { break }
            counts[kind.rawValue, default: 0] += 1
            start = end
            removedPrefix = true
        }
        // XCTest's own output barrier, printed with no line end before its next line (a simulator's captured output).
        while line.hasPrefix("XCTestOutputBarrier", at: start) {
            start += 19
            removedPrefix = true
        }
        if removedPrefix, start == line.count { return nil }
        return Self.isCIMarker(line, at: start) ? nil : start
    }

    package mutating func countColourCodes() { counts["ansi", default: 0] += 1 }

    /// GitHub's and Azure's `##[group]…`, `##[endgroup]`, `##[section]…`, `##[command]…` and `##[debug]…` lines,
    /// which fold and label the log (`##[error]` and `##[warning]` lines carry what a step reported, and stay), and
    /// TeamCity's service messages (`##teamcity[buildStatisticValue …]`).
    private static func isCIMarker(_ line: LineBytes, at start: Int) -> Bool {
        if line.hasPrefix("##teamcity[", at: start) { return true }
        guard line.hasPrefix("##[", at: start) else { return false }
        let name = start + 3
        return line.hasPrefix("group]", at: name) || line.hasPrefix("endgroup]", at: name)
            || line.hasPrefix("section]", at: name) || line.hasPrefix("command]", at: name)
            || line.hasPrefix("debug]", at: name)
    }
}
