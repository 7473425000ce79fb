import Foundation

/// What a driver hands back to the run: results in run order and what it learned on the way.
package struct DriverResult: Sendable {
    package var tests: [TestResult] = []
    package var attachments: [RawAttachment] = []
    package var errors: [InfrastructureError] = []
    package var toolchain: ToolchainInfo?
    package var device: ResolvedDevice
    /// Binaries and raw profiles for coverage.
    package var testBinaries: [URL] = []
    package var profiles: [URL] = []
    package var interrupted = false
    package var unrecognizedLines = 0
    /// Each result bundle an xcodebuild run read, in order: Xcode's own counts and smokerun's reading of it, for the
    /// run's reconciliation.
    package var bundles: [BundleTally] = []

    package init(device: ResolvedDevice) {
        self.device = device
    }
}
