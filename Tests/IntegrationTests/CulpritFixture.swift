import Foundation
import SmokeCoreTestSupport
import SmokeTestSupport

@testable import SmokeCore
@testable import SmokeKit

/// A git repository made by the test: a tiny package whose test passes at the first commit, then nine commits,
/// the sixth ("Round totals") breaking it; a passing run at the first commit and a failing run at the last.
struct CulpritFixture: Sendable {
    static let test = "LedgerTests.LedgerTests/testTotal"
    /// The checkout (the git top folder); the package is `Ledger/` in it.
    var checkout: URL
    var pipeline: URL
    /// The last passing commit, then the nine after it, oldest first.
    var commits: [String]
    var failingRun: URL
    /// The new-failure message the failing run sent (Slack), as the receiver got it.
    var message: String?

    var breaking: String { commits[6] }

    /// git with no global or system configuration, so the test needs none and no setting of the machine's applies.
    static let gitEnvironment: [String: String] = {
        var environment = ProcessInfo.processInfo.environment
        environment["GIT_CONFIG_GLOBAL"] = "/dev/null"
        environment["GIT_CONFIG_NOSYSTEM"] = "1"
        environment["GIT_TERMINAL_PROMPT"] = "0"
        return environment
    }()

    @discardableResult
    static func git(_ arguments: [String], in folder: URL) throws -> String {
        let (status, output) = try IntegrationSupport.runToEnd(
            "/usr/bin/env", ["git"] + arguments, environment: gitEnvironment, in: folder)
        guard status == 0 else { throw FixtureFailure(text: "git \(arguments.joined(separator: " ")): \(output)") }
        return output.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    func git(_ arguments: [String]) throws -> String { try Self.git(arguments, in: checkout) }

    struct FixtureFailure: Error, CustomStringConvertible {
        var text: String
        var description: String { text }
    }

    static func make() async throws -> CulpritFixture {
        let checkout = TestScratch.root
            .appendingPathComponent("smokerun-culprit-\(UUID().uuidString.prefix(8))").appendingPathComponent("repo")
        let package = checkout.appendingPathComponent("Ledger")
        func write(_ path: String, _ text: String) throws {
            let url = checkout.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        func commit(_ subject: String) throws -> String {
            try git(["add", "-A"], in: checkout)
            try git(
                ["-c", "user.name=Ada", "-c", "user.email=ada@example.com", "commit", "-qm", subject], in: checkout)
            return try git(["rev-parse", "HEAD"], in: checkout)
        }
        try FileManager.default.createDirectory(at: package, withIntermediateDirectories: true)
        try git(["init", "-q", "-b", "main"], in: checkout)
        try write(".gitignore", ".smokerun/\n.build/\n")
        try write(
            "Ledger/Package.swift",
            """
            // swift-tools-version:5.9
            import PackageDescription

            let package = Package(
                name: "Ledger",
                targets: [.target(name: "Ledger"), .testTarget(name: "LedgerTests", dependencies: ["Ledger"])]
            )

            """)
        try write(
            "Ledger/Sources/Ledger/Ledger.swift", "public func total(_ items: [Int]) -> Int { items.reduce(0, +) }\n")
        try write("Ledger/Sources/Ledger/Notes.swift", "public let notes = 0\n")
        try write(
            "Ledger/Tests/LedgerTests/LedgerTests.swift",
            """
            import Foundation
            import Ledger
            import XCTest

            final class LedgerTests: XCTestCase {
                // LEDGER_OFFSET stands for a change in the environment: it fails the test at any commit.
                func testTotal() {
                    let offset = ProcessInfo.processInfo.environment["LEDGER_OFFSET"].flatMap { Int($0) } ?? 0
                    XCTAssertEqual(total([1, 2]) + offset, 3)
                }
            }

            """)
        let pipeline = try IntegrationSupport.writePipeline(
            """
            {"name": "ledger", "swiftpm": {"packagePath": "Ledger"}, "coverage": {"enabled": false},
             "ordering": {"mode": "declared", "isolation": "suite"}}
            """, named: "ledger", next: package)
        var commits = [try commit("Start the ledger")]
        for number in 1...9 {
            if number == 6 {
                try write(
                    "Ledger/Sources/Ledger/Ledger.swift",
                    "public func total(_ items: [Int]) -> Int { items.reduce(1, +) }\n")
                commits.append(try commit("Round totals"))
            } else {
                try write("Ledger/Sources/Ledger/Notes.swift", "public let notes = \(number)\n")
                commits.append(try commit("Note \(number)"))
            }
        }
        // The passing run at the first commit, the failing one at the last: the history the search starts from.
        try git(["checkout", "-q", "--detach", commits[0]], in: checkout)
        let (passed, _, passErr) = try await IntegrationSupport.run(pipeline)
        guard passed.report.status == .passed, passed.report.origin?.commit == commits[0] else {
            throw FixtureFailure(text: "the first run did not pass at the first commit: \(passErr.text)")
        }
        try git(["checkout", "-q", "main"], in: checkout)
        // The failing run sends its new-failure message to a receiver on 127.0.0.1, as `run` does.
        let receiver = try NotifyWebhookReceiver(replies: [.init(status: 200)])
        defer { receiver.stop() }
        var options = SmokeRun.Options()
        options.seed = nil
        let context = HostContext(
            standardOutput: BufferOutput(), standardError: BufferOutput(),
            environment: ProcessInfo.processInfo.environment.merging(
                ["SMOKERUN_WEBHOOK_URL": receiver.url(token: "c1").absoluteString], uniquingKeysWith: { $1 }),
            currentDirectory: checkout)
        let failed = await SmokeRun(
            pipeline: try PipelineLoader().load(pipeline), options: options, context: context,
            cancellation: CancellationFlag()
        ).execute()
        let failErr = context.standardError as? BufferOutput
        guard failed.report.status == .failed, failed.report.origin?.commit == commits[9] else {
            throw FixtureFailure(text: "the second run did not fail at the last commit: \(failErr?.text ?? "")")
        }
        return CulpritFixture(
            checkout: checkout, pipeline: pipeline, commits: commits, failingRun: failed.runDirectory,
            message: receiver.requests.first.map { String(decoding: $0.body, as: UTF8.self) })
    }

    /// What a culprit search must leave as it was in the user's checkout.
    func state() throws -> [String] {
        try [
            git(["status", "--porcelain"]), git(["rev-parse", "HEAD"]), git(["symbolic-ref", "HEAD"]),
            git(["write-tree"]), git(["stash", "list"]), git(["worktree", "list", "--porcelain"]),
        ]
    }
}
