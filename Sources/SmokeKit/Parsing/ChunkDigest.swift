import Foundation
import SmokeCore

/// SHA-256 of a file's chunks as they are read (`InputRecord.sha256`): here, on a thread of its own, or not at all.
///
/// A big log is hashed on a thread of its own, fed copies of the chunks: hashing costs about a second a 200 MB, and
/// on the reading thread — the one a parse waits for — it made the whole parse a third slower, while the thread
/// applying the events sat idle half the time (Documentation/Performance.md). A summary records no input and hashes
/// nothing.
final class ChunkDigest {
    enum Placement {
        case none, here, ownThread
    }

    private var inline: SHA256?
    private let pipe: BatchPipe<[UInt8]>?
    private let hashed: (() throws -> String)?

    init(_ placement: Placement) {
        inline = placement == .here ? SHA256() : nil
        guard placement == .ownThread else {
            pipe = nil
            hashed = nil
            return
        }
        // A few chunks in flight, used again and again: the reader waits for one when the hasher falls behind.
        let pipe = BatchPipe<[UInt8]>(batches: (0..<4).map { _ in [UInt8]() })
        self.pipe = pipe
        hashed = BlockingWork.start {
            var hasher = SHA256()
            while var bytes = pipe.next() {
                hasher.update(bytes)
                bytes.removeAll(keepingCapacity: true)
                pipe.recycle(bytes)
            }
            return hasher.finishHex()
        }
    }

    /// Adds the next chunk.
    func update(_ chunk: UnsafeRawBufferPointer) {
        if inline != nil { inline!.update(chunk) }
        guard let pipe else { return }
        var bytes = pipe.emptyBatch()
        bytes.append(contentsOf: chunk)
        pipe.send(bytes)
    }

    /// Ends the hashing thread when reading stopped on an error.
    deinit {
        pipe?.close()
    }

    /// The hex digest of every chunk added, nil when not hashed; waits for the hashing thread. Call it once, after
    /// the last chunk.
    func finish() -> String? {
        if inline != nil { return inline!.finishHex() }
        guard let pipe, let hashed else { return nil }
        pipe.close()
        return try? hashed()
    }
}
