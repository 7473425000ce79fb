import Foundation
import SmokeCore

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The few Slack Web API calls `notify.slackUpload` needs. The bot token goes only into `Authorization: Bearer`;
/// every error is scrubbed of it.
struct SlackAPIClient: Sendable {
    struct Failure: Error, Sendable {
        var message: String
        var httpStatus: Int?
    }

    /// The fields of an answer the flow reads (Slack answers `ok: false` with an `error` string, HTTP 200).
    struct Answer: Decodable {
        var ok: Bool
        var error: String?
        var ts: String?
        var uploadURL: String?
        var fileID: String?

        enum CodingKeys: String, CodingKey {
            case ok, error, ts
            case uploadURL = "upload_url"
            case fileID = "file_id"
        }
    }

    var transport: WebhookDelivery.Transport
    var baseURL: URL
    var token: String
    var timeoutSeconds: Double

    /// `chat.postMessage`; answers the message's `ts` (the thread to upload into).
    func postMessage(_ body: Data) async throws(Failure) -> (ts: String, httpStatus: Int) {
        let (answer, status) = try await call(
            "chat.postMessage", body: body, contentType: "application/json; charset=utf-8")
        guard let ts = answer.ts, !ts.isEmpty else {
            throw Failure(message: "chat.postMessage: the answer has no ts", httpStatus: status)
        }
        return (ts, status)
    }

    func uploadURL(filename: String, length: Int) async throws(Failure) -> (url: URL, fileID: String) {
        let form = Self.form([("filename", filename), ("length", String(length))])
        let (answer, status) = try await call(
            "files.getUploadURLExternal", body: form, contentType: "application/x-www-form-urlencoded")
        guard let text = answer.uploadURL, let url = URL(string: text), let id = answer.fileID else {
            throw Failure(
                message: "files.getUploadURLExternal: the answer has no upload_url or file_id", httpStatus: status)
        }
        return (url, id)
    }

    /// POSTs a file's bytes to the URL `uploadURL` gave, which carries its own authorization.
    func upload(_ bytes: Data, to url: URL) async throws(Failure) {
        var request = URLRequest(url: url, timeoutInterval: timeoutSeconds)
        request.httpMethod = "POST"
        request.setValue("application/octet-stream", forHTTPHeaderField: "Content-Type")
        request.setValue("smokerun", forHTTPHeaderField: "User-Agent")
        request.httpBody = bytes
        let status: Int
        let answer: Data
        do {
            (status, _, answer) = try await transport(request)
        } catch {
            throw Failure(message: "upload: " + scrub(WebhookDelivery.describe(error)))
        }
        guard (200..<300).contains(status) else {
            throw Failure(
                message: "upload: " + scrub(WebhookDelivery.describe(status: status, body: answer)), httpStatus: status)
        }
    }

    func complete(files: [(id: String, title: String)], channel: String, threadTS: String) async throws(Failure) {
        let list = files.map { ["id": $0.id, "title": $0.title] }
        let json =
            (try? JSONSerialization.data(withJSONObject: list, options: [.sortedKeys, .withoutEscapingSlashes]))
            ?? Data("[]".utf8)
        let form = Self.form([
            ("files", String(decoding: json, as: UTF8.self)), ("channel_id", channel), ("thread_ts", threadTS),
        ])
        _ = try await call("files.completeUploadExternal", body: form, contentType: "application/x-www-form-urlencoded")
    }

    private func call(_ method: String, body: Data, contentType: String) async throws(Failure) -> (Answer, Int) {
        var request = URLRequest(url: baseURL.appendingPathComponent(method), timeoutInterval: timeoutSeconds)
        request.httpMethod = "POST"
        request.setValue(contentType, forHTTPHeaderField: "Content-Type")
        request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
        request.setValue("smokerun", forHTTPHeaderField: "User-Agent")
        request.httpBody = body
        let status: Int
        let data: Data
        do {
            (status, _, data) = try await transport(request)
        } catch {
            throw Failure(message: "\(method): " + scrub(WebhookDelivery.describe(error)))
        }
        guard (200..<300).contains(status) else {
            throw Failure(
                message: "\(method): " + scrub(WebhookDelivery.describe(status: status, body: data)), httpStatus: status
            )
        }
        guard let answer = try? JSONDecoder().decode(Answer.self, from: data) else {
            throw Failure(
                message: "\(method): the answer is not Slack's JSON ("
                    + scrub(WebhookDelivery.describe(status: status, body: data)) + ")", httpStatus: status)
        }
        guard answer.ok else {
            throw Failure(
                message: "\(method): " + scrub(answer.error ?? "ok is false, no error given"), httpStatus: status)
        }
        return (answer, status)
    }

    private func scrub(_ text: String) -> String {
        token.isEmpty ? text : text.replacingOccurrences(of: token, with: "[token]")
    }

    static func form(_ fields: [(String, String)]) -> Data {
        var allowed = CharacterSet.alphanumerics.intersection(
            CharacterSet(charactersIn: Unicode.Scalar(0)..<Unicode.Scalar(128)))
        allowed.insert(charactersIn: "-._~")
        let pairs = fields.map { name, value in
            "\(name)=\(value.addingPercentEncoding(withAllowedCharacters: allowed) ?? "")"
        }
        return Data(pairs.joined(separator: "&").utf8)
    }
}
