import Foundation
import Testing

@testable import SmokeCore

@Suite struct JSONObjectWriterTests {
    struct Shell: Encodable {
        var name = #"a "quoted" {name}, [with] \ marks"#
        var items: [Int] = []
        var nested = ["b": ["x": [1, 2]], "a": ["y": []]]
        var date = Date(timeIntervalSince1970: 0)
        var nothing: Int? = nil

        enum Key: String, CodingKey { case name, items, nested, date, nothing }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Key.self)
            try container.encode(name, forKey: .name)
            try container.encode(items, forKey: .items)
            try container.encode(nested, forKey: .nested)
            try container.encode(date, forKey: .date)
            try container.encode(nothing, forKey: .nothing)
        }
    }

    @Test(arguments: [true, false])
    func unchangedMembersWriteTheEncodersBytes(pretty: Bool) throws {
        let document = try JSONCoding.encoder(pretty: pretty).encode(Shell())
        let written = ReportSink.collect { sink in
            JSONObjectWriter(document: document, pretty: pretty).stream(into: &sink) { _, _ in false }
        }
        #expect(String(decoding: written, as: UTF8.self) == String(decoding: document, as: UTF8.self))
    }

    @Test(arguments: [true, false])
    func aStreamedMemberEqualsTheEncodedWhole(pretty: Bool) throws {
        var full = Shell()
        full.items = [3, 1, 2]
        let expected = try JSONCoding.encoder(pretty: pretty).encode(full)
        let shell = try JSONCoding.encoder(pretty: pretty).encode(Shell())
        let written = ReportSink.collect { sink in
            JSONObjectWriter(document: shell, pretty: pretty).stream(into: &sink) { key, sink in
                guard key == "items" else { return false }
                sink.append(pretty ? "[\n    3,\n    1,\n    2\n  ]" : "[3,1,2]")
                return true
            }
        }
        #expect(String(decoding: written, as: UTF8.self) == String(decoding: expected, as: UTF8.self))
    }

    @Test func membersAreSplitOnlyAtTheTopLevel() {
        let bytes = Array(#"{"a":{"b":[1,{"c":"},"}]},"d\"e":"x,y","f":null}"#.utf8)
        let members = JSONObjectWriter.members(of: bytes).map {
            (String(decoding: bytes[$0.key], as: UTF8.self), String(decoding: bytes[$0.value], as: UTF8.self))
        }
        #expect(members.map(\.0) == [#""a""#, #""d\"e""#, #""f""#])
        #expect(members.map(\.1) == [#"{"b":[1,{"c":"},"}]}"#, #""x,y""#, "null"])
    }
}
