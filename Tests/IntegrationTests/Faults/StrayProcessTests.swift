import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeKit
@testable import smokerun

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A test that leaves `/bin/sleep` running in a process group of its own, holding the test's stdout
/// (the Stray fixture): the real `smokerun run` keeps its deadlines, ends the sleeper and names it.
@Suite(.serialized, .timeLimit(.minutes(10))) struct StrayProcessTests {
    #if os(Linux)
        /// One copy for both tests: the second run reuses the first one's build.
        static let package = Result { try IntegrationSupport.copyFixture("Stray") }

        /// What one run of smokerun did, watched from outside.
        struct Watched: Sendable {
            var output = ""
            var termination: Termination?
            /// From the first test's start (in console.log) to smokerun's exit.
            var secondsAfterFirstTest: Double?
            /// From the SIGTERM to smokerun's exit, when one was sent.
            var secondsAfterSignal: Double?
            var survivors: [String] = []
            var root: URL?
        }

        /// `sleep` arguments no other process has: the tests find their sleepers by them in /proc.
        static func marker() -> String { "611.\(Int.random(in: 100_000...999_999))" }

        /// Runs `smokerun run` on the pipeline; `signalWhen` is asked on each tick whether to send SIGTERM now.
        static func watch(
            pipeline json: String, named name: String, sleeper: String, signal: Int32 = SIGTERM,
            keepSurvivors: Bool = false, signalWhen: @escaping (URL) -> Bool
        ) throws -> Watched {
            let package = try Self.package.get()
            _ = try IntegrationSupport.writePipeline(json, named: name, next: package)
            let root = package.deletingLastPathComponent()
            let child = try ChildProcess(
                executable: IntegrationSupport.smokerunBinary.path,
                arguments: ["run", "Pipelines/\(name).json", "--no-notify"],
                environment: ProcessInfo.processInfo.environment, currentDirectory: root)
            var watched = Watched(root: root)
            var output = Data()
            let started = Date()
            var firstTestAt: Date?
            var signalledAt: Date?
            // Bounded: the build, then at most 90 s of tests; today's fix needs seconds.
            watched.termination = child.run(
                onOutput: { output.append(contentsOf: $0) },
                onTick: {
                    if firstTestAt == nil, Self.consoleMentions("' started", in: root) { firstTestAt = Date() }
                    if signalledAt == nil, signalWhen(root) {
                        kill(child.pid, signal)
                        signalledAt = Date()
                    }
                    let limit = firstTestAt.map { Date().timeIntervalSince($0) > 90 } ?? false
                    return limit || Date().timeIntervalSince(started) > 500 ? .kill : .keepRunning
                })
            watched.output = String(decoding: output, as: UTF8.self)
            watched.secondsAfterFirstTest = firstTestAt.map { Date().timeIntervalSince($0) }
            watched.secondsAfterSignal = signalledAt.map { Date().timeIntervalSince($0) }
            watched.survivors = RunCommandProcessTests.processes(mentioning: sleeper)
            // Never leave a sleeper behind, even when the checks fail (a caller that keeps one ends it next).
            if !keepSurvivors { for pid in watched.survivors { if let pid = Int32(pid) { kill(pid, SIGKILL) } } }
            return watched
        }

        static func consoleMentions(_ text: String, in root: URL) -> Bool {
            let runs = root.appendingPathComponent(".smokerun/runs")
            let names = (try? FileManager.default.contentsOfDirectory(atPath: runs.path)) ?? []
            return names.contains { run in
                let log = runs.appendingPathComponent("\(run)/console.log")
                return (try? String(contentsOf: log, encoding: .utf8))?.contains(text) == true
            }
        }

        static func pipeline(name: String, filter: String, sleeper: String, testSeconds: Int) -> String {
            """
            {"name": "\(name)", "swiftpm": {"packagePath": "Stray", "filter": ["\(filter)"]},
             "environment": {"IS_UNIT_TESTING": "1", "STRAY_SLEEP": "\(sleeper)"},
             "ordering": {"mode": "declared", "isolation": "test"},
             "timeouts": {"testSeconds": \(testSeconds), "runSeconds": 600, "graceSeconds": 5},
             "coverage": {"enabled": false}}
            """
        }

        @Test func aSleeperHoldingStdoutNeitherHoldsTheRunNorOutlivesIt() async throws {
            let sleeper = Self.marker()
            let watched = try await BlockingWork.run {
                Result {
                    try Self.watch(
                        pipeline: Self.pipeline(
                            name: "stray", filter: "StrayTests.StrayTests", sleeper: sleeper, testSeconds: 3),
                        named: "stray", sleeper: sleeper, signalWhen: { _ in false })
                }
            }.get()
            // Two tests each leave a sleeper; one then hangs past testSeconds (3 s). Seconds, not 611.
            let seconds = try #require(watched.secondsAfterFirstTest, "no test started: \(watched.output)")
            // Room for a loaded machine, far below the sleeper's 600 s.
            #expect(seconds < 120, "the tests took \(seconds) s: \(watched.output)")
            #expect(watched.termination == .exited(1), "\(watched.output)")
            #expect(watched.survivors.isEmpty, "still running after the run: \(watched.survivors)")

            let report = try RunReportFile.load(
                at: try #require(watched.root).appendingPathComponent(".smokerun/latest"))
            let byID = Dictionary(uniqueKeysWithValues: report.tests.map { ($0.id, $0) })
            // A leftover process is a note: the test that left it still passed.
            #expect(byID["StrayTests.StrayTests/testLeavesASleeper"]?.status == .passed)
            #expect(byID["StrayTests.StrayTests/testLeavesASleeperAndHangs"]?.status == .timedOut)
            #expect(report.status == .failed)
            let notes = report.errors.filter(\.isNote).map(\.message)
            #expect(report.errors.allSatisfy { $0.isNote }, "\(report.errors)")
            for test in ["testLeavesASleeper", "testLeavesASleeperAndHangs"] {
                #expect(
                    notes.contains {
                        $0.hasPrefix("ended 1 process the tests left running: pid ")
                            && $0.hasSuffix("`/bin/sleep \(sleeper)` (started by StrayTests.StrayTests/\(test))")
                    }, "\(notes)")
            }
        }

        /// A test that ends as passed once stopped at testSeconds (a server shutting down gracefully on SIGTERM) ran
        /// past its limit and ended only because smokerun stopped it: timed out, said in console.log, which `parse`
        /// reads the same.
        @Test func aTestThatPassesOnceStoppedTimedOut() async throws {
            let sleeper = Self.marker()
            let watched = try await BlockingWork.run {
                Result {
                    try Self.watch(
                        pipeline: Self.pipeline(
                            name: "graceful", filter: "GracefulStopTests", sleeper: sleeper, testSeconds: 3),
                        named: "graceful", sleeper: sleeper, signalWhen: { _ in false })
                }
            }.get()
            #expect(watched.termination == .exited(1), "\(watched.output)")
            let run = try #require(watched.root).appendingPathComponent(".smokerun/latest")
            let report = try RunReportFile.load(at: run)
            let test = try #require(report.tests.first, "\(watched.output)")
            #expect(test.status == .timedOut, "\(report.tests)")
            #expect(test.evidence?.what == "smokerun stopped it at timeouts.testSeconds (3 s)")
            // XCTest's totals count the pass it printed once stopped: no disagreement to report.
            #expect(report.reconciliation?.differences == [], "\(report.errors)")
            let console = try String(contentsOf: run.appendingPathComponent("console.log"), encoding: .utf8)
            #expect(console.contains("' passed ("), "\(console)")
            #expect(console.contains("[smokerun] stopped at timeouts.testSeconds (3 s): \(test.id)"), "\(console)")
            let parsed = try LogParser().parse(files: [run.appendingPathComponent("console.log")])
            #expect(parsed.results.map(\.status) == [.timedOut])
            #expect(parsed.reconciliation?.differences == [])
        }

        @Test func sigtermDuringATestWithASleeperStopsPromptlyAndEndsTheSleeper() async throws {
            let sleeper = Self.marker()
            let watched = try await BlockingWork.run {
                Result {
                    try Self.watch(
                        pipeline: Self.pipeline(
                            name: "stray-sigterm", filter: "testLeavesASleeperAndHangs", sleeper: sleeper,
                            testSeconds: 600),
                        named: "stray-sigterm", sleeper: sleeper,
                        signalWhen: { _ in !RunCommandProcessTests.processes(mentioning: sleeper).isEmpty })
                }
            }.get()
            let seconds = try #require(watched.secondsAfterSignal, "the sleeper never started: \(watched.output)")
            // Room for a loaded machine, far below the hanging test's 600 s.
            #expect(seconds < 60, "smokerun took \(seconds) s to stop: \(watched.output)")
            #expect(watched.termination == .exited(1), "\(watched.output)")
            #expect(watched.survivors.isEmpty, "still running after the run: \(watched.survivors)")
            let report = try RunReportFile.load(
                at: try #require(watched.root).appendingPathComponent(".smokerun/latest"))
            #expect(report.status == .interrupted)
            #expect(report.tests.map(\.status) == [.interrupted])
            #expect(
                report.errors.contains { $0.isNote && $0.message.contains("`/bin/sleep \(sleeper)`") },
                "\(report.errors)")
        }

        /// `kill -9` of smokerun: the parent-death signal ends the test process, not the sleeper it started in
        /// a group of its own (nothing of smokerun is left to end it); the next run of the pipeline does.
        @Test func aSleeperOfAKilledRunIsEndedByTheNextRun() async throws {
            let sleeper = Self.marker()
            defer {
                for pid in RunCommandProcessTests.processes(mentioning: sleeper) {
                    if let pid = Int32(pid) { kill(pid, SIGKILL) }
                }
            }
            let json = Self.pipeline(
                name: "stray-kill", filter: "testLeavesASleeperAndHangs", sleeper: sleeper, testSeconds: 600)
            let killed = try await BlockingWork.run {
                Result {
                    try Self.watch(
                        pipeline: json, named: "stray-kill", sleeper: sleeper, signal: SIGKILL, keepSurvivors: true,
                        signalWhen: { _ in !RunCommandProcessTests.processes(mentioning: sleeper).isEmpty })
                }
            }.get()
            #expect(killed.termination == .signaled(SIGKILL), "\(killed.output)")
            #expect(!killed.survivors.isEmpty, "the sleeper was already gone")
            // The next run of the same pipeline (its test now leaves nothing) ends it before its tests start.
            let next = try await BlockingWork.run {
                Result {
                    try Self.watch(
                        pipeline: json.replacingOccurrences(of: "\"STRAY_SLEEP\"", with: "\"UNUSED\""),
                        named: "stray-kill", sleeper: sleeper, signalWhen: { _ in false })
                }
            }.get()
            #expect(next.termination == .exited(0), "\(next.output)")
            #expect(next.survivors.isEmpty, "still running after the next run: \(next.survivors)")
        }
    #endif
}
