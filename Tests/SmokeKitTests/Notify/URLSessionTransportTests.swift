import Foundation
import Testing

@testable import SmokeKit
@testable import SmokeTestSupport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The real transport against receivers on 127.0.0.1: a redirect carries the webhook's request (and its secret
/// URL's path) only within the same scheme, host and port.
@Suite(.timeLimit(.minutes(10))) struct URLSessionTransportTests {
    private func post(to url: URL) async throws -> (Int, [String: String], Data) {
        var request = URLRequest(url: url)
        request.httpMethod = "POST"
        request.httpBody = Data(#"{"text":"hello"}"#.utf8)
        request.timeoutInterval = 30
        return try await URLSessionTransport.send(request)
    }

    @Test func aRedirectToAnotherPortIsNotFollowed() async throws {
        let elsewhere = try NotifyWebhookReceiver(replies: [.init(status: 200, body: "ok")])
        defer { elsewhere.stop() }
        let target = elsewhere.url(token: "stolen")
        let receiver = try NotifyWebhookReceiver(replies: [
            .init(status: 307, headers: ["Location": target.absoluteString], body: "moved")
        ])
        defer { receiver.stop() }
        let (status, _, _) = try await post(to: receiver.url(token: "secretTOKEN"))
        #expect(status == 307)
        #expect(receiver.requests.count == 1)
        #expect(elsewhere.requests.isEmpty)
    }

    /// A receiver that says 200 at once and then takes longer than the timeout to finish its answer has the message:
    /// delivered, never retried (each retry would post it again).
    @Test func aTwoHundredWhoseBodyIsSlowIsDelivered() async throws {
        let receiver = try NotifyWebhookReceiver(replies: [.init(status: 200, body: "ok", bodyDelay: 4)])
        defer { receiver.stop() }
        var request = URLRequest(url: receiver.url(token: "slow"))
        request.httpMethod = "POST"
        request.httpBody = Data(#"{"text":"hello"}"#.utf8)
        request.timeoutInterval = 1
        let (status, _, _) = try await URLSessionTransport.send(request)
        #expect(status == 200)
        #expect(receiver.requests.count == 1)
    }

    @Test func aRedirectWithinTheSameOriginIsFollowed() async throws {
        let receiver = try NotifyWebhookReceiver(replies: [.init(status: 200, body: "ok")])
        defer { receiver.stop() }
        let moved = try NotifyWebhookReceiver(replies: [
            .init(status: 307, headers: ["Location": "/services/T0/B0/moved"], body: "moved"),
            .init(status: 200, body: "ok"),
        ])
        defer { moved.stop() }
        let (status, _, body) = try await post(to: moved.url(token: "first"))
        #expect(status == 200)
        #expect(String(decoding: body, as: UTF8.self) == "ok")
        #expect(moved.requests.map(\.requestLine).last?.contains("POST /services/T0/B0/moved") == true)
        // The message itself goes again, not an empty POST taken for its delivery.
        #expect(
            moved.requests.map { String(decoding: $0.body, as: UTF8.self) }
                == Array(repeating: #"{"text":"hello"}"#, count: 2))
        #expect(receiver.requests.isEmpty)
    }

    /// 301, 302 and 303 turn the POST into a GET without the message: the redirect is the answer, never a delivery.
    @Test(arguments: [301, 302, 303])
    func aRedirectThatDropsTheMessageIsTheAnswer(status: Int) async throws {
        let moved = try NotifyWebhookReceiver(replies: [
            .init(status: status, headers: ["Location": "/services/T0/B0/moved"], body: "moved"),
            .init(status: 200, body: "ok"),
        ])
        defer { moved.stop() }
        let (answer, _, _) = try await post(to: moved.url(token: "first"))
        #expect(answer == status)
        #expect(moved.requests.count == 1)
    }

    @Test(arguments: [
        ("https://hooks.example/a", "https://hooks.example/b", true),
        ("https://hooks.example/a", "https://HOOKS.example:443/b", true),
        ("http://127.0.0.1:8080/a", "http://127.0.0.1:8081/a", false),
        ("https://hooks.example/a", "http://hooks.example/a", false),
        ("https://hooks.example/a", "https://evil.example/a", false),
    ])
    func sameOriginMeansSchemeHostAndPort(from: String, to: String, same: Bool) {
        #expect(URLSessionTransport.isSameOrigin(URL(string: from), URL(string: to)) == same)
    }
}
