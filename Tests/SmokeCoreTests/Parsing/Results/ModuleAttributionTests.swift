import Testing

@testable import SmokeCore
@testable import SmokeCoreTestSupport

/// `swift test --parallel` names each test with its module in a progress line, then prints a failing test's own output,
/// which names it without one. When two test modules have the same `Class/method`, the failure's file says which.
@Suite struct ModuleAttributionTests {
    private static func log(blocks: [(folder: String, message: String)]) -> String {
        var lines = ["[1/2] Testing ATests.ModelTests/testAnswer", "[2/2] Testing BTests.ModelTests/testAnswer"]
        for block in blocks {
            lines += [
                "Test Suite 'Selected tests' started at 2026-11-29 22:26:31.281",
                "Test Suite 'ModelTests' started at 2026-11-29 22:26:31.285",
                "Test Case 'ModelTests.testAnswer' started at 2026-11-29 22:26:31.285",
                "/src/Twin/Tests/\(block.folder)/T.swift:3: error: ModelTests.testAnswer : failed - \(block.message)",
                "Test Case 'ModelTests.testAnswer' failed (0.002 seconds)",
                "Test Suite 'ModelTests' failed at 2026-11-29 22:26:31.287",
                "\t Executed 1 test, with 1 failure (0 unexpected) in 0.002 (0.002) seconds",
            ]
        }
        return lines.joined(separator: "\n")
    }

    private static func outcomes(_ collector: ResultCollector) -> [String] {
        collector.results.map { "\($0.id) \($0.status.rawValue) \($0.failures.map(\.message).joined())" }
    }

    @Test func theFailuresFileNamesTheModuleOfItsTest() {
        let collector = ParsingTestSupport.collect(Self.log(blocks: [("BTests", "B")]))
        #expect(
            Self.outcomes(collector) == [
                "ATests.ModelTests/testAnswer passed ",
                "BTests.ModelTests/testAnswer failed failed - B",
            ])
    }

    @Test func eachOfTwoFailingBlocksGoesToItsOwnModule() {
        let collector = ParsingTestSupport.collect(Self.log(blocks: [("BTests", "B"), ("ATests", "A")]))
        #expect(collector.results.map(\.id) == ["ATests.ModelTests/testAnswer", "BTests.ModelTests/testAnswer"])
        #expect(collector.results.map { $0.failures.map(\.message).last?.suffix(1) } == ["A", "B"])
        #expect(collector.results.allSatisfy { $0.status == .failed })
    }

    @Test func aFolderNamedWithADashNamesItsModulesUnderscore() {
        let log = Self.log(blocks: [("A-Tests", "A")]).replacing("ATests.", with: "A_Tests.")
        let collector = ParsingTestSupport.collect(log)
        #expect(collector.results.map(\.status) == [.failed, .passed])
        #expect(collector.results.first?.id == "A_Tests.ModelTests/testAnswer")
    }

    /// A file in a folder named after neither module proves nothing about which one failed: the failure stays a
    /// test of its own rather than a guess, and is never lost.
    @Test func aFileThatNamesNeitherModuleIsNoGuess() {
        let collector = ParsingTestSupport.collect(Self.log(blocks: [("Shared", "S")]))
        #expect(collector.results.count == 3)
        #expect(collector.results.last.map { "\($0.id) \($0.status.rawValue)" } == "ModelTests/testAnswer failed")
    }

    /// A failing test named with its module is nobody's module-less entry: its failure leaves the `Class/method`
    /// index unbuilt (building it made every later test of a million-test log pay for its filing).
    @Test func aFailureOfATestNamedWithItsModuleAsksNothingOfTheModulelessIndex() {
        let log = """
            Test Case '-[ATests.ModelTests testAnswer]' started.
            /src/Twin/Tests/ATests/T.swift:3: error: -[ATests.ModelTests testAnswer] : XCTAssertTrue failed
            Test Case '-[ATests.ModelTests testAnswer]' failed (0.002 seconds).
            Test Case '-[ATests.ModelTests testOther]' started.
            Test Case '-[ATests.ModelTests testOther]' passed (0.001 seconds).
            """
        let collector = ParsingTestSupport.collect(log)
        #expect(collector.results.map(\.status) == [.failed, .passed])
        let indexBuilt = collector.tests.modulelessBuilt
        #expect(!indexBuilt)
    }
}
