import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeKit

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

    @Test func aGoodPipelineWithAPackagePasses() throws {
        let loader = PipelineLoader(
            readFile: { _ in Data(#"{"name": "ok-1.2_x", "swiftpm": {"packagePath": "pkg"}}"#.utf8) },
            pathKind: { url in
                url.path.hasSuffix("Package.swift") ? .file : (url.path.hasSuffix("/pkg") ? .folder : .missing)
            })
        let pipeline = try loader.load(URL(fileURLWithPath: "/project/Pipelines/p.json"), checkingPaths: true)
        #expect(pipeline.name == "ok-1.2_x")
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
