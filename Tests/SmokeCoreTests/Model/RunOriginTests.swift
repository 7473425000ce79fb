import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeCoreTestSupport

/// Which commit, branch and CI run a run names, from a CI's variables and a checkout's.
@Suite struct RunOriginTests {
    @Test func gitHubActionsNamesItsCommitBranchAndRunPage() {
        let origin = RunOrigin.fromCI(environment: [
            "GITHUB_SHA": "0123456789abcdef0123456789abcdef01234567", "GITHUB_REF_NAME": "main",
            "GITHUB_SERVER_URL": "https://github.com", "GITHUB_REPOSITORY": "o/r", "GITHUB_RUN_ID": "42",
        ])
        #expect(origin.commit == "0123456789abcdef0123456789abcdef01234567")
        #expect(origin.branch == "main")
        #expect(origin.commitSource == "GITHUB_SHA")
        #expect(origin.ciRunURL == "https://github.com/o/r/actions/runs/42")
        #expect(origin.shortCommit == "0123456789ab")
    }

    @Test func aPullRequestNamesItsHeadBranchNotTheMergeRef() {
        let origin = RunOrigin.fromCI(environment: [
            "GITHUB_SHA": "abc", "GITHUB_HEAD_REF": "fix-login", "GITHUB_REF_NAME": "12/merge",
        ])
        #expect(origin.branch == "fix-login")
        #expect(origin.ciRunURL == nil)
    }

    @Test func otherCIsAreReadByTheirOwnVariables() {
        let gitlab = RunOrigin.fromCI(environment: [
            "CI_COMMIT_SHA": "c1", "CI_COMMIT_REF_NAME": "dev", "CI_JOB_URL": "https://gitlab.example/j/1",
        ])
        #expect(
            gitlab
                == RunOrigin(
                    commit: "c1", branch: "dev", commitSource: "CI_COMMIT_SHA", ciRunURL: "https://gitlab.example/j/1"))
        let jenkins = RunOrigin.fromCI(environment: ["GIT_COMMIT": "j1", "BUILD_URL": "https://ci.example/7/"])
        #expect(jenkins.commit == "j1")
        #expect(jenkins.ciRunURL == "https://ci.example/7/")
    }

    @Test func noCIAndBlankVariablesNameNothing() {
        #expect(RunOrigin.fromCI(environment: [:]) == RunOrigin())
        #expect(RunOrigin.fromCI(environment: ["GITHUB_SHA": "  "]) == RunOrigin())
    }

    @Test func theCheckoutsCommitWinsAndADetachedHeadTakesTheCIsBranch() {
        let ci = RunOrigin(commit: "merge-commit", branch: "main", commitSource: "GITHUB_SHA", ciRunURL: "u")
        let checkout = RunOrigin(commit: "built", branch: "HEAD", dirty: false, commitSource: "git")
        let origin = checkout.completed(byCI: ci)
        #expect(origin == RunOrigin(commit: "built", branch: "main", dirty: false, commitSource: "git", ciRunURL: "u"))
        #expect(RunOrigin(commit: "x", branch: "HEAD").completed(byCI: RunOrigin()).branch == nil)
        #expect(RunOrigin().completed(byCI: ci).commitSource == "GITHUB_SHA")
    }

    @Test func historyLinesCarryTheCommit() throws {
        var report = ReportFixture.report
        report.origin = RunOrigin(commit: "feedface")
        let line = ReportSink.collect { sink in try? HistoryLine.write(report, path: "runs/x", to: &sink) }
        let entry = try JSONCoding.decoder().decode(HistoryEntry.self, from: line)
        #expect(entry.commit == "feedface")
    }
}
