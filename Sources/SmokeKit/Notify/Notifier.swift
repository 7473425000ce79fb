import Foundation
import SmokeCore

/// What a run does with its webhook after writing its reports: flush the outbox, ask the policy, send, remember
/// what was announced. Never throws nor changes the run's status; outcomes land in `report.json`.
package struct Notifier: Sendable {
    var delivery: WebhookDelivery
    var formats: MessageFormatRegistry

    package init(delivery: WebhookDelivery = WebhookDelivery(), formats: MessageFormatRegistry = .standard) {
        self.delivery = delivery
        self.formats = formats
    }

    /// This notifier, whose waits between attempts end at once when `flag` is cancelled.
    package func cancelled(by flag: CancellationFlag) -> Notifier {
        Notifier(delivery: delivery.cancelled(by: flag), formats: formats)
    }

    /// The run command's entry point; `window` is the flake model's evidence (`RunHistory.flakeWindow`).
    func notifyAfterRun(
        report: RunReport, history: [HistoryEntry], settings: NotifySettings, outputDirectory: URL,
        environment: [String: String], projectRoot: String? = nil, pipeline: PipelineKey? = nil,
        window: [HistoryEntry] = [], suspects: (NotificationPlan) -> Suspects? = { _ in nil }
    ) async -> [NotificationRecord] {
        let pipeline = pipeline ?? Self.key(of: report, projectRoot: projectRoot)
        var records = await flushOutbox(
            outputDirectory: outputDirectory, environment: environment, settings: settings, pipeline: pipeline)
        let store = NotifyStateStore(outputDirectory: outputDirectory, pipeline: pipeline)
        let state = store.load()
        let decision = NotificationPolicy.decide(
            report: report, history: history, state: state, settings: settings, now: delivery.now(), window: window
        )
        var record: NotificationRecord
        switch decision {
        case .suppress, .hold:
            record = NotificationRecord(
                kind: decision.kind, format: settings.format, target: target(settings, environment),
                attempts: 0, outcome: .suppressed, detail: decision.reason
            )
        case .send(var plan):
            plan.suspects = suspects(plan)
            record = await send(
                report: report, plan: plan, settings: settings, outputDirectory: outputDirectory,
                environment: environment, projectRoot: projectRoot, pipeline: pipeline
            )
        }
        let next = NotificationPolicy.nextState(
            after: decision, report: report, state: state,
            announced: record.outcome.announced, now: delivery.now()
        )
        if next != state {
            do {
                try store.save(next)
            } catch {
                record.detail = [record.detail, "could not save \(store.file.path): \(error.localizedDescription)"]
                    .compactMap { $0 }.joined(separator: "; ")
            }
        }
        records.append(record)
        return records
    }

    /// The key of the pipeline `report` ran, its recorded file resolved against `projectRoot`.
    package static func key(of report: RunReport, projectRoot: String?) -> PipelineKey {
        PipelineKey(
            name: report.pipeline,
            file: RetentionPolicy.pipelineIdentity(projectRoot: projectRoot, pipelineFile: report.pipelineFile))
    }

    /// Renders the plan and POSTs it; what cannot be delivered now is queued in the outbox.
    package func send(
        report: RunReport, plan: NotificationPlan, settings: NotifySettings, outputDirectory: URL,
        environment: [String: String], projectRoot: String? = nil, pipeline: PipelineKey? = nil
    ) async -> NotificationRecord {
        if settings.format == .slack, let upload = settings.slackUpload {
            return await SlackThreadUpload(delivery: delivery).send(
                report: report, plan: plan, settings: settings, upload: upload,
                outputDirectory: outputDirectory, environment: environment, projectRoot: projectRoot)
        }
        var body = Self.render(
            report: report, plan: plan, settings: settings, outputDirectory: outputDirectory,
            environment: environment, projectRoot: projectRoot, formats: formats)
        var record = NotificationRecord(
            kind: plan.kind, format: settings.format, target: target(settings, environment),
            attempts: 0, outcome: .suppressed
        )
        let url: URL
        switch webhookURL(settings.webhookURLEnvironment, environment) {
        case .success(let found): url = found
        case .failure(let problem):
            record.detail = problem.message
            record.outcome = problem.isUnset ? .suppressed : .failed
            if problem.isUnset { record.missingVariable = settings.webhookURLEnvironment }
            return record
        }
        // A test that printed the webhook URL must not carry it into the channel or the outbox.
        body = Data(Redaction.scrub(String(decoding: body, as: UTF8.self), secret: url.absoluteString).utf8)
        let result = await delivery.post(body, to: url, policy: RetryPolicy(settings: settings))
        record.attempts = result.attempts
        record.httpStatus = result.httpStatus
        record.detail = result.detail
        switch result.outcome {
        case .delivered:
            record.outcome = .delivered
        case .rejected:
            record.outcome = .failed
        case .gaveUp:
            let item = OutboxItem(
                id: OutboxItem.id(runID: report.runID, kind: plan.kind), createdAt: delivery.now(),
                pipeline: report.pipeline, runID: report.runID, kind: plan.kind, format: settings.format,
                webhookURLEnvironment: settings.webhookURLEnvironment,
                summary: "\(plan.kind.rawValue) notification of \(report.pipeline) run \(report.runID): "
                    + NotificationWording.headline(report: report, plan: plan),
                attempts: result.attempts, lastError: result.detail, body: String(decoding: body, as: UTF8.self),
                pipelineFile: (pipeline ?? Self.key(of: report, projectRoot: projectRoot)).file
            )
            let outbox = Outbox(outputDirectory: outputDirectory)
            do {
                try outbox.put(item)
                record.outcome = .queued
            } catch {
                record.outcome = .failed
                record.notQueued = "could not write \(outbox.file(for: item.id).path): \(error.localizedDescription)"
                record.detail = [result.detail, record.notQueued].compactMap { $0 }.joined(separator: "; ")
            }
        }
        return record
    }

    /// The message body for `plan`, linked to the run's artifacts, with source paths relative to `projectRoot`.
    package static func render(
        report: RunReport, plan: NotificationPlan, settings: NotifySettings, outputDirectory: URL,
        environment: [String: String], projectRoot: String?, formats: MessageFormatRegistry = .standard
    ) -> Data {
        formats.renderer(for: settings.format).body(
            for: report, plan: plan, links: links(report: report, settings: settings, outputDirectory: outputDirectory),
            sources: SourceLinks.ofCheckout(environment: environment, projectRoot: projectRoot))
    }

    /// Where the message points: `notify.artifactsURL`, the CI run, else the run folder on this host.
    static func links(report: RunReport, settings: NotifySettings, outputDirectory: URL) -> ArtifactLinks {
        let runDirectory = outputDirectory.appendingPathComponent(OutputLayout.relativeRunPath(report.runID))
        return ArtifactLinks(report: report, settings: settings, runDirectory: runDirectory.standardizedFileURL.path)
    }

    /// Posts `TestNotification`'s message like a run's, queueing and remembering nothing (`doctor --send-test`).
    package func sendTest(pipeline: String, host: String, settings: NotifySettings, environment: [String: String])
        async -> NotificationRecord
    {
        await post(
            formats.renderer(for: settings.format).testBody(pipeline: pipeline, host: host), settings: settings,
            environment: environment)
    }

    /// Retries `pipeline`'s outbox items (nil: all), oldest first, always to the variable `settings` names, never one an
    /// item names. Each is claimed first so concurrent flushes post it once. Stops at the first item that still fails,
    /// so a webhook that is down costs one item's retries.
    package func flushOutbox(
        outputDirectory: URL, environment: [String: String], settings: NotifySettings = NotifySettings(),
        pipeline: PipelineKey? = nil
    ) async -> [NotificationRecord] {
        let outbox = Outbox(outputDirectory: outputDirectory)
        let policy = RetryPolicy(settings: settings)
        var records: [NotificationRecord] = []
        for name in outbox.claimableNames(now: delivery.now(), deliverySeconds: policy.deliverySeconds) {
            // Another flush took it first.
            guard let claim = outbox.claim(name, now: delivery.now()) else { continue }
            guard var item = outbox.read(claim) else {
                try? outbox.release(claim)
                let file = outbox.directory.appendingPathComponent(claim.itemFileName).path
                records.append(
                    NotificationRecord(
                        kind: nil, format: nil, target: "-", attempts: 0, outcome: .failed,
                        detail: "outbox file \(file) is unreadable; delete or fix it"))
                continue
            }
            guard pipeline?.owns(name: item.pipelineKey.name, file: item.pipelineKey.file) ?? true else {
                try? outbox.release(claim)
                continue
            }
            var record = NotificationRecord(
                kind: item.kind, format: item.format, target: target(settings, environment),
                attempts: 0, outcome: .queued
            )
            // A flush of every pipeline's items knows only the default variable: an item whose pipeline sends
            // elsewhere is never posted to another channel. (The item's own variable is not trusted: a file.)
            guard pipeline != nil || item.webhookURLEnvironment == settings.webhookURLEnvironment else {
                try? outbox.release(claim)
                let file = item.pipelineFile.map { " " + ShellWord.quoted($0) } ?? " FILE"
                record.target = "$\(item.webhookURLEnvironment)"
                record.detail = """
                    left in the outbox: pipeline \(item.pipeline) sends to $\(item.webhookURLEnvironment); flush it \
                    with `smokerun notify --flush --pipeline\(file)`
                    """
                records.append(record)
                continue
            }
            guard case .success(let url) = webhookURL(settings.webhookURLEnvironment, environment) else {
                try? outbox.release(claim)
                record.detail = "left in the outbox: \(settings.webhookURLEnvironment) is not set to an http(s) URL"
                records.append(record)
                continue
            }
            let result = await delivery.post(Data(item.body.utf8), to: url, policy: policy)
            record.attempts = result.attempts
            record.httpStatus = result.httpStatus
            item.attempts += result.attempts
            item.lastError = result.detail
            do {
                switch result.outcome {
                case .delivered:
                    try outbox.remove(claim)
                    record.outcome = .delivered
                    record.detail = "from the outbox: \(item.summary)"
                case .rejected:
                    try outbox.reject(item, claim: claim)
                    record.outcome = .failed
                    record.detail = "rejected, moved to outbox/rejected/: \(result.detail ?? "")"
                case .gaveUp:
                    try outbox.release(claim, as: item)
                    record.detail = "still undeliverable, kept in the outbox: \(result.detail ?? "")"
                }
            } catch {
                record.detail = (record.detail ?? "") + "; outbox: \(error.localizedDescription)"
            }
            records.append(record)
            if result.outcome == .gaveUp { break }
        }
        return records
    }

    /// One line for a terminal or log, e.g. "notify: failure (slack) to $SMOKERUN_WEBHOOK_URL (https://…) delivered".
    package static func describe(_ record: NotificationRecord) -> String {
        var line =
            """
            notify: \(record.kind?.rawValue ?? "outbox item") (\(record.format?.rawValue ?? "?")) to \(record.target) \
            \(record.outcome.rawValue)
            """
        if record.attempts > 0 { line += " after \(record.attempts) attempt\(record.attempts == 1 ? "" : "s")" }
        if let status = record.httpStatus { line += " (HTTP \(status))" }
        if let detail = record.detail { line += ": \(detail)" }
        return line
    }

    /// Why there is no URL to post to; the message names the variable, never its value.
    enum URLProblem: Error {
        case unset(String)
        case invalid(String)

        /// An unset variable means no webhook is configured: not a failure.
        var isUnset: Bool { if case .unset = self { true } else { false } }

        var message: String {
            switch self {
            case .unset(let name): "\(name) is not set; nothing sent"
            case .invalid(let name): "\(name) does not hold an http(s) URL; set it to the webhook's URL"
            }
        }
    }

    func webhookURL(_ name: String, _ environment: [String: String]) -> Result<URL, URLProblem> {
        guard let value = environment[name]?.trimmingCharacters(in: .whitespacesAndNewlines), !value.isEmpty else {
            return .failure(.unset(name))
        }
        guard let url = URL(string: value), ["http", "https"].contains(url.scheme?.lowercased() ?? ""), url.host != nil
        else {
            return .failure(.invalid(name))
        }
        return .success(url)
    }

    func target(_ settings: NotifySettings, _ environment: [String: String]) -> String {
        guard let value = environment[settings.webhookURLEnvironment], !value.isEmpty else {
            return "$\(settings.webhookURLEnvironment) (unset)"
        }
        return Redaction.target(
            variable: settings.webhookURLEnvironment, url: value.trimmingCharacters(in: .whitespacesAndNewlines))
    }
}
