/// xcodebuild's message for a test it stopped at its execution time allowance: `Test exceeded execution time
/// allowance of 1 minute. The test may have hung; …` (also `of 2 minutes`, `of 90 seconds`, `of 1 hour`).
enum ExecutionTimeAllowance {
    static let messagePrefix = "Test exceeded execution time allowance"

    /// Whether `message` is xcodebuild's allowance message.
    static func isAllowanceMessage(_ message: String) -> Bool { message.hasPrefix(messagePrefix) }

    /// The allowance the message states, in seconds: the test ran at least this long. Nil when it states none.
    static func seconds(in message: String) -> Double? {
        guard isAllowanceMessage(message) else { return nil }
        let words = message.dropFirst(messagePrefix.count).split(separator: " ", maxSplits: 3)
        guard words.count >= 3, words[0] == "of", let amount = Double(words[1]), amount >= 0 else { return nil }
        let unit = words[2].prefix { $0.isLetter }
        switch unit {
        case "second", "seconds": return amount
        case "minute", "minutes": return amount * 60
        case "hour", "hours": return amount * 3600
        default: return nil
        }
    }
}
