/// The testing library a test was written with.
package enum TestFramework: String, Codable, Sendable, CaseIterable {
    case xctest
    case swiftTesting = "swift-testing"
}
