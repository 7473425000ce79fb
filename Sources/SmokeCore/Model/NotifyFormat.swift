/// `notify.format`: the body a webhook gets (Slack blocks or smokerun's own JSON).
package enum NotifyFormat: String, Codable, Sendable, Equatable, CaseIterable {
    case slack, json
}
