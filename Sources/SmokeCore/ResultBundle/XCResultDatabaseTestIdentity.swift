/// The id, name, suite and framework of one `TestCases` row, as Documentation/Design.md §7 spells them:
/// `Module.Class/method` for XCTest, `Module.Suite/Nested/function()` for Swift Testing,
/// `Module/function()` for a Swift Testing free function. The module is the testable's name.
package struct XCResultDatabaseTestIdentity: Equatable {
    package var id: String
    package var name: String
    package var suite: String
    package var framework: TestFramework

    /// Swift Testing puts free functions in a synthetic suite with this marker in its identifier.
    static let topLevelMarker = "$TopLevelTests"

    package init(testCase: XCResultDatabaseRow, suites: XCResultDatabaseIndex, testables: XCResultDatabaseIndex) {
        let chain = suites.chain(from: testCase.int("testSuite_fk"), via: "parentSuite_fk")
        let isTopLevel: (XCResultDatabaseRow) -> Bool = { suite in
            [suite.text("identifier"), suite.text("identifierURL")].contains {
                $0?.contains(Self.topLevelMarker) == true
            }
        }
        let suiteNames = chain.reversed().filter { !isTopLevel($0) }.compactMap { $0.text("name") }
        let url = testCase.text("identifierURL")
        let rawName = testCase.text("name") ?? testCase.text("identifier").map(Self.lastComponent) ?? "unnamed test"
        // XCTest ids in the URL drop the `()` the name carries; Swift Testing ids keep their signature.
        if let url {
            framework = Self.lastComponent(url).hasSuffix(")") ? .swiftTesting : .xctest
        } else {
            framework = chain.contains(where: isTopLevel) ? .swiftTesting : .xctest
        }
        var name = rawName
        if framework == .xctest, name.hasSuffix("()") { name.removeLast(2) }
        let module = Self.module(chain: chain, url: url, testables: testables)
        let suitePath = suiteNames.joined(separator: "/")
        self.name = name
        suite = suitePath.isEmpty ? (module ?? "") : suitePath
        switch (module, suitePath.isEmpty) {
        case (let module?, false): id = "\(module).\(suitePath)/\(name)"
        case (let module?, true): id = "\(module)/\(name)"
        case (nil, false): id = "\(suitePath)/\(name)"
        case (nil, true): id = name
        }
    }

    /// The testable (test bundle) the root suite belongs to; else the URL's third component
    /// (`test://com.apple.xcode/Project/Testable/…`).
    private static func module(chain: [XCResultDatabaseRow], url: String?, testables: XCResultDatabaseIndex) -> String?
    {
        for suite in chain {
            if let name = testables[suite.int("testable_fk")]?.text("name") { return name }
        }
        let urls = [url] + chain.map { $0.text("identifierURL") }
        for case let url? in urls {
            let parts = url.split(separator: "/", omittingEmptySubsequences: true)
            if url.hasPrefix("test://"), parts.count >= 4 { return String(parts[3]) }
        }
        return nil
    }

    private static func lastComponent(_ path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }
}
