import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeKit
@testable import smokerun

@Suite struct CulpritCommandTests {
    @Test(arguments: [[], ["RUN"], ["RUN", "T", "--max-minutes", "0"], ["RUN", "T", "--flaky-repeats", "0"]])
    func culpritRefusesMissingTestsAndEmptyBudgets(arguments: [String]) {
        #expect(throws: UsageError.self) { try CulpritCommand(arguments: arguments) }
    }

    @Test func culpritTakesSeveralTestsAndItsBudgets() throws {
        let command = try CulpritCommand(
            arguments: ["RUN", "A/a", "B/b", "--max-minutes", "15", "--flaky-repeats", "5", "--output", "out"])
        #expect(command.run == "RUN" && command.tests == ["A/a", "B/b"])
        #expect(command.maxMinutes == 15 && command.flakyRepeats == 5 && command.output == "out")
        let defaults = try CulpritCommand(arguments: ["RUN", "A/a"])
        #expect(defaults.maxMinutes == nil && defaults.flakyRepeats == nil)
    }
}
