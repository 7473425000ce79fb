import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeKit

@Suite struct PipelineLoaderTests {
    func parse(_ json: String) throws(PipelineError) -> Pipeline {
        try PipelineLoader().parse(Data(json.utf8), file: "Pipelines/test.json")
    }

    @Test func defaultsCarryTheMission() throws {
        let pipeline = try parse(#"{"name": "smoke", "swiftpm": {"packagePath": "."}}"#)
        #expect(pipeline.schedule == "0 */4 * * *")
        #expect(pipeline.ordering.mode == .random)
        #expect(pipeline.ordering.isolation == .suite)
        #expect(pipeline.environment == ["IS_UNIT_TESTING": "1"])
        #expect(pipeline.reports == ReportRegistry.standard.formats)
        #expect(pipeline.timeZone == "UTC")
        #expect(pipeline.driver == .swiftpm(SwiftPMSettings(packagePath: ".")))
        // One retry, as `init` writes it (PipelineTemplate.retries).
        #expect(pipeline.retries.failed == 1 && pipeline.retries.failed == PipelineTemplate.retries)
    }

    @Test func graceSecondsDefaultsToTenAndIsReadLikeTheOtherTimeouts() throws {
        #expect(try parse(#"{"name": "s", "swiftpm": {}}"#).timeouts.graceSeconds == 10)
        #expect(
            try parse(#"{"name": "s", "swiftpm": {}, "timeouts": {"graceSeconds": 2.5}}"#).timeouts.graceSeconds == 2.5)
    }

    @Test func theShippedSmokePipelineLoads() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
            "../../../Pipelines/smoke.json"
        ).standardizedFileURL
        let pipeline = try PipelineLoader().load(url)
        #expect(pipeline.name == "smoke")
        #expect(pipeline.retries.failed == 1)
        #expect(
            pipeline.projectRoot(currentDirectory: URL(fileURLWithPath: "/")).appendingPathComponent(
                "Pipelines/smoke.json"
            ).path == url.path)
    }

    @Test func aSixtyFourBitSeedStaysExact() throws {
        let pipeline = try parse(#"{"name": "s", "swiftpm": {}, "ordering": {"seed": 18446744073709551615}}"#)
        #expect(pipeline.ordering.seed == UInt64.max)
    }

    @Test(arguments: [
        (
            #"{"name": "s", "swiftpm": {}, "schedul": "x"}"#,
            "pipeline Pipelines/test.json: 'schedul': unknown key (did you mean 'schedule'?)"
        ),
        (
            #"{"name": "s", "swiftpm": {"packagePath": 3}}"#,
            "pipeline Pipelines/test.json: 'swiftpm.packagePath': expected a string, found a number"
        ),
        (#"{"name": "s"}"#, "pipeline Pipelines/test.json: has no driver"),
        (#"{"swiftpm": {}}"#, "pipeline Pipelines/test.json: 'name': is required"),
        (
            #"{"name": "s", "swiftpm": {}, "ordering": {"mode": "randm"}}"#,
            "'ordering.mode': 'randm' is not one of random, declared (did you mean 'random'?)"
        ),
        (
            #"{"name": "s", "swiftpm": {}, "environment": {"IS_UNIT_TESTING": 1}}"#,
            "'environment.IS_UNIT_TESTING': expected a string, found a number"
        ),
        (#"{"name": "s", "swiftpm": {}, "reports": ["json", "pdf"]}"#, "'reports[1]': 'pdf' is not one of"),
        (
            #"{"name": "s", "swiftpm": {}, "timeZone": "Mars/Olympus"}"#,
            "'timeZone': 'Mars/Olympus' is not an IANA time zone"
        ),
        (#"{"name": "s", "swiftpm": {"filter": ["("]}}"#, "'swiftpm.filter[0]': '(' is not a valid regular expression"),
        (#"{"name": "s", "swiftpm": {}, "xcodebuild": {"scheme": "A"}}"#, "exactly one driver"),
        (
            #"{"name": "s", "swiftpm": {}, "notify": {"webhookURLEnvironment": "https://hooks.slack.com/x"}}"#,
            "never the URL itself"
        ),
        (#"[1, 2]"#, "must hold a JSON object, found an array"),
        (
            #"{"name": "s", "swiftpm": {}, "schedule": "0 25 * * *"}"#,
            "'schedule': cron expression '0 25 * * *': field 2 (hour) '25' is out of range 0–23"
        ),
        (#"{"name": "s", "#, "is not valid JSON"),
    ])
    func badPipelinesNameTheFileTheKeyAndTheFix(json: String, expected: String) {
        #expect {
            try parse(json)
        } throws: { error in
            let message = (error as? PipelineError)?.errorDescription ?? ""
            return message.contains(expected) && message.contains("Pipelines/test.json")
                && (error as? PipelineError)?.kind == .invalidInput
        }
    }

    @Test func anUnreadableFileSaysSo() {
        #expect {
            try PipelineLoader().load(URL(fileURLWithPath: "/nonexistent/smoke.json"), displayPath: "missing.json")
        } throws: { error in
            (error as? PipelineError)?.errorDescription?.contains("pipeline missing.json: cannot be read") == true
        }
    }
}

/// Pipelines that Foundation's decoder (or a loose check) would accept but that are wrong: each must
/// be refused (exit 2) with the file, the key and the fix in its message.
@Suite struct BrokenPipelineTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var label: String
        var json: String
        /// Text the message must hold besides the file name (usually the key).
        var mentions: [String]
        var testDescription: String { label }
    }

    static let file = "Pipelines/broken.json"

    static let cases: [Case] = [
        Case(
            label: "name with a slash", json: #"{"name": "a/b", "swiftpm": {}}"#,
            mentions: ["'name'", "path separator"]),
        Case(label: "name with ..", json: #"{"name": "..", "swiftpm": {}}"#, mentions: ["'name'", "'..'"]),
        Case(label: "name with NUL", json: #"{"name": "a\u0000b", "swiftpm": {}}"#, mentions: ["'name'", "NUL"]),
        Case(
            label: "name over 100 characters",
            json: #"{"name": "\#(String(repeating: "n", count: 101))", "swiftpm": {}}"#,
            mentions: ["'name'", "101 characters"]),
        Case(
            label: "empty environment key", json: #"{"name": "s", "swiftpm": {}, "environment": {"": "1"}}"#,
            mentions: ["'environment'", "empty variable name"]),
        Case(
            label: "environment key with =", json: #"{"name": "s", "swiftpm": {}, "environment": {"A=1": "1"}}"#,
            mentions: ["'environment.A=1'", "'='"]),
        Case(
            label: "duplicate key", json: "{\"name\": \"s\",\n \"swiftpm\": {},\n \"name\": \"t\"}",
            mentions: ["'name'", "line 3", "duplicate key", "first given on line 1"]),
        Case(
            label: "nested duplicate key", json: #"{"name": "s", "swiftpm": {"packagePath": ".", "packagePath": "x"}}"#,
            mentions: ["'swiftpm.packagePath'", "duplicate key"]),
        Case(
            label: "trailing comma in an object", json: "{\"name\": \"s\",\n \"swiftpm\": {},\n}",
            mentions: ["line 3, column 1", "trailing comma"]),
        Case(
            label: "trailing comma in an array", json: #"{"name": "s", "swiftpm": {}, "reports": ["json",]}"#,
            mentions: ["'reports'", "trailing comma"]),
        Case(
            label: "seed as a string", json: #"{"name": "s", "swiftpm": {}, "ordering": {"seed": "42"}}"#,
            mentions: ["'ordering.seed'", "without quotes"]),
        Case(
            label: "seed too large", json: #"{"name": "s", "swiftpm": {}, "ordering": {"seed": 18446744073709551616}}"#,
            mentions: ["'ordering.seed'", "too large"]),
        Case(
            label: "number beyond Double", json: #"{"name": "s", "swiftpm": {}, "timeouts": {"runSeconds": 1e400}}"#,
            mentions: ["'timeouts.runSeconds'", "too large"]),
        Case(
            label: "timeout too large", json: #"{"name": "s", "swiftpm": {}, "timeouts": {"testSeconds": 1e12}}"#,
            mentions: ["'timeouts.testSeconds'", "too large"]),
        Case(
            label: "grace period of zero", json: #"{"name": "s", "swiftpm": {}, "timeouts": {"graceSeconds": 0}}"#,
            mentions: ["'timeouts.graceSeconds'", "positive number of seconds"]),
        Case(
            label: "grace period too large", json: #"{"name": "s", "swiftpm": {}, "timeouts": {"graceSeconds": 1e9}}"#,
            mentions: ["'timeouts.graceSeconds'", "too large"]),
        Case(
            label: "retries too large", json: #"{"name": "s", "swiftpm": {}, "retries": {"failed": 1e19}}"#,
            mentions: ["'retries.failed'", "0 to 10"]),
        Case(
            label: "unknown platform",
            json: #"{"name": "s", "swiftpm": {}, "device": {"platform": "iOS Simulater", "name": "x"}}"#,
            mentions: ["'device.platform'", "known: host, iOS Simulator", "did you mean 'iOS Simulator'"]),
        Case(
            label: "artifacts URL that is not http(s)",
            json: #"{"name": "s", "swiftpm": {}, "notify": {"artifactsURL": "javascript:alert(1)"}}"#,
            mentions: ["'notify.artifactsURL'", "not an http(s) URL"]),
        Case(
            label: "artifacts URL without a host",
            json: #"{"name": "s", "swiftpm": {}, "notify": {"artifactsURL": "https:///runs"}}"#,
            mentions: ["'notify.artifactsURL'", "not an http(s) URL"]),
        Case(
            label: "webhook variable name with =",
            json: #"{"name": "s", "swiftpm": {}, "notify": {"webhookURLEnvironment": "A=B"}}"#,
            mentions: ["'notify.webhookURLEnvironment'", "letters, digits and '_'"]),
        Case(
            label: "webhook variable name starting with a digit",
            json: #"{"name": "s", "swiftpm": {}, "notify": {"webhookURLEnvironment": "1URL"}}"#,
            mentions: ["'notify.webhookURLEnvironment'", "not starting with a digit"]),
        Case(
            label: "output with NUL", json: #"{"name": "s", "swiftpm": {}, "output": "out\u0000x"}"#,
            mentions: ["'output'", "NUL"]),
        Case(
            label: "packagePath with NUL", json: #"{"name": "s", "swiftpm": {"packagePath": "a\u0000"}}"#,
            mentions: ["'swiftpm.packagePath'", "NUL"]),
        Case(
            label: "scratchPath with NUL", json: #"{"name": "s", "swiftpm": {"scratchPath": "a\u0000"}}"#,
            mentions: ["'swiftpm.scratchPath'", "NUL"]),
        Case(
            label: "derivedDataPath with NUL",
            json:
                #"{"name": "s", "xcodebuild": {"scheme": "A", "project": "A.xcodeproj", "derivedDataPath": "\u0000"}}"#,
            mentions: ["'xcodebuild.derivedDataPath'", "NUL"]),
        Case(
            label: "project with NUL",
            json: #"{"name": "s", "xcodebuild": {"scheme": "A", "project": "A\u0000.xcodeproj"}}"#,
            mentions: ["'xcodebuild.project'", "NUL"]),
        Case(
            label: "no report formats", json: #"{"name": "s", "swiftpm": {}, "reports": []}"#,
            mentions: ["'reports'", "at least one format"]),
        Case(
            label: "name with a bidi override", json: #"{"name": "smoke\u202Egnp.exe", "swiftpm": {}}"#,
            mentions: ["'name'", "bidirectional"]),
        Case(
            label: "name with a bidi isolate", json: #"{"name": "a\u2067b", "swiftpm": {}}"#,
            mentions: ["'name'", "bidirectional"]),
    ]

    @Test(arguments: cases)
    func brokenPipelineIsRefusedNamingFileAndKey(_ broken: Case) {
        do {
            _ = try PipelineLoader().parse(Data(broken.json.utf8), file: Self.file)
            Issue.record("accepted: \(broken.json)")
        } catch {
            let message = error.errorDescription ?? ""
            #expect(error.kind == .invalidInput)
            #expect(message.contains(Self.file), "\(message)")
            for text in broken.mentions { #expect(message.contains(text), "missing \(text) in: \(message)") }
            #expect(!message.contains("NSCocoaErrorDomain"))
        }
    }

    /// Paths are checked against the file system (through the `pathKind` seam).
    @Test(arguments: [
        (
            "output is a file", #"{"name": "s", "swiftpm": {"packagePath": "pkg"}, "output": "out"}"#, "'output'",
            "is a file"
        ),
        (
            "packagePath missing", #"{"name": "s", "swiftpm": {"packagePath": "gone"}}"#, "'swiftpm.packagePath'",
            "does not exist"
        ),
        (
            "packagePath not a package", #"{"name": "s", "swiftpm": {"packagePath": "plain"}}"#,
            "'swiftpm.packagePath'", "no Package.swift"
        ),
        (
            "packagePath a file", #"{"name": "s", "swiftpm": {"packagePath": "out"}}"#, "'swiftpm.packagePath'",
            "is a file"
        ),
        (
            "scratchPath a file", #"{"name": "s", "swiftpm": {"packagePath": "pkg", "scratchPath": "out"}}"#,
            "'swiftpm.scratchPath'", "is a file"
        ),
    ])
    func pathThatCannotBeUsedIsRefused(_ label: String, _ json: String, _ key: String, _ problem: String) {
        let root = URL(fileURLWithPath: "/project")
        let loader = PipelineLoader(
            readFile: { _ in Data(json.utf8) },
            pathKind: { url in
                switch url.path {
                case "/project/out", "/project/pkg/Package.swift": .file
                case "/project/pkg", "/project/plain", "/project": .folder
                default: .missing
                }
            })
        do {
            _ = try loader.load(
                root.appendingPathComponent("Pipelines/p.json"), displayPath: "Pipelines/p.json", checkingPaths: true)
            Issue.record("\(label): accepted")
        } catch {
            let message = error.errorDescription ?? ""
            #expect(
                message.contains("Pipelines/p.json") && message.contains(key) && message.contains(problem),
                "\(label): \(message)")
        }
    }

    @Test func invalidUTF8InTheNameIsRefused() {
        let bytes = Data(#"{"name": "smoke"#.utf8) + Data([0xFF, 0xFE]) + Data(#"", "swiftpm": {}}"#.utf8)
        do {
            _ = try PipelineLoader().parse(bytes, file: Self.file)
            Issue.record("a name with invalid UTF-8 was accepted")
        } catch {
            let message = error.errorDescription ?? ""
            #expect(message.contains(Self.file) && message.contains("'name'"), "\(message)")
            #expect(message.contains("invalid UTF-8") && message.contains("save the file as UTF-8"), "\(message)")
        }
    }

    static func pipeline(variables count: Int) -> Data {
        let variables = (0..<count).map { #""V\#($0)": "1""# }.joined(separator: ", ")
        return Data(#"{"name": "s", "swiftpm": {}, "environment": {\#(variables)}}"#.utf8)
    }

    @Test func anAbsurdNumberOfEnvironmentVariablesIsRefused() {
        do {
            _ = try PipelineLoader().parse(Self.pipeline(variables: 90_000), file: Self.file)
            Issue.record("90,000 environment variables were accepted")
        } catch {
            let message = error.errorDescription ?? ""
            #expect(message.contains("'environment'") && message.contains("90000 variables"), "\(message)")
            #expect(message.contains("at most \(PipelineLoader.environmentLimit)"), "\(message)")
        }
    }

    @Test func environmentVariablesUpToTheLimitAreKept() throws {
        let pipeline = try PipelineLoader().parse(
            Self.pipeline(variables: PipelineLoader.environmentLimit), file: Self.file)
        #expect(pipeline.environment.count == PipelineLoader.environmentLimit)
        #expect(pipeline.environment["V999"] == "1")
    }

    @Test func anHTTPSArtifactsURLAndAPlainVariableNameAreKept() throws {
        let json = #"""
            {"name": "s", "swiftpm": {}, "notify": {"artifactsURL": "https://ci.example.com/runs/",
             "webhookURLEnvironment": "_SMOKE_HOOK_2"}}
            """#
        let notify = try PipelineLoader().parse(Data(json.utf8), file: Self.file).notify
        #expect(notify.artifactsURL == "https://ci.example.com/runs/")
        #expect(notify.webhookURLEnvironment == "_SMOKE_HOOK_2")
    }

    @Test func aGoodPipelineWithAPackagePasses() throws {
        let loader = PipelineLoader(
            readFile: { _ in Data(#"{"name": "ok-1.2_x", "swiftpm": {"packagePath": "pkg"}}"#.utf8) },
            pathKind: { url in
                url.path.hasSuffix("Package.swift") ? .file : (url.path.hasSuffix("/pkg") ? .folder : .missing)
            })
        let pipeline = try loader.load(URL(fileURLWithPath: "/project/Pipelines/p.json"), checkingPaths: true)
        #expect(pipeline.name == "ok-1.2_x")
    }

    static let phone = #"{"platform": "iOS Simulator", "name": "iPhone SE (3rd generation)", "runtime": "iOS 17.5"}"#

    /// An xcodebuild pipeline runs on a simulator: without one it is refused at load (exit 2), naming the key.
    @Test(arguments: [
        (#"{"name": "ios", "xcodebuild": {"project": "A.xcodeproj", "scheme": "A"}}"#, "is missing"),
        (
            #"{"name": "ios", "xcodebuild": {"project": "A.xcodeproj", "scheme": "A"}, "device": {"platform": "host"}}"#,
            "names this machine"
        ),
    ])
    func anXcodebuildPipelineWithoutASimulatorIsRefused(json: String, said: String) throws {
        let error = try #require(throws: PipelineError.self) {
            try PipelineLoader().parse(Data(json.utf8), file: Self.file)
        }
        #expect(error.keyPath == "device")
        #expect(error.problem.hasPrefix("\(said), but the 'xcodebuild' driver runs tests on a simulator"))
    }

    /// `xcodebuild.packagePath`: a Swift package tested by xcodebuild, one of workspace/project/packagePath,
    /// checked like `swiftpm.packagePath`.
    @Test func anXcodebuildPackagePathIsOneOfTheThreeContainersAndMustHoldAPackage() throws {
        let json = #"{"name": "ios", "xcodebuild": {"packagePath": "pkg", "scheme": "Pkg"}, "device": \#(Self.phone)}"#
        let pipeline = try PipelineLoader().parse(Data(json.utf8), file: Self.file)
        guard case .xcodebuild(let settings) = pipeline.driver else {
            Issue.record("not xcodebuild")
            return
        }
        #expect(settings.packagePath == "pkg" && settings.project == nil && settings.workspace == nil)
        for both in [
            #"{"name": "ios", "xcodebuild": {"packagePath": "pkg", "project": "A.xcodeproj", "scheme": "Pkg"}}"#,
            #"{"name": "ios", "xcodebuild": {"scheme": "Pkg"}}"#,
        ] {
            #expect(throws: PipelineError.self) { try PipelineLoader().parse(Data(both.utf8), file: Self.file) }
        }
        let missing = PipelineLoader(
            readFile: { _ in Data(json.utf8) },
            pathKind: { url in url.path.hasSuffix("/pkg") ? .folder : .missing })
        do {
            _ = try missing.load(URL(fileURLWithPath: "/project/Pipelines/p.json"), checkingPaths: true)
            Issue.record("a folder without Package.swift was accepted")
        } catch {
            #expect(error.errorDescription?.contains("xcodebuild.packagePath") == true, "\(error)")
            #expect(error.errorDescription?.contains("no Package.swift") == true, "\(error)")
        }
    }

    @Test func anUnreadableFileSaysWhatHappenedInWords() {
        do {
            _ = try PipelineLoader().load(
                URL(fileURLWithPath: "/nonexistent-\(UUID().uuidString)/p.json"), displayPath: "Pipelines/p.json")
            Issue.record("a missing file loaded")
        } catch {
            let message = error.errorDescription ?? ""
            #expect(message.contains("Pipelines/p.json: cannot be read (no such file)"), "\(message)")
            #expect(!message.contains("NSCocoaErrorDomain"))
        }
    }
}
