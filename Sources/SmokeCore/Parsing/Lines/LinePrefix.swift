/// A per-line prefix CI systems put before a downloaded log's lines; `LineUnwrapper` removes it so the log parses
/// like the bare one. Only forms no test tool prints are recognised: an xcodebuild process log line
/// (`2018-11-04 10:28:22.4 App[1:2] …`) has a space, not a `T`, after its date and keeps it. Prefixes compose; a
/// byte-order mark among them is removed uncounted.
package enum LinePrefix: String, Sendable {
    /// GitHub Actions' and Azure Pipelines' `2025-03-01T12:00:00.1234567Z ` (seven fraction digits).
    case githubActionsTimestamp = "github-actions-timestamp"
    /// Any other ISO 8601 date-time with `T` and a zone (`…+01:00 `), as `docker logs --timestamps` writes it.
    case isoTimestamp = "iso-timestamp"
    /// The same inside brackets (`[2025-03-01T12:00:00.123Z] `), Jenkins' timestamper.
    case bracketedTimestamp = "bracketed-timestamp"
    /// `gh run view --log`: `JOB<TAB>STEP<TAB>2025-…Z ` (names may hold spaces; a step's first line has a byte-order
    /// mark before its timestamp).
    case githubRunView = "gh-run-view"
    /// GitLab runner 17's `2025-05-01T10:00:00.123456Z 00O ` (two hex digits naming the stream, `O`ut or `E`rr, `+`
    /// on a line continuing the one before).
    case gitlabTimestamp = "gitlab-timestamp"
    /// GitLab's `section_start:1714556400:step_script\r\e[0K` and `section_end:…` (a name may carry options).
    case gitlabSection = "gitlab-section"
    /// Buildkite's `\e_bk;t=1714556400123\a` (milliseconds since 1970; the ESC may be missing).
    case buildkiteTimestamp = "buildkite-timestamp"
    /// fastlane's `[10:00:00]: ` and the `▸ ` after it on the lines it passes on from xcodebuild.
    case fastlane = "fastlane"
    /// `[2025-03-01 12:00:00] ` (GitLab's and Jenkins' timestamper) or unbracketed `2025-03-01 12:00:00 `. That
    /// unbracketed form also starts an xcodebuild process log line, so `LineUnwrapper` removes it only from a log
    /// whose first line has it and is no such line.
    case dateTime = "date-time"
    /// Kubernetes' container log format (CRI): `2025-03-01T12:00:00.123456789+00:00 stdout F ` (the stream, then
    /// `F` for a full line or `P` for part of one).
    case kubernetes = "kubernetes-cri"
    /// TeamCity's downloaded build log: `[10:00:00] :<TAB> [Step 1/2] ` (a status letter for the space, `W` for
    /// standard error; a TAB for each level of nesting; the block's name in brackets). Its own lines (`[10:00:00] : …`)
    /// are skipped once a line had it.
    case teamCity = "teamcity"
    /// `10:00:00 ` or `[10:00:00] ` (Jenkins' timestamper, time only), or `02:18:06.979248 ` (moreutils `ts '%.T'`).
    /// Text a test prints can start with a time, so `LineUnwrapper` removes it only from a log whose first line has it.
    case clockTime = "clock-time"
    /// `Nov 30 02:09:31 ` (moreutils `ts`'s default, syslog's stamp; a fraction allowed), decided as a clock time is.
    case monthDayTime = "month-day-time"
    /// Atlassian Bamboo's `30-Jan-2017 13:54:31<TAB>` (as its log page copies; its downloaded log has a `build<TAB>`
    /// tag before it), decided as a clock time is.
    case dayMonthYearTime = "day-month-year-time"
    /// `0.000011 ` (seconds since the start or the previous line: `ts -s '%.s'`, `ts -i '%.s'`), decided as a clock
    /// time is.
    case elapsedSeconds = "elapsed-seconds"
    /// GNU `parallel --tag`'s `ARGUMENT<TAB>`: one token without spaces, then a TAB. Decided as a clock time is, then
    /// removed up to each line's first TAB.
    case tag = "tag"
    /// A Markdown quote's `> ` (a log copied from an issue or an e-mail), before any other; decided as a clock time is.
    case markdownQuote = "markdown-quote"

    /// The kind of prefix `line` starts with (nil for a lone byte-order mark) and where its text starts; nil when it
    /// has none. Never a `clockTime`: see `clockTimeEnd`.
    package static func strip(_ line: LineBytes) -> (kind: LinePrefix?, contentStart: Int)? {
        guard let first = line.first else { return nil }
        // Most lines of a bare log start with none of the bytes a prefix starts with, and hold no TAB.
        let mayStartPrefix =
            first &- UInt8(ascii: "0") < 10 || first == UInt8(ascii: "[") || first == 0xEF || first == 0x1B
            || first == UInt8(ascii: "_") || first == UInt8(ascii: "s")
        // Its TAB is not `gh run view`'s.
        if first == UInt8(ascii: "["), let end = teamCityEnd(line, at: 0) { return (.teamCity, end) }
        var kind: LinePrefix?
        var index = byteOrderMarkEnd(line, at: 0)
        if let namesEnd = runViewNamesEnd(line) {
            kind = .githubRunView
            index = byteOrderMarkEnd(line, at: namesEnd)
        } else if !mayStartPrefix {
            return nil
        }
        if let (timestamp, end) = timestampEnd(line, at: index) {
            index = end
            if kind == nil, let streamEnd = gitlabStreamEnd(line, at: end) {
                kind = .gitlabTimestamp
                index = streamEnd
            } else if kind == nil, let streamEnd = containerStreamEnd(line, at: end) {
                kind = .kubernetes
                index = streamEnd
            } else {
                kind = kind ?? timestamp
            }
        } else if kind == .githubRunView {
            return nil // TABs before something that is not a timestamp: text, not `gh run view`
        }
        while let end = gitlabSectionEnd(line, at: index) {
            kind = kind ?? .gitlabSection
            index = end
        }
        if let end = buildkiteEnd(line, at: index) {
            kind = kind ?? .buildkiteTimestamp
            index = end
        }
        if let end = fastlaneEnd(line, at: index) {
            kind = kind ?? .fastlane
            index = end
        }
        return index > 0 ? (kind, index) : nil
    }

    /// A timestamp prefix at `index` (`2025-…Z `, `[2025-…Z] `) and where the text after it starts.
    private static func timestampEnd(_ line: LineBytes, at index: Int) -> (LinePrefix, Int)? {
        guard index < line.count else { return nil }
        if line[index] == UInt8(ascii: "["), let end = dateTimeEnd(line, from: index + 1), end + 1 < line.count,
            line[end] == UInt8(ascii: "]")
        {
            return (.bracketedTimestamp, line.hasPrefix(" ", at: end + 1) ? end + 2 : end + 1)
        }
        if line[index] == UInt8(ascii: "["), let end = dateTimeEnd(line, at: index + 1), end < line.count,
            line[end] == UInt8(ascii: "]")
        {
            return (.dateTime, line.hasPrefix(" ", at: end + 1) ? end + 2 : end + 1)
        }
        guard line[index] &- UInt8(ascii: "0") < 10, let end = dateTimeEnd(line, from: index), end < line.count,
            line[end] == UInt8(ascii: " ")
        else { return nil }
        // GitHub: exactly `YYYY-MM-DDTHH:MM:SS.fffffffZ` (28 bytes).
        let isGitHub = end - index == 28 && line[end - 1] == UInt8(ascii: "Z")
        // swift-log's own line (`2021-09-29T08:17:42-0400 notice label : …`, no fraction) is text, not a prefix.
        if end - index == 24, line[index + 19] != UInt8(ascii: "Z"), startsLogLevel(line, at: end + 1) { return nil }
        return (isGitHub ? .githubActionsTimestamp : .isoTimestamp, end + 1)
    }

    /// After `JOB<TAB>STEP<TAB>` (within the first 256 bytes, neither name empty), or nil.
    private static func runViewNamesEnd(_ line: LineBytes) -> Int? {
        let window = Swift.min(line.count, 256)
        guard let firstTab = line.firstIndex(of: UInt8(ascii: "\t"), upTo: window), firstTab > 0,
            let secondTab = line.firstIndex(of: UInt8(ascii: "\t"), from: firstTab + 1, upTo: window),
            secondTab > firstTab + 1
        else { return nil }
        return secondTab + 1
    }

    private static func byteOrderMarkEnd(_ line: LineBytes, at index: Int) -> Int {
        index + 3 <= line.count && line[index] == 0xEF && line[index + 1] == 0xBB && line[index + 2] == 0xBF
            ? index + 3 : index
    }

    /// After GitLab's `00O `, `0aE+ ` at `index`, or nil.
    private static func gitlabStreamEnd(_ line: LineBytes, at index: Int) -> Int? {
        guard index + 4 <= line.count, isHexDigit(line[index]), isHexDigit(line[index + 1]),
            line[index + 2] == UInt8(ascii: "O") || line[index + 2] == UInt8(ascii: "E")
        else { return nil }
        var end = index + 3
        if line[end] == UInt8(ascii: "+") { end += 1 }
        guard end < line.count, line[end] == UInt8(ascii: " ") else { return nil }
        return end + 1
    }

    /// After `section_start:DIGITS:NAME\r\e[0K` or `section_end:…` (the `\e[0K` may be missing or lack its ESC).
    private static func gitlabSectionEnd(_ line: LineBytes, at start: Int) -> Int? {
        // Runners before 17 put an erase-line code before the marker.
        let index = line.hasPrefix("\u{1B}[0K", at: start) ? start + 4 : start
        let digitsStart: Int
        if line.hasPrefix("section_start:", at: index) {
            digitsStart = index + 14
        } else if line.hasPrefix("section_end:", at: index) {
            digitsStart = index + 12
        } else {
            return nil
        }
        let digitsEnd = line.endOfDigits(from: digitsStart)
        guard digitsEnd > digitsStart, line.hasPrefix(":", at: digitsEnd),
            let carriageReturn = line.firstIndex(of: UInt8(ascii: "\r"), from: digitsEnd + 1)
        else { return nil }
        var end = carriageReturn + 1
        if line.hasPrefix("\u{1B}[0K", at: end) {
            end += 4
        } else if line.hasPrefix("[0K", at: end) {
            end += 3
        }
        return end
    }

    /// After Kubernetes' `stdout F `, `stderr P ` at `index`, or nil.
    private static func containerStreamEnd(_ line: LineBytes, at index: Int) -> Int? {
        guard line.hasPrefix("stdout ", at: index) || line.hasPrefix("stderr ", at: index), index + 9 <= line.count,
            line[index + 7] == UInt8(ascii: "F") || line[index + 7] == UInt8(ascii: "P"),
            line.hasPrefix(" ", at: index + 8)
        else { return nil }
        return index + 9
    }

    /// After `2025-03-01 12:00:00` (optionally `.123`) at `index`, or nil.
    package static func dateTimeEnd(_ line: LineBytes, at index: Int) -> Int? {
        guard index + 19 <= line.count else { return nil }
        for offset in 0..<19 {
            let byte = line[index + offset]
            let expected: UInt8? =
                switch offset {
                case 4, 7: UInt8(ascii: "-")
                case 10: UInt8(ascii: " ")
                case 13, 16: UInt8(ascii: ":")
                default: nil
                }
            guard expected.map({ byte == $0 }) ?? (byte &- UInt8(ascii: "0") < 10) else { return nil }
        }
        var end = index + 19
        if end < line.count, line[end] == UInt8(ascii: ".") || line[end] == UInt8(ascii: ",") {
            let digitsEnd = line.endOfDigits(from: end + 1)
            guard digitsEnd > end + 1 else { return nil }
            end = digitsEnd
        }
        return end
    }

    /// After an unbracketed date-time prefix (`2025-03-01 12:00:00 `) at `index`, or nil.
    package static func unbracketedDateTimeEnd(_ line: LineBytes, at index: Int) -> Int? {
        guard let end = dateTimeEnd(line, at: index), line.hasPrefix(" ", at: end) else { return nil }
        // A wrapper's `2020-06-05 00:05:17.281 - ` (swift-nio's CI) separates it with a dash.
        return line.hasPrefix("- ", at: end + 1) ? end + 3 : end + 1
    }

    /// After Buildkite's `\e_bk;t=DIGITS\a` at `index` (ESC optional), or nil.
    private static func buildkiteEnd(_ line: LineBytes, at index: Int) -> Int? {
        let start = line.hasPrefix("\u{1B}", at: index) ? index + 1 : index
        guard line.hasPrefix("_bk;t=", at: start) else { return nil }
        let digitsEnd = line.endOfDigits(from: start + 6)
        guard digitsEnd > start + 6, digitsEnd < line.count, line[digitsEnd] == 0x07 else { return nil }
        return digitsEnd + 1
    }

    /// After fastlane's `[10:00:00]: ` and a `▸ ` after it at `index`, or nil.
    private static func fastlaneEnd(_ line: LineBytes, at index: Int) -> Int? {
        guard line.hasPrefix("[", at: index), isClockTime(line, at: index + 1), line.hasPrefix("]: ", at: index + 9)
        else { return nil }
        let end = index + 12
        return line.hasPrefix("▸ ", at: end) ? end + 4 : end
    }

    /// After a clock-time prefix (`10:00:00 `, `[10:00:00] `, either with a fraction: `10:00:00.123 `) at `index`, or
    /// nil.
    package static func clockTimeEnd(_ line: LineBytes, at index: Int) -> Int? {
        if line.hasPrefix("[", at: index), isClockTime(line, at: index + 1) {
            let end = fractionEnd(line, at: index + 9)
            return line.hasPrefix("] ", at: end) ? end + 2 : nil
        }
        guard isClockTime(line, at: index) else { return nil }
        let end = fractionEnd(line, at: index + 8)
        return line.hasPrefix(" ", at: end) ? end + 1 : nil
    }

    /// After `.DIGITS` at `index` (at least one digit), else `index`.
    static func fractionEnd(_ line: LineBytes, at index: Int) -> Int {
        guard line.hasPrefix(".", at: index) else { return index }
        let digitsEnd = line.endOfDigits(from: index + 1)
        return digitsEnd > index + 1 ? digitsEnd : index
    }

    static func isClockTime(_ line: LineBytes, at index: Int) -> Bool {
        guard index + 8 <= line.count else { return false }
        for offset in 0..<8 {
            let byte = line[index + offset]
            let isColon = offset == 2 || offset == 5
            guard isColon ? byte == UInt8(ascii: ":") : byte &- UInt8(ascii: "0") < 10 else { return false }
        }
        return true
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        byte &- UInt8(ascii: "0") < 10 || byte &- UInt8(ascii: "a") < 6 || byte &- UInt8(ascii: "A") < 6
    }

    /// The end of `YYYY-MM-DDTHH:MM:SS[.f…](Z|±HH[:]MM)` at `from`, or nil.
    static func dateTimeEnd(_ line: LineBytes, from start: Int) -> Int? {
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
            let digitsEnd = line.endOfDigits(from: index + 1)
            if digitsEnd == index + 5 { return digitsEnd } // ±HHMM (`ts '%FT%T%z'`)
            guard digitsEnd == index + 3 else { return nil }
            if digitsEnd < line.count, line[digitsEnd] == UInt8(ascii: ":") {
                let minutesEnd = line.endOfDigits(from: digitsEnd + 1)
                return minutesEnd == digitsEnd + 3 ? minutesEnd : nil
            }
            return digitsEnd
        }
        return nil
    }
}
