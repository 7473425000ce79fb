/// A failure message as both readings of a result bundle give it: the database's `compactDescription` and
/// xcresulttool's `Failure Message` node (`File.swift:12: message`). Spaces and tabs around the message are
/// dropped (xcresulttool's line puts one after the location); everything inside, control characters included
/// (`\u{1B}` colour codes, `\t`, `\r`, other C0 bytes), is kept as the test wrote it, so the two readings agree.
package enum XCResultFailureText {
    package static func message<Text: StringProtocol>(_ text: Text) -> String {
        var start = text.startIndex
        var end = text.endIndex
        while start < end, isBlank(text[start]) { start = text.index(after: start) }
        while end > start, isBlank(text[text.index(before: end)]) { end = text.index(before: end) }
        return String(text[start..<end])
    }

    private static func isBlank(_ character: Character) -> Bool { character == " " || character == "\t" }
}
