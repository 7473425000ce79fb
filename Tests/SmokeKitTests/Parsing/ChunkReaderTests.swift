import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeKit
@testable import SmokeTestSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The reader must hand out exactly the file, in order, and stop at once — without a lost error — when the body or
/// a read fails.
@Suite struct ChunkReaderTests {
    /// A file of `size` bytes that are not all alike (a chunk out of place would show).
    private func file(size: Int, in folder: TemporaryDirectory) throws -> (URL, Data) {
        var generator = SplitMix64(seed: 7)
        var bytes = [UInt8](repeating: 0, count: size)
        for index in bytes.indices { bytes[index] = UInt8(truncatingIfNeeded: generator.next()) }
        let url = folder.url.appendingPathComponent("log")
        try Data(bytes).write(to: url)
        return (url, Data(bytes))
    }

    private func read(_ url: URL, chunkSize: Int, stopAt stop: Int? = nil) throws(ParseError) -> Data {
        let descriptor = open(url.path, O_RDONLY)
        defer { close(descriptor) }
        var read = Data()
        var chunks = 0
        try ChunkReader(descriptor: descriptor, chunkSize: chunkSize).forEachChunk {
            (chunk) throws(ParseError) in
            chunks += 1
            if chunks == stop { throw .binary(path: "chunk \(chunks)") }
            read.append(contentsOf: chunk)
        } readFailed: { code in
            .unreadable(path: url.path, reason: String(cString: strerror(code)))
        }
        return read
    }

    @Test func everyByteArrivesOnceInOrder() throws {
        let folder = try TemporaryDirectory()
        for size in [0, 1, 4096, 4096 * 10 + 17] {
            let (url, bytes) = try file(size: size, in: folder)
            #expect(try read(url, chunkSize: 4096) == bytes, "\(size) bytes")
        }
    }

    @Test(arguments: [1, 2, 3, 8])
    func aBodyThatThrowsStopsTheReadAndItsErrorComesBack(at chunk: Int) throws {
        let folder = try TemporaryDirectory()
        let (url, _) = try file(size: 4096 * 8, in: folder)
        #expect(throws: ParseError.binary(path: "chunk \(chunk)")) {
            _ = try read(url, chunkSize: 4096, stopAt: chunk)
        }
    }

    @Test func aReadThatFailsIsReportedWithItsReason() throws {
        let folder = try TemporaryDirectory()
        // A directory opens for reading but cannot be read: EISDIR.
        #expect(throws: ParseError.unreadable(path: folder.url.path, reason: String(cString: strerror(EISDIR)))) {
            _ = try read(folder.url, chunkSize: 4096)
        }
    }
}
