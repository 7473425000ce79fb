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
    /// What decided the order instead of the seed (the test binary's entry point), when something did: the run
    /// records `orderControlled: false`.
    package var orderDecidedBy: String?
    package var unrecognizedLines = 0
    /// Each result bundle an xcodebuild run read, in order: Xcode's own counts and smokerun's reading of it, for the
    /// run's reconciliation.
    package var bundles: [BundleTally] = []
    /// The driver's reading checked against the frameworks' own totals (SwiftPM: its console) or the bundles'
    /// summary counts (xcodebuild); nil when there was nothing to check.
    package var reconciliation: Reconciliation?
    /// What the test frameworks said of their own totals in the processes' output, read as it ran.
    package var consoleTotals = ConsoleTotals()
    /// When several devices were pinned: each device's attachments (the same test id records them on each);
    /// empty otherwise, when `attachments` holds them all.
    package var attachmentsByDevice: [DeviceAttachments] = []

    package init(device: ResolvedDevice) {
        self.device = device
    }
}

/// One pinned device's attachments in a run over several devices.
package struct DeviceAttachments: Sendable {
    package var device: String
    package var attachments: [RawAttachment]

    package init(device: String, attachments: [RawAttachment]) {
        self.device = device
        self.attachments = attachments
    }
}

extension DriverResult {
    /// The tests with the attachments their device recorded: one group per device (one in all for a single
    /// device), for `AttachmentStore.attach`, which finds a test by id.
    package var attachmentGroups: [(tests: [TestResult], attachments: [RawAttachment])] {
        guard !attachmentsByDevice.isEmpty else { return [(tests, attachments)] }
        return attachmentsByDevice.map { part in (tests.filter { $0.device == part.device }, part.attachments) }
    }
}
