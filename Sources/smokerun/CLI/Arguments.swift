import SmokeCore
import SmokeKit

/// A tiny argument reader: `--name value`, `--name=value`, `--flag` and positionals; unknown options are errors.
struct Arguments: Sendable {
    private(set) var positionals: [String] = []
    private var values: [String: [String]] = [:]
    private var flags: Set<String> = []

    /// `options` take a value, `flags` take none (names without `--`).
    init(_ arguments: [String], options: Set<String> = [], flags allowedFlags: Set<String> = []) throws(UsageError) {
        var index = 0
        var onlyPositionals = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if onlyPositionals || !argument.hasPrefix("--") || argument == "-" {
                positionals.append(argument)
                continue
            }
            if argument == "--" {
                onlyPositionals = true
                continue
            }
            var name = String(argument.dropFirst(2))
            var inlineValue: String?
            if let equals = name.firstIndex(of: "=") {
                inlineValue = String(name[name.index(after: equals)...])
                name = String(name[..<equals])
            }
            if options.contains(name) {
                if let inlineValue {
                    values[name, default: []].append(inlineValue)
                } else if index < arguments.count {
                    values[name, default: []].append(arguments[index])
                    index += 1
                } else {
                    throw UsageError("option --\(name) needs a value")
                }
            } else if allowedFlags.contains(name), inlineValue == nil {
                flags.insert(name)
            } else if allowedFlags.contains(name) {
                throw UsageError("option --\(name) takes no value; write --\(name) alone")
            } else {
                throw Self.unknown(name, known: options.union(allowedFlags))
            }
        }
    }

    /// "unknown option --seeed; did you mean --seed?", else the options the command takes.
    static func unknown(_ name: String, known: Set<String>) -> UsageError {
        if let meant = Suggestion.closest(to: name, in: known.sorted()) {
            return UsageError("unknown option --\(name); did you mean --\(meant)?")
        }
        guard !known.isEmpty else { return UsageError("unknown option --\(name); this command takes no options") }
        let list = known.sorted().map { "--\($0)" }.joined(separator: ", ")
        return UsageError("unknown option --\(name); this command takes: \(list)")
    }

    func value(_ name: String) -> String? { values[name]?.last }

    func values(_ name: String) -> [String] { values[name] ?? [] }

    func flag(_ name: String) -> Bool { flags.contains(name) }

    /// An integer option, with a usage error naming it when it is not one.
    func integer(_ name: String) throws(UsageError) -> Int? {
        guard let text = value(name) else { return nil }
        guard let number = Int(text) else { throw UsageError("--\(name) takes a whole number, not '\(text)'") }
        return number
    }

    /// A decimal option, with a usage error naming it when it is not one.
    func decimal(_ name: String) throws(UsageError) -> Double? {
        guard let text = value(name) else { return nil }
        guard let number = Double(text), number.isFinite else {
            throw UsageError("--\(name) takes a number, not '\(text)'")
        }
        return number
    }
}
