/// The prefixes text a test prints may also start with (a time, a number, a word before a TAB): `LineUnwrapper`
/// decides on a log's first non-empty line whether its lines carry one, and then removes it from every line.
extension LinePrefix {
    /// The prefixes a log's first non-empty line starts with at `index`, in order (a date and time, a time, a tag):
    /// the ones every line of the log has.
    static func decided(_ line: LineBytes, at index: Int) -> [LinePrefix] {
        var kinds: [LinePrefix] = []
        var start = index
        if let end = unbracketedDateTimeEnd(line, at: start), !ProcessLogLine.starts(line, at: start) {
            kinds.append(.dateTime)
            start = end
        }
        if tagEnd(line, at: start).map({ dayMonthYearTimeEnd(line, at: $0) != nil }) ?? false {
            kinds.append(.tag)
            start = tagEnd(line, at: start) ?? start
        }
        for kind in [LinePrefix.clockTime, .monthDayTime, .dayMonthYearTime, .elapsedSeconds] {
            // A process's own log line after a time (`09:32:26.004 xcodebuild[28700:4202043] …`) is text, not a prefix.
            if let end = end(of: kind, line, at: start), !startsProcessName(line, at: end) {
                kinds.append(kind)
                start = end
                break
            }
        }
        if tagEnd(line, at: start) != nil { kinds.append(.tag) }
        return kinds
    }

    /// After the prefix of `kind` at `index`, or nil when this line lacks it.
    static func end(of kind: LinePrefix, _ line: LineBytes, at index: Int) -> Int? {
        switch kind {
        case .clockTime: clockTimeEnd(line, at: index)
        case .monthDayTime: monthDayTimeEnd(line, at: index)
        case .dayMonthYearTime: dayMonthYearTimeEnd(line, at: index)
        case .elapsedSeconds: elapsedSecondsEnd(line, at: index)
        case .tag: tagEnd(line, at: index)
        case .dateTime: unbracketedDateTimeEnd(line, at: index)
        default: nil
        }
    }

    /// After a Markdown quote's `> ` at a line's start (or the whole line when it is `>` alone), or nil.
    static func quoteEnd(_ line: LineBytes) -> Int? {
        guard line.first == UInt8(ascii: ">") else { return nil }
        if line.count == 1 { return 1 }
        return line[1] == UInt8(ascii: " ") ? 2 : nil
    }

    /// Whether a logger's record starts at `start`: swift-log's own line (`2021-09-29T08:17:42-0400 info label : …`)
    /// or Vapor's (`[ INFO ] …`), which a test's background work prints at any moment.
    package static func isLogRecord(_ line: LineBytes, at start: Int) -> Bool {
        if line.hasPrefix("[ ", at: start) {
            return vaporLevels.contains { line.hasPrefix($0, at: start + 2) }
        }
        guard start < line.count, line[start] &- UInt8(ascii: "0") < 10, let end = dateTimeEnd(line, from: start),
            line.hasPrefix(" ", at: end)
        else { return false }
        return startsLogLevel(line, at: end + 1)
    }

    private static let vaporLevels: [StaticString] = [
        "TRACE ]", "DEBUG ]", "INFO ]", "NOTICE ]", "WARNING ]", "ERROR ]", "CRITICAL ]",
    ]

    /// Whether a swift-log level and a space start the text at `index`, as after the timestamp of swift-log's own line.
    static func startsLogLevel(_ line: LineBytes, at index: Int) -> Bool {
        line.hasPrefix("trace ", at: index) || line.hasPrefix("debug ", at: index) || line.hasPrefix("info ", at: index)
            || line.hasPrefix("notice ", at: index) || line.hasPrefix("warning ", at: index)
            || line.hasPrefix("error ", at: index) || line.hasPrefix("critical ", at: index)
    }

    /// After `Nov 30 02:09:31 ` (`%b %d %H:%M:%S`, the day perhaps space-padded, the time perhaps with a fraction) at
    /// `index`, or nil.
    static func monthDayTimeEnd(_ line: LineBytes, at index: Int) -> Int? {
        guard index + 16 <= line.count, line[index] &- UInt8(ascii: "A") < 26,
            line[index + 1] &- UInt8(ascii: "a") < 26,
            line[index + 2] &- UInt8(ascii: "a") < 26, line[index + 3] == UInt8(ascii: " "),
            line[index + 4] == UInt8(ascii: " ") || line[index + 4] &- UInt8(ascii: "0") < 4,
            line[index + 5] &- UInt8(ascii: "0") < 10, line[index + 6] == UInt8(ascii: " "),
            isClockTime(line, at: index + 7)
        else { return nil }
        let end = fractionEnd(line, at: index + 15)
        return line.hasPrefix(" ", at: end) ? end + 1 : nil
    }

    /// After `30-Jan-2017 13:54:31<TAB>` (`%d-%b-%Y %H:%M:%S`, then a TAB) at `index`, or nil.
    static func dayMonthYearTimeEnd(_ line: LineBytes, at index: Int) -> Int? {
        guard index + 21 <= line.count, line[index] &- UInt8(ascii: "0") < 4, line[index + 1] &- UInt8(ascii: "0") < 10,
            line[index + 2] == UInt8(ascii: "-"), line[index + 3] &- UInt8(ascii: "A") < 26,
            line[index + 4] &- UInt8(ascii: "a") < 26, line[index + 5] &- UInt8(ascii: "a") < 26,
            line[index + 6] == UInt8(ascii: "-"), line.endOfDigits(from: index + 7) == index + 11,
            line[index + 11] == UInt8(ascii: " "), isClockTime(line, at: index + 12),
            line[index + 20] == UInt8(ascii: "\t")
        else { return nil }
        return index + 21
    }

    /// After `0.000011 ` (digits, a fraction, a space) at `index`, or nil: a whole number alone is too often text.
    static func elapsedSecondsEnd(_ line: LineBytes, at index: Int) -> Int? {
        let digitsEnd = line.endOfDigits(from: index)
        guard digitsEnd > index, digitsEnd - index <= 10 else { return nil }
        let end = fractionEnd(line, at: digitsEnd)
        return end > digitsEnd && line.hasPrefix(" ", at: end) ? end + 1 : nil
    }

    /// After `ARGUMENT<TAB>` at `index`: 1 to 128 bytes, none of them a space or a TAB, then a TAB; or nil.
    static func tagEnd(_ line: LineBytes, at index: Int) -> Int? {
        guard let tab = line.firstIndex(of: UInt8(ascii: "\t"), from: index, upTo: index + 129), tab > index,
            line.firstIndex(of: UInt8(ascii: " "), from: index, upTo: tab) == nil
        else { return nil }
        return tab + 1
    }

    /// A process's name and id at `index`: up to 80 bytes without a space, then `[` and a digit.
    private static func startsProcessName(_ line: LineBytes, at index: Int) -> Bool {
        let limit = Swift.min(line.count, index + 80)
        // A colour code's `ESC[1m` is no `name[pid`.
        guard let bracket = line.firstIndex(of: UInt8(ascii: "["), from: index, upTo: limit), bracket > index,
            bracket + 1 < line.count, line[bracket + 1] &- UInt8(ascii: "0") < 10, line[bracket - 1] != 0x1B
        else { return false }
        return line.firstIndex(of: UInt8(ascii: " "), from: index, upTo: bracket) == nil
    }
}
