/// xcodebuild's own status lines, which it writes into the test runner's stream near the start and the end of a run
/// — sometimes into the middle of a test line (`Test Case '-[M.C t** TEST SUCCEEDED **`, blank lines, then
/// `est]' passed (0.001 seconds).`).
enum XcodebuildStatusLine {
    /// Whether `line` from `start` to its end is one whole status line: a banner (`** TEST SUCCEEDED **`,
    /// `** TEST EXECUTE FAILED **`, `** BUILD SUCCEEDED **`), `Test session results, code coverage, and logs:` (or
    /// `Test session results and logs:`), `Testing started` (`Testing started on 'iPhone X'`) or `Testing failed:`.
    static func isWhole(_ line: LineBytes, from start: Int) -> Bool {
        var end = line.count
        while end > start, line[end - 1] == UInt8(ascii: " ") { end -= 1 }
        end = bannerEnd(line, end: end)
        let length = end - start
        guard length >= 14 else { return false }
        if line.hasPrefix("** ", at: start) {
            guard line.hasPrefix(" **", at: end - 3), length > 6 else { return false }
            for index in (start + 3)..<(end - 3) {
                let byte = line[index]
                guard byte &- UInt8(ascii: "A") < 26 || byte == UInt8(ascii: " ") else { return false }
            }
            return true
        }
        if line.hasPrefix("Test session results", at: start) {
            return length <= 60 && line[end - 1] == UInt8(ascii: ":")
        }
        if line.hasPrefix("Testing started", at: start) {
            return length == 15 || (line.hasPrefix(" on '", at: start + 15) && line[end - 1] == UInt8(ascii: "'"))
        }
        return line.hasPrefix("Testing failed:", at: start) && length == 15
    }

    /// Where a banner ends without the elapsed time xcodebuild may print after it (`** TEST SUCCEEDED ** [109.3 sec]`).
    static func bannerEnd(_ line: LineBytes, end: Int) -> Int {
        guard end >= 12, line[end - 1] == UInt8(ascii: "]"), line.hasPrefix(" sec]", at: end - 5),
            let open = line.lastIndex(of: UInt8(ascii: "["), before: end - 5), open >= 3,
            line.hasPrefix("** [", at: open - 3)
        else { return end }
        for index in (open + 1)..<(end - 5) {
            guard line[index] &- UInt8(ascii: "0") < 10 || line[index] == UInt8(ascii: ".") else { return end }
        }
        return open - 1
    }

    /// Where a whole status line starts inside a test line it cut, or nil. Only one running to the line's end counts,
    /// so a test's name or message is never cut.
    static func start(insideTestLine line: LineBytes) -> Int? {
        var end = line.count
        while end > 0, line[end - 1] == UInt8(ascii: " ") { end -= 1 }
        // After `Test Case '` and the name's first byte.
        let earliest = 12
        guard end > earliest + 14 else { return nil }
        let text = UnsafeBufferPointer(rebasing: line[..<end])
        let candidate: Int?
        switch line[end - 1] {
        case UInt8(ascii: "*"): candidate = text.lastIndex(of: "** ")
        case UInt8(ascii: ":"): candidate = text.lastIndex(of: "Test session results") ?? (end - 15)
        case UInt8(ascii: "d"): candidate = end - 15
        case UInt8(ascii: "'"): candidate = text.lastIndex(of: "Testing started on '")
        default: candidate = nil
        }
        guard let candidate, candidate >= earliest, isWhole(line, from: candidate) else { return nil }
        return candidate
    }
}
