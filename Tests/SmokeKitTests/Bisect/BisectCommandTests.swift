import Foundation
import Testing
@testable import SmokeKit

@Suite struct BisectCommandTests {
    @Test(arguments: [[], ["RUN"], ["RUN", "TEST", "EXTRA"]])
    func bisectNeedsARunAndATest(arguments: [String]) {
        #expect(throws: UsageError.self) { try BisectCommand(arguments: arguments) }
    }

    @Test func runAndMergeTakeTheirNewOptions() throws {
        #expect(try RunCommand(arguments: ["--shard", "2/3"]).options.shard == ShardRecord(index: 2, count: 3))
        #expect(throws: UsageError.self) { try RunCommand(arguments: ["--shard", "4/3"]) }
        let merge = try MergeCommand(arguments: ["a", "b", "--output", "out", "--binary", "x", "--no-notify"])
        #expect(merge.runs == ["a", "b"] && merge.binaries == ["x"] && merge.options.output == "out" && !merge.options.notify)
        #expect(throws: UsageError.self) { try MergeCommand(arguments: []) }
    }

    @Test func bothCommandsAreRegistered() {
        let names = CommandLineTool.commands.map { $0.name }
        #expect(names.contains("bisect") && names.contains("merge"))
    }

    @Test func aRunIsFoundByPathOrById() throws {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("smokerun-locator-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: output) }
        let run = output.appendingPathComponent("runs/20261122T040000Z-abcd")
        try FileManager.default.createDirectory(at: run, withIntermediateDirectories: true)
        try Data("{}".utf8).write(to: run.appendingPathComponent("report.json"))
        let resolve: (String) -> URL = { $0.hasPrefix("/") ? URL(fileURLWithPath: $0) : output.appendingPathComponent($0) }
        #expect(try RunDirectoryLocator.resolve(run.path, outputDirectory: output, resolvePath: resolve).path == run.path)
        #expect(try RunDirectoryLocator.resolve("20261122T040000Z-abcd", outputDirectory: output, resolvePath: resolve).path == run.path)
        #expect(throws: StoreError.self) { try RunDirectoryLocator.resolve("20261122T040000Z-ffff", outputDirectory: output, resolvePath: resolve) }
        #expect(throws: StoreError.self) { try RunDirectoryLocator.resolve("/nowhere/at/all", outputDirectory: output, resolvePath: resolve) }
    }
}
