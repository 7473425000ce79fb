import Foundation
import SmokeCore
import SmokeKit

/// A real HTTP receiver on 127.0.0.1 for the webhook tests: a blocking socket server on an
/// ephemeral port that answers each request from a script, one thread per connection. Bounded:
/// it accepts at most `maxConnections` and stops on `stop()` or after `lifetime` seconds.
package final class NotifyWebhookReceiver: @unchecked Sendable {
    package struct Reply: Sendable {
        package var status: Int
        package var headers: [String: String]
        package var body: String
        /// Seconds to wait before answering (a slow receiver).
        package var delay: Double
        /// After `body`, bytes without end: a receiver that streams for ever. Its head says `Content-Length:
        /// <endlessLength>` when set, else no length (the body ends when the connection does). The receiver stops at
        /// `endlessCap` bytes or when the client goes away, and counts what it sent (`endlessBytesSent`).
        package var endless: Bool
        package var endlessLength: Int?
        /// Seconds between the head and the body (a receiver that says 200 at once, then is slow to finish).
        package var bodyDelay: Double

        package init(
            status: Int, headers: [String: String] = [:], body: String = "", delay: Double = 0, endless: Bool = false,
            endlessLength: Int? = nil, bodyDelay: Double = 0
        ) {
            self.status = status
            self.headers = headers
            self.body = body
            self.delay = delay
            self.endless = endless
            self.endlessLength = endlessLength
            self.bodyDelay = bodyDelay
        }
    }

    package struct Received: Sendable {
        package var requestLine: String
        package var headers: [String: String]
        package var body: Data
        package var at: Date
    }

    package let port: UInt16
    private let listener: Int32
    private let lock = NSLock()
    private var replies: [Reply]
    private var received: [Received] = []
    private var stopped = false
    private var endlessSent = 0
    /// Where an endless body stops even when the client reads it all.
    package static let endlessCap = 256 << 20

    /// - Parameter replies: answers in order; the last one repeats.
    /// - Parameter lifetime: a safety net for a receiver nobody stops, not a test timeout: the tests stop
    ///   theirs. It must outlast a test that waits its turn in a full, loaded `swift test` (seen: 700 s
    ///   before a webhook test's first request, when a 300 s lifetime closed the port under it).
    package init(replies: [Reply], maxConnections: Int = 20, lifetime: Double = 1800) throws {
        self.replies = replies
        (listener, port) = try Self.bindLoopback()
        guard listen(listener, 16) == 0 else {
            close(listener)
            throw POSIXError(.EADDRINUSE)
        }
        let deadline = SystemClock.now().addingTimeInterval(lifetime)
        Thread.detachNewThread { [self] in acceptLoop(maxConnections: maxConnections, deadline: deadline) }
    }

    /// A webhook URL on this receiver whose path is a recognisable secret.
    package func url(token: String) -> URL { URL(string: "http://127.0.0.1:\(port)/services/T0/B0/\(token)")! }

    package var requests: [Received] {
        lock.lock()
        defer { lock.unlock() }
        return received
    }

    /// The bytes of endless bodies sent so far, over all connections.
    package var endlessBytesSent: Int {
        lock.lock()
        defer { lock.unlock() }
        return endlessSent
    }

    /// Changes the script for the following connections.
    package func answer(_ replies: [Reply]) {
        lock.lock()
        self.replies = replies
        lock.unlock()
    }

    package func stop() {
        lock.lock()
        stopped = true
        lock.unlock()
    }

    private var isStopped: Bool {
        lock.lock()
        defer { lock.unlock() }
        return stopped
    }

    private func acceptLoop(maxConnections: Int, deadline: Date) {
        defer { close(listener) }
        var accepted = 0
        while accepted < maxConnections, !isStopped, SystemClock.now() < deadline {
            var descriptor = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
            guard poll(&descriptor, 1, 100) > 0 else { continue }
            let connection = accept(listener, nil, nil)
            guard connection >= 0 else { continue }
            accepted += 1
            Thread.detachNewThread { [self] in serve(connection) }
        }
    }

    private func serve(_ connection: Int32) {
        defer { close(connection) }
        guard let request = readRequest(connection) else { return }
        lock.lock()
        received.append(request)
        let reply = replies.count > 1 ? replies.removeFirst() : replies[0]
        lock.unlock()
        if reply.delay > 0 { Thread.sleep(forTimeInterval: reply.delay) }
        let declared = reply.endless ? reply.endlessLength : reply.body.utf8.count
        let length = declared.map { "Content-Length: \($0)\r\n" } ?? ""
        var head = "HTTP/1.1 \(reply.status) Status\r\n\(length)Connection: close\r\n"
        for (name, value) in reply.headers { head += "\(name): \(value)\r\n" }
        if reply.bodyDelay > 0 {
            guard sendAll(Array((head + "\r\n").utf8), to: connection) else { return }
            Thread.sleep(forTimeInterval: reply.bodyDelay)
            _ = sendAll(Array(reply.body.utf8), to: connection)
            return
        }
        guard sendAll(Array((head + "\r\n" + reply.body).utf8), to: connection), reply.endless else { return }
        // A client that stops reading without closing must not hold this thread for ever.
        var timeout = timeval(tv_sec: 20, tv_usec: 0)
        setsockopt(connection, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        let chunk = [UInt8](repeating: UInt8(ascii: "x"), count: 64 * 1024)
        var sent = 0
        while sent < Self.endlessCap, sendAll(chunk, to: connection) {
            sent += chunk.count
            lock.lock()
            endlessSent += chunk.count
            lock.unlock()
        }
    }

    /// Sends all of `bytes`; false when the connection failed (the client went away) first.
    private func sendAll(_ bytes: [UInt8], to connection: Int32) -> Bool {
        var offset = 0
        while offset < bytes.count {
            #if canImport(Glibc)
                let sent = bytes[offset...].withUnsafeBytes {
                    send(connection, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
                }
            #else
                let sent = bytes[offset...].withUnsafeBytes { send(connection, $0.baseAddress, $0.count, 0) }
            #endif
            if sent <= 0 { return false }
            offset += sent
        }
        return true
    }

    /// Reads the head and a `Content-Length` body; at most 1 MiB, five seconds.
    private func readRequest(_ connection: Int32) -> Received? {
        var timeout = timeval(tv_sec: 5, tv_usec: 0)
        setsockopt(connection, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 16_384)
        let separator = Data("\r\n\r\n".utf8)
        while data.count < 1 << 20 {
            if let end = data.range(of: separator) {
                let head = String(decoding: data[..<end.lowerBound], as: UTF8.self).components(separatedBy: "\r\n")
                var headers: [String: String] = [:]
                for line in head.dropFirst() {
                    guard let colon = line.firstIndex(of: ":") else { continue }
                    headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(
                        in: .whitespaces)
                }
                let length = Int(headers["content-length"] ?? "0") ?? 0
                if data.count - end.upperBound >= length {
                    let body = data[end.upperBound..<(end.upperBound + length)]
                    return Received(
                        requestLine: head.first ?? "", headers: headers, body: Data(body), at: SystemClock.now())
                }
            }
            let count = recv(connection, &buffer, buffer.count, 0)
            if count <= 0 { return nil }
            data.append(contentsOf: buffer[..<count])
        }
        return nil
    }

    /// A socket bound to an ephemeral port of 127.0.0.1.
    private static func bindLoopback() throws -> (Int32, UInt16) {
        #if canImport(Glibc)
            let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
            let descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard descriptor >= 0 else { throw POSIXError(.EIO) }
        var yes: Int32 = 1
        setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let named = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        guard bound == 0, named == 0 else {
            close(descriptor)
            throw POSIXError(.EADDRINUSE)
        }
        return (descriptor, UInt16(bigEndian: address.sin_port))
    }

    /// A port on 127.0.0.1 that nothing listens on: bound (never listening), then closed.
    package static func closedPort() throws -> UInt16 {
        let (descriptor, port) = try bindLoopback()
        close(descriptor)
        return port
    }
}
