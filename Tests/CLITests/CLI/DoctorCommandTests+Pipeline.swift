import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeKit
@testable import smokerun

/// `doctor` when the pipeline file is not there at all: `smokerun init` writes it.
extension DoctorCommandTests {
    @Test func aMissingPipelineIsInitsToWrite() async throws {
        var probes = Self.healthy()
        probes.loadPipeline = { _, shown in throw Broken("\(shown): cannot be read (no such file)") }
        probes.pipelineExists = { _ in false }
        let (code, output) = try await Self.doctor(probes: probes)
        #expect(code == .checkFailed)
        #expect(
            output.contains(
                "    fix: run `smokerun init` in the project folder to write it, or name another pipeline: smokerun doctor FILE\n"
            ), "\(output)")
        #expect(!output.contains("as the message says"))
    }
}
