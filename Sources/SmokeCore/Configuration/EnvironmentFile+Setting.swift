import Foundation

/// `smokerun secret set NAME`'s edit of `<output>/env`: one variable set, every other line kept as it was.
extension EnvironmentFile {
    /// A value as typed on standard input, without one trailing newline (`echo`, a here-string). Throws when it
    /// is empty or holds a line break or NUL, which a `KEY=VALUE` line cannot.
    package static func secretValue(from bytes: [UInt8], name: String) throws(SecretValueError) -> String {
        var bytes = bytes[...]
        if bytes.last == UInt8(ascii: "\n") { bytes = bytes.dropLast() }
        if bytes.last == UInt8(ascii: "\r") { bytes = bytes.dropLast() }
        guard !bytes.isEmpty else { throw .empty(name: name) }
        guard let text = String(validating: bytes, as: UTF8.self) else { throw .notText(name: name) }
        guard !text.contains(where: { $0.isNewline || $0 == "\0" }) else { throw .multiline(name: name) }
        return text
    }

    /// `text` (nil: no file yet) with `name` set to `value`, quoted so `parse` reads back exactly `value`: the first
    /// line setting it replaced, later ones removed, else appended. Throws when `text` is malformed.
    package static func setting(_ name: String, to value: String, in text: String?, path: String)
        throws(EnvironmentFileError) -> String
    {
        var escaped = ""
        for character in value {
            if character == "\"" || character == "\\" { escaped.append("\\") }
            escaped.append(character)
        }
        let line = "\(name)=\"\(escaped)\""
        guard let text, !text.isEmpty else { return line + "\n" }
        _ = try parse(Array(text.utf8), path: path)
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        var replaced = false
        var result: [String] = []
        for (index, existing) in lines.enumerated() {
            guard (try? parseLine(existing, path: path, line: index + 1))??.name == name else {
                result.append(existing)
                continue
            }
            if !replaced { result.append(line) }
            replaced = true
        }
        if !replaced { result.append(line) }
        return result.joined(separator: "\n") + "\n"
    }
}

/// Why standard input gave `secret set` no value it can write.
package enum SecretValueError: Error, Equatable, Sendable {
    case empty(name: String)
    case notText(name: String)
    case multiline(name: String)
}

extension SecretValueError: LocalizedError, DomainError {
    package var kind: ErrorKind { .invalidInput }

    package var errorDescription: String? {
        switch self {
        case .empty(let name):
            """
            no value for \(name) on standard input; pipe it in (`printf '%s' "$URL" | smokerun secret set \(name)`) \
            or type it and end with Ctrl-D
            """
        case .notText(let name):
            "the value for \(name) on standard input is not UTF-8 text; give the value itself, as text"
        case .multiline(let name):
            """
            the value for \(name) on standard input holds a line break (only one at the end is dropped); a KEY=VALUE \
            line holds one line: give the value alone
            """
        }
    }
}
