import Foundation
import SmokeCoreTestSupport
import Testing

@testable import SmokeCore
@testable import SmokeKit
@testable import SmokeTestSupport

@Suite struct RunDirectoryLocatorTests {
    /// `<tmp>/out/runs/<id>/report.json` with `latest` pointing at it; the current folder is `<tmp>`.
    struct Fixture: ~Copyable {
        let base: URL
        let output: URL
        let run: URL
        let runID = "20261122T040000Z-abcd"

        init(latest: Bool = true) throws {
            base = TestScratch.root.appendingPathComponent(
                "smokerun-locator-\(UUID().uuidString)")
            output = base.appendingPathComponent("out")
            run = output.appendingPathComponent("runs/\(runID)")
            try FileManager.default.createDirectory(at: run, withIntermediateDirectories: true)
            try Data("{}".utf8).write(to: run.appendingPathComponent("report.json"))
            if latest {
                try FileManager.default.createSymbolicLink(
                    atPath: output.appendingPathComponent("latest").path, withDestinationPath: "runs/\(runID)")
            }
        }

        deinit { try? FileManager.default.removeItem(at: base) }

        func resolve(_ argument: String?) throws(RunLocatorError) -> String {
            let base = base
            return try RunDirectoryLocator.resolve(argument, outputDirectory: output) {
                $0.hasPrefix("/") ? URL(fileURLWithPath: $0) : base.appendingPathComponent($0)
            }.resolvingSymlinksInPath().path
        }
    }

    @Test func aDirectoryItsReportAnIdAndNothingAllFindTheSameRun() throws {
        let fixture = try Fixture()
        let expected = fixture.run.resolvingSymlinksInPath().path
        #expect(try fixture.resolve(fixture.run.path) == expected)
        #expect(try fixture.resolve("out/runs/\(fixture.runID)") == expected)
        #expect(try fixture.resolve(fixture.run.appendingPathComponent("report.json").path) == expected)
        #expect(try fixture.resolve(fixture.runID) == expected)
        #expect(try fixture.resolve(nil) == expected)
    }

    @Test func withoutLatestTheNewestRunFolderIsTheLatest() throws {
        let fixture = try Fixture(latest: false)
        #expect(try fixture.resolve(nil) == fixture.run.resolvingSymlinksInPath().path)
    }

    @Test func anUnknownIdNamesEveryPlaceItLookedAndWhatARunCanBe() throws {
        let fixture = try Fixture()
        let error = #expect(throws: RunLocatorError.self) { try fixture.resolve("20261122T040000Z-ffff") }
        #expect(error?.kind == .invalidInput)
        #expect(
            error?.tried == [
                fixture.base.appendingPathComponent("20261122T040000Z-ffff").path,
                fixture.output.appendingPathComponent("runs/20261122T040000Z-ffff").path,
            ])
        #expect(error?.localizedDescription.hasPrefix("no run '20261122T040000Z-ffff' (looked for ") == true)
        #expect(error?.localizedDescription.contains("give a run directory, its report.json, a run id") == true)
    }

    @Test func aPathThatIsNotAnIdIsOnlyLookedForAsAPath() throws {
        let fixture = try Fixture()
        let error = #expect(throws: RunLocatorError.self) { try fixture.resolve("/nowhere/at/all") }
        #expect(error?.tried == ["/nowhere/at/all"])
        // Another file than report.json is not a run.
        try Data().write(to: fixture.base.appendingPathComponent("notes.txt"))
        #expect(throws: RunLocatorError.self) { try fixture.resolve("notes.txt") }
    }

    @Test func anEmptyOutputFolderHasNoLatestRun() throws {
        let base = TestScratch.root.appendingPathComponent(
            "smokerun-locator-\(UUID().uuidString)")
        let error = #expect(throws: RunLocatorError.self) {
            try RunDirectoryLocator.resolve(nil, outputDirectory: base) { URL(fileURLWithPath: $0) }
        }
        #expect(
            error?.localizedDescription.hasPrefix("no latest run (looked for \(base.path)/latest, \(base.path)/runs)")
                == true)
    }
}
