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

    /// A pipeline whose `environment.TZ` the device's `timeZone` overrules: a warning naming both, doctor still passes.
    @Test func anEnvironmentKeyTheDeviceOverrulesIsAWarningNamingBoth() async throws {
        let json = """
            {"name": "smoke", "swiftpm": {"packagePath": "."}, "device": {"platform": "host", "timeZone": "UTC"},
             "environment": {"TZ": "Asia/Tokyo"}, "notify": {"dashboardURL": "https://acme.github.io/shop/"}}
            """
        let pipeline = try PipelineLoader().parse(Data(json.utf8), file: "Pipelines/smoke.json")
        let (code, output) = try await Self.doctor(probes: Self.healthy(pipeline))
        #expect(code == .passed, "\(output)")
        #expect(
            output.contains(
                """
                ! environment: environment.TZ ('Asia/Tokyo') and device.timeZone ('UTC') both set TZ for the tests; \
                device.timeZone wins, so the tests see TZ=UTC
                    fix: remove environment.TZ, or change device.timeZone if the tests should see 'Asia/Tokyo'
                """), "\(output)")
    }
}
