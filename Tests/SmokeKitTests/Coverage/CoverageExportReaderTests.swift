import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeCoreTestSupport
@testable import SmokeKit

@Suite struct CoverageExportReaderTests {
    @Test(arguments: [1 << 20, 7, 1])
    func readsVersion3SummariesAndLineDetailAtAnyChunkSize(chunkSize: Int) throws {
        let url = try CoverageFixtures.write(CoverageFixtures.exportV3)
        var reader = CoverageExportReader(lineDetail: true)
        reader.chunkSize = chunkSize
        let export = try reader.read(url)
        #expect(export.version == "3.0.1")
        #expect(
            export.files.map(\.filename) == [
                "/pkg/Sources/Core/Math.swift", "/pkg/Sources/App/Main \"quoted\" é.swift",
                "/pkg/Tests/CoreTests/MathTests.swift",
            ])
        let math = try #require(export.files.first)
        #expect(
            math.summary
                == CoverageFixtures.summary(lines: (7, 9), functions: (1, 2), regions: (2, 4), branches: (1, 2)))
        #expect(math.lines.map(\.line) == [3, 4, 5, 7, 8, 9, 10, 11, 12])
        #expect(math.lines.map(\.count) == [4, 4, 4, 0, 0, 3, 3, 3, 3])
        #expect(math.branches == [BranchHit(line: 9, trueCount: 3, falseCount: 0)])
    }

    @Test func readsVersion2WithFiveElementSegmentsAndMissingBranches() throws {
        let url = try CoverageFixtures.write(CoverageFixtures.exportV2)
        let export = try CoverageExportReader(lineDetail: true).read(url)
        #expect(export.version == "2.0.0")
        let file = try #require(export.files.first)
        #expect(file.summary == CoverageFixtures.summary(lines: (3, 4), functions: (1, 2), regions: (1, 2)))
        #expect(
            file.lines == [
                // Line 3 starts a region that never ran, but the region wrapping in from line 1 ran twice: llvm-cov
                // shows 2.
                LineHit(line: 1, count: 2), LineHit(line: 2, count: 2), LineHit(line: 3, count: 2),
                LineHit(line: 4, count: 0),
            ])
    }

    @Test func summaryOnlyReadingKeepsNoLineDetailAndDropsUnwantedFiles() throws {
        let url = try CoverageFixtures.write(CoverageFixtures.exportV3)
        let export = try CoverageExportReader(lineDetail: false) { !$0.contains("/Tests/") }.read(url)
        #expect(export.files.count == 2)
        #expect(export.files.allSatisfy { $0.lines.isEmpty && $0.branches.isEmpty })
    }

    @Test(arguments: [
        ("not json at all", "is not JSON"),
        ("", "is empty"),
        (
            #"{"data":[{"files":[]}],"type":"llvm.coverage.json.other","version":"3.0.1"}"#,
            #"has type "llvm.coverage.json.other""#
        ),
        (#"{"data":[{"files":[]}],"version":"3.0.1"}"#, #"has no "type" key"#),
        (
            #"{"data":[{"files":[]}],"type":"llvm.coverage.json.export","version":"4.0.0"}"#,
            #"has export version "4.0.0""#
        ),
        (#"{"data":[],"type":"llvm.coverage.json.export","version":"3.0.1"}"#, #"has an empty "data" array"#),
        (
            #"{"data":[{"files":[]}],"type":"llvm.coverage.json.export","version":"3.0.1"} trailing"#,
            "has content after the JSON document"
        ),
        (
            #"{"data":[{"files":[{"filename":"a","summary":{"lines":{"count":"x"}}}]}]}"#,
            "not an llvm-cov JSON export: at byte"
        ),
    ])
    func badInputIsAnInvalidInputErrorNamingTheFile(text: String, expected: String) throws {
        let url = try CoverageFixtures.write(text, name: "bad.json")
        let error = try #require(throws: CoverageError.self) { try CoverageExportReader().read(url) }
        #expect(error.kind == .invalidInput)
        let message = try #require(error.errorDescription)
        #expect(message.contains(url.path))
        #expect(message.contains(expected), "\(message)")
    }

    @Test func truncatedExportSaysWhereItEnds() throws {
        let text = String(CoverageFixtures.exportV3.prefix(900))
        let url = try CoverageFixtures.write(text, name: "cut.json")
        let error = try #require(throws: CoverageError.self) { try CoverageExportReader().read(url) }
        #expect(error == .truncatedExport(file: url.path, offset: text.utf8.count))
        #expect(error.kind == .invalidInput)
    }

    @Test func missingFileIsNamed() {
        #expect(throws: CoverageError.inputNotFound(input: "/nonexistent/x.json", lookedIn: ["/nonexistent/x.json"])) {
            try CoverageExportReader().read(URL(fileURLWithPath: "/nonexistent/x.json"))
        }
    }
}
