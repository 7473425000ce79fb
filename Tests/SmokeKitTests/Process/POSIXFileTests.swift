import Foundation
import Testing

@testable import SmokeKit
@testable import SmokeTestSupport

/// A package reached through a link is built under one spelling, its target's: `swift build` starts in the real
/// folder, and a module cache that holds both spellings fails.
@Suite struct POSIXFileTests {
    @Test func aPathThroughALinkIsItsTargetsAndItsMissingPartStaysAsWritten() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let root = folder.url
        let real = root.appendingPathComponent("real")
        try FileManager.default.createDirectory(at: real, withIntermediateDirectories: true)
        let link = root.appendingPathComponent("link")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: real)
        let physicalRoot = try #require(POSIXFile.realPath(root.path))

        #expect(POSIXFile.physical(link).path == physicalRoot + "/real")
        #expect(
            POSIXFile.physical(link.appendingPathComponent(".build/smokerun")).path
                == physicalRoot + "/real/.build/smokerun")
        #expect(POSIXFile.physical(URL(fileURLWithPath: "/no-such-folder-here/x")).path == "/no-such-folder-here/x")
    }
}
