import Foundation
import Testing

@testable import SmokeCoreTestSupport
@testable import SmokeKit
@testable import SmokeTestSupport
@testable import smokerun

/// `parse --summary-only --strict` and `parse --output DIR --strict` read an input alike, reconcile it alike and so
/// exit alike: on every log, event stream and JUnit file of the shared corpus (read in place).
@Suite(.enabled(if: CorpusLocation.shouldRun, "the shared corpus (../shared/corpus) is not beside the package"))
struct ParseStrictParityTests {
    /// The corpus inputs `parse` reads as text: console logs, event streams and JUnit files.
    static let inputs: [String] = {
        var paths: [String] = []
        for folder in ["xcodebuild", "linux-xctest", "swift-testing", "misc", "junit"] {
            let root = CorpusLocation.file(folder)
            guard let walker = FileManager.default.enumerator(atPath: root.path) else { continue }
            for case let relative as String in walker where !relative.hasPrefix("expected_") {
                let ext = (relative as NSString).pathExtension
                if ["log", "txt", "jsonl", "xml"].contains(ext) { paths.append("\(folder)/\(relative)") }
            }
        }
        return paths.sorted()
    }()

    @Test func theCorpusHoldsInputsToCompare() throws {
        try CorpusLocation.require()
        #expect(Self.inputs.count >= 60)
    }

    @Test(arguments: inputs)
    func summaryOnlyAndOutputExitAlikeUnderStrict(_ input: String) async throws {
        try CorpusLocation.require()
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let context = HostContext(
            standardOutput: BufferOutput(), standardError: BufferOutput(), environment: [:],
            currentDirectory: folder.url)
        let path = CorpusLocation.file(input).path
        let summary = await CommandLineTool.run(
            arguments: ["parse", path, "--summary-only", "--strict"], context: context)
        let written = await CommandLineTool.run(
            arguments: ["parse", path, "--output", "out", "--strict"], context: context)
        #expect(summary == written, "\(input): --summary-only exits \(summary), --output \(written)")
    }
}
