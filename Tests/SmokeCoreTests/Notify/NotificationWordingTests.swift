import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeCoreTestSupport

/// The facts a message names: the project, the commit, since when, where the report is.
@Suite struct NotificationWordingTests {
    typealias F = NotifyFixtures

    @Test func theCommitNamesItsBranchAndUncommittedChangesOnlyWhenKnown() {
        let commit = F.commit(1)
        #expect(RunOrigin().commitText == nil)
        #expect(RunOrigin(host: "buildbox").commitText == nil)
        #expect(RunOrigin(commit: commit).commitText == String(commit.prefix(12)))
        #expect(RunOrigin(commit: commit, branch: "HEAD", dirty: false).commitText == String(commit.prefix(12)))
        #expect(
            RunOrigin(commit: commit, branch: "main", dirty: true).commitText
                == "\(commit.prefix(12)) on main (uncommitted changes)")
        #expect(
            RunOrigin(host: "buildbox", commit: commit, branch: "main").summaryText
                == "commit \(commit.prefix(12)) on main · host buildbox")
        #expect(RunOrigin(ciRunURL: "https://ci.example/1").summaryText == nil)
    }

    @Test func theTerminalSummaryNamesTheOriginInOneLineWithoutControlCharacters() {
        var report = F.report(0, tests: [])
        #expect(RunSummary.originLine(report) == nil)
        report.origin = RunOrigin(host: "buildbox", commit: F.commit(0), branch: "fix\u{1B}[2J", dirty: true)
        let line = RunSummary.originLine(report)
        #expect(line?.hasPrefix("origin: commit \(F.commit(0).prefix(12)) on fix") == true)
        #expect(line?.hasSuffix(" (uncommitted changes) · host buildbox") == true)
        #expect(line?.contains("\u{1B}") == false)
    }

    @Test func aFailureWithNothingNewSaysStillFailing() {
        let report = F.report(1, tests: F.suite(failing: [F.failing("A.B/a"), F.failing("A.B/b")]))
        let old = FailureAge.stillFailing(since: F.runID(0), runs: 2)
        func headline(_ ages: [String: FailureAge]) -> String {
            NotificationWording.headline(report: report, plan: NotificationPlan(kind: .failure, ages: ages))
        }
        #expect(headline(["A.B/a": .new, "A.B/b": .new]) == "2 tests failing")
        #expect(headline(["A.B/a": .new, "A.B/b": old]) == "2 tests failing (1 new)")
        #expect(headline(["A.B/a": old, "A.B/b": old]) == "2 tests still failing")
    }

    @Test func theProjectFolderIsNamedOnlyWhenItSaysSomethingElse() {
        let report = F.report(0, tests: [], pipeline: "Shop")
        #expect(NotificationWording.project(report, sources: SourceLinks()) == "Shop")
        #expect(NotificationWording.project(report, sources: SourceLinks(projectRoot: "/src/shop/")) == "Shop")
        #expect(
            NotificationWording.project(report, sources: SourceLinks(projectRoot: "/src/shop-ios"))
                == "Shop (shop-ios)")
    }

    static let spans: [(seconds: Double, text: String)] = [
        (0, "0 min"), (59, "0 min"), (2700, "45 min"), (7140, "119 min"), (7200, "2 h"), (258_840, "71 h"),
        (259_200, "3 days"), (-1, "?"), (.nan, "?"),
    ]

    @Test(arguments: spans)
    func aStreakLastsMinutesHoursOrDays(seconds: Double, expected: String) {
        #expect(NotificationWording.spanText(seconds) == expected)
    }

    @Test func aRecoveryCountsTheFailingRunsSinceTheStreakBeganAndItsCommit() {
        let failing = [F.failing("AppTests.CartTests/testTotal")]
        var earlier = (0..<4).map { F.report($0, tests: F.suite(failing: $0 == 0 ? [] : failing)) }
        for index in earlier.indices { earlier[index].origin = RunOrigin(commit: F.commit(index)) }
        let report = F.report(4, tests: F.suite(failing: []))
        let plan = NotificationPolicy.plan(
            report: report, history: F.history(earlier),
            state: NotifyState(
                open: .init(
                    runID: F.runID(3), announcedAt: F.start(3), kind: .failure,
                    failing: ["AppTests.CartTests/testTotal"], errors: [], since: F.runID(1))))
        #expect(plan.failingRuns == 3)
        #expect(plan.start(of: F.runID(1)) == StreakStart(startedAt: F.start(1), commit: F.commit(1)))
        #expect(
            NotificationWording.recovery(plan: plan, report: report)
                == "passing again after 3 failing runs (12 h, since 2026-11-22 08:00 UTC, commit \(F.commit(1).prefix(12)))"
        )
    }

    /// A streak that began on uncommitted changes says so: its commit alone passed.
    @Test func aStreakThatBeganOnUncommittedChangesSaysSo() {
        var plan = NotificationPlan(kind: .recovery, failingSince: F.runID(1), failingRuns: 2)
        plan.streakStarts[F.runID(1)] = StreakStart(startedAt: F.start(1), commit: F.commit(1), dirty: true)
        #expect(
            NotificationWording.recovery(plan: plan, report: F.report(3, tests: F.suite(failing: [])))?
                .hasSuffix("commit \(F.commit(1).prefix(12)) with uncommitted changes)") == true)
    }

    /// Runs that could not run their tests (`error`) had no failing test: the recovery does not say they had.
    @Test func aRecoveryAfterRunsThatCouldNotRunSaysSo() {
        var plan = NotificationPlan(kind: .recovery, failingSince: F.runID(1), failingRuns: 2)
        plan.streakStarts[F.runID(1)] = StreakStart(startedAt: F.start(1), commit: nil)
        let report = F.report(3, tests: F.suite(failing: []))
        plan.erroredRuns = 2
        #expect(
            NotificationWording.recovery(plan: plan, report: report)?.hasPrefix(
                "passing again after 2 runs that could not run tests (") == true)
        plan.erroredRuns = 1
        #expect(
            NotificationWording.recovery(plan: plan, report: report)?.hasPrefix(
                "passing again after 2 failing runs, 1 of which could not run tests (") == true)
    }

    @Test func aStreakWhoseFirstRunLeftTheHistoryIsNamedByItsRunID() {
        let report = F.report(4, tests: F.suite(failing: []))
        let plan = NotificationPolicy.dated(
            NotificationPlan(kind: .recovery, failingSince: F.runID(1)), report: report, history: [])
        #expect(plan.failingRuns == nil)
        #expect(
            NotificationWording.recovery(plan: plan, report: report)
                == "passing again after failing since run \(F.runID(1))")
        #expect(
            NotificationWording.streak(since: F.runID(1), runs: 4, plan: plan, report: report)
                == "failing for 4 runs, since run \(F.runID(1))")
    }

    @Test func theReportIsTheArtifactsElseTheCIRunElseItsPathOnTheHost() {
        var report = F.report(3, tests: [])
        report.origin = RunOrigin(host: "buildbox", ciRunURL: "https://ci.example/runs/9")
        report.artifacts = ["index.html", "report.json"]
        var settings = NotifySettings()
        settings.artifactsURL = "https://files.example/{pipeline}/{runID}"
        let published = ArtifactLinks(report: report, settings: settings, runDirectory: "/srv/out/runs/x")
        #expect(published.best == "https://files.example/smoke/\(report.runID)")
        let onCI = ArtifactLinks(report: report, settings: NotifySettings(), runDirectory: "/srv/out/runs/x")
        #expect(onCI.best == "https://ci.example/runs/9")
        report.origin?.ciRunURL = nil
        let onHost = ArtifactLinks(report: report, settings: NotifySettings(), runDirectory: "/srv/out/runs/x")
        #expect(onHost.best == nil)
        #expect(onHost.reportPath == "buildbox:/srv/out/runs/x/index.html")
        report.origin = nil
        report.artifacts = ["report.json"]
        let bare = ArtifactLinks(report: report, settings: NotifySettings(), runDirectory: "/srv/out/runs/x/")
        #expect(bare.reportPath == "/srv/out/runs/x/")
    }

    @Test func sourcePathsAreRelativeToTheProjectOrJustTheFileName() {
        let sources = SourceLinks(projectRoot: "/Users/ci/work/shop")
        #expect(sources.shortPath("/Users/ci/work/shop/App/Cart.swift") == "App/Cart.swift")
        #expect(sources.shortPath("/opt/elsewhere/Helpers.swift") == "Helpers.swift")
        #expect(sources.shortPath("Tests/AppTests/CartTests.swift") == "Tests/AppTests/CartTests.swift")
    }
}
