import Foundation

/// `<output>/env`: the variables every run of a pipeline gets however it was started, chiefly the webhook URL,
/// a secret that must not sit in a crontab or unit file (Documentation/Design.md §9). `KEY=VALUE` lines,
/// shell-style (`#` comments, `export `, quotes). A variable already set (non-empty) in the environment wins.
package struct EnvironmentFile: Sendable, Equatable {
    package struct Entry: Sendable, Equatable {
        package var name: String
        package var value: String
        package var line: Int
    }

    /// The largest file smokerun reads: a few variables fit in far less.
    package static let byteLimit = 64 * 1024

    package var entries: [Entry]

    package init(entries: [Entry]) { self.entries = entries }

    /// Reads the file's bytes; `path` is only for messages.
    package static func parse(_ bytes: [UInt8], path: String) throws(EnvironmentFileError) -> EnvironmentFile {
        var entries: [Entry] = []
        var seen: [String: Int] = [:]
        for (index, raw) in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).enumerated() {
            let number = index + 1
            guard let text = String(validating: raw, as: UTF8.self) else {
                throw .malformed(path: path, line: number, reason: "the line is not UTF-8 text")
            }
            guard let entry = try parseLine(text, path: path, line: number) else { continue }
            if let first = seen[entry.name] {
                throw .malformed(
                    path: path, line: number, reason: "\(entry.name) is already set on line \(first); keep one of them")
            }
            seen[entry.name] = number
            entries.append(entry)
        }
        return EnvironmentFile(entries: entries)
    }

    /// One line: nil for a blank line or a comment.
    static func parseLine(_ text: String, path: String, line: Int) throws(EnvironmentFileError) -> Entry? {
        var rest = Substring(text.hasSuffix("\r") ? String(text.dropLast()) : text)
        rest = rest.drop { $0 == " " || $0 == "\t" }
        if rest.isEmpty || rest.hasPrefix("#") { return nil }
        if rest.hasPrefix("export "), let next = rest.dropFirst("export".count).first(where: { $0 != " " }),
            next != "="
        {
            rest = rest.dropFirst("export".count).drop { $0 == " " || $0 == "\t" }
        }
        guard let equals = rest.firstIndex(of: "=") else {
            throw .malformed(path: path, line: line, reason: "there is no '=' (write NAME=value)")
        }
        let name = String(rest[..<equals])
        guard isVariableName(name) else {
            throw .malformed(
                path: path, line: line,
                reason:
                    """
                    '\(name)' is not a variable name (letters, digits and _, not starting with a digit, nothing \
                    around the '=')
                    """
            )
        }
        let value = try unquoted(rest[rest.index(after: equals)...], path: path, line: line)
        return Entry(name: name, value: value, line: line)
    }

    /// A value as written: trimmed; inside double quotes `\"` and `\\` are escapes, inside single quotes nothing is.
    private static func unquoted(_ raw: Substring, path: String, line: Int) throws(EnvironmentFileError) -> String {
        let trimmed = raw.trimmingCharacters(in: [" ", "\t"])
        guard let quote = trimmed.first, quote == "\"" || quote == "'" else { return trimmed }
        guard trimmed.count >= 2, trimmed.last == quote else {
            throw .malformed(
                path: path, line: line,
                reason: "the value opens a \(quote) quote that does not close at the end of the line")
        }
        let inner = trimmed.dropFirst().dropLast()
        guard quote == "\"" else {
            if inner.contains("'") {
                throw .malformed(path: path, line: line, reason: "a ' inside a '-quoted value; use \"…\" instead")
            }
            return String(inner)
        }
        var value = ""
        var escaping = false
        for character in inner {
            if escaping {
                if character != "\"" && character != "\\" { value.append("\\") }
                value.append(character)
                escaping = false
            } else if character == "\\" {
                escaping = true
            } else if character == "\"" {
                throw .malformed(path: path, line: line, reason: "a \" inside a \"-quoted value; write it as \\\"")
            } else {
                value.append(character)
            }
        }
        if escaping { value.append("\\") }
        return value
    }

    /// Letters, digits and `_`, not starting with a digit (ASCII), as shells take them.
    package static func isVariableName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, !("0"..."9").contains(first) else { return false }
        return name.unicodeScalars.allSatisfy {
            ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "_"
        }
    }

    /// `environment` plus this file's variables where it has none, and the names taken. Only names in `allowed`
    /// (the notifier's) are taken: the file holds secrets, never smokerun's settings; the rest are `ignored`.
    package func applied(to environment: [String: String], allowing allowed: Set<String>)
        -> (environment: [String: String], fromFile: [String], ignored: [String])
    {
        var result = environment
        var names: [String] = []
        var ignored: [String] = []
        for entry in entries {
            guard allowed.contains(entry.name) else {
                ignored.append(entry.name)
                continue
            }
            guard (environment[entry.name] ?? "").isEmpty else { continue }
            result[entry.name] = entry.value
            names.append(entry.name)
        }
        return (result, names, ignored)
    }
}
