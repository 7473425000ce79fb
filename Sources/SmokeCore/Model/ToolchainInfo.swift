/// The toolchain that built and ran the tests.
package struct ToolchainInfo: Codable, Sendable, Equatable {
    /// First line of `swift --version` (or `xcodebuild -version`).
    var version: String
    /// Resolved path of the `swift` binary (or Xcode's developer directory).
    var path: String?

    package init(version: String, path: String? = nil) {
        self.version = version
        self.path = path
    }
}
