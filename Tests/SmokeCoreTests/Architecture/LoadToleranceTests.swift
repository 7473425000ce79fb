import Foundation
import Testing

@testable import SmokeCoreTestSupport

/// A contributor's first `swift test` runs on the machine they have, often a busy one: no test may give
/// itself less than the suites' ten minutes (`.timeLimit`), the limit that holds at a load of 8 on two
/// cores. A bound a test checks itself (a process stopped in N s) is measured against the time the wrong
/// behaviour takes, not against an idle machine (CONTRIBUTING.md, "Tests on a busy machine").
@Suite struct LoadToleranceTests {
    static let minimumMinutes = 10

    /// `file:line` of every `.timeLimit` under ten minutes in the given Swift source.
    static func shortLimits(in source: String, file: String) -> [String] {
        var found: [String] = []
        for (index, line) in source.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            guard
                let range = line.range(
                    of: #"\.timeLimit\(\.(minutes|seconds|hours)\((\d+)\)"#, options: .regularExpression)
            else { continue }
            let call = line[range]
            let number = Int(call.split(separator: "(").last?.prefix { $0.isNumber } ?? "") ?? 0
            let minutes = call.contains(".hours(") ? number * 60 : call.contains(".seconds(") ? number / 60 : number
            if minutes < minimumMinutes {
                found.append("\(file):\(index + 1): \(call.trimmingCharacters(in: .whitespaces)))")
            }
        }
        return found
    }

    @Test func noTestGivesItselfLessThanTenMinutes() throws {
        let tests = PackageRoot.file("Tests")
        let files = try #require(FileManager.default.enumerator(atPath: tests.path)).compactMap { $0 as? String }
            .filter {
                $0.hasSuffix(".swift") && !$0.hasPrefix("Fixtures/") && !$0.hasSuffix("/LoadToleranceTests.swift")
            }
        #expect(files.count > 50, "read \(files.count) test files under \(tests.path)")
        let short = try files.sorted().flatMap { file in
            Self.shortLimits(
                in: try String(contentsOf: tests.appendingPathComponent(file), encoding: .utf8), file: "Tests/\(file)")
        }
        #expect(short.isEmpty, "time limits that assume an idle machine:\n\(short.joined(separator: "\n"))")
    }

    @Test func theCheckFindsShortLimitsInEveryUnit() {
        let source = """
            @Suite(.timeLimit(.minutes(3))) struct A {}
            @Test(.timeLimit(.minutes(10))) func b() {}
            @Test(.timeLimit(.seconds(90))) func c() {}
            @Test(.timeLimit(.hours(1))) func d() {}
            """
        #expect(
            Self.shortLimits(in: source, file: "X.swift") == [
                "X.swift:1: .timeLimit(.minutes(3))", "X.swift:3: .timeLimit(.seconds(90))",
            ])
    }
}
