import Foundation
import SmokeCore

/// SHA-256 of a file's chunks as they are read (`InputRecord.sha256`), on the reading thread: by the system's library
/// (`SystemSHA256`) where it loads, else by the portable `SHA256`. A summary records no input and hashes nothing.
final class ChunkDigest {
    enum Placement {
        case none, here
    }

    private let system: SystemSHA256?
    private var portable: SHA256?

    init(_ placement: Placement) {
        system = placement == .here ? SystemSHA256() : nil
        portable = placement == .here && system == nil ? SHA256() : nil
    }

    /// Adds the next chunk.
    func update(_ chunk: UnsafeRawBufferPointer) {
        system?.update(chunk)
        if portable != nil { portable!.update(chunk) }
    }

    /// The hex digest of every chunk added, nil when not hashed. Call it once, after the last chunk.
    func finish() -> String? {
        system?.finishHex() ?? (portable != nil ? portable!.finishHex() : nil)
    }
}
