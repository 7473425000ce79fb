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

    /// The terminal's replay names the pipeline as the folder the run started in reaches it: a subfolder of the
    /// project, or a pipeline outside `Pipelines/` (`run ci/smoke.json`), gets a command that works there.
    @Test func theTerminalsReplayNamesThePipelineFromTheCurrentFolder() {
        let root = URL(fileURLWithPath: "/src/App")
        func path(_ file: String, from folder: URL) -> String {
            HostContext(currentDirectory: folder).displayPath(URL(fileURLWithPath: file))
        }
        #expect(path("/src/App/ci/smoke.json", from: root) == "ci/smoke.json")
        let sources = root.appendingPathComponent("Sources")
        #expect(path("/src/App/Pipelines/smoke.json", from: sources) == "/src/App/Pipelines/smoke.json")
        #expect(path("/src/AppTwo/smoke.json", from: root) == "/src/AppTwo/smoke.json")
    }
}
