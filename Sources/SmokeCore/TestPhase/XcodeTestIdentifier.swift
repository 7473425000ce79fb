/// Test ids between xcodebuild's form (`Target/Class/method`) and smokerun's (`Module.Class/method`). Pure.
package enum XcodeTestIdentifier {
    /// `SmokeAppTests/SmokeAppTests/testPasses` → `SmokeAppTests.SmokeAppTests/testPasses`; `()` marks Swift Testing.
    static func testCase(fromXcode identifier: String) -> TestCase? {
        let parts = identifier.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        guard parts.count >= 3, parts.allSatisfy({ !$0.isEmpty }) else { return nil }
        let method = parts.dropFirst(2).joined(separator: "/")
        let framework: TestFramework = method.hasSuffix(")") ? .swiftTesting : .xctest
        return TestCase(id: "\(parts[0]).\(parts[1])/\(method)", framework: framework)
    }

    /// `SmokeAppTests.SmokeAppTests/testPasses` → `SmokeAppTests/SmokeAppTests/testPasses`.
    package static func xcode(_ id: String) -> String {
        guard let slash = id.firstIndex(of: "/") else { return id.replacingOccurrences(of: ".", with: "/") }
        let owner = id[..<slash]
        guard let dot = owner.firstIndex(of: ".") else { return id }
        return owner[..<dot] + "/" + owner[owner.index(after: dot)...] + id[slash...]
    }

    /// Whether an `onlyTesting`/`skipTesting` entry (`Target[/Class[/method]]`) covers `test`.
    static func selector(_ selector: String, covers test: TestCase) -> Bool {
        let xcodeID = xcode(test.id)
        return xcodeID == selector || xcodeID.hasPrefix(selector + "/")
            || (test.framework == .swiftTesting && xcodeID == selector + "()")
    }
}
