import Foundation
import Testing

@testable import SmokeCore

/// xcresulttool's JSON read leniently: a field that is missing, null or of another type reads as nil (an array as
/// empty), an array element that does not decode is dropped alone, and the rest of the document is kept.
@Suite struct LenientDecodingTests {
    static func decode<Value: Decodable>(_ type: Value.Type, _ json: String) throws -> Value {
        try JSONDecoder().decode(type, from: Data(json.utf8))
    }

    @Test func missingNullAndMistypedFieldsReadAsNilAndTheRestIsKept() throws {
        let node = try Self.decode(
            XCResultToolTestNode.self,
            #"{"nodeType": "Test Case", "name": null, "durationInSeconds": "fast", "tags": 7}"#)
        #expect(node == XCResultToolTestNode(nodeType: "Test Case"))
    }

    @Test func anArrayElementThatDoesNotDecodeIsDroppedAlone() throws {
        let document = try Self.decode(
            XCResultToolTestsDocument.self,
            #"""
            {"testNodes": [{"nodeType": "Test Case", "tags": ["fast", 3, "ui"], "children": [5, {"name": "inner"}]}, 4],
             "devices": [{"deviceName": "iPhone 16", "osVersion": 18}]}
            """#)
        #expect(
            document
                == XCResultToolTestsDocument(
                    testNodes: [
                        XCResultToolTestNode(
                            nodeType: "Test Case", tags: ["fast", "ui"],
                            children: [XCResultToolTestNode(nodeType: nil, name: "inner")])
                    ],
                    devices: [XCResultToolDevice(deviceName: "iPhone 16")]))
    }

    @Test func anEmptyObjectDecodesToEmptyFields() throws {
        let activities = try Self.decode(XCResultToolActivities.self, #"{"testRuns": [{"activities": [{}]}]}"#)
        #expect(
            activities
                == XCResultToolActivities(
                    testIdentifier: nil, testRuns: [.init(activities: [.init(title: nil)])]))
    }
}
