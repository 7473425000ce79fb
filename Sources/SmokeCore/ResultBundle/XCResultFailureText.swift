/// A failure message as both readings of a bundle give it (the database's `compactDescription`, xcresulttool's
/// `Failure Message` node): spaces and tabs around it dropped (xcresulttool puts one after the location), everything
/// inside kept as the test wrote it, control characters included, so the two readings agree.
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
