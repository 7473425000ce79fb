extension DecodingError {
    /// The failing key as a dotted path and what was wrong (`tests[3].status: missing`), as smokerun messages say it.
    package var keyPathDescription: String {
        func path(_ codingPath: [any CodingKey]) -> String {
            let text = codingPath.reduce("") { result, key in
                if let index = key.intValue { return result + "[\(index)]" }
                return result.isEmpty ? key.stringValue : result + "." + key.stringValue
            }
            return text.isEmpty ? "top level" : text
        }
        switch self {
        case .keyNotFound(let key, let context):
            return "\(path(context.codingPath + [key])): missing"
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
            return "\(path(context.codingPath)): \(context.debugDescription)"
        @unknown default:
            return "\(self)"
        }
    }
}
