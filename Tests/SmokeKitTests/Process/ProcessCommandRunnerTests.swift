import Foundation
import SmokeCoreTestSupport
import Testing

@testable import SmokeCore
@testable import SmokeKit
@testable import SmokeTestSupport

/// The real runners, against `/bin/sh`: what a tool prints on each stream stays apart, statuses survive.
@Suite struct ProcessCommandRunnerTests {
    @Test func keepsStandardOutputAndStandardErrorApartAndReportsTheExitStatus() throws {
        let result = try ProcessCommandRunner().run("sh", ["-c", "echo out; echo err >&2; exit 3"])
        #expect(result.outputText == "out\n")
        #expect(result.errorText == "err\n")
        #expect(result.exitStatus == 3)
    }

    /// A command that never ends (`simctl bootstatus -b` on a device that cannot boot) ends when the run must stop.
    @Test func aBoundedRunnerStopsACommandWhenTheRunMustStop() throws {
        let stop = CancellationFlag()
        let runner = ProcessCommandRunner().bounded { stop.isCancelled ? "smokerun was stopped" : nil }
        #expect(try runner.run("sh", ["-c", "echo quick"]).outputText == "quick\n")
        stop.cancel()
        let stopped = try #require(throws: CommandStopped.self) { try runner.run("sh", ["-c", "sleep 60"]) }
        #expect(stopped.reason == "smokerun was stopped" && stopped.command == "sh -c sleep 60")
    }

    @Test func runsInTheGivenFolderWithExactlyTheGivenEnvironment() throws {
        let folder = TestScratch.root.resolvingSymlinksInPath()
        let result = try ProcessCommandRunner().run(
            "/bin/sh", ["-c", "pwd; echo \"$ONLY-${HOME:-unset}\""], environment: ["ONLY": "this"],
            currentDirectory: folder)
        #expect(result.outputText == "\(folder.path)\nthis-unset\n")
    }

    @Test func readsOutputLargerThanAPipeWithoutBlocking() throws {
        // 1 MB on each stream: a runner that read one pipe to the end before the other would deadlock.
        let result = try ProcessCommandRunner().run(
            "sh", ["-c", "head -c 1000000 /dev/zero; head -c 1000000 /dev/zero >&2"])
        #expect(result.standardOutput.count == 1_000_000)
        #expect(result.standardError.count == 1_000_000)
    }

    @Test func aSignalIsReportedAsAShellWould() throws {
        let result = try ProcessCommandRunner().run("sh", ["-c", "kill -TERM $$"])
        #expect(result.exitStatus == 128 + SIGTERM)
    }

    @Test func aMissingProgramIsACommandErrorThatSaysSo() {
        #expect {
            _ = try ProcessCommandRunner().run(
                "smokerun-no-such-tool", [], environment: ["PATH": "/usr/bin:/bin"], currentDirectory: nil)
        } throws: { error in
            "\(error.localizedDescription)".contains("smokerun-no-such-tool")
                && "\(error.localizedDescription)".contains("not found on PATH")
        }
    }

    @Test func theFileRunnerWritesStandardOutputIntoTheFileAndKeepsStandardError() throws {
        let file = TestScratch.root.appendingPathComponent(
            "smokerun-file-runner-\(UUID().uuidString).txt")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data("stale content that must be replaced\n".utf8).write(to: file)
        let result = try ProcessFileOutputRunner().run(
            "/bin/sh", ["-c", "echo exported; echo warning >&2"], standardOutput: file)
        #expect(result.exitStatus == 0)
        #expect(result.errorText == "warning\n")
        #expect(try String(contentsOf: file, encoding: .utf8) == "exported\n")
    }

    /// Foundation opens files without close-on-exec; a child must hold none of them (a lock, the history database).
    @Test func aChildHoldsNoneOfSmokerunsOpenFiles() throws {
        let file = TestScratch.root.appendingPathComponent("smokerun-held-\(UUID().uuidString).txt")
        let descriptor = open(file.path, O_WRONLY | O_CREAT, 0o644)
        try #require(descriptor >= 0)
        defer {
            close(descriptor)
            try? FileManager.default.removeItem(at: file)
        }
        let listing = "for f in /proc/$$/fd/*; do readlink \"$f\" || true; done"
        let result = try ProcessCommandRunner().run("sh", ["-c", listing])
        #expect(result.exitStatus == 0 && result.outputText.contains("/"))
        #expect(!result.outputText.contains(file.lastPathComponent), "the child holds \(file.path)")
    }

    /// A script still open for writing (here, or in a child another thread forked a moment ago) is "Text file busy"
    /// until it is closed: the start waits for it instead of failing.
    @Test func aScriptStillOpenForWritingRunsOnceItIsClosed() throws {
        let script = TestScratch.root.appendingPathComponent("smokerun-busy-\(UUID().uuidString).sh")
        defer { try? FileManager.default.removeItem(at: script) }
        let descriptor = open(script.path, O_WRONLY | O_CREAT | O_TRUNC, 0o755)
        try #require(descriptor >= 0)
        let text = Array("#!/bin/sh\necho ran\n".utf8)
        #expect(write(descriptor, text, text.count) == text.count)
        Thread.detachNewThread {
            usleep(300_000)
            close(descriptor)
        }
        let result = try ProcessCommandRunner().run(script.path, [])
        #expect(result.exitStatus == 0)
        #expect(result.outputText == "ran\n")
    }
}
