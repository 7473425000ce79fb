/// Names listed in a message: up to a limit, else the first ones and how many more; "none" when empty.
package enum NameList {
    package static func text(_ items: [String], limit: Int = 30) -> String {
        guard !items.isEmpty else { return "none" }
        return items.count > limit
            ? items.prefix(limit).joined(separator: ", ") + ", … (\(items.count - limit) more)"
            : items.joined(separator: ", ")
    }
}
