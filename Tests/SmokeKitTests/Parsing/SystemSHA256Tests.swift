import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeKit

/// The system's SHA-256 (`SystemSHA256`) gives the portable `SHA256`'s digest, fed whole or in awkward pieces: the
/// hash `parse` records does not depend on which one a machine has.
@Suite struct SystemSHA256Tests {
    /// Linux images carry OpenSSL's libcrypto (libcurl, and so Foundation's networking, needs it); macOS carries
    /// CommonCrypto in libSystem.
    private static func loaded(sourceLocation: SourceLocation = #_sourceLocation) throws -> SystemSHA256 {
        try #require(SystemSHA256(), "no libcrypto.so.3, .so.1.1 or .so loads", sourceLocation: sourceLocation)
    }

    @Test func standardVectors() throws {
        for (message, expected) in [
            ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
            ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        ] {
            let hasher = try Self.loaded()
            Array(message.utf8).withUnsafeBytes { hasher.update($0) }
            #expect(hasher.finishHex() == expected, "\(message)")
        }
    }

    @Test(arguments: [[1], [0, 63, 1], [64], [65, 0, 7], [1000], [3, 127, 64, 5], [100_000]])
    func piecesHashAsThePortableDigest(pieceSizes: [Int]) throws {
        let message = (0..<300_001).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
        let hasher = try Self.loaded()
        var start = 0
        var index = 0
        while start < message.count {
            let end = min(message.count, start + pieceSizes[index % pieceSizes.count])
            message[start..<end].withUnsafeBytes { hasher.update($0) }
            start = end
            index += 1
        }
        #expect(hasher.finishHex() == SHA256.hex(message))
    }

    /// What `parse` records: the digest of the file's bytes, whichever hasher read them.
    @Test func chunkDigestRecordsTheFileHash() {
        let digest = ChunkDigest(.here)
        let bytes = Array("Test Suite 'All tests' started\n".utf8)
        bytes.withUnsafeBytes { digest.update($0) }
        #expect(digest.finish() == SHA256.hex(bytes))
        #expect(ChunkDigest(.none).finish() == nil)
    }
}
