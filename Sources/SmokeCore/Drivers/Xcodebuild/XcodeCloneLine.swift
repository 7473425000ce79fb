/// Which simulator clone ran a test, from xcodebuild's console in parallel testing:
/// `Test case 'Class.method()' passed on 'Clone 2 of iPhone 17 Pro - App (97123)' (0.4 seconds)`.
/// The result bundle does not say it (its `TestCaseRuns` rows reference a suite run, never a device;
/// the only destination is the action's, the original simulator), so this line is the one record.
/// Pure: lines in, values out.
package enum XcodeCloneLine {
    /// The test's name as printed and the clone's number, for a result line on a clone; nil otherwise.
    static func parse(_ line: String) -> (name: String, clone: Int)? {
        guard let start = line.range(of: "Test case '") else { return nil }
        let rest = line[start.upperBound...]
        for verb in ["passed", "failed", "skipped"] {
            guard let marker = rest.range(of: "' \(verb) on 'Clone ") else { continue }
            let name = rest[..<marker.lowerBound]
            let after = rest[marker.upperBound...]
            let digits = after.prefix { $0.isASCII && $0.isNumber }
            guard !name.isEmpty, let clone = Int(digits), after.dropFirst(digits.count).hasPrefix(" of ") else {
                return nil
            }
            return (String(name), clone)
        }
        return nil
    }

    /// `Class/method`, the part of a test's name both the console and the bundle spell alike: the
    /// console prints `Class.method()` (XCTest) or `Suite/function()` (Swift Testing), the bundle's ids
    /// are `Module.Class/method`.
    static func matchKey(consoleName name: String) -> String {
        let bare = name.hasSuffix("()") ? String(name.dropLast(2)) : name
        if let slash = bare.lastIndex(of: "/") { return lastComponent(String(bare[..<slash])) + bare[slash...] }
        guard let dot = bare.lastIndex(of: ".") else { return bare }
        return lastComponent(String(bare[..<dot])) + "/" + bare[bare.index(after: dot)...]
    }

    /// The same key for a test id (`Module.Class/method()`).
    package static func matchKey(testID id: String) -> String {
        let bare = id.hasSuffix("()") ? String(id.dropLast(2)) : id
        guard let slash = bare.firstIndex(of: "/") else { return bare }
        return lastComponent(String(bare[..<slash])) + bare[slash...]
    }

    /// The tests that ran on clones, by `matchKey`, in the order their results were printed.
    package static func clones(_ lines: [String]) -> [(key: String, clone: Int)] {
        lines.compactMap { line in parse(line).map { (matchKey(consoleName: $0.name), $0.clone) } }
    }

    static func lastComponent(_ owner: String) -> String {
        owner.split(separator: ".").last.map(String.init) ?? owner
    }
}
