import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeKit
@testable import smokerun

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
