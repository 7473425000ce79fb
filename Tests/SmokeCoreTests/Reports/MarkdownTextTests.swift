import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeCoreTestSupport

/// Markdown text from untrusted input: a code span holds any run of backticks.
@Suite struct MarkdownTextTests {
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
