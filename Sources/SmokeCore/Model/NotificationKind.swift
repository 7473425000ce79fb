/// Why a message is sent; the raw value is `NotificationRecord.kind`.
package enum NotificationKind: String, Codable, Sendable, CaseIterable {
    /// Tests fail and the set of failing tests changed since the last announcement.
    case failure
    /// The same failing tests as announced, re-announced after `notify.remindHours`.
    case reminder
    /// The pipeline passes again after an announced failure.
    case recovery
    /// The run could not test (build failed, device or tool missing).
    case infrastructure
    /// A passing run announced because `notify.on` holds `always`.
    case always

    /// Whether this kind announces a problem that a later recovery closes.
    var opensProblem: Bool {
        switch self {
        case .failure, .reminder, .infrastructure: true
        case .recovery, .always: false
        }
    }
}
