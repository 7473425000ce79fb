import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeKit
@testable import SmokeTestSupport

/// A test process whose profiling runtime could not write its profile into the run's folder (a full disk) says so
/// in console.log: coverage merged from the others' profiles would call its code never run.
@Suite struct ProfileWriteErrorsTests {
    @Test func theRunsProfilesThatCouldNotBeWrittenAreFoundWithTheirLines() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let run = RunDirectory(folder.url.appendingPathComponent("runs/20261201T000000Z-abcd"))
        let profiles = run.profiles.path
        let console = """
            [smokerun] swift-testing: M.S/fills()
            ✔ Test fills() passed after 0.801 seconds.
            LLVM Profile Error: Failed to write file "/elsewhere/helper.profraw": Permission denied
            LLVM Profile Error: Failed to write file "\(profiles)/24119-6571958333246708219_0.profraw": No space left on device
            [smokerun] xctest: M.T/testA

            """
        try FileManager.default.createDirectory(at: run.url, withIntermediateDirectories: true)
        try Data(console.utf8).write(to: run.consoleLog)
        #expect(
            ProfileWriteErrors.find(in: run.consoleLog, profiles: run.profiles) == [
                """
                console.log:4: LLVM Profile Error: Failed to write file "\(profiles)/24119-6571958333246708219_0.profraw": \
                No space left on device
                """
            ])
        #expect(ProfileWriteErrors.find(in: run.url.appendingPathComponent("none.log"), profiles: run.profiles).isEmpty)

        let passed = CoverageGaps.notMeasured(
            status: .passed, minimumLines: 50, unwritten: ["console.log:4: LLVM Profile Error: …"])
        #expect(!passed.isNote)
        #expect(passed.message.contains("a test process could not write its profile"))
        #expect(passed.message.hasSuffix("(console.log:4: LLVM Profile Error: …)"))
        #expect(CoverageGaps.notMeasured(status: .failed, minimumLines: 50, unwritten: ["x"]).isNote)
    }
}
