import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeCoreTestSupport

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// A note (`InfrastructureError.isNote`) changes no status: every report and message shows it as a note, never as an
/// infrastructure error or a reason the run could not finish.
@Suite struct NoteReportTests {
    typealias F = NotifyFixtures
    static let note = InfrastructureError(
        message: "coverage may leave out what the processes of 1 test ran", severity: .note)
    static let error = InfrastructureError(
        message: "the run took longer than timeouts.runSeconds", command: ["swift", "test"], exitStatus: 1)

    /// A test crashed and coverage has a gap: a failed run with one note and no infrastructure error.
    static var crashedWithNote: RunReport {
        F.report(0, tests: F.suite(failing: [F.failing("AppTests.CartTests/testTotal")]), errors: [note])
    }

    @Test func summaryListsANoteUnderNotes() {
        let text = MarkdownReport.render(Self.crashedWithNote)
        #expect(text.contains("### Notes (1)"))
        #expect(!text.contains("Infrastructure errors"))
        var both = Self.crashedWithNote
        both.errors = [Self.note, Self.error]
        let mixed = MarkdownReport.render(both)
        #expect(mixed.contains("### Infrastructure errors (1)") && mixed.contains("### Notes (1)"))
    }

    @Test func pageListsANoteUnderNotes() {
        let html = HTMLReport.render(Self.crashedWithNote, attachmentContent: { _ in nil })
        #expect(html.contains("<h2>Notes (1)</h2>"))
        #expect(!html.contains("Infrastructure errors"))
    }

    @Test func junitSaysNoteInSystemErr() throws {
        let document = try XMLDocument(xmlString: JUnitReport.render(Self.crashedWithNote))
        let listed = try document.nodes(forXPath: "//testsuite[@name='smokerun.infrastructure']/system-err")
        let text = try #require(listed.first?.stringValue)
        #expect(text.hasPrefix("note 1: coverage may leave out"))
        #expect(!text.contains("infrastructure error"))
    }

    @Test func slackNamesOnlyErrorsAsWhyTheRunCouldNotFinish() throws {
        let report = F.report(1, tests: F.suite(failing: []), errors: [Self.note, Self.error])
        let payload = SlackMessage.payload(
            report: report, plan: NotificationPlan(kind: .infrastructure), links: ArtifactLinks(), listedFailures: 10)
        let texts = payload.blocks.compactMap { block -> String? in
            if case .section(let text) = block { return text }
            return nil
        }
        let reasons = try #require(texts.firstIndex { $0.contains("the run could not finish:") })
        #expect(texts[reasons + 1].hasPrefix("*the run took longer than timeouts.runSeconds*"))
        #expect(texts[reasons + 2] == "Note: coverage may leave out what the processes of 1 test ran")
    }
}
