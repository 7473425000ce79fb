import Foundation

/// The message `smokerun doctor --send-test` posts in the pipeline's format: where it comes from and that nothing
/// failed, so the channel shows the webhook works before a real failure needs it.
package enum TestNotification {
    package static func text(pipeline: String, host: String) -> String {
        "smokerun doctor: test message for pipeline \(pipeline) from \(host). Failures of its runs will be posted here."
    }

    /// A flat JSON object with sorted keys.
    package static func encode(_ object: [String: String]) -> Data {
        (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data()
    }
}
