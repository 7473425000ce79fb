/// Reads one JSON object of a pipeline file; each mistake is an error naming the file and the dotted key path.
package struct JSONObjectReader {
    package let fields: [String: JSONValue]
    package let file: String
    /// Dotted path of this object, "" at the top.
    let path: String

    package init(fields: [String: JSONValue], file: String, path: String) {
        self.fields = fields
        self.file = file
        self.path = path
    }

    package func keyPath(_ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

    package func error(_ key: String?, _ problem: String) -> PipelineError {
        PipelineError(file: file, keyPath: key.map(keyPath) ?? (path.isEmpty ? nil : path), problem: problem)
    }

    /// Rejects keys this object does not know, suggesting the closest known one.
    package func allowOnly(_ known: [String]) throws(PipelineError) {
        for key in fields.keys.sorted() where !known.contains(key) {
            throw error(
                key,
                "unknown key\(Suggestion.hint(for: key, in: known)); known keys here: \(known.joined(separator: ", "))")
        }
    }

    package func has(_ key: String) -> Bool {
        if case .some(.null) = fields[key] { return false }
        return fields[key] != nil
    }

    private func typeError(_ key: String, expected: String, found: JSONValue) -> PipelineError {
        error(key, "expected \(expected), found \(found.typeName)")
    }

    package func string(_ key: String) throws(PipelineError) -> String? {
        switch fields[key] {
        case nil, .null?: return nil
        case .string(let value)?: return value
        case let other?: throw typeError(key, expected: "a string", found: other)
        }
    }

    /// A file or folder path; a NUL character, which no path can hold, is refused.
    package func filePath(_ key: String) throws(PipelineError) -> String? {
        guard let value = try string(key) else { return nil }
        if value.contains("\0") {
            throw error(key, "contains a NUL character, which no path can hold; remove it")
        }
        return value
    }

    package func bool(_ key: String) throws(PipelineError) -> Bool? {
        switch fields[key] {
        case nil, .null?: return nil
        case .bool(let value)?: return value
        case let other?: throw typeError(key, expected: "true or false", found: other)
        }
    }

    package func number(_ key: String) throws(PipelineError) -> Double? {
        switch fields[key] {
        case nil, .null?: return nil
        case .integer(let value)?: return Double(value)
        case .unsigned(let value)?: return Double(value)
        case .number(let value)?: return value
        case let other?: throw typeError(key, expected: "a number", found: other)
        }
    }

    /// A whole number, exact up to 64-bit unsigned. A quoted number is refused: digits in a string are a mistake.
    package func unsigned(_ key: String) throws(PipelineError) -> UInt64? {
        let range = "a whole number from 0 to \(UInt64.max)"
        switch fields[key] {
        case nil, .null?: return nil
        case .integer(let value)? where value >= 0: return UInt64(value)
        case .unsigned(let value)?: return value
        case .integer?: throw error(key, "is negative; expected \(range)")
        case .number(let value)? where value == value.rounded() && value >= Double(UInt64.max):
            throw error(key, "is too large; expected \(range)")
        case .string(let text)?:
            throw error(
                key,
                """
                is a string ("\(text)"); write the number without quotes, e.g. \(UInt64(text).map(String.init) ?? "42")
                """
            )
        case let other?: throw typeError(key, expected: range, found: other)
        }
    }

    package func strings(_ key: String) throws(PipelineError) -> [String]? {
        switch fields[key] {
        case nil, .null?: return nil
        case .array(let items)?:
            var result: [String] = []
            for (index, item) in items.enumerated() {
                guard case .string(let value) = item else {
                    throw error("\(key)[\(index)]", "expected a string, found \(item.typeName)")
                }
                result.append(value)
            }
            return result
        case let other?: throw typeError(key, expected: "an array of strings", found: other)
        }
    }

    package func stringMap(_ key: String) throws(PipelineError) -> [String: String]? {
        guard let object = try object(key) else { return nil }
        var result: [String: String] = [:]
        for (name, value) in object.fields {
            guard case .string(let text) = value else {
                throw object.error(name, "expected a string, found \(value.typeName) (quote numbers: \"1\")")
            }
            result[name] = text
        }
        return result
    }

    package func object(_ key: String) throws(PipelineError) -> JSONObjectReader? {
        switch fields[key] {
        case nil, .null?: return nil
        case .object(let fields)?: return JSONObjectReader(fields: fields, file: file, path: keyPath(key))
        case let other?: throw typeError(key, expected: "an object", found: other)
        }
    }

    package func choice<T: RawRepresentable>(_ key: String, of type: T.Type) throws(PipelineError) -> T?
    where T.RawValue == String, T: CaseIterable {
        guard let text = try string(key) else { return nil }
        guard let value = T(rawValue: text) else {
            let allowed = T.allCases.map(\.rawValue)
            throw error(
                key,
                "'\(text)' is not one of \(allowed.joined(separator: ", "))" + Suggestion.hint(for: text, in: allowed))
        }
        return value
    }
}
