/// The tests one test process runs.
package struct TestBatch: Sendable, Equatable {
    package var framework: TestFramework
    package var tests: [TestCase]

    package init(framework: TestFramework, tests: [TestCase]) {
        self.framework = framework
        self.tests = tests
    }
}
