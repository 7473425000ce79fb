/// A test found in the test binary, before it runs.
package struct TestCase: Sendable, Equatable, Hashable {
    /// `Module.Class/method` or `Module.Suite/function()`, as `--list-tests` prints it.
    package var id: String
    package var framework: TestFramework

    package init(id: String, framework: TestFramework) {
        self.id = id
        self.framework = framework
    }

    /// `Module.Class` — everything before the last `/`.
    package var suiteID: String {
        guard let slash = id.lastIndex(of: "/") else { return id }
        return String(id[..<slash])
    }
}
