/// A JUnit `<testcase classname= name=>` in smokerun's names, as the console and event-stream readers give them:
/// XCTest `Module.Class/method` (`swift test --xunit-output` writes `classname="Module.Class" name="method"`), Swift
/// Testing `Module.Suite/Nested/function()` (it writes `classname="Module.Suite.Nested" name="function()"`), and a
/// free function `Module/function()` (`classname="Module"`).
struct JUnitTestName: Equatable {
    var id: String
    var name: String
    var suite: String
    var framework: TestFramework

    /// `enclosingSuite`: the `<testsuite>` around it, for a test case without a `classname`.
    init(classname: String?, name rawName: String, enclosingSuite: String, framework: TestFramework) {
        let className = classname ?? enclosingSuite
        self.framework = framework
        switch framework {
        case .xctest:
            // Xcode 16 writes `testExample()`; XCTest's ids never carry the parentheses.
            name = rawName.hasSuffix("()") ? String(rawName.dropLast(2)) : rawName
            let dot = className.firstIndex(of: ".")
            suite = dot.map { String(className[className.index(after: $0)...]) } ?? className
            id = className.isEmpty ? name : "\(className)/\(name)"
        case .swiftTesting:
            name = rawName
            var parts = className.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
            if parts.count > 1 {
                let module = parts.removeFirst()
                suite = parts.joined(separator: "/")
                id = "\(module).\(suite)/\(name)"
            } else {
                suite = className
                id = className.isEmpty ? name : "\(className)/\(name)"
            }
        }
    }

    /// The framework a test name suggests, for a JUnit file that does not say: a display name (`Adds two numbers`)
    /// or a function that is not an XCTest method (`adds(_:to:)`, `checksTotal()`) is Swift Testing; `testFoo` and
    /// Xcode 16's `testFoo()` are XCTest.
    static func framework(ofName name: String) -> TestFramework {
        if name.contains(" ") { return .swiftTesting }
        guard name.hasSuffix(")"), name.contains("(") else { return .xctest }
        return name.hasPrefix("test") && name.hasSuffix("()") ? .xctest : .swiftTesting
    }
}
