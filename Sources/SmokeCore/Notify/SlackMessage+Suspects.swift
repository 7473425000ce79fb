import Foundation

extension SlackMessage {
    /// A new failure's suspect commits: the range since the last passing run and its newest commits, or that the
    /// checkout does not hold the range. Nil for any other message.
    static func suspectsBlock(_ plan: NotificationPlan) -> SlackBlock? {
        guard plan.newCount > 0, let suspects = plan.suspects else { return nil }
        let title = "*Suspects:* " + SlackText.escape(String(suspects.headline.dropFirst("suspects: ".count)))
        // Each commit line is at most 200 characters: ten of them stay far below the section limit.
        let lines = suspects.commitLines.map { "• " + SlackText.escape($0, limit: 200) }
        let more = suspects.more > 0 ? ["…and \(suspects.more) more"] : []
        let text = ([title] + lines + more).joined(separator: "\n")
        return .section(SlackText.truncate(text, limit: SlackText.sectionLimit))
    }
}
