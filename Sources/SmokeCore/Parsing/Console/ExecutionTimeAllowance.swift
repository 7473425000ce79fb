/// A test stopped at its time limit: xcodebuild's `Test exceeded execution time allowance of 1 minute. The test may
/// have hung; …` (also `of 2 minutes`, `of 90 seconds`, `of 1 hour`), and Swift Testing's `.timeLimit` issue,
/// `Time limit was exceeded: 60.000 seconds`.
enum ExecutionTimeAllowance {
    static let messagePrefix = "Test exceeded execution time allowance"
    static let swiftTestingPrefix = TestFailure.swiftTestingTimeLimitPrefix

    static func isAllowanceMessage(_ message: String) -> Bool {
        message.hasPrefix(messagePrefix) || message.hasPrefix(swiftTestingPrefix)
    }

    /// The limit the message states, in seconds: the test ran at least this long. Nil when it states none.
    static func seconds(in message: String) -> Double? {
        if message.hasPrefix(swiftTestingPrefix) {
            let words = message.dropFirst(swiftTestingPrefix.count).split(separator: " ", maxSplits: 2)
            guard words.count >= 2, words[1].hasPrefix("second"), let amount = Double(words[0]), amount >= 0 else {
                return nil
            }
            return amount
        }
        guard message.hasPrefix(messagePrefix) else { return nil }
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
