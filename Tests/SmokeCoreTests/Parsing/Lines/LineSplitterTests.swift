import Foundation
import Testing

@testable import SmokeCore

@Suite struct LineSplitterTests {
    private func lines(_ chunks: [String], maxLineLength: Int = LineSplitter.defaultMaxLineLength) -> (
        lines: [String], splitter: LineSplitter
    ) {
        var splitter = LineSplitter(maxLineLength: maxLineLength)
        var lines: [String] = []
        for chunk in chunks { splitter.push(Data(chunk.utf8)) { lines.append($0.string(0..<$0.count)) } }
        splitter.finish { lines.append($0.string(0..<$0.count)) }
        return (lines, splitter)
    }

    @Test func splitsOnNewlinesAndStripsCarriageReturns() {
        let result = lines(["one\r\ntwo\n\nthree\n"])
        #expect(result.lines == ["one", "two", "", "three"])
        #expect(result.splitter.lineCount == 4)
    }

    /// Old Mac line ends (`\r` alone, as some terminals and pastes leave a log) end lines as `\n` and `\r\n` do; a
    /// `\r\n` is one line end wherever the chunks are cut.
    @Test(arguments: [
        (["one\rtwo\rthree\r"], ["one", "two", "three"]),
        (["one\rtwo"], ["one", "two"]),
        (["one\r\ntwo\r\n"], ["one", "two"]),
        (["one\r", "\ntwo\r", "\n"], ["one", "two"]),
        (["one\r", "two\r", "three"], ["one", "two", "three"]),
        (["one\r\rtwo\n\nthree\r\n\r\n"], ["one", "", "two", "", "three", ""]),
        (
            ["[1/3] Compiling A\r[2/3] Compiling B\r[3/3] Linking\nBuild complete!\n"],
            ["[1/3] Compiling A", "[2/3] Compiling B", "[3/3] Linking", "Build complete!"]
        ),
        (["lo", "ng\rli", "ne\r", "\r", "\n", "x"], ["long", "line", "", "x"]),
    ])
    func aCarriageReturnAloneEndsALine(chunks: [String], expected: [String]) {
        let result = lines(chunks)
        #expect(result.lines == expected)
        #expect(result.splitter.lineCount == expected.count)
    }

    /// A `\r` an ESC follows rewrites the line in place (GitLab's section markers, an erase-line code): it stays in
    /// the line, where the prefix rules read it, wherever the chunks are cut.
    @Test(arguments: [
        ["section_start:1714556400:step_script\r\u{1B}[0KTest Case 'A.b' started\n"],
        ["section_start:1714556400:step_script\r", "\u{1B}[0KTest Case 'A.b' started\n"],
        ["section_start:1714556400:step_script\r", "\u{1B}", "[0KTest Case 'A.b' started"],
    ])
    func aCarriageReturnBeforeAnEscapeStaysInTheLine(chunks: [String]) {
        #expect(lines(chunks).lines == ["section_start:1714556400:step_script\r\u{1B}[0KTest Case 'A.b' started"])
    }

    @Test func aLogOfCarriageReturnsOnlyIsNotOneLongLine() {
        let result = lines([String(repeating: "line\r", count: 100)], maxLineLength: 16)
        #expect(result.lines == Array(repeating: "line", count: 100))
        #expect(result.splitter.truncatedLineCount == 0)
    }

    @Test func joinsALineSplitAcrossChunks() {
        #expect(lines(["Test Ca", "se 'A.b' st", "arted\nnext"]).lines == ["Test Case 'A.b' started", "next"])
    }

    @Test func finishDeliversTheUnterminatedLastLine() {
        let result = lines(["first\nlast without newline"])
        #expect(result.lines == ["first", "last without newline"])
        #expect(result.splitter.lastLineWasUnterminated)
    }

    @Test func cutsLongLinesAndCountsThem() {
        let result = lines(
            [String(repeating: "x", count: 25), String(repeating: "y", count: 10) + "\nshort\n"], maxLineLength: 16)
        #expect(result.lines == [String(repeating: "x", count: 16), "short"])
        #expect(result.splitter.truncatedLineCount == 1)
    }

    @Test func cutsALongLineInsideOneChunk() {
        let result = lines([String(repeating: "z", count: 40) + "\n"], maxLineLength: 8)
        #expect(result.lines == ["zzzzzzzz"])
        #expect(result.splitter.truncatedLineCount == 1)
    }

    @Test func emptyInputHasNoLines() {
        #expect(lines([]).lines.isEmpty)
        #expect(lines([""]).lines.isEmpty)
    }
}
