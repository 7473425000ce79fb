import Foundation
import SmokeTestSupport
import Testing

@testable import SmokeCore
@testable import SmokeKit

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A receiver that answers 200 and then streams a body without end: a whole-body read held 3.4 GB after ten seconds.
/// The transport keeps at most 64 KiB of an answer and cancels the request there.
@Suite(.timeLimit(.minutes(10))) struct EndlessWebhookBodyTests {
    func post(to receiver: NotifyWebhookReceiver) async throws -> (Int, [String: String], Data) {
        var request = URLRequest(url: receiver.url(token: "endlessBODY"))
        request.httpMethod = "POST"
        request.httpBody = Data("{}".utf8)
        // A loaded machine may be slow to answer; the deadline is not what is measured.
        request.timeoutInterval = 120
        return try await URLSessionTransport.send(request)
    }

    /// A body announced larger than the limit is not kept at all: the answer is the status and headers, given as soon
    /// as the head is in. (libcurl may read on until the cancellation reaches its queue; none of it is kept.)
    @Test func anAnnouncedEndlessBodyIsNotKept() async throws {
        let receiver = try NotifyWebhookReceiver(replies: [
            .init(status: 200, body: "ok", endless: true, endlessLength: 1 << 40)
        ])
        defer { receiver.stop() }

        let (status, _, body) = try await post(to: receiver)

        #expect(status == 200)
        #expect(body.isEmpty)
    }

    /// A body without a length is kept up to the limit and the request is cancelled there. (How much more libcurl
    /// reads before the cancellation reaches it depends on the machine; none of it is kept.)
    @Test func anUnannouncedEndlessBodyIsKeptOnlyToTheLimit() async throws {
        let receiver = try NotifyWebhookReceiver(replies: [.init(status: 200, body: "ok", endless: true)])
        defer { receiver.stop() }

        let (status, _, body) = try await post(to: receiver)

        #expect(status == 200)
        #expect(body.count == URLSessionTransport.responseLimit)
        #expect(body.prefix(2) == Data("ok".utf8))
    }

    /// A short answer is read whole, as before.
    @Test func aShortAnswerIsReadWhole() async throws {
        let receiver = try NotifyWebhookReceiver(replies: [.init(status: 201, body: "created")])
        defer { receiver.stop() }
        let (status, _, body) = try await post(to: receiver)
        #expect(status == 201)
        #expect(body == Data("created".utf8))
    }
}
