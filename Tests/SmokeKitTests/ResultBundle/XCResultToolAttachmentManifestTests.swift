import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeKit

/// `manifest.json` → attachments linked to smokerun ids, without touching the disk.
@Suite struct XCResultToolAttachmentManifestTests {
    @Test func entriesJoinToTestsAndUnsafeOrMissingFilesBecomeNotes() throws {
        let json = """
            [{"testIdentifier": "CartTests/testTotal()", "attachments": [
               {"exportedFileName": "A.png", "suggestedHumanReadableName": "Cart_0_6B1D3C2A-5E4F-4A3B-9C8D-7E6F5A4B3C2D.png"},
               {"exportedFileName": "../escape.txt"},
               {"exportedFileName": "Gone.txt"}]},
             {"testIdentifier": "Unknown/testX()", "attachments": [{"exportedFileName": "B.txt"}]},
             "not an entry"]
            """
        let manifest = try JSONDecoder().decode(XCResultToolAttachmentManifest.self, from: Data(json.utf8))
        let folder = URL(fileURLWithPath: "/export")
        let result = manifest.attachments(
            in: folder, testIDs: ["CartTests/testTotal()": "ShopTests.CartTests/testTotal"],
            fileExists: { $0.lastPathComponent != "Gone.txt" })
        #expect(
            result.attachments == [
                RawAttachment(
                    testID: "ShopTests.CartTests/testTotal", name: "Cart.png",
                    content: .file(folder.appendingPathComponent("A.png"))),
                RawAttachment(
                    testID: "Unknown/testX()", name: "B.txt", content: .file(folder.appendingPathComponent("B.txt"))),
            ])
        #expect(result.notes.count == 2)
    }
}
