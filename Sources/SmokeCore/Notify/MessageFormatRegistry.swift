import Foundation

/// The message formats smokerun sends, `notify.format`'s default first.
package struct MessageFormatRegistry: Sendable {
    package var renderers: [any MessageFormat]

    package init(renderers: [any MessageFormat]) {
        self.renderers = renderers
    }

    package static let standard = MessageFormatRegistry(renderers: [
        SlackMessage(),
        JSONMessage(),
    ])

    package var formats: [NotifyFormat] { renderers.map(\.format) }

    /// The renderer of `format`; Slack's for a format none registers (a loaded pipeline never names one).
    package func renderer(for format: NotifyFormat) -> any MessageFormat {
        renderers.first { $0.format == format } ?? renderers[0]
    }

    package func format(named name: String) -> NotifyFormat? {
        formats.first { $0.rawValue == name }
    }
}
