/// A message format's name (`slack`, `json`); `Notify/MessageFormat.swift` limits it to the standard registry's.
package struct NotifyFormat: Hashable, Sendable, CustomStringConvertible {
    package let rawValue: String

    package init(_ name: String) { rawValue = name }

    package static let slack = NotifyFormat("slack")
    package static let json = NotifyFormat("json")

    package var description: String { rawValue }
}
