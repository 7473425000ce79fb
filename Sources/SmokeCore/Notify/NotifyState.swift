import Foundation

/// What was last announced, kept per pipeline in `<output>/notify-state/` so the policy stays quiet about
/// news it already told. Holds no URL.
package struct NotifyState: Codable, Sendable, Equatable {
    /// A problem (failure or infrastructure error) that was announced and has not recovered.
    var open: Announcement?
    /// When failures of known-flaky tests alone were last announced (`notify.flaky` `digest`: at most once per
    /// `notify.remindHours`).
    var flakyAnnouncedAt: Date?

    package init(open: Announcement? = nil, flakyAnnouncedAt: Date? = nil) {
        self.open = open
        self.flakyAnnouncedAt = flakyAnnouncedAt
    }

    package struct Announcement: Codable, Sendable, Equatable {
        var runID: String
        var announcedAt: Date
        var kind: NotificationKind
        /// Keys of the failing tests announced (`TestResult.deviceKey`), sorted.
        var failing: [String]
        /// Messages of the infrastructure errors announced.
        var errors: [String]
        /// The first run of the streak, for "failing since".
        var since: String
        /// By announced test (failing, or in `passingAgain`): the first run of its own failure streak; nil in older
        /// files, where `since` stands in.
        var streaks: [String: String]? = nil
        /// Announced tests that pass again but no message has said so yet: each with the run it first passed in.
        var passingAgain: [String: String]? = nil
        /// True when no message announced the problem (`notify.on` left failures out): kept for its recovery only.
        var held: Bool? = nil

        /// The first run of `key`'s failure streak.
        func streak(of key: String) -> String { streaks?[key] ?? since }
    }
}
