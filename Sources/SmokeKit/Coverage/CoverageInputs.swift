import Foundation
import SmokeCore

/// What `smokerun merge` needs to redo a run's coverage elsewhere: the instrumented test binaries, written beside
/// `coverage.profdata` as `coverage-inputs.json`.
package struct CoverageInputs: Codable, Sendable, Equatable {
    /// Absolute paths on the machine that ran the tests.
    package var testBinaries: [String]

    func write(in runDirectory: URL) throws {
        try AtomicFile.write(
            try JSONCoding.encoder().encode(self), to: RunDirectory(runDirectory).coverageInputs)
    }

    /// The run's inputs, or nil when it recorded none.
    package static func read(in runDirectory: URL) -> CoverageInputs? {
        guard let data = try? Data(contentsOf: RunDirectory(runDirectory).coverageInputs) else { return nil }
        return try? JSONCoding.decoder().decode(CoverageInputs.self, from: data)
    }

    /// The profiles to merge for a run: its `coverage.profdata`, else its raw `profiles/*.profraw`.
    package static func profiles(in runDirectory: URL) -> [URL] {
        let merged = RunDirectory(runDirectory).coverageProfile
        if FileManager.default.fileExists(atPath: merged.path) { return [merged] }
        return CoverageCollector.profiles(in: RunDirectory(runDirectory).profiles)
    }
}
