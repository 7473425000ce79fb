import Foundation
import Testing

@testable import SmokeCore

/// The line a build or a simulator boot shows while it runs: elapsed time and the tool's own progress.
@Suite struct PhaseLineTests {
    static let start = Date(timeIntervalSince1970: 1_795_305_600)

    @Test func showsTheTitleTheElapsedTimeAndTheStepCutToTheWidth() {
        var phase = PhaseLine(title: "building swift-http-types (debug)", startedAt: Self.start)
        #expect(phase.line(at: Self.start.addingTimeInterval(3), width: 80) == "building swift-http-types (debug)… 3s")
        phase.step = "[57/107] Compiling HTTPTypes HTTPField.swift"
        let at = Self.start.addingTimeInterval(222)
        #expect(
            phase.line(at: at, width: 120)
                == "building swift-http-types (debug)… 3m 42s [57/107] Compiling HTTPTypes HTTPField.swift")
        let narrow = phase.line(at: at, width: 60)
        #expect(narrow.count == 60 && narrow.hasPrefix("building swift-http-types (debug)… 3m 42s [57/107]"))
        #expect(narrow.hasSuffix("…"))
    }

    @Test(
        arguments: [
            ("[57/107] Compiling HTTPTypes HTTPField.swift", "[57/107] Compiling HTTPTypes HTTPField.swift"),
            (
                "[107/107] Linking swift-http-typesPackageTests.xctest",
                "[107/107] Linking swift-http-typesPackageTests.xctest"
            ),
            ("Building for debugging...", nil),
            ("[error] not a step", nil),
            (
                "CompileSwift normal arm64 /Users/ci/SmokeApp/SmokeApp/Tip.swift (in target 'SmokeApp' from project 'SmokeApp')",
                "CompileSwift Tip.swift"
            ),
            (
                "Ld /Users/ci/DerivedData/Build/Products/Debug-iphonesimulator/SmokeApp.app/SmokeApp normal",
                "Ld SmokeApp"
            ),
            ("Test Suite 'All tests' started", nil),
        ] as [(String, String?)])
    func buildStepsAreReadFromBothTools(line: String, step: String?) {
        #expect(PhaseLine.step(in: line) == step)
    }
}
