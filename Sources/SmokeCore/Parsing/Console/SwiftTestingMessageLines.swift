/// The further lines of a Swift Testing issue's message. The console prints a message's newlines as they are
/// (`Expectation failed: (a → "line one` / `line two") == (b → …)`), unmarked: while the message leaves a parenthesis
/// open, the next lines no rule reads are more of it, up to the line that closes it.
struct SwiftTestingMessageLines {
    /// Parentheses the message has opened and not closed.
    private var open = 0

    /// A line a rule read: an issue's message may continue on the next lines, any other line ends one.
    mutating func read(_ event: TestEvent) {
        if case .issue(let ref?, let failure, _) = event, ref.framework == .swiftTesting {
            open = max(Self.balance(failure.message), 0)
        } else {
            open = 0
        }
    }

    /// Whether `text`, which no rule read, is more of the last issue's message.
    mutating func continues(_ text: String) -> Bool {
        guard open > 0 else { return false }
        open = max(open + Self.balance(text), 0)
        return true
    }

    private static func balance(_ text: String) -> Int {
        text.utf8.reduce(0) { $0 + ($1 == UInt8(ascii: "(") ? 1 : $1 == UInt8(ascii: ")") ? -1 : 0) }
    }
}
