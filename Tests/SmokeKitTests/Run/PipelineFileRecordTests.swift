import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeKit

@Suite struct PipelineFileRecordTests {
    private func pipeline(at path: String?) -> Pipeline {
        var pipeline = Pipeline(name: "smoke", driver: .swiftpm(SwiftPMSettings(packagePath: ".")))
        pipeline.sourcePath = path
        return pipeline
    }

    @Test func aPipelineInPipelinesIsRecordedRelativeToTheProjectRootWithItsHash() {
        let record = PipelineFileRecord(
            pipeline(at: "/srv/app/Pipelines/smoke.json"), currentDirectory: URL(fileURLWithPath: "/elsewhere"),
            readFile: { _ in Data("abc".utf8) })
        #expect(
            record
                == PipelineFileRecord(
                    path: "Pipelines/smoke.json",
                    hash: "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"))
    }

    @Test func aPipelineOutsidePipelinesIsItsFileNameAndAnUnreadableFileHasNoHash() {
        let record = PipelineFileRecord(
            pipeline(at: "/srv/app/ci/nightly.json"), currentDirectory: URL(fileURLWithPath: "/"),
            readFile: { _ in throw CocoaError(.fileReadNoSuchFile) })
        #expect(record == PipelineFileRecord(path: "nightly.json", hash: nil))
    }

    @Test func aPipelineNotReadFromAFileHasNoRecord() {
        #expect(PipelineFileRecord(pipeline(at: nil), currentDirectory: URL(fileURLWithPath: "/")) == nil)
    }
}
