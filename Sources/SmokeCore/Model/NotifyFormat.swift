/// A message format's name, as `notify.format` names it (`slack`, `json`); which names a pipeline may use is the
/// standard message-format registry's (`Notify/MessageFormat.swift` makes it `RawRepresentable` over that list).
package struct NotifyFormat: Hashable, Sendable, CustomStringConvertible {
    package let rawValue: String

    /// Declares a format's name (a `MessageFormat`'s `format`).
    package init(_ name: String) { rawValue = name }

    package static let slack = NotifyFormat("slack")
    package static let json = NotifyFormat("json")

    package var description: String { rawValue }
}
