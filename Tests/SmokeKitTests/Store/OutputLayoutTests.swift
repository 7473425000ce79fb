import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeKit

@Suite struct OutputLayoutTests {
    @Test func everyPlaceInTheOutputFolderComesFromTheLayout() {
        let layout = OutputLayout(root: URL(fileURLWithPath: "/p/.smokerun"))
        #expect(layout.runs.path == "/p/.smokerun/runs")
        #expect(layout.run("20261122T040000Z-3f9a").path == "/p/.smokerun/runs/20261122T040000Z-3f9a")
        #expect(layout.latest.path == "/p/.smokerun/latest")
        #expect(layout.history.path == "/p/.smokerun/history.jsonl")
        #expect(layout.outbox.path == "/p/.smokerun/outbox")
        #expect(layout.lock(pipeline: PipelineKey(name: "smoke", file: nil)).path == "/p/.smokerun/locks/smoke.lock")
        #expect(layout.derivedData(pipelineName: "ios smoke").path == "/p/.smokerun/DerivedData/ios_smoke")
        #expect(OutputLayout.profiles(inRun: layout.run("r")).path == "/p/.smokerun/runs/r/profiles")
        #expect(OutputLayout.relativeRunPath("r") == "runs/r")
    }

    @Test(arguments: [
        ("smoke", "smoke"), ("ios smoke", "ios_smoke"), ("v1.2-nightly_x", "v1.2-nightly_x"),
        ("../etc/passwd", "_etc_passwd"), ("..", "fallback"), ("", "fallback"), ("Ünïcode", "_n_code"),
        ("a/b\u{0}c", "a_b_c"),
    ])
    func namesBecomeOneVisibleFileNameComponent(name: String, expected: String) {
        let safe = OutputLayout.safeFileName(name, fallback: "fallback")
        #expect(safe == expected)
        #expect(!safe.contains("/") && !safe.hasPrefix("."))
    }

    @Test func theLockTheOutboxAndDerivedDataUseTheSameRule() {
        let root = URL(fileURLWithPath: "/out")
        let name = "nightly ios.v2"
        let safe = OutputLayout.safeFileName(name, fallback: "pipeline")
        #expect(
            RunLock.fileURL(outputDirectory: root, pipeline: PipelineKey(name: name, file: nil)).lastPathComponent
                == safe + ".lock")
        #expect(OutputLayout(root: root).derivedData(pipelineName: name).lastPathComponent == safe)
        #expect(OutboxItem.id(runID: name, kind: .failure) == safe + "-failure")
    }

    @Test func twoPipelineFilesOfOneNameKeepTheirStateApart() {
        let layout = OutputLayout(root: URL(fileURLWithPath: "/out"))
        let one = PipelineKey(name: "smoke", file: "/a/Pipelines/smoke.json")
        let other = PipelineKey(name: "smoke", file: "/b/Pipelines/smoke.json")
        #expect(layout.notifyState(pipeline: one) != layout.notifyState(pipeline: other))
        #expect(layout.lock(pipeline: one) != layout.lock(pipeline: other))
        #expect(layout.notifyState(pipeline: one).lastPathComponent.hasPrefix("smoke-"))
        #expect(
            layout.notifyState(pipeline: PipelineKey(name: "alpha", file: nil)).path == "/out/notify-state/alpha.json")
        #expect(one.owns(name: "smoke", file: nil))
        #expect(!one.owns(name: "smoke", file: "/b/Pipelines/smoke.json"))
        #expect(!one.owns(name: "gamma", file: "/a/Pipelines/smoke.json"))
    }
}
