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
        #expect(moved.requests.map(\.requestLine).last?.contains("/services/T0/B0/moved") == true)
        #expect(receiver.requests.isEmpty)
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
