/// A log's lines as `LogTransformation` rewrites them: each line's content without its `\n` (and `\r`), put back
/// together with the same ends unless told otherwise.
struct LogLines {
    private(set) var contents: [[UInt8]]
    /// Whether each line ended in `\r\n` rather than `\n`.
    private var hadCarriageReturn: [Bool]
    /// Whether the last line had its `\n`.
    private var lastLineTerminated: Bool
    /// The line end written after every line (`\n`, or `\r\n` for all of them).
    var lineEnd: [UInt8] = [UInt8(ascii: "\n")]

    init(_ log: [UInt8]) {
        var contents = log.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map(Array.init)
        lastLineTerminated = log.last == UInt8(ascii: "\n")
        if lastLineTerminated { contents.removeLast() }
        hadCarriageReturn = contents.map { $0.last == UInt8(ascii: "\r") }
        self.contents = contents.map { $0.last == UInt8(ascii: "\r") ? Array($0.dropLast()) : $0 }
    }

    var count: Int { contents.count }

    /// Every line's content replaced by `transform(index, content)`.
    mutating func mapContent(_ transform: (Int, [UInt8]) -> [UInt8]) {
        for index in contents.indices { contents[index] = transform(index, contents[index]) }
    }

    mutating func replace(_ index: Int, with lines: [[UInt8]]) {
        contents.replaceSubrange(index...index, with: lines)
        let carriageReturn = hadCarriageReturn[index]
        hadCarriageReturn.replaceSubrange(index...index, with: Array(repeating: carriageReturn, count: lines.count))
    }

    mutating func insert(_ lines: [String], at index: Int) {
        contents.insert(contentsOf: lines.map { Array($0.utf8) }, at: index)
        hadCarriageReturn.insert(contentsOf: Array(repeating: false, count: lines.count), at: index)
    }

    mutating func append(_ lines: [String]) { insert(lines, at: contents.count) }

    /// Only the lines up to `index`, the last of them ended.
    mutating func keep(through index: Int) {
        contents.removeSubrange((index + 1)...)
        hadCarriageReturn.removeSubrange((index + 1)...)
        lastLineTerminated = true
    }

    var bytes: [UInt8] {
        var log: [UInt8] = []
        for (index, content) in contents.enumerated() {
            log += content
            let isLast = index == contents.count - 1
            if isLast, !lastLineTerminated { break }
            if hadCarriageReturn[index], lineEnd.first != UInt8(ascii: "\r") { log.append(UInt8(ascii: "\r")) }
            log += lineEnd
        }
        return log
    }
}
