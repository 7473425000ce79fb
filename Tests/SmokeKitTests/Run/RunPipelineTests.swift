import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeCoreTestSupport
@testable import SmokeKit
@testable import SmokeTestSupport

/// The one assembly of a run: whatever the source, its files are stored by the one attachment step, each group
/// to its own tests, and the source's times come from the context's clock.
@Suite struct RunPipelineTests {
    /// A source whose draft is given: the tests, and the attachment groups over them.
    struct GivenSource: RunSource {
        var finisher: RunFinisher
        var tests: [TestResult]
        var groups: [(files: [RawAttachment], tests: Range<Int>, allowed: [URL])]

        func start() -> Date { finisher.now() }

        func produce(in folder: RunDirectory, folderProblem: String?) -> RunDraft {
            var report = ReportFixture.minimalReport
            report.tests = tests
            var draft = RunDraft(report: report, folder: folder)
            draft.attachments = groups.map {
                RunDraft.Attachments(files: $0.files, tests: $0.tests, allowedFolders: $0.allowed)
            }
            draft.status = .afterAttaching(interrupted: false)
            return draft
        }
    }

    static func context(_ folder: URL, clock: any SchedulerClock = SystemSchedulerClock()) -> HostContext {
        HostContext(
            standardOutput: BufferOutput(), standardError: BufferOutput(), environment: [:], currentDirectory: folder,
            clock: clock)
    }

    static func test(_ id: String, order: Int) -> TestResult {
        TestResult(id: id, name: "a", suite: "T", framework: .xctest, status: .passed, order: order)
    }

    /// Two devices' runs of one test: each device's screenshot belongs to its own run of it, not both to the first.
    @Test func eachGroupsFilesGoToItsOwnTests() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let finisher = RunFinisher(
            outputDirectory: folder.url.appendingPathComponent("out"), pipelineName: "nightly", formats: [.json],
            strict: false, context: Self.context(folder.url))
        let file = { (text: String) in
            RawAttachment(testID: "M.T/a", name: "\(text).txt", content: .bytes(Data(text.utf8)))
        }
        let source = GivenSource(
            finisher: finisher, tests: [Self.test("M.T/a", order: 1), Self.test("M.T/a", order: 2)],
            groups: [([file("first")], 0..<1, []), ([file("second")], 1..<2, [])])
        let outcome = try await RunPipeline.run(source)
        let names = outcome.report.tests.map { $0.attachments.map(\.name) }
        #expect(names == [["first.txt"], ["second.txt"]])
        #expect(outcome.report.status == .passed, "\(outcome.report.errors)")
    }

    /// A file outside the group's allowed folders is refused and listed as a warning: an attachment not copied loses
    /// no result, so the tests' verdict stands (a passing run stays passed, not `error`).
    @Test func aFileOutsideTheAllowedFoldersIsRefusedAndListed() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let outside = folder.url.appendingPathComponent("secret.txt")
        try Data("secret".utf8).write(to: outside)
        let finisher = RunFinisher(
            outputDirectory: folder.url.appendingPathComponent("out"), pipelineName: "nightly", formats: [.json],
            strict: false, context: Self.context(folder.url))
        let source = GivenSource(
            finisher: finisher, tests: [Self.test("M.T/a", order: 1)],
            groups: [
                (
                    [RawAttachment(testID: "M.T/a", name: "secret.txt", content: .file(outside))], 0..<1,
                    [folder.url.appendingPathComponent("out")]
                )
            ])
        let outcome = try await RunPipeline.run(source)
        #expect(outcome.report.tests[0].attachments.isEmpty)
        let refusal = try #require(outcome.report.errors.first { $0.message.contains("secret.txt") })
        #expect(refusal.severity == .warning)
        #expect(outcome.report.status == .passed)
    }

    /// `parse` reads when it parsed from the context's clock, never its own.
    @Test func savedOutputTakesItsTimeFromTheContextsClock() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let log = folder.url.appendingPathComponent("test.log")
        try Data(
            """
            Test Case '-[AppTests.CartTests testA]' started.
            Test Case '-[AppTests.CartTests testA]' passed (0.010 seconds).

            """.utf8
        ).write(to: log)
        let parsedAt = Date(timeIntervalSince1970: 1_800_000_000)
        let source = try await SavedOutput(
            [log], output: folder.url.appendingPathComponent("out"), settings: SavedOutput.Settings(),
            context: Self.context(folder.url, clock: TestClock(now: parsedAt)), xcresulttool: { _ in nil })
        let outcome = try await RunPipeline.run(source)
        #expect(outcome.report.parsedAt == parsedAt)
        #expect(outcome.report.totals.passed == 1)
        #expect(outcome.runDirectory.lastPathComponent == outcome.report.runID)
    }
}
