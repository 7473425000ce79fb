import Testing

@testable import SmokeCore

@Suite struct SuiteIssueTests {
    /// A suite whose trait threw ran none of its tests: each of its tests (nested suites' too) fails with the issue,
    /// named by the stream's id or the console's name; another suite's test stays not started.
    @Test(arguments: ["Vault.Locked", "Locked"])
    func aSuitesIssueFailsItsTestsOnly(suite: String) {
        let issue = SuiteIssue(
            suite: suite, failure: TestFailure(message: "Caught error: LockedDoor()", file: "V.swift", line: 18),
            evidence: Evidence(what: "the suite's issue", source: "console.log", line: 7))
        var tests = [
            TestCase(id: "Vault.Locked/front()", framework: .swiftTesting),
            TestCase(id: "Vault.Locked/Inner/back()", framework: .swiftTesting),
            TestCase(id: "Vault.Open/window()", framework: .swiftTesting),
            TestCase(id: "Vault.LockedOut/side()", framework: .swiftTesting),
        ]
        let other = SuiteIssue(
            suite: nil, failure: TestFailure(message: "Caught error: LockedDoor()"),
            evidence: Evidence(what: "an issue outside any test", source: "console.log", line: 9))
        let (failed, unused) = UnstartedBatch.failBySuite(&tests, issues: [issue, other])
        // The same message outside any test is not the suite's: it stays the run's own failure.
        #expect(unused == [other])
        #expect(failed.map(\.id) == ["Vault.Locked/front()", "Vault.Locked/Inner/back()"])
        #expect(failed.allSatisfy { $0.status == .failed && $0.failures == [issue.failure] })
        #expect(
            failed.first?.evidence
                == Evidence(
                    what: "its suite \(suite) recorded an issue, so it did not run", source: "console.log", line: 7))
        #expect(tests.map(\.id) == ["Vault.Open/window()", "Vault.LockedOut/side()"])
        #expect(UnstartedBatch.failBySuite(&tests, issues: []).failed.isEmpty && tests.count == 2)
    }
}
