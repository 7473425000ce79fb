import Foundation

/// What a driver hands back to the run: results in run order and what it learned on the way.
package struct DriverResult: Sendable {
    package var tests: [TestResult] = []
    package var attachments: [RawAttachment] = []
    package var errors: [InfrastructureError] = []
    package var toolchain: ToolchainInfo?
    package var device: ResolvedDevice
    /// What the tests saw of the variables the run gave them (report.json's `environment`); nil: the pipeline's.
    package var testEnvironment: [String: String]?
    /// Binaries and raw profiles for coverage.
    package var testBinaries: [URL] = []
    /// Lets others rebuild `testBinaries` (a build folder's turn): called once coverage has read them.
    package var releaseTestBinaries: (@Sendable () -> Void)?
    package var profiles: [URL] = []
    package var interrupted = false
    /// What decided the order instead of the seed (the binary's entry point); the run records `orderControlled: false`.
    package var orderDecidedBy: String?
    package var unrecognizedLines = 0
    /// Each result bundle an xcodebuild run read: Xcode's own counts and smokerun's reading, for reconciliation.
    package var bundles: [BundleTally] = []
    /// The driver's reading checked against the frameworks' own totals (SwiftPM's console, xcodebuild's bundles).
    package var reconciliation: Reconciliation?
    package var consoleTotals = ConsoleTotals()
    /// The tests order rechecks (`OrderRecheck`) ran before the test they checked: not attempts and not in `tests`,
    /// but the frameworks' totals count them, so reconciliation counts them too.
    package var earlierTestsRechecked: [TestResult] = []
    /// Issues the framework recorded outside the tests (Swift Testing: a suite's scoping trait, a task that outlived
    /// its test): the run cannot pass, reconciliation lists them.
    package var issuesOutsideTests: [RunFailureEvidence] = []
    /// On a multi-device run, each device's attachments (one test id records them on each); else empty.
    package var attachmentsByDevice: [DeviceAttachments] = []
    /// A shard's run: every test the whole run selected (`ShardRecord.selected`).
    package var shardSelected: [String]?

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
    /// The tests with the attachments their device recorded, one group per device, for `AttachmentStore.attach`.
    package var attachmentGroups: [(tests: [TestResult], attachments: [RawAttachment])] {
        guard !attachmentsByDevice.isEmpty else { return [(tests, attachments)] }
        return attachmentsByDevice.map { part in (tests.filter { $0.device == part.device }, part.attachments) }
    }
}
