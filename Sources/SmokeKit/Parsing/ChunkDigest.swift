import Foundation
import SmokeCore

/// SHA-256 of a file's chunks as they are read, on the reading thread: `SystemSHA256` where it loads, else the
/// portable `SHA256`.
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

    func update(_ chunk: UnsafeRawBufferPointer) {
        system?.update(chunk)
        if portable != nil { portable!.update(chunk) }
    }

    /// The hex digest of every chunk added, nil when not hashed. Call it once, after the last chunk.
    func finish() -> String? {
        system?.finishHex() ?? (portable != nil ? portable!.finishHex() : nil)
    }
}
