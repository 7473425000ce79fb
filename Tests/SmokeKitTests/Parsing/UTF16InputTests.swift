import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeCoreTestSupport
@testable import SmokeKit
@testable import SmokeTestSupport

/// A log saved as UTF-16 (PowerShell's `>`, some Windows tools) is refused with its name and the conversion to run,
/// never as "binary data"; no UTF-8 log is taken for one.
@Suite struct UTF16InputTests {
    static func encoded(_ text: String, _ encoding: String.Encoding, mark: Bool) -> Data {
        let body = text.data(using: encoding) ?? Data()
        let bom: [UInt8] = encoding == .utf16LittleEndian ? [0xFF, 0xFE] : [0xFE, 0xFF]
        return mark ? Data(bom) + body : body
    }

    static let log = """
        Test Case '-[AppTests.CartTests testA]' started.
        Test Case '-[AppTests.CartTests testA]' passed (0.010 seconds).

        """

    @Test(arguments: [
        (String.Encoding.utf16LittleEndian, true), (.utf16LittleEndian, false), (.utf16BigEndian, true),
        (.utf16BigEndian, false),
    ])
    func aUTF16LogIsRefusedWithTheConversionToRun(_ encoding: String.Encoding, _ mark: Bool) throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let file = folder.url.appendingPathComponent("test.log")
        try Self.encoded(Self.log, encoding, mark: mark).write(to: file)
        #expect(throws: ParseError.utf16(path: file.path)) { try LogParser().parse(files: [file]) }
        let message = ParseError.utf16(path: file.path).localizedDescription
        #expect(message.contains(file.path) && message.contains("iconv -f UTF-16 -t UTF-8"), "\(message)")
    }

    /// A UTF-16 JUnit file's declaration says UTF-16 too: the conversion given rewrites it, so the copy is read, and a
    /// pipe's conversion names no `/dev/stdin.utf8.log`.
    @Test func aUTF16JUnitFileIsGivenAConversionWhoseCopyIsRead() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let xml = """
            <?xml version="1.0" encoding="UTF-16"?>
            <testsuites><testsuite name="C" tests="1"><testcase classname="A.C" name="t" time="0.1"/></testsuite></testsuites>
            """
        let file = folder.url.appendingPathComponent("report.xml")
        try Self.encoded(xml, .utf16LittleEndian, mark: true).write(to: file)
        #expect(throws: ParseError.utf16(path: file.path, xml: true)) { try LogParser().parse(files: [file]) }
        let message = ParseError.utf16(path: file.path, xml: true).localizedDescription
        #expect(message.contains("iconv -f UTF-16 -t UTF-8 '\(file.path)' | sed '1s/UTF-16/UTF-8/' >"), "\(message)")
        let copy = folder.url.appendingPathComponent("report.xml.utf8.xml")
        try Data(xml.replacingOccurrences(of: "UTF-16", with: "UTF-8").utf8).write(to: copy)
        #expect(try LogParser().parse(files: [copy]).results.map(\.status) == [.passed])
        #expect(ParseError.utf16(path: "/dev/stdin").localizedDescription.hasSuffix("> 'converted.utf8.log'"))
    }

    /// Every corpus input is read as it was before (none is UTF-16), and each console log saved as UTF-16 is refused
    /// as UTF-16.
    @Test(.enabled(if: CorpusLocation.shouldRun, "the shared corpus (../shared/corpus) is not beside the package"))
    func noCorpusLogIsTakenForUTF16AndEachAsUTF16IsNamed() throws {
        try CorpusLocation.require()
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        for log in MetamorphicCorpusTests.logs {
            let file = CorpusLocation.file(log)
            let bytes = try [UInt8](Data(contentsOf: file))
            let sample = Array(bytes.prefix(LogParser.sampleSize))
            #expect(!sample.withUnsafeBufferPointer(InputFormatRegistry.looksUTF16), "\(log) taken for UTF-16")
            let text = String(decoding: bytes, as: UTF8.self)
            let converted = folder.url.appendingPathComponent(file.lastPathComponent)
            try Self.encoded(text, .utf16LittleEndian, mark: true).write(to: converted)
            #expect(throws: ParseError.utf16(path: converted.path), "\(log)") {
                try LogParser().parse(files: [converted])
            }
        }
    }
}
