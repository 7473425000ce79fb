import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeCoreTestSupport

/// GitHub Actions workflow commands for failures: one line each, escaped as the Actions toolkit does.
@Suite struct GitHubAnnotationsTests {
    @Test(arguments: HostileText.samples)
    func anAnnotationIsOneLineWithControlsShownEscaped(message: String) {
        let lines = GitHubAnnotations.lines(
            for: HostileText.report(message: message, id: "App.\(message)/t"), relativeTo: nil)
        #expect(lines.count == 1)
        let line = lines.joined()
        #expect(!line.contains("\n") && !line.contains("\r"), "\(line)")
        #expect(HostileText.controls(in: line).isEmpty, "\(line.debugDescription)")
        if message.contains("\u{1B}") { #expect(line.contains(#"\u{1B}"#)) }
    }

    @Test func annotationDataAndPropertiesEscapeAsTheActionsToolkitDoes() {
        let lines = GitHubAnnotations.lines(
            for: HostileText.report(message: "50% done\nnext, a:b", id: "App.Suite/t:1,2"), relativeTo: nil)
        let expected =
            "::error file=Tests/AppTests/Suite.swift,line=42,title=App.Suite/t%3A1%2C2 failed::50%25 done%0Anext, a:b"
        #expect(lines == [expected])
    }
}
