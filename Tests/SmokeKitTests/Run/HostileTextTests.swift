import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeKit
@testable import smokerun

/// Text from tests and servers is untrusted: an ESC in a failure message must not recolour, clear or retitle the
/// terminal or a CI log, a `\r` must not overwrite what came before, a newline must not start a workflow command of
/// its own, and backticks must not break out of a Markdown code span. One escaping rule per output.
@Suite struct HostileTextTests {
    /// Messages a test (or a webhook receiver) could print.
    static let hostile: [String] = [
        "\u{1B}[2J\u{1B}[31mscreen cleared",
        "\u{1B}]0;retitled\u{07}window title",
        "real failure\rall good      ",
        "bell\u{07} nul\u{0} backspace\u{08} delete\u{7F}",
        "C1 CSI \u{9B}31m red",
        "two\nlines\n::error file=evil.swift::injected",
        "50% done, a:b,c %0A",
    ]

    /// Control characters other than tab and newline: what a terminal or CI log would act on.
    private static func controls(in text: String) -> [Unicode.Scalar] {
        text.unicodeScalars.filter { scalar in
            (scalar.value < 0x20 && scalar != "\t" && scalar != "\n") || (0x7F...0x9F).contains(scalar.value)
        }
    }

    private static func report(message: String, id: String = "AppTests.LoginTests/testLogin") -> RunReport {
        NotifyFixtures.report(0, tests: [NotifyFixtures.failing(id, message: message)])
    }

    @Test(arguments: [
        ("\u{1B}[31mred\u{1B}[0m", #"\u{1B}[31mred\u{1B}[0m"#),
        ("a\rb", #"a\u{D}b"#),
        ("crlf\r\nline", "crlf\nline"),
        ("tab\tand\nnewline kept", "tab\tand\nnewline kept"),
        ("nul\u{0} bell\u{07} del\u{7F} csi\u{9B}", #"nul\u{0} bell\u{7} del\u{7F} csi\u{9B}"#),
        ("café ✔ 漢字", "café ✔ 漢字"),
    ])
    func controlCharactersAreShownAsSwiftEscapes(text: String, shown: String) {
        #expect(TerminalText.escaped(text) == shown)
    }

    @Test func onOneLineANewlineIsShownEscapedToo() {
        #expect(TerminalText.escaped("a\nb\r\nc", newlines: false) == #"a\u{A}b\u{D}\u{A}c"#)
    }

    @Test(arguments: hostile)
    func anAnnotationIsOneLineWithControlsShownEscaped(message: String) {
        let lines = GitHubAnnotations.lines(for: Self.report(message: message, id: "App.\(message)/t"), relativeTo: nil)
        #expect(lines.count == 1)
        let line = lines.joined()
        #expect(!line.contains("\n") && !line.contains("\r"), "\(line)")
        #expect(Self.controls(in: line).isEmpty, "\(line.debugDescription)")
        if message.contains("\u{1B}") { #expect(line.contains(#"\u{1B}"#)) }
    }

    @Test func annotationDataAndPropertiesEscapeAsTheActionsToolkitDoes() {
        let lines = GitHubAnnotations.lines(
            for: Self.report(message: "50% done\nnext, a:b", id: "App.Suite/t:1,2"), relativeTo: nil)
        let expected =
            "::error file=Tests/AppTests/Suite.swift,line=42,title=App.Suite/t%3A1%2C2 failed::50%25 done%0Anext, a:b"
        #expect(lines == [expected])
    }

    @Test(arguments: hostile)
    func failureLinesOnATerminalShowControlsEscaped(message: String) {
        let lines = RunSummary.failureLines(Self.report(message: message, id: "App.\(message)/t"), style: .plain)
        #expect(Self.controls(in: lines.joined(separator: "\n")).isEmpty, "\(lines)")
    }

    @Test(arguments: hostile)
    func theProgressLineShowsControlsEscaped(name: String) {
        let test = NotifyFixtures.failing("App.Suite\(name)/t\(name)")
        let line = ProgressLine.render(test, position: 1, total: 2, width: 400)
        #expect(Self.controls(in: line).isEmpty, "\(line.debugDescription)")
        #expect(!line.contains("\n"))
    }

    @Test(arguments: hostile)
    func aWebhookAnswerIsShownEscapedAndBounded(body: String) async {
        let webhook = FakeWebhook([.status(400, body: body + String(repeating: "x", count: 5_000))])
        let result = await webhook.delivery.post(
            Data("{}".utf8), to: URL(string: "https://hooks.example.com/T/B/secret")!, policy: RetryPolicy())
        let detail = result.detail ?? ""
        #expect(detail.hasPrefix("HTTP 400: "))
        #expect(Self.controls(in: detail).isEmpty, "\(detail.debugDescription)")
        #expect(!detail.contains("\n"))
        #expect(detail.count <= 300)
    }

    /// The text of a Markdown line that is one code span, as CommonMark reads it; nil when it is not one span.
    private static func codeSpanContent(_ markdown: String) -> String? {
        let characters = Array(markdown)
        let fence = characters.prefix { $0 == "`" }.count
        guard fence > 0, characters.count >= 2 * fence else { return nil }
        // The closing run is the first run of exactly `fence` backticks after the opening one.
        var index = fence
        while index < characters.count {
            guard characters[index] == "`" else {
                index += 1
                continue
            }
            var end = index
            while end < characters.count, characters[end] == "`" { end += 1 }
            if end - index == fence {
                guard end == characters.count else { return nil }
                var content = String(characters[fence..<index])
                if content.count >= 2, content.first == " ", content.last == " ", content.contains(where: { $0 != " " })
                {
                    content = String(content.dropFirst().dropLast())
                }
                return content
            }
            index = end
        }
        return nil
    }

    @Test(arguments: ["a``b", "```", "`", "``x``", "a`b``c```d", "x`", "` `", "plain", "Suite/test(`a`)"])
    func aCodeSpanHoldsAnyRunOfBackticks(text: String) {
        let span = MarkdownText.code(text)
        #expect(Self.codeSpanContent(span) == text, "\(span)")
    }
}
