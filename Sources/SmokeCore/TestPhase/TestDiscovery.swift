/// Reads what a test binary says it contains. Pure: takes the listing text.
enum TestDiscovery {
    /// XCTest's `--list-tests`: a header, then `Module.Class/method` per line.
    /// A test an `XCTMain` list names twice (a copied `allTests` entry) is one test: its process runs it twice, the
    /// second run a test of its own (`#2`).
    static func xctestIDs(fromListing text: String) -> [TestCase] {
        var seen = Set<String>()
        return text.split(separator: "\n").compactMap { line in
            let id = line.trimmingCharacters(in: .whitespaces)
            guard isTestID(id), !isXCTestHeader(id), seen.insert(id).inserted else { return nil }
            return TestCase(id: id, framework: .xctest)
        }
    }

    /// Swift Testing's `--list-tests`: `Module.Suite/function()`, or `Module.function()` for a free function,
    /// whose results name it `Module/function()`. An id two tests would share (overloads; one suite name in two test
    /// targets) is listed with its source location (`…/parses()/ParserTests.swift:5:4`): it is one test case without
    /// it, whose filter runs them all, keeping each one's listed id in `overloadIDs`.
    static func swiftTestingIDs(fromListing text: String) -> [TestCase] {
        var tests: [TestCase] = []
        var places: [String: Int] = [:]
        for line in text.split(separator: "\n") {
            let listed = line.trimmingCharacters(in: .whitespaces)
            let id = SwiftTestingLocation.removed(from: listed)
            guard let id = isTestID(id) ? id : freeFunctionID(listed: id) else { continue }
            let place = places[id] ?? tests.count
            if place == tests.count {
                places[id] = place
                tests.append(TestCase(id: id, framework: .swiftTesting))
            }
            if listed != SwiftTestingLocation.removed(from: listed) { tests[place].overloadIDs.append(listed) }
        }
        for index in tests.indices where tests[index].overloadIDs.count < 2 { tests[index].overloadIDs = [] }
        return tests
    }

    /// `Module.function(label:)` → `Module/function(label:)` (`` Module.`a raw name`() `` too); nil for any other line.
    static func freeFunctionID(listed line: String) -> String? {
        let line = Substring(line)
        guard line.hasSuffix(")"), let parenthesis = firstIndex(of: "(", outsideBackticksIn: line) else { return nil }
        let head = line[..<parenthesis]
        guard let dot = firstIndex(of: ".", outsideBackticksIn: head), dot != head.startIndex,
            head.index(after: dot) != head.endIndex, firstIndex(of: " ", outsideBackticksIn: head) == nil,
            firstIndex(of: "/", outsideBackticksIn: head) == nil
        else { return nil }
        return "\(head[..<dot])/\(line[line.index(after: dot)...])"
    }

    /// The name Swift Testing's `--filter` matches: the id, but a free function as listed (`Module.function()`), and a
    /// later test of a shared name (an overload's `…/f(_:)#2`) by that name, which runs each of them.
    static func swiftTestingFilterName(_ id: String) -> String {
        let id = TestCase.baseID(id)
        guard let slash = firstIndex(of: "/", outsideBackticksIn: id), !id[..<slash].contains("."),
            firstIndex(of: "/", outsideBackticksIn: id[id.index(after: slash)...]) == nil
        else { return String(id) }
        return "\(id[..<slash]).\(id[id.index(after: slash)...])"
    }

    /// Reads the answer to `--testing-library swift-testing --list-tests`. An entry point ignoring the flag
    /// (`XCTMain` in an old `LinuxMain.swift`) prints XCTest's listing: then there are no Swift Testing tests.
    static func readSwiftTestingListing(_ text: String, xctestListing: String) -> SwiftTestingListing {
        let lines = text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        if let header = lines.first(where: isXCTestHeader) {
            return .xctestListing(evidence: "it starts with XCTest's header '\(header)'")
        }
        // Every Swift Testing test is a function, listed with its parentheses: `two()`, `param(n:)`, `f()/A.swift:5:4`
        // (the source location Swift Testing adds to an id two tests would share).
        if let id = lines.first(where: { isTestID($0) && !$0.contains("(") }) {
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

    /// `Module.Type/name`, no space in the owner but inside a raw identifier's backticks (`` Module.`Checkout Flow` ``).
    static func isTestID(_ text: String) -> Bool {
        let text = Substring(text)
        guard let slash = firstIndex(of: "/", outsideBackticksIn: text), slash != text.startIndex else { return false }
        let owner = text[..<slash]
        return owner.contains(".") && firstIndex(of: " ", outsideBackticksIn: owner) == nil
    }

    /// The first `character` outside a raw identifier's backticks, or nil.
    private static func firstIndex(of character: Character, outsideBackticksIn text: Substring) -> String.Index? {
        var quoted = false
        for index in text.indices {
            if text[index] == "`" {
                quoted.toggle()
            } else if !quoted, text[index] == character {
                return index
            }
        }
        return nil
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
