import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeKit
@testable import smokerun

/// `smokerun run` as a person at a terminal and a CI log see it: the real binary, started from a subfolder
/// of a real package, once through pipes and once on a pseudo-terminal (`script`), with and without NO_COLOR.
@Suite(.serialized) struct TerminalOutputTests {
    static let package = Result { () throws -> URL in
        let package = try IntegrationSupport.copyFixture("TipCalculator")
        try FileManager.default.createDirectory(
            at: package.appendingPathComponent("Pipelines"), withIntermediateDirectories: true)
        let json =
            #"{"name": "tip", "swiftpm": {"packagePath": "."}, "coverage": {"enabled": false}, "reports": ["json"], "timeouts": {"runSeconds": 600}}"#
        try Data(json.utf8).write(to: package.appendingPathComponent("Pipelines/smoke.json"))
        return package
    }

    static let hasScript = FileManager.default.isExecutableFile(atPath: "/usr/bin/script")

    var environment: [String: String] {
        var environment = ProcessInfo.processInfo.environment
        for key in ["NO_COLOR", "SMOKERUN_WEBHOOK_URL", "GITHUB_ACTIONS"] { environment.removeValue(forKey: key) }
        environment["TERM"] = "xterm"
        return environment
    }

    static func hasColour(_ text: String) -> Bool {
        text.range(of: "\u{1B}\\[[0-9;]*m", options: .regularExpression) != nil
    }

    @Test func throughAPipeTheOutputIsPlainAndTheProjectIsFoundFromASubfolder() throws {
        let folder = try Self.package.get().appendingPathComponent("Sources/TipCalculator")
        let (status, output) = try IntegrationSupport.runToEnd(
            IntegrationSupport.smokerunBinary.path, ["run"], environment: environment, in: folder)
        #expect(status == 0 || status == 1, "\(output)")
        #expect(output.contains("tip: "), "\(output)")
        #expect(!Self.hasColour(output), "\(output)")
        #expect(!output.contains("notify:"), "no webhook is set: nothing to say without -v")
        #expect(output.contains(" tests: ") || output.contains(" test: "))
    }

    @Test(.enabled(if: hasScript, "needs script(1) from util-linux for a pseudo-terminal"))
    func onATerminalTheStatusesAreColouredUnlessNoColorIsSet() throws {
        let folder = try Self.package.get().appendingPathComponent("Sources")
        let command = "'\(IntegrationSupport.smokerunBinary.path)' run --no-notify"
        let (status, coloured) = try IntegrationSupport.runToEnd(
            "/usr/bin/script", ["-qec", command, "/dev/null"], environment: environment, in: folder)
        #expect(status == 0 || status == 1, "\(coloured)")
        #expect(Self.hasColour(coloured), "\(coloured)")

        var plain = environment
        plain["NO_COLOR"] = "1"
        let (_, uncoloured) = try IntegrationSupport.runToEnd(
            "/usr/bin/script", ["-qec", command, "/dev/null"], environment: plain, in: folder)
        #expect(uncoloured.contains("tip: "), "\(uncoloured)")
        #expect(!Self.hasColour(uncoloured), "\(uncoloured)")
    }
}
