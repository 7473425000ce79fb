/// The further lines of a Swift Testing issue's message. The console prints a message's newlines as they are
/// (`Expectation failed: (a → "line one` / `line two") == (b → …)`), unmarked, and a quoted value's own quotes and
/// parentheses unescaped (`(s → "say "hi")`, `hasPrefix("(")`). So a message goes on only when its line ends inside a
/// quoted value with a parenthesis open, counted both with and without those inside quotes; the next lines no rule
/// reads are more of it until either count closes.
struct SwiftTestingMessageLines {
    /// Parentheses open, all of them and those outside quoted values.
    private var open = (all: 0, unquoted: 0)
    /// Whether the message so far ends inside a quoted value.
    private var inQuotes = false

    /// A line a rule read: an issue's message may continue on the next lines, any other line ends one.
    mutating func read(_ event: TestEvent) {
        (open, inQuotes) = ((0, 0), false)
        guard case .issue(let ref?, let failure, _) = event, ref.framework == .swiftTesting else { return }
        scan(failure.message)
        if !inQuotes { open = (0, 0) }
    }

    /// Whether `text`, which no rule read, is more of the last issue's message.
    mutating func continues(_ text: String) -> Bool {
        guard open.all > 0, open.unquoted > 0 else { return false }
        scan(text)
        return true
    }

    private mutating func scan(_ text: String) {
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): inQuotes.toggle()
            case UInt8(ascii: "("):
                open.all += 1
                if !inQuotes { open.unquoted += 1 }
            case UInt8(ascii: ")"):
                open.all = max(open.all - 1, 0)
                if !inQuotes { open.unquoted = max(open.unquoted - 1, 0) }
            default: break
            }
        }
    }
}
