import Foundation
import SmokeTestSupport
import Testing

@testable import SmokeCore
@testable import SmokeKit
@testable import smokerun

@Suite struct AtomicFileTests {
    @Test func writesAndReplacesWithoutLeavingTemporaryFiles() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let url = folder.url.appendingPathComponent("report.json")
        try AtomicFile.write(Data("first".utf8), to: url)
        try AtomicFile.write(Data("second".utf8), to: url)
        #expect(try String(contentsOf: url, encoding: .utf8) == "second")
        #expect(try folder.files() == ["report.json"])
    }

    @Test func replacesByRenameSoAnOpenReaderKeepsTheOldContent() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let url = folder.url.appendingPathComponent("index.html")
        try AtomicFile.write(Data("old".utf8), to: url)
        let reader = try FileHandle(forReadingFrom: url)
        defer { try? reader.close() }
        try AtomicFile.write(Data("new".utf8), to: url)
        #expect(try reader.readToEnd() == Data("old".utf8))
        #expect(try Data(contentsOf: url) == Data("new".utf8))
    }

    @Test func missingFolderIsAnInfrastructureErrorNamingThePath() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let url = folder.url.appendingPathComponent("missing/report.json")
        do {
            try AtomicFile.write(Data(), to: url)
            Issue.record("expected an error")
        } catch let error as StoreError {
            #expect(error.kind == .infrastructure)
            #expect(error.errorDescription?.contains(url.path) == true)
        }
    }
}
