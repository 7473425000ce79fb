/// Reads what a test binary says it contains. Pure: takes the listing text.
enum TestDiscovery {
    /// XCTest's `--list-tests`: a header, then `Module.Class/method` per line.
    static func xctestIDs(fromListing text: String) -> [TestCase] {
        text.split(separator: "\n").compactMap { line in
            let id = line.trimmingCharacters(in: .whitespaces)
            guard isTestID(id), !isXCTestHeader(id) else { return nil }
            return TestCase(id: id, framework: .xctest)
        }
    }

    /// Swift Testing's `--list-tests`: `Module.Suite/function()`, or `Module.function()` for a free function,
    /// whose results name it `Module/function()`.
    static func swiftTestingIDs(fromListing text: String) -> [TestCase] {
        text.split(separator: "\n").compactMap { line in
            let id = line.trimmingCharacters(in: .whitespaces)
            guard let id = isTestID(id) ? id : freeFunctionID(listed: id) else { return nil }
            return TestCase(id: id, framework: .swiftTesting)
        }
    }

    /// `Module.function(label:)` → `Module/function(label:)`; nil for any other line.
    static func freeFunctionID(listed line: String) -> String? {
        guard line.hasSuffix(")"), let parenthesis = line.firstIndex(of: "(") else { return nil }
        let head = line[..<parenthesis]
        guard let dot = head.firstIndex(of: "."), dot != head.startIndex, head.index(after: dot) != head.endIndex,
            !head.contains(" "), !head.contains("/")
        else { return nil }
        return "\(head[..<dot])/\(line[line.index(after: dot)...])"
    }

    /// The name Swift Testing's `--filter` matches: the id, but a free function as listed (`Module.function()`).
    static func swiftTestingFilterName(_ id: String) -> String {
        guard let slash = id.firstIndex(of: "/"), !id[..<slash].contains("."),
            !id[id.index(after: slash)...].contains("/")
        else { return id }
        return "\(id[..<slash]).\(id[id.index(after: slash)...])"
    }

    /// Reads the answer to `--testing-library swift-testing --list-tests`. An entry point ignoring the flag
    /// (`XCTMain` in an old `LinuxMain.swift`) prints XCTest's listing: then there are no Swift Testing tests.
    static func readSwiftTestingListing(_ text: String, xctestListing: String) -> SwiftTestingListing {
        let lines = text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        if let header = lines.first(where: isXCTestHeader) {
            return .xctestListing(evidence: "it starts with XCTest's header '\(header)'")
        }
        // Every Swift Testing test is a function, listed with its parentheses: `two()`, `param(n:)`.
        if let id = lines.first(where: { isTestID($0) && !$0.hasSuffix(")") }) {
            return .xctestListing(evidence: "'\(id)' is an XCTest id (a method without parentheses)")
        }
        let xctest = xctestIDs(fromListing: xctestListing)
        if !xctest.isEmpty,
            text.trimmingCharacters(in: .whitespacesAndNewlines)
                == xctestListing.trimmingCharacters(in: .whitespacesAndNewlines)
        {
            return .xctestListing(evidence: "it is the same text as the XCTest listing")
        }
        return .tests(swiftTestingIDs(fromListing: text))
    }

    /// XCTest's listing header, `Listing 115 tests in debug.xctest:` (`Listing 1 test in …` for one).
    static func isXCTestHeader(_ line: String) -> Bool {
        line.hasPrefix("Listing ") && line.hasSuffix(":") && (line.contains(" tests in ") || line.contains(" test in "))
    }

    /// `Module.Type/name` with no spaces outside the parentheses of a Swift Testing signature.
    static func isTestID(_ text: String) -> Bool {
        guard let slash = text.firstIndex(of: "/"), slash != text.startIndex else { return false }
        let owner = text[..<slash]
        return owner.contains(".") && !owner.contains(" ")
    }
}

/// What a test binary answered when asked for Swift Testing's listing.
package enum SwiftTestingListing: Equatable, Sendable {
    /// Swift Testing's own listing: these tests, none when the binary has none.
    case tests([TestCase])
    /// XCTest's listing, printed because the entry point ignores `--testing-library`; `evidence` says what showed it.
    case xctestListing(evidence: String)

    package var tests: [TestCase] {
        switch self {
        case .tests(let tests): tests
        case .xctestListing: []
        }
    }
}
