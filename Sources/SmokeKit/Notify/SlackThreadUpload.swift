import Foundation
import SmokeCore

/// `notify.slackUpload`'s delivery: the message through `chat.postMessage`, then each listed failure's screenshot
/// uploaded into its thread. Failures become the record's outcome, never a thrown error; the token is never shown.
struct SlackThreadUpload {
    struct Message: Encodable {
        var channel: String
        var text: String
        var blocks: [SlackBlock]
    }

    var delivery: WebhookDelivery

    func send(
        report: RunReport, plan: NotificationPlan, settings: NotifySettings, upload: SlackUploadSettings,
        outputDirectory: URL, environment: [String: String], projectRoot: String? = nil
    ) async -> NotificationRecord {
        var record = NotificationRecord(
            kind: plan.kind, format: settings.format, target: Self.target(upload), attempts: 0, outcome: .suppressed
        )
        guard let token = environment[upload.tokenEnvironment]?.trimmingCharacters(in: .whitespacesAndNewlines),
            !token.isEmpty
        else {
            record.detail = "\(upload.tokenEnvironment) is not set; nothing sent"
            record.missingVariable = upload.tokenEnvironment
            return record
        }
        guard let base = URL(string: upload.apiURL) else {
            record.outcome = .failed
            record.detail = "notify.slackUpload.apiURL is not a URL"
            return record
        }
        let client = SlackAPIClient(
            transport: delivery.transport, baseURL: base, token: token, timeoutSeconds: settings.timeoutSeconds)
        let links = Notifier.links(report: report, settings: settings, outputDirectory: outputDirectory)
        let payload = SlackMessage.payload(
            report: report, plan: plan, links: links, listedFailures: SlackMessage.listedFailures,
            sources: SourceLinks.ofCheckout(environment: environment, projectRoot: projectRoot))
        let message = Message(channel: upload.channel, text: payload.text, blocks: payload.blocks)
        let encoded = (try? JSONCoding.encoder(pretty: false).encode(message)) ?? Data()
        // A test that printed the token must not carry it into the channel.
        let body = Data(String(decoding: encoded, as: UTF8.self).replacingOccurrences(of: token, with: "[token]").utf8)
        record.attempts = 1
        let ts: String
        do {
            (ts, record.httpStatus) = try await client.postMessage(body)
        } catch {
            record.outcome = .failed
            record.httpStatus = error.httpStatus
            record.detail = error.message
            return record
        }
        record.outcome = .delivered
        record.detail = await uploadScreenshots(
            report: report, client: client, channel: upload.channel, threadTS: ts, outputDirectory: outputDirectory,
            environment: environment)
        return record
    }

    private func uploadScreenshots(
        report: RunReport, client: SlackAPIClient, channel: String, threadTS: String, outputDirectory: URL,
        environment: [String: String]
    ) async -> String? {
        let shots = report.failingTests.prefix(SlackMessage.listedFailures).compactMap { test in
            test.failureScreenshot.map { (test: test.deviceKey, path: $0) }
        }
        guard !shots.isEmpty else { return nil }
        let runDirectory = OutputLayout(root: outputDirectory).run(report.runID)
        // The read policy every command shares: the run's own regular files, never a link out, at most its limit.
        let policy = AttachmentSourcePolicy(
            allowedFolders: RunID.isValid(report.runID) ? [runDirectory] : [],
            byteLimit: AttachmentSourcePolicy.byteLimitOrDefault(environment: environment))
        var files: [(id: String, title: String)] = []
        var problems: [String] = []
        for shot in shots {
            let bytes: Data
            do {
                let read = try policy.read(runDirectory.appendingPathComponent(shot.path))
                guard !read.cut else {
                    problems.append("\(shot.path) is larger than \(policy.byteLimit) bytes")
                    continue
                }
                bytes = read.data
            } catch {
                problems.append("\(shot.path) is not read (\(error.localizedDescription))")
                continue
            }
            do {
                let name = (shot.path as NSString).lastPathComponent
                let target = try await client.uploadURL(filename: name, length: bytes.count)
                try await client.upload(bytes, to: target.url)
                files.append((target.fileID, shot.test))
            } catch {
                problems.append(error.message)
            }
        }
        if !files.isEmpty {
            do {
                try await client.complete(files: files, channel: channel, threadTS: threadTS)
            } catch {
                problems.append(error.message)
                files = []
            }
        }
        let done = "\(ReportText.count(files.count, "failure screenshot")) uploaded into the message's thread"
        return problems.isEmpty ? done : done + "; not uploaded: " + problems.prefix(3).joined(separator: "; ")
    }

    /// What report.json and the terminal show: the API, the channel, and the token's variable by name only.
    static func target(_ upload: SlackUploadSettings) -> String {
        let host = URL(string: upload.apiURL)?.host ?? upload.apiURL
        return "Slack API (\(host)) channel \(upload.channel) with $\(upload.tokenEnvironment)"
    }
}
