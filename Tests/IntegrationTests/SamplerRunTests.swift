import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeKit
@testable import smokerun

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// The whole path on a real package whose suite passes, fails, skips, crashes, hangs, knows
/// its issues, is parameterized and records attachments — in XCTest and Swift Testing.
@Suite(.serialized) struct SamplerRunTests {
    static let package = Result { try IntegrationSupport.copyFixture("Sampler") }

    func pipeline(misbehave: Bool, isolation: String = "suite") throws -> URL {
        let package = try Self.package.get()
        let json = """
            {
              "name": "sampler",
              "swiftpm": { "packagePath": "\(package.lastPathComponent)" },
              "environment": { "IS_UNIT_TESTING": "1"\(misbehave ? ", \"SAMPLER_MISBEHAVE\": \"1\"" : "") },
              "ordering": { "isolation": "\(isolation)" },
              "timeouts": { "runSeconds": 600, "testSeconds": 5 },
              "coverage": { "enabled": false }
            }
            """
        return try IntegrationSupport.writePipeline(
            json, named: misbehave ? "misbehave" : "calm-\(isolation)", next: package)
    }

    @Test func everyOutcomeIsReportedAsItHappened() async throws {
        let (outcome, _, err) = try await IntegrationSupport.run(try pipeline(misbehave: true), seed: 7)
        let report = outcome.report
        let byID = Dictionary(uniqueKeysWithValues: report.tests.map { ($0.id, $0) })
        func test(_ id: String) throws -> TestResult { try #require(byID[id], "missing \(id)") }

        #expect(outcome.failure == .testsFailed)
        #expect(report.status == .failed)
        #expect(report.tests.count == 19)
        #expect(err.text.hasPrefix("smokerun: seed 7 "))

        let expectations: [(String, TestStatus)] = [
            ("LedgerTests.LedgerXCTests/testBalanceSumsEntries", .passed),
            ("LedgerTests.LedgerXCTests/testBalanceIsWrong", .failed),
            ("LedgerTests.LedgerXCTests/testSkippedOnPurpose", .skipped),
            ("LedgerTests.LedgerXCTests/testReadsPastTheEnd", .crashed),
            ("LedgerTests.LedgerXCTests/testRunsAfterTheCrash", .passed),
            ("LedgerTests.LedgerXCTests/testHangsForever", .timedOut),
            ("LedgerTests.LedgerXCTests/testSeesUnitTestingFlag", .passed),
            ("LedgerTests.LedgerMoreXCTests/testEmptyLedgerHasNoEntries", .passed),
            ("LedgerTests.LedgerMoreXCTests/testFatalErrorInHelper", .crashed),
            ("LedgerTests.LedgerSwiftTests/recordsAnEntry()", .passed),
            ("LedgerTests.LedgerSwiftTests/expectsTheWrongBalance()", .failed),
            ("LedgerTests.LedgerSwiftTests/convertsCurrency()", .skipped),
            ("LedgerTests.LedgerSwiftTests/knownRoundingIssue()", .expectedFailure),
            ("LedgerTests.LedgerSwiftTests/balanceIsPositive(amount:)", .failed),
            ("LedgerTests.LedgerSwiftTests/attachesStatement()", .passed),
            ("LedgerTests.LedgerSwiftTests/seesUnitTestingFlag()", .passed),
            ("LedgerTests.LedgerTrapTests/trapsOnBadIndex()", .crashed),
            ("LedgerTests.LedgerTrapTests/runsAfterTheTrap()", .passed),
            ("LedgerTests.LedgerTrapTests/hangsForever()", .timedOut),
        ]
        for (id, status) in expectations {
            #expect(try test(id).status == status, "\(id)")
        }
        #expect(report.totals.tests == 19)
        #expect(report.totals.passed == 8)
        #expect(report.totals.failed == 3)
        #expect(report.totals.crashed == 3)
        #expect(report.totals.timedOut == 2)
        // A timed-out test ran for testSeconds (5) before it was killed: that is its duration, not 0.
        for id in ["LedgerTests.LedgerXCTests/testHangsForever", "LedgerTests.LedgerTrapTests/hangsForever()"] {
            let duration = try test(id).durationSeconds
            #expect(duration >= 5 && duration < 15, "\(id): \(duration)")
        }
        #expect(report.totals.skipped == 2)
        #expect(report.totals.expectedFailures == 1)

        let wrong = try test("LedgerTests.LedgerXCTests/testBalanceIsWrong").failures.first
        #expect(wrong?.message.contains("XCTAssertEqual failed: (\"2\") is not equal to (\"3\")") == true)
        #expect(wrong?.file?.hasSuffix("Tests/LedgerTests/LedgerXCTests.swift") == true)
        #expect(wrong?.line == 19)
        #expect(try test("LedgerTests.LedgerXCTests/testBalanceIsWrong").output.contains("ledger entries: [2]"))

        let crash = try test("LedgerTests.LedgerXCTests/testReadsPastTheEnd").failures.first
        #expect(crash?.message.contains("Index out of range") == true)
        #expect(crash?.file?.hasSuffix("Sources/Ledger/Ledger.swift") == true)
        #expect(crash?.line == 15)
        #expect(
            try test("LedgerTests.LedgerMoreXCTests/testFatalErrorInHelper").failures.first?.message.contains(
                "ledger corrupted") == true)
        #expect(
            try test("LedgerTests.LedgerTrapTests/trapsOnBadIndex()").failures.first?.message.contains(
                "Index out of range") == true)

        let swiftFailure = try test("LedgerTests.LedgerSwiftTests/expectsTheWrongBalance()").failures.first
        #expect(swiftFailure?.file?.hasSuffix("LedgerSwiftTests.swift") == true)
        #expect(swiftFailure?.line == 17)

        // Attachments: stored under attachments/, the hostile name defused.
        let attachments = try test("LedgerTests.LedgerSwiftTests/attachesStatement()").attachments
        #expect(attachments.map(\.name).sorted() == ["../../escape.txt", "statement.txt"])
        for attachment in attachments {
            #expect(attachment.path.hasPrefix("attachments/") && !attachment.path.contains(".."))
            let stored = outcome.runDirectory.appendingPathComponent(attachment.path)
            #expect(FileManager.default.fileExists(atPath: stored.path))
        }
        let statement = try #require(attachments.first { $0.name == "statement.txt" })
        #expect(
            try String(contentsOf: outcome.runDirectory.appendingPathComponent(statement.path), encoding: .utf8)
                == "balance: 0\n")
        // From Swift 6.3 they were written under events/attachments/<stream>/ (schema 6.3 carries no bytes): one
        // folder, of the one process that attached; the others left no empty folder behind.
        let toolchain = try #require(report.toolchain)
        let swift = SwiftToolchain(swift: URL(fileURLWithPath: "/usr/bin/swift"), version: toolchain.version)
        let written = RunDirectory(outcome.runDirectory).events.appendingPathComponent(
            RunDirectory.attachmentsFolderName)
        let folders = (try? FileManager.default.contentsOfDirectory(atPath: written.path)) ?? []
        let schema = TestProcessLaunch.eventStreamVersion(swiftVersion: swift.versionNumber)
        #expect(folders.count == (schema == "0" ? 0 : 1))

        // Order: 1…n, as run; every test after a crash still ran.
        #expect(report.tests.map(\.order) == Array(1...19))
        let crashOrder = try test("LedgerTests.LedgerXCTests/testReadsPastTheEnd").order
        #expect(try test("LedgerTests.LedgerXCTests/testRunsAfterTheCrash").order > crashOrder)

        // junit.xml agrees with report.json.
        let junit = try JUnitSummary(url: outcome.runDirectory.appendingPathComponent("junit.xml"))
        #expect(junit.testcases == report.totals.tests)
        #expect(junit.failures == report.totals.failed)
        #expect(junit.errors == report.totals.crashed + report.totals.timedOut)
        #expect(junit.skipped == report.totals.skipped)

        for file in ["report.json", "junit.xml", "summary.md", "index.html", "console.log"] {
            #expect(
                FileManager.default.fileExists(atPath: outcome.runDirectory.appendingPathComponent(file).path),
                "\(file)")
        }
        let console = try String(
            contentsOf: outcome.runDirectory.appendingPathComponent("console.log"), encoding: .utf8)
        #expect(console.contains("Fatal error: ledger corrupted"))
    }

    @Test func oneSeedGivesOneOrderAndAnotherSeedAnother() async throws {
        let url = try pipeline(misbehave: false, isolation: "test")
        let first = try await IntegrationSupport.run(url, seed: 42).0.report
        let again = try await IntegrationSupport.run(url, seed: 42).0.report
        let other = try await IntegrationSupport.run(url, seed: 43).0.report
        #expect(first.tests.map(\.id) == again.tests.map(\.id))
        #expect(first.tests.map(\.id) != other.tests.map(\.id))
        #expect(first.seed == 42 && first.ordering.seed == 42)
        #expect(Set(first.tests.map(\.id)) == Set(other.tests.map(\.id)))
    }
}

/// Counts in a JUnit file, read with Foundation's XML parser.
struct JUnitSummary {
    var testcases = 0, failures = 0, errors = 0, skipped = 0

    init(url: URL) throws {
        let parser = XMLParser(data: try Data(contentsOf: url))
        let delegate = Delegate()
        parser.delegate = delegate
        guard parser.parse() else { throw parser.parserError ?? CocoaError(.fileReadCorruptFile) }
        (testcases, failures, errors, skipped) = (
            delegate.testcases, delegate.failures, delegate.errors, delegate.skipped
        )
    }

    final class Delegate: NSObject, XMLParserDelegate {
        var testcases = 0, failures = 0, errors = 0, skipped = 0
        func parser(
            _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
            attributes: [String: String] = [:]
        ) {
            switch name {
            case "testcase": testcases += 1
            case "failure": failures += 1
            case "error": errors += 1
            case "skipped": skipped += 1
            default: break
            }
        }
    }
}
