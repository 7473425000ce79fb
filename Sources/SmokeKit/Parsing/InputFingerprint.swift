import Foundation
import SmokeCore

/// The size and SHA-256 of a whole file, for the inputs of a parse that stopped before reading them all.
enum InputFingerprint {
    static func of(_ file: URL) -> (bytes: Int, sha256: String)? {
        let descriptor = open(file.path, O_RDONLY)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var hasher = SHA256()
        var bytes = 0
        do {
            try ChunkReader(descriptor: descriptor, chunkSize: LogParser.chunkSize).forEachChunk { chunk in
                hasher.update(chunk)
                bytes += chunk.count
            } readFailed: { code in
                .unreadable(path: file.path, reason: String(cString: strerror(code)))
            }
        } catch {
            return nil
        }
        return (bytes, hasher.finishHex())
    }
}
