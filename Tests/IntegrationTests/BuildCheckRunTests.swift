import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeKit
@testable import smokerun

/// The build check with the real toolchain: a second run of an unchanged package skips `swift build`
/// (and the listing) and still runs the same tests; an edited source is built again, listed again, and its
/// new behaviour is what runs.
@Suite(.serialized) struct BuildCheckRunTests {
    static let receipt = "TipCalculatorTests.SplitBillTests/receiptIsAttached()"

    @Test func anUnchangedPackageSkipsTheBuildAndAnEditedOneIsRebuilt() async throws {
        let package = try IntegrationSupport.copyFixture("TipCalculator")
        let pipeline = try IntegrationSupport.writePipeline(
            """
            {"name": "buildcheck", "swiftpm": {"packagePath": "TipCalculator"}, "coverage": {"enabled": false},
             "timeouts": {"runSeconds": 600, "testSeconds": 60}, "output": ".smokerun-buildcheck"}
            """, named: "buildcheck", next: package)
        func console(_ outcome: SmokeRun.Outcome) throws -> String {
            try String(contentsOf: outcome.runDirectory.appendingPathComponent("console.log"), encoding: .utf8)
        }
        func status(_ outcome: SmokeRun.Outcome) -> TestStatus? {
            outcome.report.tests.first { $0.id == Self.receipt }?.status
        }

        let (first, _, firstErr) = try await IntegrationSupport.run(pipeline)
        #expect(try console(first).contains("swift build --build-tests"))
        #expect(status(first) == .passed)
        #expect(firstErr.text.contains("smokerun: building TipCalculator (debug)…"), "\(firstErr.text)")

        let (second, _, secondErr) = try await IntegrationSupport.run(pipeline)
        #expect(try console(second).contains("build up to date"))
        #expect(try !console(second).contains("swift build --build-tests"))
        #expect(secondErr.text.contains("smokerun: build up to date ("), "\(secondErr.text)")
        #expect(!secondErr.text.contains("building"), "\(secondErr.text)")

        // Without smokerun's stamp, swift build runs for real and compiles nothing: up to date, not "building".
        let stamp = package.appendingPathComponent(".build/smokerun-no-coverage/\(BuildStamp.fileName)")
        try FileManager.default.removeItem(at: stamp)
        let (rebuilt, _, rebuiltErr) = try await IntegrationSupport.run(pipeline)
        #expect(try console(rebuilt).contains("swift build --build-tests"))
        #expect(
            rebuiltErr.text.contains("smokerun: build up to date (swift build compiled nothing)"), "\(rebuiltErr.text)")
        #expect(!rebuiltErr.text.contains("building"), "\(rebuiltErr.text)")
        #expect(second.report.tests.map(\.id).sorted() == first.report.tests.map(\.id).sorted())
        #expect(second.report.toolchain?.version == first.report.toolchain?.version)

        // total(for: 40) is now 47, so the receipt test (which expects 46) fails: only a rebuild can know.
        let source = package.appendingPathComponent("Sources/TipCalculator/TipCalculator.swift")
        let text = try String(contentsOf: source, encoding: .utf8)
        try Data(
            text.replacingOccurrences(of: "subtotal + tip(on: subtotal)", with: "subtotal + tip(on: subtotal) + 1").utf8
        ).write(to: source)
        // A test added now must be listed: the listing recorded for the old binary no longer holds.
        let tests = package.appendingPathComponent("Tests/TipCalculatorTests/SplitBillTests.swift")
        let original = try String(contentsOf: tests, encoding: .utf8)
        let added =
            original + """

                extension SplitBillTests {
                    @Test func addedLater() {}
                }

                """
        try Data(added.utf8).write(to: tests)
        let (third, _, _) = try await IntegrationSupport.run(pipeline)
        #expect(try console(third).contains("swift build --build-tests"))
        #expect(status(third) == .failed)
        #expect(third.report.tests.contains { $0.id == "TipCalculatorTests.SplitBillTests/addedLater()" })
        #expect(third.report.tests.count == first.report.tests.count + 1)
    }
}
