/// A per-line prefix that CI systems put before every line of a downloaded log, which `LogParser` removes so
/// the log parses exactly like the bare one. Only forms no test tool prints itself are recognised, so a
/// bare log is never cut: an xcodebuild process log line (`2018-11-04 10:28:22.4 App[1:2] …`) has a space,
/// not a `T`, after its date, and keeps its timestamp.
package enum LinePrefix: String, Sendable {
    /// GitHub Actions' `2025-03-01T12:00:00.1234567Z ` (seven fraction digits).
    case githubActionsTimestamp = "github-actions-timestamp"
    /// Any other ISO 8601 date-time with `T` and a zone (`2025-03-01T12:00:00Z `, `…+01:00 `), as GitLab,
    /// Buildkite and `docker logs --timestamps` write it.
    case isoTimestamp = "iso-timestamp"
    /// The same inside brackets (`[2025-03-01T12:00:00.123Z] `), Jenkins' timestamper.
    case bracketedTimestamp = "bracketed-timestamp"

    /// The kind of prefix `line` starts with and where the text after it starts, or nil.
    package static func strip(_ line: LineBytes) -> (kind: LinePrefix, contentStart: Int)? {
        guard line.count > 20 else { return nil }
        if line[0] == UInt8(ascii: "["), let end = dateTimeEnd(line, from: 1), end + 1 < line.count,
            line[end] == UInt8(ascii: "]")
        {
            let contentStart = line.hasPrefix(" ", at: end + 1) ? end + 2 : end + 1
            return (.bracketedTimestamp, contentStart)
        }
        guard line[0] &- UInt8(ascii: "0") < 10, let end = dateTimeEnd(line, from: 0), end < line.count,
            line[end] == UInt8(ascii: " ")
        else { return nil }
        // GitHub: exactly `YYYY-MM-DDTHH:MM:SS.fffffffZ` (28 bytes).
        let kind: LinePrefix = end == 28 && line[27] == UInt8(ascii: "Z") ? .githubActionsTimestamp : .isoTimestamp
        return (kind, end + 1)
    }

    /// The end of `YYYY-MM-DDTHH:MM:SS[.f…](Z|±HH[:]MM)` at `from`, or nil.
    private static func dateTimeEnd(_ line: LineBytes, from start: Int) -> Int? {
        guard start + 20 <= line.count else { return nil }
        let shape: StaticString = "dddd-dd-ddTdd:dd:dd"
        var offset = 0
        var failed = false
        shape.withUTF8Buffer { pattern in
            for expected in pattern {
                let byte = line[start + offset]
                let matches = expected == UInt8(ascii: "d") ? byte &- UInt8(ascii: "0") < 10 : byte == expected
                if !matches {
                    failed = true
                    return
                }
                offset += 1
            }
        }
        guard !failed else { return nil }
        var index = start + offset
        if index < line.count, line[index] == UInt8(ascii: ".") || line[index] == UInt8(ascii: ",") {
            let digitsEnd = line.endOfDigits(from: index + 1)
            guard digitsEnd > index + 1 else { return nil }
            index = digitsEnd
        }
        guard index < line.count else { return nil }
        if line[index] == UInt8(ascii: "Z") { return index + 1 }
        if line[index] == UInt8(ascii: "+") || line[index] == UInt8(ascii: "-") {
            let hoursEnd = line.endOfDigits(from: index + 1)
            guard hoursEnd == index + 3 else { return nil }
            if hoursEnd < line.count, line[hoursEnd] == UInt8(ascii: ":") {
                let minutesEnd = line.endOfDigits(from: hoursEnd + 1)
                return minutesEnd == hoursEnd + 3 ? minutesEnd : nil
            }
            let minutesEnd = line.endOfDigits(from: hoursEnd)
            return minutesEnd == hoursEnd + 2 ? minutesEnd : hoursEnd
        }
        return nil
    }
}
