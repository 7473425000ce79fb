import Foundation

/// The message `smokerun doctor --send-test` posts: says where it comes from and that nothing failed, in the
/// pipeline's format, so the channel shows the webhook works before a real failure needs it.
package enum TestNotification {
    package static func text(pipeline: String, host: String) -> String {
        "smokerun doctor: test message for pipeline \(pipeline) from \(host). Failures of its runs will be posted here."
    }

    package static func body(pipeline: String, host: String, format: NotifyFormat) -> Data {
        let text = text(pipeline: pipeline, host: host)
        let object: [String: String] =
            switch format {
            case .slack: ["text": text]
            case .json: ["kind": "test", "pipeline": pipeline, "host": host, "text": text]
            }
        return (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data()
    }
}
