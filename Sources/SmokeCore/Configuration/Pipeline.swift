import Foundation

/// One pipeline: what to test, on which device, in which order, and what to do with the results.
/// Resolved once (defaults → file → flags) and never mutated while running.
package struct Pipeline: Sendable, Equatable {
    package var name: String
    /// A five-field cron expression.
    package var schedule: String = "0 */4 * * *"
    package var timeZone: String = "UTC"
    package var driver: Driver
    /// The pinned devices, in the order the test phase runs on them; one unless `device` is a list.
    package var devices: [DeviceProfile] = [DeviceProfile()]
    package var ordering: OrderingSettings = OrderingSettings()
    package var environment: [String: String] = ["IS_UNIT_TESTING": "1"]
    /// Given to the tests unless the pipeline or smokerun's own environment sets them. swift-snapshot-testing records a
    /// missing reference into the package's sources and fails, so the retry passed against the file it had just
    /// written: a broken test reported flaky, and a file written into the user's tree. `never` fails, writing nothing.
    package static let testEnvironmentDefaults = ["SNAPSHOT_TESTING_RECORD": "never"]

    /// `environment` without what smokerun reads for itself: its `SMOKERUN_…` settings and the notifier's secrets
    /// (the webhook URL's and the Slack token's variables). A test printing its environment would write them into
    /// every report, the history and the published dashboard; one the pipeline's own `environment` names stays.
    package func withoutOwnVariables(_ environment: [String: String]) -> [String: String] {
        let secrets = [notify.webhookURLEnvironment, notify.slackUpload?.tokenEnvironment].compactMap { $0 }
        return environment.filter { key, _ in
            self.environment[key] != nil || !(key.hasPrefix("SMOKERUN_") || secrets.contains(key))
        }
    }
    package var timeouts: Timeouts = Timeouts()
    package var retries: RetrySettings = RetrySettings()
    package var coverage: CoverageSettings = CoverageSettings()
    package var reports: [ReportFormat] = ReportRegistry.standard.formats
    /// Output folder, relative to the pipeline file's project root.
    package var output: String = OutputLayout.defaultOutput
    package var retention: RetentionSettings = RetentionSettings()
    package var notify: NotifySettings = NotifySettings()
    package var dashboard: DashboardSettings = DashboardSettings()
    package var culprit: CulpritSettings = CulpritSettings()
    package var attachmentBudget: Int = AttachmentBudget.defaultTotal
    /// Tests whose failures neither fail the run nor page, each with a reason, an owner and an expiry.
    package var quarantine: [QuarantineEntry] = []
    /// Quarantine flaky tests by their rate; nil: only the `quarantine` list.
    package var autoQuarantine: AutoQuarantineSettings?
    package var sourcePath: String?

    package init(name: String, driver: Driver) {
        self.name = name
        self.driver = driver
    }

    /// Which pipeline this is in a shared output folder: its name and its file.
    package var key: PipelineKey {
        PipelineKey(
            name: name,
            file: sourcePath.flatMap { $0.hasPrefix("/") ? URL(fileURLWithPath: $0).standardizedFileURL.path : nil })
    }

    /// The first (usually the only) pinned device: what single-device code and the report's `device` use.
    package var device: DeviceProfile {
        get { devices[0] }
        set { devices[0] = newValue }
    }
}

package enum Driver: Sendable, Equatable {
    case swiftpm(SwiftPMSettings)
    case xcodebuild(XcodebuildSettings)
}

package struct SwiftPMSettings: Sendable, Equatable {
    package var packagePath: String
    /// Regexes as `swift test --filter` takes them, matched against test ids.
    package var filter: [String] = []
    package var skip: [String] = []
    package var configuration: String = "debug"
    /// nil is `<packagePath>/.build/smokerun`: apart from the developer's `.build`, so neither invalidates the other.
    package var scratchPath: String?

    package init(packagePath: String) { self.packagePath = packagePath }
}

package struct XcodebuildSettings: Sendable, Equatable {
    package var workspace: String?
    package var project: String?
    /// A Swift package's folder: xcodebuild runs there with no `-workspace`/`-project`.
    package var packagePath: String?
    package var scheme: String
    package var testPlan: String?
    package var onlyTesting: [String] = []
    package var skipTesting: [String] = []
    package var derivedDataPath: String?

    package init(scheme: String) { self.scheme = scheme }
}

/// The pinned device a smoke run must always use (Documentation/Design.md §5).
package struct DeviceProfile: Sendable, Equatable {
    package var platform: String = "host"
    /// A simulator's device type (`iPhone 15`) for smokerun's own device; with `reuse`, the user's simulator's name.
    package var name: String?
    package var runtime: String?
    /// An existing simulator of the user's, by UDID: reused, never erased unless `erase` is true.
    package var udid: String?
    package var reuse: Bool = false
    package var create: Bool = true
    /// nil: erase smokerun's own device before each run and never a reused one.
    package var erase: Bool?
    package var locale: String?
    package var language: String?
    /// Toolchain version prefix for `host` profiles, checked against `swift --version`.
    package var swift: String?
    package var timeZone: String?
    /// A mismatch fails the run before any test starts unless false.
    package var strict: Bool = true

    package init() {}

    package var isHost: Bool { platform == "host" }

    /// Whether the profile names a simulator of the user's (`udid` or `reuse`) rather than smokerun's own.
    package var reusesUserDevice: Bool { udid != nil || reuse }

    /// smokerun's own device unless `erase` is false; a reused one only when `erase` is true.
    package var erasesDevice: Bool { erase ?? !reusesUserDevice }
}

package struct OrderingSettings: Sendable, Equatable {
    package var mode: OrderingMode = .random
    package var seed: UInt64?
    package var isolation: Isolation = .suite
    /// How many test batches run at once (SwiftPM processes; xcodebuild's parallel testing workers).
    package var workers: WorkerCount = .count(1)

    package init() {}
}

package struct Timeouts: Sendable, Equatable {
    package var runSeconds: Double = 1800
    package var testSeconds: Double = 300
    /// How long a stopped process may take before it is killed: xcodebuild gets SIGINT to finalize its result
    /// bundle, a test process SIGTERM.
    package var graceSeconds: Double = 10

    package init() {}
}

package struct RetrySettings: Sendable, Equatable {
    /// Reruns of a failed, crashed or timed-out test: one retry tells a flaky test from a broken one.
    package var failed: Int = 1

    init() {}
}

/// Pruning of the output folder after each run: at most `runs` runs of the pipeline, none older than `days`.
package struct RetentionSettings: Sendable, Equatable {
    package var runs: Int = 60
    package var days: Double = 14
    /// Days a run's rows stay in `history.sqlite` (run folders go sooner, by `runs` and `days`).
    package var historyDays: Double = 400

    package init() {}
}

package struct CoverageSettings: Sendable, Equatable {
    package var enabled: Bool = true
    package var include: [String] = ["Sources/"]
    /// A run whose line coverage is below this percentage exits 4.
    package var minimumLines: Double?

    package init() {}
}

package struct NotifySettings: Sendable, Equatable {
    /// The environment variable holding the webhook URL (a secret, never printed).
    package var webhookURLEnvironment: String = "SMOKERUN_WEBHOOK_URL"
    package var format: NotifyFormat = .slack
    package var on: [NotifyTrigger] = [.failure, .recovery]
    package var artifactsURL: String?
    /// A failure that keeps failing unchanged is re-announced at most this often.
    package var remindHours: Double = 24
    /// What a failure of known-flaky tests alone sends (it is never announced as new).
    package var flaky: FlakyAnnouncement = .digest
    /// The runs the flake model looks back over (this one included).
    package var flakyWindowRuns: Int = 30
    /// Seconds one webhook POST may take before it counts as a network error.
    package var timeoutSeconds: Double = 10
    /// POST attempts per notification (first try included) before it goes to the outbox.
    package var maxAttempts: Int = 4
    /// Seconds all attempts of one notification may take before it goes to the outbox.
    package var deliverySeconds: Double = 60
    /// Post through Slack's Web API with a bot token, uploading failure screenshots into the thread; nil: the webhook.
    package var slackUpload: SlackUploadSettings?
    /// Where the dashboard site is published; messages link each failing test's page under it.
    package var dashboardURL: String?
    /// After a run with a new failure, run `smokerun culprit` and send a follow-up naming the first failing commit.
    package var findCulprit = false

    package init() {}
}

/// `smokerun dashboard` after every run: the site in `<output>/site/`.
package struct DashboardSettings: Sendable, Equatable {
    package var enabled: Bool = false

    package init() {}
}

/// `notify.flaky`: what a run whose only failures are known-flaky tests sends.
package enum FlakyAnnouncement: String, Sendable, Equatable, CaseIterable {
    /// A message every such run, each test marked flaky with its rate.
    case announce
    /// At most one such message per `notify.remindHours`.
    case digest
    case silent
}

package enum NotifyTrigger: String, Sendable, Equatable, CaseIterable {
    case failure, recovery, always
}
