import Foundation

/// One message format a webhook is sent: its name in a pipeline's `notify.format` and how it renders a run's
/// notification and `doctor --send-test`'s message. Adding a format is a type conforming to this plus its line in
/// `MessageFormatRegistry.standard`.
package protocol MessageFormat: Sendable {
    /// The name `notify.format` uses.
    var format: NotifyFormat { get }
    /// The body to POST for `plan`; pure. Say what `NotificationWording` says (project, commit, host, since when,
    /// the report's link or path, project-relative paths).
    func body(for report: RunReport, plan: NotificationPlan, links: ArtifactLinks, sources: SourceLinks) -> Data
    /// The body of `doctor --send-test`'s message, whose words are `TestNotification.text`.
    func testBody(pipeline: String, host: String) -> Data
}

/// A message format's name, as `notify.format` names it; the names a pipeline may use are the standard registry's.
package struct NotifyFormat: RawRepresentable, Hashable, Codable, Sendable, CaseIterable, CustomStringConvertible {
    package let rawValue: String

    /// Declares a format's name (a `MessageFormat`'s `format`).
    package init(_ name: String) { rawValue = name }

    /// The standard registry's format of this name, or nil.
    package init?(rawValue: String) {
        guard let format = MessageFormatRegistry.standard.format(named: rawValue) else { return nil }
        self = format
    }

    package static let slack = NotifyFormat("slack")
    package static let json = NotifyFormat("json")

    package static var allCases: [NotifyFormat] { MessageFormatRegistry.standard.formats }

    package var description: String { rawValue }
}
