import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeCoreTestSupport
@testable import SmokeKit
@testable import SmokeTestSupport
@testable import smokerun

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite struct InitCommandTests {
    @Test(arguments: [
        (String?.none, String?.some(".smokerun/\n")),
        ("", ".smokerun/\n"),
        (".build/\n", ".build/\n.smokerun/\n"),
        (".build", ".build\n.smokerun/\n"),
        (".build/\n.smokerun\n", nil),
        ("/.smokerun/\n", nil),
        ("  .smokerun/  \n", nil),
        (".smokerun-old/\n", ".smokerun-old/\n.smokerun/\n"),
    ])
    func theOutputFolderIsAddedOnceToGitignore(existing: String?, expected: String?) {
        #expect(GitIgnoreEntry.adding(".smokerun/", to: existing) == expected)
    }

    @Test func initWritesAPipelineThatLoadsAndIgnoresTheOutputFolder() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try Data("// swift-tools-version:6.0\n".utf8).write(to: folder.url.appendingPathComponent("Package.swift"))
        try Data(".build/".utf8).write(to: folder.url.appendingPathComponent(".gitignore"))
        let out = BufferOutput()
        let context = HostContext(
            standardOutput: out, standardError: BufferOutput(), environment: [:], currentDirectory: folder.url)
        #expect(try await InitCommand(arguments: []).run(in: context) == .passed)
        #expect(
            try String(contentsOf: folder.url.appendingPathComponent(".gitignore"), encoding: .utf8)
                == ".build/\n.smokerun/\n")
        let pipeline = try PipelineLoader().load(folder.url.appendingPathComponent("Pipelines/smoke.json"))
        #expect(pipeline.retention == RetentionSettings())
        #expect(out.text.contains("added .smokerun/ to "))

        // A second init (forced) leaves .gitignore as it is.
        #expect(try await InitCommand(arguments: ["--force"]).run(in: context) == .passed)
        #expect(
            try String(contentsOf: folder.url.appendingPathComponent(".gitignore"), encoding: .utf8)
                == ".build/\n.smokerun/\n")
    }
}

/// `init`'s output pinned as goldens: the pipeline it writes for a Swift package and for an Xcode project (the
/// fake Xcode on PATH answers `-list`, `-showTestPlans` and `simctl list` in the real shapes), and what it says.
@Suite struct InitGoldenTests {
    static let fakeXcode = PackageRoot.file("Tests/Fixtures/FakeXcode")

    /// The exit status, standard output and error with the folder's path as `<folder>`, then the written file.
    func transcript(
        _ arguments: [String], in folder: URL, environment: [String: String] = [:], file: String
    ) async throws -> String {
        let out = BufferOutput()
        let err = BufferOutput()
        let context = HostContext(
            standardOutput: out, standardError: err, environment: environment, currentDirectory: folder)
        let status = await CommandLineTool.run(arguments: ["init"] + arguments, context: context)
        let written = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
        let text = """
            $ smokerun \((["init"] + arguments).joined(separator: " "))
            exit \(status.rawValue)
            --- stdout
            \(out.text)--- stderr
            \(err.text)--- \(file)
            \(written)
            """
        return text.replacingOccurrences(of: folder.standardizedFileURL.path, with: "<folder>")
            .replacingOccurrences(of: folder.path, with: "<folder>")
    }

    @Test func aSwiftPackageGetsAPipelineNamedAfterIt() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try Data(
            """
            // swift-tools-version:6.0
            import PackageDescription

            let package = Package(
                name: "TipCalculator",
                targets: [.target(name: "TipCalculator")]
            )

            """.utf8
        ).write(to: folder.url.appendingPathComponent("Package.swift"))
        try FileManager.default.createDirectory(
            at: folder.url.appendingPathComponent("Sources/TipCalculator"), withIntermediateDirectories: true)
        let text = try await transcript([], in: folder.url, file: "Pipelines/smoke.json")
        assertSnapshot(text, named: "init-swiftpm.txt")
        let pipeline = try PipelineLoader().load(folder.url.appendingPathComponent("Pipelines/smoke.json"))
        #expect(pipeline.name == "TipCalculator" && pipeline.retries.failed == 1)
        #expect(pipeline.driver == .swiftpm(SwiftPMSettings(packagePath: ".")))
    }

    /// Coverage measures the folders the targets live in: a package of several libraries keeps a `Sources/` in each.
    @Test func coverageIncludesEachLibrarysSourcesWhenThePackageHasNoSourcesFolder() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try Data("// swift-tools-version:6.0\n".utf8).write(to: folder.url.appendingPathComponent("Package.swift"))
        for path in ["FlyingSocks/Sources/FlyingSocks", "FlyingFox/Sources/FlyingFox", "Docs"] {
            try FileManager.default.createDirectory(
                at: folder.url.appendingPathComponent(path), withIntermediateDirectories: true)
        }
        _ = try await transcript([], in: folder.url, file: "Pipelines/smoke.json")
        let pipeline = try PipelineLoader().load(folder.url.appendingPathComponent("Pipelines/smoke.json"))
        #expect(pipeline.coverage.include == ["FlyingFox/Sources/", "FlyingSocks/Sources/"])
        #expect(PipelineTemplate.sourceFolders(rootHasSources: true, foldersWithSources: ["A"]) == ["Sources/"])
        // Targets at custom paths (SwiftCSV's `SwiftCSV/` and `SwiftCSVTests/`): every file under the root but tests.
        #expect(PipelineTemplate.sourceFolders(rootHasSources: false, foldersWithSources: []) == [])
    }

    /// A package in a monorepo with its pipeline at the repository's root: the package path is relative to that root
    /// (a clone elsewhere finds it), and the output folder the runs make there is what `.gitignore` there ignores.
    @Test func aMonorepoPipelineNamesItsPackageFromTheRepositoryRoot() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let package = folder.url.appendingPathComponent("pkgs/Version")
        try FileManager.default.createDirectory(
            at: package.appendingPathComponent("Sources/Version"), withIntermediateDirectories: true)
        try Data("// swift-tools-version:6.0\n".utf8).write(to: package.appendingPathComponent("Package.swift"))
        _ = try await transcript(
            ["--path", "../../Pipelines/version.json"], in: package, file: "../../Pipelines/version.json")
        let pipeline = try PipelineLoader().load(folder.url.appendingPathComponent("Pipelines/version.json"))
        guard case .swiftpm(let settings) = pipeline.driver else {
            Issue.record("\(pipeline.driver)")
            return
        }
        #expect(settings.packagePath == "pkgs/Version")
        let ignored = try String(contentsOf: folder.url.appendingPathComponent(".gitignore"), encoding: .utf8)
        #expect(ignored.contains(".smokerun/"))
        #expect(!FileManager.default.fileExists(atPath: package.appendingPathComponent(".gitignore").path))
    }

    @Test func anXcodeProjectGetsAnXcodebuildPipelineOnThePinnedSimulator() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try FileManager.default.createDirectory(
            at: folder.url.appendingPathComponent("SmokeApp.xcodeproj"), withIntermediateDirectories: true)
        let environment = [
            "PATH": Self.fakeXcode.appendingPathComponent("bin").path + ":/usr/bin:/bin",
            "FAKE_XCODE_SCENARIO": Self.fakeXcode.appendingPathComponent("Scenarios/ios-smoke").path,
        ]
        let text = try await transcript([], in: folder.url, environment: environment, file: "Pipelines/smoke.json")
        assertSnapshot(text, named: "init-xcode-project.txt")
        let pipeline = try PipelineLoader().load(folder.url.appendingPathComponent("Pipelines/smoke.json"))
        #expect(pipeline.retries.failed == 1 && pipeline.environment == ["IS_UNIT_TESTING": "1"])
        #expect(pipeline.schedule == "0 */4 * * *")
        guard case .xcodebuild(let settings) = pipeline.driver else {
            Issue.record("not an xcodebuild pipeline: \(pipeline.driver)")
            return
        }
        #expect(settings.project == "SmokeApp.xcodeproj" && settings.scheme == "SmokeApp")
        #expect(settings.testPlan == "SmokeApp" && settings.onlyTesting.isEmpty)
        #expect(pipeline.device.name == "iPhone 16" && pipeline.device.runtime == "iOS 18.5")
        #expect(pipeline.device.create && pipeline.device.erase == true && !pipeline.device.reusesUserDevice)
    }

    @Test func xcodeOptionsInAPackageFolderAndAMissingProjectAreBadInput() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try Data("let package = Package(name: \"Greeter\")\n".utf8).write(
            to: folder.url.appendingPathComponent("Package.swift"))
        for (arguments, message) in [
            (["--scheme", "Greeter"], "--scheme is for Xcode projects; this folder has only a Swift package"),
            (["--project", "Nope.xcodeproj"], "--project Nope.xcodeproj: no such file or folder in"),
            (["--project", "A.xcodeproj", "--workspace", "A.xcworkspace"], "give --workspace or --project, not both"),
        ] {
            let err = BufferOutput()
            let context = HostContext(
                standardOutput: BufferOutput(), standardError: err, environment: [:], currentDirectory: folder.url)
            #expect(await CommandLineTool.run(arguments: ["init"] + arguments, context: context) == .invalidInput)
            #expect(err.text.contains(message), "\(err.text)")
        }
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("Pipelines").path))
    }

    @Test func withoutXcodeAProjectIsExplainedAndThePackageStillGetsItsPipeline() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try FileManager.default.createDirectory(
            at: folder.url.appendingPathComponent("SmokeApp.xcodeproj"), withIntermediateDirectories: true)
        let out = BufferOutput()
        let err = BufferOutput()
        // No xcodebuild on this PATH.
        let context = HostContext(
            standardOutput: out, standardError: err, environment: ["PATH": folder.url.path],
            currentDirectory: folder.url)
        #expect(await CommandLineTool.run(arguments: ["init"], context: context) == .infrastructure)
        #expect(err.text.contains("SmokeApp.xcodeproj is an Xcode project"))
        #expect(err.text.contains("needs macOS with Xcode"))

        try Data("let package = Package(name: \"SmokeKit\")\n".utf8).write(
            to: folder.url.appendingPathComponent("Package.swift"))
        let again = BufferOutput()
        #expect(
            await CommandLineTool.run(
                arguments: ["init"],
                context: HostContext(
                    standardOutput: out, standardError: again, environment: ["PATH": folder.url.path],
                    currentDirectory: folder.url)) == .passed)
        #expect(again.text.contains("needs macOS with Xcode"))
        #expect(again.text.contains("Writing the SwiftPM pipeline for Package.swift instead"))
        let pipeline = try PipelineLoader().load(folder.url.appendingPathComponent("Pipelines/smoke.json"))
        #expect(pipeline.driver == .swiftpm(SwiftPMSettings(packagePath: ".")))
    }
}

/// `init` writes only regular files, and checks every file it will write before writing any: a link, a FIFO or a
/// device where the pipeline or `.gitignore` goes is refused (exit 2) and the folder is left as it was.
@Suite struct InitRefusesSpecialFilesTests {
    func context(_ folder: URL) -> (HostContext, BufferOutput) {
        let err = BufferOutput()
        return (
            HostContext(
                standardOutput: BufferOutput(), standardError: err, environment: [:], currentDirectory: folder), err
        )
    }

    func package(in folder: TemporaryDirectory) throws {
        try Data("// swift-tools-version:6.0\n".utf8).write(to: folder.url.appendingPathComponent("Package.swift"))
    }

    /// Replacing the link copied the secret it points at into a new, world-readable `.gitignore`.
    @Test func aGitignoreThatLinksToASecretIsRefusedAndNothingIsWritten() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try package(in: folder)
        let secret = folder.url.appendingPathComponent("secret")
        try Data("TOKEN=hunter2\n".utf8).write(to: secret)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: secret.path)
        let gitignore = folder.url.appendingPathComponent(".gitignore")
        try FileManager.default.createSymbolicLink(at: gitignore, withDestinationURL: secret)
        let (context, err) = context(folder.url)

        let status = await CommandLineTool.run(arguments: ["init"], context: context)

        #expect(status == .invalidInput)
        #expect(err.text.contains(".gitignore: it is a symbolic link, not a regular file"), "\(err.text)")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: gitignore.path) == secret.path)
        #expect(try String(contentsOf: secret, encoding: .utf8) == "TOKEN=hunter2\n")
        #expect(try folder.files() == [".gitignore", "Package.swift", "secret"])
    }

    /// A FIFO `.gitignore` once made init wait, then fail with exit 3 after the pipeline was written.
    @Test func aFIFOGitignoreIsRefusedBeforeThePipelineIsWritten() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try package(in: folder)
        let gitignore = folder.url.appendingPathComponent(".gitignore")
        #expect(mkfifo(gitignore.path, 0o644) == 0)
        let (context, err) = context(folder.url)

        let status = await CommandLineTool.run(arguments: ["init"], context: context)

        #expect(status == .invalidInput)
        #expect(err.text.contains(".gitignore: it is a FIFO"), "\(err.text)")
        #expect(try folder.files() == [".gitignore", "Package.swift"])
    }

    /// A file named `Pipelines` (what `init --path Pipelines` writes) is named as the thing in the way by `init`, even
    /// with `--force`, and by `run`, each with exit 2: they no longer send the user from one to the other.
    @Test func aFileNamedPipelinesIsNamedAsInTheWay() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try package(in: folder)
        try Data("x".utf8).write(to: folder.url.appendingPathComponent("Pipelines"))
        let expected = "\(folder.url.path)/Pipelines is a file, not a folder"
        for arguments in [["init", "--force"], ["run"]] {
            let (context, err) = context(folder.url)
            let status = await CommandLineTool.run(arguments: arguments, context: context)
            #expect(status == .invalidInput, "\(err.text)")
            #expect(err.text.contains(expected) && err.text.contains("move it away"), "\(err.text)")
        }
        #expect(try folder.files() == ["Package.swift", "Pipelines"])
    }

    /// `--force` overwrites a pipeline, never a link, a FIFO or a device node named by `--path`. The device is made
    /// in the test's own folder (only root may make one; others check the link and the FIFO).
    @Test(arguments: ["link", "fifo", "device"])
    func forceNeverReplacesAPathThatIsNotARegularFile(kind: String) async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try package(in: folder)
        let target = folder.url.appendingPathComponent("target")
        switch kind {
        case "link":
            try Data("{}".utf8).write(to: folder.url.appendingPathComponent("real.json"))
            try FileManager.default.createSymbolicLink(atPath: target.path, withDestinationPath: "real.json")
        case "fifo":
            #expect(mkfifo(target.path, 0o644) == 0)
        default:
            // The null device's numbers (major 1, minor 3), as Linux encodes them.
            guard geteuid() == 0, mknod(target.path, S_IFCHR | 0o666, 0x103) == 0 else { return }
        }
        let before = try folder.files()
        let (context, err) = context(folder.url)

        let status = await CommandLineTool.run(
            arguments: ["init", "--force", "--path", target.path], context: context)

        #expect(status == .invalidInput)
        #expect(err.text.contains("not a regular file"), "\(err.text)")
        #expect(try folder.files() == before)
        var info = stat()
        #expect(lstat(target.path, &info) == 0)
        #expect((info.st_mode & S_IFMT) != S_IFREG)
    }
}
