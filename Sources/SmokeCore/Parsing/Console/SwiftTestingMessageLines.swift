/// The further lines of a Swift Testing issue's message. The console prints a message's newlines as they are
/// (`Expectation failed: (a → "line one` / `line two") == (b → …)`), unmarked: while the message leaves a parenthesis
/// open, the next lines no rule reads are more of it, up to the line that closes it. A parenthesis inside a quoted
/// value (`hasPrefix("(")`) opens nothing.
struct SwiftTestingMessageLines {
    /// Parentheses the message has opened and not closed, outside quoted values.
    private var open = 0
    /// Whether the message so far ends inside a quoted value.
    private var inQuotes = false

    /// A line a rule read: an issue's message may continue on the next lines, any other line ends one.
    mutating func read(_ event: TestEvent) {
        (open, inQuotes) = (0, false)
        if case .issue(let ref?, let failure, _) = event, ref.framework == .swiftTesting { scan(failure.message) }
    }

    /// Whether `text`, which no rule read, is more of the last issue's message.
    mutating func continues(_ text: String) -> Bool {
        guard open > 0 else { return false }
        scan(text)
        return true
    }

    private mutating func scan(_ text: String) {
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): inQuotes.toggle()
            case UInt8(ascii: "(") where !inQuotes: open += 1
            case UInt8(ascii: ")") where !inQuotes: open = max(open - 1, 0)
            default: break
            }
        }
    }
}
