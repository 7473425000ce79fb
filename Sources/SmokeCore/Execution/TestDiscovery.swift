/// Reads what a test binary says it contains. Pure: takes the listing text.
enum TestDiscovery {
    /// XCTest's `--list-tests`: a header, then `Module.Class/method` per line.
    static func xctestIDs(fromListing text: String) -> [TestCase] {
        text.split(separator: "\n").compactMap { line in
            let id = line.trimmingCharacters(in: .whitespaces)
            guard isTestID(id), !id.hasPrefix("Listing ") else { return nil }
            return TestCase(id: id, framework: .xctest)
        }
    }

    /// Swift Testing's `--list-tests`: `Module.Suite/function()` per line.
    static func swiftTestingIDs(fromListing text: String) -> [TestCase] {
        text.split(separator: "\n").compactMap { line in
            let id = line.trimmingCharacters(in: .whitespaces)
            guard isTestID(id) else { return nil }
            return TestCase(id: id, framework: .swiftTesting)
        }
    }

    /// `Module.Type/name` with no spaces outside the parentheses of a Swift Testing signature.
    static func isTestID(_ text: String) -> Bool {
        guard let slash = text.firstIndex(of: "/"), slash != text.startIndex else { return false }
        let owner = text[..<slash]
        return owner.contains(".") && !owner.contains(" ")
    }
}
