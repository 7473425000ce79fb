import Foundation
import SmokeCore

extension Notifier {
    /// Posts the culprit finder's follow-up to the pipeline's webhook; nothing is queued or remembered.
    package func sendCulprit(_ followUp: CulpritFollowUp, settings: NotifySettings, environment: [String: String])
        async -> NotificationRecord
    {
        await post(
            formats.renderer(for: settings.format).culpritBody(followUp), settings: settings, environment: environment)
    }

    /// Posts `body` once, with the delivery's retries and redaction; nothing is queued.
    func post(_ body: Data, settings: NotifySettings, environment: [String: String]) async -> NotificationRecord {
        var record = NotificationRecord(
            kind: nil, format: settings.format, target: target(settings, environment), attempts: 0,
            outcome: .suppressed)
        let url: URL
        switch webhookURL(settings.webhookURLEnvironment, environment) {
        case .success(let found): url = found
        case .failure(let problem):
            record.detail = problem.message
            record.outcome = .failed
            if problem.isUnset { record.missingVariable = settings.webhookURLEnvironment }
            return record
        }
        let scrubbed = Data(Redaction.scrub(String(decoding: body, as: UTF8.self), secret: url.absoluteString).utf8)
        let result = await delivery.post(scrubbed, to: url, policy: RetryPolicy(settings: settings))
        record.attempts = result.attempts
        record.httpStatus = result.httpStatus
        record.detail = result.detail
        record.outcome = result.outcome == .delivered ? .delivered : .failed
        return record
    }
}
