/// A test found in the test binary, before it runs.
package struct TestCase: Sendable, Equatable, Hashable {
    /// `Module.Class/method` or `Module.Suite/function()`, as `--list-tests` prints it.
    package var id: String
    package var framework: TestFramework
    /// Swift Testing's own id of the test, source location included (`Module.Suite/m(_:)/File.swift:6:6`), once a run
    /// has seen it: a retry filters on it exactly, so an overload runs alone. Nil otherwise.
    package var exactID: String?
    /// Swift Testing's own ids of the listed tests that share `id` (overloads), source locations included; empty when
    /// one test has it. A process that ends before each has run leaves the others to run again.
    package var overloadIDs: [String] = []

    package init(id: String, framework: TestFramework, exactID: String? = nil) {
        self.id = id
        self.framework = framework
        self.exactID = exactID
    }

    /// `Module.Class` (XCTest: before the first `/`, a name may hold one) or `Module.Outer/Inner` (Swift Testing: before
    /// the last).
    var suiteID: String {
        guard let slash = framework == .xctest ? id.firstIndex(of: "/") : id.lastIndex(of: "/") else { return id }
        return String(id[..<slash])
    }

    /// How ids compare across a listing and the results: `testA()` and `testA` are one XCTest method
    /// (xcodebuild's enumeration and its bundles disagree on the parentheses), and a name ending in `.` (a Quick
    /// example, `…, says yes.`) is one with the name Linux XCTest's `--list-tests` prints without it.
    package var key: String { Self.key(id) }

    /// The id without the `#2`, `#3`, … of a name's later test (an overload's).
    package static func baseID(_ id: String) -> Substring {
        let id = Substring(id)
        guard let hash = id.lastIndex(of: "#"), id.index(after: hash) != id.endIndex,
            id[id.index(after: hash)...].allSatisfy(\.isNumber)
        else { return id }
        return id[..<hash]
    }

    package static func key(_ id: String) -> String { TestKey.listed(id) }

    /// A result no test output gave (a crash before reporting, never reached), with the fact that proves it.
    package func result(status: TestStatus, failure: TestFailure, evidence: Evidence) -> TestResult {
        let (suite, name) = Self.split(id)
        var result = TestResult(
            id: id, name: name, suite: suite, framework: framework, status: status, failures: [failure])
        result.evidence = evidence
        return result
    }

    /// `Module.Class/method` → (`Class`, `method`).
    static func split(_ id: String) -> (suite: String, name: String) {
        guard let slash = id.firstIndex(of: "/") else { return (id, id) }
        let owner = id[..<slash]
        let suite = owner.split(separator: ".").last.map(String.init) ?? String(owner)
        return (suite, String(id[id.index(after: slash)...]))
    }
}
