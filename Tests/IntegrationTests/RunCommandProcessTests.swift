import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeCoreTestSupport
@testable import SmokeKit
@testable import smokerun

/// The real `smokerun` executable: exit statuses, messages, and SIGTERM mid-run.
@Suite struct RunCommandProcessTests {
    struct Finished {
        var status: Int32
        var output: String
    }

    /// Runs the binary to completion (bounded), stdout and stderr together.
    func smokerun(_ arguments: [String], in folder: URL) throws -> Finished {
        let child = try ChildProcess(
            executable: IntegrationSupport.smokerunBinary.path, arguments: arguments,
            environment: ProcessInfo.processInfo.environment, currentDirectory: folder)
        var output = Data()
        let deadline = Date().addingTimeInterval(300)
        let termination = child.run(
            onOutput: { output.append(contentsOf: $0) }, onTick: { Date() > deadline ? .kill : .keepRunning })
        guard case .exited(let status) = termination else {
            return Finished(status: -1, output: String(decoding: output, as: UTF8.self))
        }
        return Finished(status: status, output: String(decoding: output, as: UTF8.self))
    }

    func temporaryFolder() throws -> URL {
        let folder = TestScratch.root.appendingPathComponent(
            "smokerun-cli-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("Pipelines"), withIntermediateDirectories: true)
        return folder
    }

    @Test func aBadPipelineExitsTwoNamingTheKey() throws {
        let folder = try temporaryFolder()
        try Data(#"{"name": "x", "swiftpm": {}, "ordering": {"mode": "shuffle"}}"#.utf8)
            .write(to: folder.appendingPathComponent("Pipelines/bad.json"))
        let finished = try smokerun(["run", "Pipelines/bad.json"], in: folder)
        #expect(finished.status == 2)
        #expect(
            finished.output.contains(
                "pipeline Pipelines/bad.json: 'ordering.mode': 'shuffle' is not one of random, declared"))
    }

    @Test func aMissingPipelineExitsTwo() throws {
        let finished = try smokerun(["run", "Pipelines/none.json"], in: try temporaryFolder())
        #expect(finished.status == 2)
        #expect(finished.output.contains("pipeline Pipelines/none.json: cannot be read"))
    }

    @Test func scheduleWithAMissingOrInvalidPipelineExitsTwoAtStart() throws {
        let folder = try temporaryFolder()
        let missing = try smokerun(["schedule", "Pipelines/none.json"], in: folder)
        #expect(missing.status == 2, "\(missing.output)")
        #expect(
            missing.output.contains("schedule cannot start") && missing.output.contains("none.json"),
            "\(missing.output)")
        try Data("{\"name\": \"x\",\n \"name\": \"y\", \"swiftpm\": {}}".utf8).write(
            to: folder.appendingPathComponent("Pipelines/dup.json"))
        let duplicate = try smokerun(["schedule", "Pipelines/dup.json"], in: folder)
        #expect(duplicate.status == 2, "\(duplicate.output)")
        #expect(
            duplicate.output.contains("dup.json: 'name': is not valid JSON at line 2, column 2: duplicate key 'name'"),
            "\(duplicate.output)")
        let run = try smokerun(["run", "Pipelines/dup.json"], in: folder)
        #expect(run.status == 2 && run.output.contains("duplicate key 'name'"), "\(run.output)")
    }

    @Test func anUnknownCommandOrOptionExitsTwo() throws {
        let folder = try temporaryFolder()
        #expect(try smokerun(["frobnicate"], in: folder).status == 2)
        #expect(try smokerun(["run", "--sede", "3"], in: folder).status == 2)
        #expect(try smokerun(["run", "--help"], in: folder).status == 0)
    }

    @Test(arguments: [
        (
            "garbage.bin",
            Data([0x7F, 0x45, 0x4C, 0x46, 0, 0, 0, 0, 0xFF, 0xFE] + Array(repeating: UInt8(0), count: 4096)), "binary"
        ),
        ("empty.log", Data(), "no test output"),
    ])
    func parseRejectsBadInputWithExitTwo(name: String, content: Data, expected: String) throws {
        let folder = try temporaryFolder()
        try content.write(to: folder.appendingPathComponent(name))
        let finished = try smokerun(["parse", name], in: folder)
        #expect(finished.status == 2, "\(finished.output)")
        #expect(finished.output.contains(name) && finished.output.lowercased().contains(expected), "\(finished.output)")
    }

    /// A cut event stream concludes nothing: a report that says where it ends, and exit 3.
    @Test func parseOfACutEventStreamExitsThreeNamingWhereItEnds() throws {
        let folder = try temporaryFolder()
        try Data(
            #"{"kind":"event","payload":{"kind":"runStarted","instant":{"absolute":1,"since1970":1},"messages":[]},"version":0}\#n{"kind":"event","payload":{"kind":"testStar"#
                .utf8
        ).write(to: folder.appendingPathComponent("truncated.jsonl"))
        let finished = try smokerun(["parse", "truncated.jsonl"], in: folder)
        #expect(finished.status == 3, "\(finished.output)")
        #expect(finished.output.contains("truncated.jsonl ends at line 2"), "\(finished.output)")
    }

    /// `smokerun parse … | true`: the reader is gone before smokerun prints. The write fails and is said (exit 3 for a
    /// passing log), the report is written; SIGPIPE does not end smokerun (exit 141) with nothing said.
    @Test func aReaderThatWentAwayIsAFailedWriteNotAKill() throws {
        let folder = try temporaryFolder()
        try Data((PipelineLogs.process("MathTests", ["testA"]) + "\n").utf8).write(
            to: folder.appendingPathComponent("a.log"))
        let script = #"("$0" parse a.log --output out; echo "status $?" >&2) | true"#
        let child = try ChildProcess(
            executable: "/bin/sh", arguments: ["-c", script, IntegrationSupport.smokerunBinary.path],
            environment: ProcessInfo.processInfo.environment, currentDirectory: folder)
        var output = Data()
        let deadline = Date().addingTimeInterval(120)
        _ = child.run(
            onOutput: { output.append(contentsOf: $0) }, onTick: { Date() > deadline ? .kill : .keepRunning })
        let text = String(decoding: output, as: UTF8.self)
        #expect(text.contains("status 3"), "\(text)")
        #expect(text.contains("smokerun: could not write its output: Broken pipe"), "\(text)")
        let runs = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("out/runs").path)
        #expect(runs.contains { FileManager.default.fileExists(atPath: "\(folder.path)/out/runs/\($0)/report.json") })
    }

    @Test func aBuildFailureExitsThreeWithTheCompilerErrorInTheReport() throws {
        let package = try IntegrationSupport.copyFixture("TipCalculator")
        let source = package.appendingPathComponent("Sources/TipCalculator/TipCalculator.swift")
        try (String(contentsOf: source, encoding: .utf8) + "\nlet broken: Int = \"not a number\"\n").write(
            to: source, atomically: true, encoding: .utf8)
        _ = try IntegrationSupport.writePipeline(
            #"{"name": "broken", "swiftpm": {"packagePath": "TipCalculator"}, "coverage": {"enabled": false}}"#,
            named: "broken", next: package)
        let root = package.deletingLastPathComponent()
        let finished = try smokerun(["run", "Pipelines/broken.json", "--no-notify"], in: root)
        #expect(finished.status == 3)
        let report = try RunReportFile.load(at: root.appendingPathComponent(".smokerun/latest"))
        #expect(report.status == .error)
        let details = report.errors.flatMap(\.details).joined(separator: "\n")
        #expect(details.contains("error: cannot convert value of type 'String' to specified type 'Int'"))
    }

    @Test func sigtermStopsTheTestsAndStillWritesAnInterruptedReport() throws {
        let package = try IntegrationSupport.copyFixture("Sampler")
        _ = try IntegrationSupport.writePipeline(
            """
            {"name": "hang", "swiftpm": {"packagePath": "Sampler", "filter": ["testHangsForever"]},
             "environment": {"IS_UNIT_TESTING": "1", "SAMPLER_MISBEHAVE": "1"},
             "timeouts": {"testSeconds": 600}, "coverage": {"enabled": false}}
            """, named: "hang", next: package)
        let root = package.deletingLastPathComponent()
        let child = try ChildProcess(
            executable: IntegrationSupport.smokerunBinary.path,
            arguments: ["run", "Pipelines/hang.json", "--no-notify"],
            environment: ProcessInfo.processInfo.environment, currentDirectory: root)
        var output = Data()
        let started = Date()
        var signalledAt: Date?
        let termination = child.run(
            onOutput: { output.append(contentsOf: $0) },
            onTick: {
                if signalledAt == nil, Self.hangingTestStarted(in: root) {
                    kill(child.pid, SIGTERM)
                    signalledAt = Date()
                }
                return Date().timeIntervalSince(started) > 300 ? .kill : .keepRunning
            })
        let stoppedAfter = signalledAt.map { Date().timeIntervalSince($0) }
        #expect(signalledAt != nil, "the hanging test never started: \(String(decoding: output, as: UTF8.self))")
        #expect(termination == .exited(1))
        // Far below the hanging test's 600 s, with room for a loaded machine.
        #expect((stoppedAfter ?? 999) < 60)
        let report = try RunReportFile.load(at: root.appendingPathComponent(".smokerun/latest"))
        #expect(report.status == .interrupted)
        // The test that was running is interrupted (not failed, so no flake), with the time it ran.
        let hung = try #require(report.tests.first { $0.id.hasSuffix("testHangsForever") })
        #expect(hung.status == .interrupted)
        #expect(hung.durationSeconds > 0 && hung.durationSeconds < 300)
        #expect(report.totals.interrupted == 1 && report.totals.failed == 0)
        // No test process of this package survives the run.
        #expect(Self.processes(mentioning: package.path).isEmpty)
    }

    /// Pids whose command line mentions `text` (Linux /proc).
    static func processes(mentioning text: String) -> [String] {
        let pids = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return pids.filter { pid in
            guard pid.allSatisfy(\.isNumber), let data = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline")
            else { return false }
            return String(decoding: data, as: UTF8.self).contains(text)
        }
    }

    static func hangingTestStarted(in root: URL) -> Bool {
        guard
            let runs = try? FileManager.default.contentsOfDirectory(
                atPath: root.appendingPathComponent(".smokerun/runs").path)
        else { return false }
        return runs.contains { run in
            let log = root.appendingPathComponent(".smokerun/runs/\(run)/console.log")
            return (try? String(contentsOf: log, encoding: .utf8))?.contains("testHangsForever' started") == true
        }
    }
}
