/// A test as the output names it, before it is resolved to a `TestResult` id.
///
/// XCTest on Linux prints `Class.method` (no module), Apple's form `-[Module.Class method]`,
/// Swift Testing's console only `function()` or a `"display name"`; the event stream has the full id.
package struct TestRef: Sendable, Hashable {
    var framework: TestFramework
    /// The module, when the output says it (`-[Module.Class m]`, event-stream ids).
    var module: String?
    /// Class or suite name without the module; nested Swift Testing suites are joined with `/`. Empty when unknown.
    var suite: String
    /// Method (`testX`) or function (`check(value:)`) name, or a quoted display name from the console.
    var name: String
    /// The Swift Testing event-stream id (`Module.Suite/function()/File.swift:12:6`), when known.
    var eventStreamID: String?
    /// The output marks this start as another run of the same test (xcodebuild's `started (Iteration 2 of 3)`),
    /// so it is an attempt of the test, not a second test with the same name.
    var isRepetition: Bool

    init(
        framework: TestFramework, module: String? = nil, suite: String, name: String, eventStreamID: String? = nil,
        isRepetition: Bool = false
    ) {
        self.framework = framework
        self.module = module
        self.suite = suite
        self.name = name
        self.eventStreamID = eventStreamID
        self.isRepetition = isRepetition
    }
}
