import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeKit
@testable import smokerun

@Suite struct BisectCommandTests {
    @Test(arguments: [[], ["RUN"], ["RUN", "TEST", "EXTRA"]])
    func bisectNeedsARunAndATest(arguments: [String]) {
        #expect(throws: UsageError.self) { try BisectCommand(arguments: arguments) }
    }

    @Test func runAndMergeTakeTheirNewOptions() throws {
        #expect(try RunCommand(arguments: ["--shard", "2/3"]).options.shard == ShardRecord(index: 2, count: 3))
        #expect(throws: UsageError.self) { try RunCommand(arguments: ["--shard", "4/3"]) }
        let merge = try MergeCommand(arguments: ["a", "b", "--output", "out", "--binary", "x", "--no-notify"])
        #expect(
            merge.runs == ["a", "b"] && merge.binaries == ["x"] && merge.options.output == "out"
                && !merge.options.notify)
        #expect(throws: UsageError.self) { try MergeCommand(arguments: []) }
    }

    @Test func bothCommandsAreRegistered() {
        let names = CommandLineTool.commands.map { $0.name }
        #expect(names.contains("bisect") && names.contains("merge"))
    }
}
