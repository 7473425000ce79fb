import Foundation

/// One message format for webhooks: its `notify.format` name and how it renders a run's notification and
/// `doctor --send-test`'s message. A new format conforms to this and gets a line in `MessageFormatRegistry.standard`.
package protocol MessageFormat: Sendable {
    var format: NotifyFormat { get }
    /// The body to POST for `plan`; pure, saying what `NotificationWording` says.
    func body(for report: RunReport, plan: NotificationPlan, links: ArtifactLinks, sources: SourceLinks) -> Data
    /// The body of `doctor --send-test`'s message, whose words are `TestNotification.text`.
    func testBody(pipeline: String, host: String) -> Data
    /// The body of the culprit finder's follow-up message (`notify.findCulprit`); pure.
    func culpritBody(_ followUp: CulpritFollowUp) -> Data
}

/// The names a pipeline may use are the standard registry's.
extension NotifyFormat: RawRepresentable, Codable, CaseIterable {
    /// The standard registry's format of this name, or nil.
    package init?(rawValue: String) {
        guard let format = MessageFormatRegistry.standard.format(named: rawValue) else { return nil }
        self = format
    }

    package static var allCases: [NotifyFormat] { MessageFormatRegistry.standard.formats }
}
