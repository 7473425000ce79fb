import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeKit

/// `ordering.workers`: a whole number from 1, or "auto"; anything else names the key and the fix.
@Suite struct PipelineWorkersTests {
    func parse(_ ordering: String) throws(PipelineError) -> Pipeline {
        try PipelineLoader().parse(
            Data(#"{"name": "s", "swiftpm": {}, "ordering": \#(ordering)}"#.utf8), file: "Pipelines/test.json")
    }

    @Test func workersDefaultsToOneAndTakesANumberOrAuto() throws {
        #expect(try parse("{}").ordering.workers == .count(1))
        #expect(try parse(#"{"workers": 4}"#).ordering.workers == .count(4))
        #expect(try parse(#"{"workers": "auto"}"#).ordering.workers == .auto)
    }

    @Test(arguments: [
        #"{"workers": 0}"#, #"{"workers": -2}"#, #"{"workers": 1.5}"#, #"{"workers": "many"}"#, #"{"workers": 100000}"#,
        #"{"workers": true}"#,
    ])
    func aBadWorkerCountNamesTheKeyAndWhatItTakes(ordering: String) {
        #expect {
            try parse(ordering)
        } throws: { error in
            let message = (error as? PipelineError)?.errorDescription ?? ""
            return message.contains("Pipelines/test.json") && message.contains("'ordering.workers'")
                && message.contains("or \"auto\"")
        }
    }
}

/// `swiftpm.scratchPath` and `retention`: defaults, values, mistakes, and where the build goes.
@Suite struct PipelineBuildAndRetentionKeysTests {
    private func parse(_ json: String) throws(PipelineError) -> Pipeline {
        var pipeline = try PipelineLoader().parse(Data(json.utf8), file: "Pipelines/test.json")
        pipeline.sourcePath = "/srv/app/Pipelines/test.json"
        return pipeline
    }

    private func swiftpm(_ pipeline: Pipeline) throws -> SwiftPMSettings {
        guard case .swiftpm(let settings) = pipeline.driver else {
            throw PipelineError(file: "test", problem: "not swiftpm")
        }
        return settings
    }

    @Test func smokerunBuildsIntoItsOwnFolderInsideThePackageByDefault() throws {
        let pipeline = try parse(#"{"name": "s", "swiftpm": {"packagePath": "Pkg"}}"#)
        #expect(pipeline.retention.runs == 60 && pipeline.retention.days == 14)
        #expect(
            pipeline.scratchDirectory(for: try swiftpm(pipeline), currentDirectory: URL(fileURLWithPath: "/")).path
                == "/srv/app/Pkg/.build/smokerun")
    }

    /// A pipeline without coverage never rebuilds, or relinks under a running test, a coverage build of the same
    /// package: it has a folder of its own.
    @Test func aPipelineWithoutCoverageBuildsIntoAFolderOfItsOwn() throws {
        let pipeline = try parse(#"{"name": "s", "swiftpm": {"packagePath": "Pkg"}, "coverage": {"enabled": false}}"#)
        #expect(
            pipeline.scratchDirectory(for: try swiftpm(pipeline), currentDirectory: URL(fileURLWithPath: "/")).path
                == "/srv/app/Pkg/.build/smokerun-no-coverage")
    }

    @Test func scratchPathAndRetentionAreReadFromTheProjectRoot() throws {
        let pipeline = try parse(
            #"{"name": "s", "swiftpm": {"packagePath": "Pkg", "scratchPath": "build/smoke"}, "retention": {"runs": 5, "days": 0.5}}"#
        )
        #expect(
            pipeline.scratchDirectory(for: try swiftpm(pipeline), currentDirectory: URL(fileURLWithPath: "/")).path
                == "/srv/app/build/smoke")
        #expect(pipeline.retention.runs == 5 && pipeline.retention.days == 0.5)
    }

    @Test(arguments: [
        (#"{"name": "s", "swiftpm": {"scratchPath": ""}}"#, "'swiftpm.scratchPath': must not be empty"),
        (
            #"{"name": "s", "swiftpm": {}, "retention": {"runs": 0}}"#,
            "'retention.runs': must be a whole number of runs, at least 1"
        ),
        (#"{"name": "s", "swiftpm": {}, "retention": {"runs": 2.5}}"#, "'retention.runs'"),
        (
            #"{"name": "s", "swiftpm": {}, "retention": {"days": -1}}"#,
            "'retention.days': must be a positive number of days"
        ),
        (#"{"name": "s", "swiftpm": {}, "retention": {"keep": 3}}"#, "'retention.keep'"),
        (#"{"name": "s", "swiftpm": {}, "retention": 3}"#, "'retention'"),
    ])
    func mistakesNameTheKey(json: String, expected: String) {
        let error = #expect(throws: PipelineError.self) { try parse(json) }
        #expect(error?.errorDescription?.contains(expected) == true, "\(error?.errorDescription ?? "")")
    }
}
