import Foundation
import Testing

@testable import SmokeCoreTestSupport

/// The time of day comes from the clock a caller hands in (a `now` closure, a `SchedulerClock`), so a test can
/// pin it; only `SystemClock`, the machine's clock those default to, reads it with `Date()`.
@Suite struct ClockUseTests {
    /// The files that may read the machine's clock, below `Sources/`.
    static let clocks: Set<String> = ["SmokeKit/Process/SystemClock.swift"]

    /// The line numbers of a source's bare `Date()` reads, comments and string literals left out.
    static func bareClockReads(in source: String) -> [Int] {
        CorePurityTests.code(of: source).split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            .compactMap { number, line in
                line.range(of: #"(?<![\w.])(Foundation\.)?Date\(\)"#, options: .regularExpression) == nil
                    ? nil : number + 1
            }
    }

    @Test func onlyTheSystemClockReadsTheTimeOfDay() throws {
        let sources = PackageRoot.file("Sources")
        let files = try #require(FileManager.default.enumerator(atPath: sources.path), "no \(sources.path)")
            .compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }.sorted()
        #expect(files.count > 400, "Sources should hold the package's code; found \(files.count) files")
        for file in files where !Self.clocks.contains(file) {
            let source = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
            for line in Self.bareClockReads(in: source) {
                Issue.record(
                    "Sources/\(file):\(line): Date(); take `now` from the caller's clock (SystemClock by default)")
            }
        }
    }

    @Test func theCheckFindsABareReadButNotCommentsStringsOrOtherDates() {
        let source = """
            let started = Date()
            let epoch = Date(timeIntervalSince1970: 0)
            /// Stamped with Date() when made.
            let text = "Date() in a message"
            let later = now().addingTimeInterval(1); let deadline = Date().addingTimeInterval(2)
            let type = Foundation.Date()
            """
        #expect(Self.bareClockReads(in: source) == [1, 5, 6])
    }
}
