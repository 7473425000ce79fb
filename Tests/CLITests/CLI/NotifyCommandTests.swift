import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeCoreTestSupport
@testable import SmokeKit
@testable import SmokeTestSupport
@testable import smokerun

@Suite struct NotifyCommandTests {
    typealias F = NotifyFixtures
    private let secret = "https://hooks.slack.com/services/T000/B000/secretTOKEN123"

    /// An output folder with one failing run as `latest` and in `runs/`.
    private func outputFolder() throws -> (URL, RunReport) {
        let output = TestScratch.root.appendingPathComponent(
            "notify-command-\(UUID().uuidString)")
        let report = F.report(0, tests: F.suite(failing: [F.failing("AppTests.CartTests/testTotal")]))
        let data = try JSONCoding.encoder().encode(report)
        for folder in ["latest", "runs/\(report.runID)"] {
            let directory = output.appendingPathComponent(folder)
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try data.write(to: directory.appendingPathComponent("report.json"))
        }
        return (output, report)
    }

    private func context(_ output: URL, environment: [String: String] = [:]) -> (
        HostContext, BufferOutput, BufferOutput
    ) {
        let out = BufferOutput()
        let err = BufferOutput()
        return (
            HostContext(standardOutput: out, standardError: err, environment: environment, currentDirectory: output),
            out, err
        )
    }

    private func command(_ arguments: [String], webhook: FakeWebhook = FakeWebhook([.status(200)])) throws
        -> NotifyCommand
    {
        try NotifyCommand(
            arguments: arguments, resolveSettings: NotifyCommand.defaultSettingsResolver,
            notifier: Notifier(delivery: webhook.delivery)
        )
    }

    @Test func dryRunPrintsTheLatestRunsBodyWithoutAURL() async throws {
        let (output, report) = try outputFolder()
        defer { try? FileManager.default.removeItem(at: output) }
        let (context, out, _) = context(output)
        let status = try await command(["--dry-run", "--output", output.path]).run(in: context)
        #expect(status == .passed)
        let body = try #require(try JSONSerialization.jsonObject(with: Data(out.text.utf8)) as? [String: Any])
        #expect(body["text"] as? String == "smoke: 1 test failing (run \(report.runID))")
    }

    @Test func sendingARunByIDDeliversAndPrintsOnlyTheRedactedTarget() async throws {
        let (output, report) = try outputFolder()
        defer { try? FileManager.default.removeItem(at: output) }
        let webhook = FakeWebhook([.status(200)])
        let (context, out, err) = context(output, environment: ["SMOKERUN_WEBHOOK_URL": secret])
        let status = try await command([report.runID, "--output", output.path], webhook: webhook).run(in: context)
        #expect(status == .passed)
        #expect(webhook.requestCount == 1)
        let lines = err.text.split(separator: "\n")
        #expect(
            lines.first?.hasPrefix(
                "notify: run \(report.runID): history and report link from \(output.path), settings from notify defaults (the run's Pipelines/smoke.json is not there"
            ) == true)
        #expect(
            lines.last
                == "notify: failure (slack) to $SMOKERUN_WEBHOOK_URL (https://…) delivered after 1 attempt (HTTP 200)"
        )
        #expect(!(out.text + err.text).contains("secretTOKEN123"))
    }

    /// A project whose pipeline writes to `out/`, where two failing runs are in the history; the current folder's
    /// `.smokerun` holds an unrelated history in which the failure would be new.
    private func projectWithOutFolder(
        passingFirst: Bool = false, reports given: [RunReport]? = nil
    ) throws -> (root: URL, latest: RunReport) {
        let root = TestScratch.root.appendingPathComponent("notify-own-\(UUID().uuidString)")
        let out = root.appendingPathComponent("out")
        let failing = F.suite(failing: [F.failing("AppTests.CartTests/testTotal")])
        let first = passingFirst ? F.suite(failing: []) + [F.passing("AppTests.CartTests/testTotal")] : failing
        let reports = given ?? [F.report(0, tests: first), F.report(1, tests: failing)]
        var history = ""
        for report in reports {
            let folder = out.appendingPathComponent("runs/\(report.runID)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try JSONCoding.encoder().encode(report).write(to: folder.appendingPathComponent("report.json"))
            let line = ReportSink.collect { try? HistoryLine.write(report, path: "runs/\(report.runID)", to: &$0) }
            history += String(decoding: line, as: UTF8.self) + "\n"
        }
        try Data(history.utf8).write(to: out.appendingPathComponent("history.jsonl"))
        try FileManager.default.createSymbolicLink(
            atPath: out.appendingPathComponent("latest").path, withDestinationPath: "runs/\(reports.last?.runID ?? "")")
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent(".smokerun"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent("Pipelines"), withIntermediateDirectories: true)
        try Data("// swift-tools-version:5.9\n".utf8).write(to: root.appendingPathComponent("Package.swift"))
        try Data(#"{"name": "smoke", "swiftpm": {}, "output": "out", "notify": {"format": "json"}}"#.utf8).write(
            to: root.appendingPathComponent("Pipelines/smoke.json"))
        return (root, reports[reports.count - 1])
    }

    @Test(arguments: ["out/latest", "out/runs/RUN", "out/runs/RUN/report.json"])
    func aRunGivenByPathIsNotifiedFromItsOwnOutputFolder(argument: String) async throws {
        let (root, latest) = try projectWithOutFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let (context, out, err) = context(root)
        let given = argument.replacingOccurrences(of: "RUN", with: latest.runID)
        let status = try await command([given, "--dry-run"]).run(in: context)
        #expect(status == .passed, "\(err.text)")
        #expect(
            err.text.hasPrefix(
                "notify: run \(latest.runID): history and report link from out, settings from Pipelines/smoke.json\n"),
            "\(err.text)")
        // The pipeline's json format, its history (failing for 2 runs, not new), and the report in out/runs/<id>.
        let body = try #require(try JSONSerialization.jsonObject(with: Data(out.text.utf8)) as? [String: Any])
        #expect(body["headline"] as? String == "1 test still failing", "\(out.text)")
        let links = try #require(body["links"] as? [String: Any], "\(out.text)")
        let reportPath = try #require(links["reportPath"] as? String)
        #expect(
            reportPath.hasSuffix(root.appendingPathComponent("out/runs/\(latest.runID)").path + "/"), "\(reportPath)")
        #expect(!out.text.contains(".smokerun/runs"))
    }

    /// Run 0 passed; run 1's failure is open now. Notifying run 0 again says what was true then: no recovery.
    @Test func anEarlierPassingRunIsNoRecoveryOfAFailureThatCameAfterIt() async throws {
        let (root, latest) = try projectWithOutFolder(passingFirst: true)
        defer { try? FileManager.default.removeItem(at: root) }
        let pipeline = root.appendingPathComponent("Pipelines/smoke.json")
        let key = try #require(try NotifyPipelineReader.read(pipeline).pipeline)
        let open = NotifyState.Announcement(
            runID: latest.runID, announcedAt: latest.finishedAt, kind: .failure,
            failing: ["AppTests.CartTests/testTotal"], errors: [], since: latest.runID)
        try NotifyStateStore(outputDirectory: root.appendingPathComponent("out"), pipeline: key).save(
            NotifyState(open: open))
        let (context, out, err) = context(root)
        let status = try await command(["out/runs/\(F.runID(0))", "--dry-run"]).run(in: context)
        #expect(status == .passed, "\(err.text)")
        let body = try #require(try JSONSerialization.jsonObject(with: Data(out.text.utf8)) as? [String: Any])
        #expect(body["kind"] as? String == "always", "\(out.text)")
        #expect(body["headline"] as? String == "passed")
        #expect(body["recovered"] == nil)
        #expect(err.text.contains("is not the newest run of smoke (\(latest.runID) is)"), "\(err.text)")
        // The newest run still plans against what is open now.
        let (newestContext, newestOut, _) = self.context(root)
        _ = try await command(["out/runs/\(latest.runID)", "--dry-run"]).run(in: newestContext)
        #expect(newestOut.text.contains("\"headline\" : \"1 test failing\""), "\(newestOut.text)")
    }

    /// `history.sqlite` keeps a run's exact start and report.json whole seconds: the newest run is never told it is
    /// not the newest (by itself), and plans against what is open now.
    @Test func theNewestRunInASQLiteHistoryIsTheNewest() async throws {
        var newest = F.report(1, tests: F.suite(failing: [F.failing("AppTests.CartTests/testTotal")]))
        newest.startedAt = newest.startedAt.addingTimeInterval(0.4)
        let (root, latest) = try projectWithOutFolder(reports: [F.report(0, tests: F.suite(failing: [])), newest])
        defer { try? FileManager.default.removeItem(at: root) }
        let out = root.appendingPathComponent("out")
        try FileManager.default.removeItem(at: out.appendingPathComponent("history.jsonl"))
        let history = HistoryOpening.open(outputFolder: out)
        guard history is SQLiteHistory else { return } // no libsqlite3 here: `history.jsonl` keeps whole seconds
        for report in [F.report(0, tests: F.suite(failing: [])), newest] {
            try history.append(report, pipelinePath: nil, writer: .system)
        }
        let (context, _, err) = context(root)
        _ = try await command(["out/runs/\(latest.runID)", "--dry-run"]).run(in: context)
        #expect(!err.text.contains("is not the newest run"), "\(err.text)")
    }

    /// Run 0 failed, run 1 passed, forty runs passed after it: run 1, far older than the flake window of the newest
    /// run, is still planned from the runs before it, as the recovery of run 0's failure.
    @Test func aRunOlderThanTheNewestWindowIsPlannedFromTheRunsBeforeIt() async throws {
        let total = "AppTests.CartTests/testTotal"
        let passing = F.suite(failing: []) + [F.passing(total)]
        let passed = (1...41).map { F.report($0, tests: passing) }
        let reports = [F.report(0, tests: F.suite(failing: [F.failing(total)]))] + passed
        let (root, _) = try projectWithOutFolder(reports: reports)
        defer { try? FileManager.default.removeItem(at: root) }
        let (context, out, err) = context(root)
        let status = try await command(["out/runs/\(F.runID(1))", "--dry-run"]).run(in: context)
        #expect(status == .passed, "\(err.text)")
        let body = try #require(try JSONSerialization.jsonObject(with: Data(out.text.utf8)) as? [String: Any])
        #expect(body["kind"] as? String == "recovery", "\(out.text)")
        #expect(body["headline"] as? String == "recovered, all tests pass")
        #expect(body["recovered"] as? [String] == [total])
    }

    @Test func anUnsetURLIsAConfigurationError() async throws {
        let (output, _) = try outputFolder()
        defer { try? FileManager.default.removeItem(at: output) }
        let (context, _, err) = context(output)
        let status = try await command(["--output", output.path]).run(in: context)
        #expect(status == .invalidInput)
        #expect(err.text.contains("SMOKERUN_WEBHOOK_URL is not set"))
    }

    @Test func aMissingRunNamesWhereItLooked() async throws {
        let (output, _) = try outputFolder()
        defer { try? FileManager.default.removeItem(at: output) }
        let (context, _, _) = context(output)
        let error = await #expect(throws: RunLocatorError.self) {
            try await command(["nope", "--output", output.path]).run(in: context)
        }
        #expect(error?.kind == .invalidInput)
        #expect(error?.localizedDescription.contains(output.appendingPathComponent("runs/nope").path) == true)
    }

    @Test func flushingAnEmptyOutboxSaysSo() async throws {
        let (output, _) = try outputFolder()
        defer { try? FileManager.default.removeItem(at: output) }
        let (context, _, err) = context(output)
        #expect(try await command(["--flush", "--output", output.path]).run(in: context) == .passed)
        #expect(err.text == "notify: the outbox is empty\n")
    }

    @Test(arguments: [["--flush", "RUN"], ["--flush", "--dry-run"], ["a", "b"], ["--verbose"]])
    func contradictoryArgumentsAreUsageErrors(arguments: [String]) {
        #expect(throws: UsageError.self) { try NotifyCommand(arguments: arguments) }
    }

    @Test func thePipelineFileGivesNotifySettingsAndOutput() throws {
        let folder = TestScratch.root.appendingPathComponent(
            "notify-pipeline-\(UUID().uuidString)/Pipelines")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
        let file = folder.appendingPathComponent("smoke.json")
        try Data(
            #"{"name":"smoke","swiftpm":{},"output":"out","notify":{"format":"json","on":["always"],"remindHours":6,"maxAttempts":2,"deliverySeconds":20,"artifactsURL":null}}"#
                .utf8
        ).write(to: file)
        let result = try NotifyPipelineReader.read(file)
        #expect(result.output == folder.deletingLastPathComponent().appendingPathComponent("out").path)
        #expect(result.notify.format == .json)
        #expect(result.notify.on == [.always])
        #expect(result.notify.remindHours == 6)
        #expect(result.notify.maxAttempts == 2)
        #expect(result.notify.deliverySeconds == 20)

        try Data(#"{"name":"smoke","swiftpm":{},"notify":{"remindHour":6}}"#.utf8).write(to: file)
        #expect {
            try NotifyPipelineReader.read(file)
        } throws: { error in
            (error as? PipelineError)?.errorDescription?.contains(
                "'notify.remindHour': unknown key (did you mean 'remindHours'?)") == true
        }
    }

    @Test(arguments: ["0", "-5", "3601", "\"60\""])
    func aDeliveryBudgetOutsideOneSecondToAnHourIsRefused(value: String) throws {
        let folder = TestScratch.root.appendingPathComponent(
            "notify-budget-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("smoke.json")
        try Data(#"{"name":"smoke","swiftpm":{},"notify":{"deliverySeconds":\#(value)}}"#.utf8).write(to: file)
        #expect {
            try NotifyPipelineReader.read(file)
        } throws: { error in
            (error as? PipelineError)?.errorDescription?.contains("'notify.deliverySeconds'") == true
        }
    }
}
