import Foundation
import SmokeCore
import SmokeTestSupport
import Testing

@testable import SmokeKit

/// The state smokerun keeps in folders of its own inside the output folder is never written through a link planted
/// where such a folder goes.
@Suite struct OwnFolderStateTests {
    @Test func aLinkedStateFolderIsRefusedAndItsTargetLeftAlone() throws {
        let temp = try TemporaryDirectory()
        defer { temp.remove() }
        let output = temp.url.appendingPathComponent("out")
        let elsewhere = temp.url.appendingPathComponent("elsewhere")
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        let key = PipelineKey(name: "smoke", file: nil)
        for folder in ["notify-state", "quarantine"] {
            try FileManager.default.createSymbolicLink(
                at: output.appendingPathComponent(folder), withDestinationURL: elsewhere)
        }
        #expect(throws: StoreError.self) {
            try NotifyStateStore(outputDirectory: output, pipeline: key).save(NotifyState())
        }
        #expect(throws: StoreError.self) { try QuarantineStore(outputDirectory: output, pipeline: key).save([]) }
        #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere.path).isEmpty)
    }

    @Test func aMissingStateFolderIsMadeAndWritten() throws {
        let temp = try TemporaryDirectory()
        defer { temp.remove() }
        let key = PipelineKey(name: "smoke", file: nil)
        try QuarantineStore(outputDirectory: temp.url, pipeline: key).save([])
        #expect(QuarantineStore(outputDirectory: temp.url, pipeline: key).load().isEmpty)
        #expect(try temp.files(in: "quarantine") == ["smoke.json"])
    }
}
