import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeCoreTestSupport
@testable import SmokeKit
@testable import SmokeTestSupport

/// The build check end to end over a stand-in `swift` (Tests/Fixtures/FakeSwift, a shell script that "builds" by
/// writing the test binary and logs each call): what the check decides is smokerun's policy, not the compiler's.
@Suite struct SwiftPMBuildCheckTests {
    static let fakeSwift = PackageRoot.file("Tests/Fixtures/FakeSwift/swift")

    struct Package {
        var root: URL
        var pipeline: Pipeline
        var environment: [String: String]
        var log: URL
        var failMarker: URL
        var console: URL

        init() throws {
            root = TestScratch.root.appendingPathComponent(
                "smokerun-buildcheck-\(UUID().uuidString.prefix(8))")
            let sources = root.appendingPathComponent("Fake/Sources/Fake")
            try FileManager.default.createDirectory(at: sources, withIntermediateDirectories: true)
            try Data("// swift-tools-version:5.9\n".utf8).write(to: root.appendingPathComponent("Fake/Package.swift"))
            try Data("public let x = 1\n".utf8).write(to: sources.appendingPathComponent("Fake.swift"))
            var pipeline = Pipeline(name: "fake", driver: .swiftpm(SwiftPMSettings(packagePath: "Fake")))
            pipeline.sourcePath = root.appendingPathComponent("Pipelines/fake.json").path
            pipeline.coverage.enabled = false
            // The run's output inside the package: what runs write there must not count as a change.
            pipeline.output = "Fake/reports"
            self.pipeline = pipeline
            log = root.appendingPathComponent("swift.log")
            failMarker = root.appendingPathComponent("fail")
            console = root.appendingPathComponent("console.log")
            environment = [
                "PATH": "/usr/bin:/bin", "SMOKERUN_SWIFT": SwiftPMBuildCheckTests.fakeSwift.path,
                "FAKE_SWIFT_LOG": log.path, "FAKE_SWIFT_FAIL": failMarker.path,
            ]
        }

        @discardableResult
        func build() throws -> (binary: URL, toolchain: SwiftToolchain) {
            guard case .swiftpm(let settings) = pipeline.driver else { throw CancellationError() }
            let context = RunContext(
                pipeline: pipeline, seed: nil, runDirectory: root, currentDirectory: root, environment: environment,
                runner: ProcessCommandRunner(),
                limits: RunLimits(
                    testSeconds: 60, runDeadline: Date().addingTimeInterval(60), cancellation: CancellationFlag()),
                console: try ConsoleLog(url: console))
            return try SwiftPMTestRun(settings: settings, context: context).buildTests()
        }

        /// The `swift` calls so far: `build …` lines and `version` lines.
        var calls: [String] {
            ((try? String(contentsOf: log, encoding: .utf8)) ?? "").split(separator: "\n").map {
                $0.hasPrefix("build") ? "build" : String($0)
            }
        }

        func write(_ text: String, to path: String) throws {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
    }

    @Test func anUnchangedTreeSkipsTheBuildAndTheVersionQuestion() throws {
        let package = try Package()
        let first = try package.build()
        let second = try package.build()
        #expect(package.calls == ["build", "version"] || package.calls == ["version", "build"])
        #expect(second.binary == first.binary)
        #expect(second.toolchain.version == "Swift version 6.3.1 (swift-6.3.1-RELEASE)")
        #expect(try String(contentsOf: package.console, encoding: .utf8).contains("build up to date"))
    }

    @Test(arguments: ["Fake/Sources/Fake/Fake.swift", "Fake/Sources/Fake/New.swift", "Fake/Package.resolved"])
    func aChangedOrNewFileRebuilds(path: String) throws {
        let package = try Package()
        try package.build()
        try package.write("public let x = 22\n", to: path)
        try package.build()
        #expect(package.calls.filter { $0 == "build" }.count == 2)
    }

    @Test func aDeletedFileRebuilds() throws {
        let package = try Package()
        try package.write("public let y = 2\n", to: "Fake/Sources/Fake/Other.swift")
        try package.build()
        try FileManager.default.removeItem(at: package.root.appendingPathComponent("Fake/Sources/Fake/Other.swift"))
        try package.build()
        #expect(package.calls.filter { $0 == "build" }.count == 2)
    }

    @Test func filesInTheOutputFolderAndHiddenFoldersDoNotCount() throws {
        let package = try Package()
        try package.build()
        try package.write("{}", to: "Fake/reports/runs/1/report.json")
        try package.write("x", to: "Fake/.git/index")
        try package.write("x", to: "Fake/.build/debug.yaml")
        try package.build()
        #expect(package.calls.filter { $0 == "build" }.count == 1)
    }

    @Test func otherBuildArgumentsRebuild() throws {
        var package = try Package()
        try package.build()
        package.pipeline.coverage.enabled = true
        try package.build()
        #expect(package.calls.filter { $0 == "build" }.count == 2)
    }

    @Test func aFailedBuildIsNeverTakenForFresh() throws {
        let package = try Package()
        try package.build()
        try package.write("public let x = oops\n", to: "Fake/Sources/Fake/Fake.swift")
        try package.write("", to: "fail")
        #expect(throws: BuildFailure.self) { try package.build() }
        // Nothing changed since the failed build, and the old binary is still there: it builds again.
        #expect(throws: BuildFailure.self) { try package.build() }
        #expect(package.calls.filter { $0 == "build" }.count == 3)
    }

    /// A coverage build instruments the package's build-tool plugins' tools, which inherit its variables (a real
    /// plugin's tool wrote `default.profraw` into the package without them), and its macros, which the compiler runs
    /// in the package's folder with none.
    @Test func aCoverageBuildGivesTheToolsItRunsAProfileFileOutsideThePackage() throws {
        var package = try Package()
        let profiles = package.root.appendingPathComponent("profiles.log")
        package.environment["FAKE_SWIFT_PROFILE_LOG"] = profiles.path
        package.pipeline.coverage.enabled = true
        try package.build()
        // What a macro wrote into the package's folder is set aside in smokerun's.
        let packageFolder = package.root.appendingPathComponent("Fake")
        #expect(!FileManager.default.fileExists(atPath: packageFolder.appendingPathComponent("default.profraw").path))
        #expect(
            FileManager.default.fileExists(
                atPath: packageFolder.appendingPathComponent(".build/smokerun/build-default.profraw").path))
        package.pipeline.coverage.enabled = false
        try package.build()
        #expect(try String(contentsOf: profiles, encoding: .utf8) == "/dev/null\nunset\n")
    }

    @Test func aBuildToolThatDiesWithoutAnErrorLineIsQuoted() throws {
        let package = try Package()
        try package.write("abort", to: "fail")
        let failure = try #require(throws: BuildFailure.self) { try package.build() }
        #expect(
            failure.record.details == [
                "swift-build: BuildEngine.cpp:281: void llbuild::core::Task::complete(): Assertion `isInProgress()' failed."
            ])
    }

    @Test func aFailedBuildDropsTheEarlierRecordToo() throws {
        var package = try Package()
        try package.build()
        package.environment["SWIFT_EXTRA_FLAG"] = "1"
        try package.write("", to: "fail")
        #expect(throws: BuildFailure.self) { try package.build() }
        // Back to what the recorded build was made from: that build may be half overwritten now.
        package.environment["SWIFT_EXTRA_FLAG"] = nil
        try FileManager.default.removeItem(at: package.failMarker)
        try package.build()
        #expect(package.calls.filter { $0 == "build" }.count == 3)
    }

    @Test func aTouchedTestBinaryRebuilds() throws {
        let package = try Package()
        let built = try package.build()
        try Data("other".utf8).write(to: built.binary)
        try package.build()
        #expect(package.calls.filter { $0 == "build" }.count == 2)
    }
}
