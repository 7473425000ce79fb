/// SHA-256 (FIPS 180-4), fed a piece at a time: Linux has no CryptoKit and smokerun takes no packages. Every input
/// `parse` streams is hashed (`InputRecord.sha256`), so blocks are compressed straight from the caller's buffer.
package struct SHA256: Sendable {
    private var state: (UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32) = (
        0x6a09_e667, 0xbb67_ae85, 0x3c6e_f372, 0xa54f_f53a, 0x510e_527f, 0x9b05_688c, 0x1f83_d9ab, 0x5be0_cd19
    )
    /// The bytes of a block not yet complete (fewer than 64).
    private var pending: [UInt8] = []
    private var byteCount: UInt64 = 0

    package init() {}

    /// The hex digest of `bytes`, all at once.
    package static func hex<Bytes: Collection>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 {
        var hasher = SHA256()
        hasher.update(Array(bytes))
        return hasher.finishHex()
    }

    package mutating func update(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { update($0) }
    }

    package mutating func update(_ bytes: UnsafeRawBufferPointer) {
        guard !bytes.isEmpty else { return }
        byteCount &+= UInt64(bytes.count)
        var rest = bytes
        if !pending.isEmpty {
            let taken = min(64 - pending.count, rest.count)
            pending += rest.prefix(taken)
            rest = UnsafeRawBufferPointer(rebasing: rest.dropFirst(taken))
            guard pending.count == 64 else { return }
            pending.withUnsafeBytes { compress(blocks: $0) }
            pending.removeAll(keepingCapacity: true)
        }
        let whole = rest.count - rest.count % 64
        if whole > 0 { compress(blocks: UnsafeRawBufferPointer(rebasing: rest.prefix(whole))) }
        pending += rest.dropFirst(whole)
    }

    /// The 32-byte digest of everything added; the hasher is spent.
    package mutating func finish() -> [UInt8] {
        // Padding: 0x80, zeros up to 56 mod 64, then the length in bits, big-endian.
        let bitLength = byteCount &* 8
        var tail = pending
        tail.append(0x80)
        while tail.count % 64 != 56 { tail.append(0) }
        for shift in stride(from: 56, through: 0, by: -8) {
            tail.append(UInt8(truncatingIfNeeded: bitLength >> UInt64(shift)))
        }
        tail.withUnsafeBytes { compress(blocks: $0) }
        pending = []
        let words = [state.0, state.1, state.2, state.3, state.4, state.5, state.6, state.7]
        return words.flatMap { word in (0..<4).map { UInt8(truncatingIfNeeded: word >> UInt32(24 - $0 * 8)) } }
    }

    package mutating func finishHex() -> String { Self.hex(digest: finish()) }

    /// A digest's bytes as lowercase hex.
    package static func hex(digest: [UInt8]) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        text.reserveCapacity(digest.count * 2)
        for byte in digest {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0f)])
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// Compresses every 64-byte block of `blocks` (whose count is a multiple of 64) into the state.
    private mutating func compress(blocks: UnsafeRawBufferPointer) {
        var current = state
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 64) { words in
            Self.roundConstants.withUnsafeBufferPointer { constants in
                var offset = 0
                while offset < blocks.count {
                    for index in 0..<16 {
                        words[index] = UInt32(
                            bigEndian: blocks.loadUnaligned(fromByteOffset: offset &+ index &* 4, as: UInt32.self))
                    }
                    for index in 16..<64 {
                        let w15 = words[index &- 15]
                        let w2 = words[index &- 2]
                        let s0 = Self.rotate(w15, 7) ^ Self.rotate(w15, 18) ^ (w15 >> 3)
                        let s1 = Self.rotate(w2, 17) ^ Self.rotate(w2, 19) ^ (w2 >> 10)
                        words[index] = words[index &- 16] &+ s0 &+ words[index &- 7] &+ s1
                    }
                    var (a, b, c, d, e, f, g, h) = current
                    for index in 0..<64 {
                        let sum1 = Self.rotate(e, 6) ^ Self.rotate(e, 11) ^ Self.rotate(e, 25)
                        let choice = (e & f) ^ (~e & g)
                        let temp1 = h &+ sum1 &+ choice &+ constants[index] &+ words[index]
                        let sum0 = Self.rotate(a, 2) ^ Self.rotate(a, 13) ^ Self.rotate(a, 22)
                        let majority = (a & b) ^ (a & c) ^ (b & c)
                        (h, g, f, e, d, c, b, a) = (g, f, e, d &+ temp1, c, b, a, temp1 &+ majority &+ sum0)
                    }
                    current = (
                        current.0 &+ a, current.1 &+ b, current.2 &+ c, current.3 &+ d, current.4 &+ e,
                        current.5 &+ f, current.6 &+ g, current.7 &+ h
                    )
                    offset &+= 64
                }
            }
        }
        state = current
    }

    private static func rotate(_ value: UInt32, _ count: UInt32) -> UInt32 {
        (value >> count) | (value << (32 - count))
    }

    /// The first 32 bits of the fractional parts of the cube roots of the first 64 primes.
    private static let roundConstants: [UInt32] = [
        0x428a_2f98, 0x7137_4491, 0xb5c0_fbcf, 0xe9b5_dba5, 0x3956_c25b, 0x59f1_11f1, 0x923f_82a4, 0xab1c_5ed5,
        0xd807_aa98, 0x1283_5b01, 0x2431_85be, 0x550c_7dc3, 0x72be_5d74, 0x80de_b1fe, 0x9bdc_06a7, 0xc19b_f174,
        0xe49b_69c1, 0xefbe_4786, 0x0fc1_9dc6, 0x240c_a1cc, 0x2de9_2c6f, 0x4a74_84aa, 0x5cb0_a9dc, 0x76f9_88da,
        0x983e_5152, 0xa831_c66d, 0xb003_27c8, 0xbf59_7fc7, 0xc6e0_0bf3, 0xd5a7_9147, 0x06ca_6351, 0x1429_2967,
        0x27b7_0a85, 0x2e1b_2138, 0x4d2c_6dfc, 0x5338_0d13, 0x650a_7354, 0x766a_0abb, 0x81c2_c92e, 0x9272_2c85,
        0xa2bf_e8a1, 0xa81a_664b, 0xc24b_8b70, 0xc76c_51a3, 0xd192_e819, 0xd699_0624, 0xf40e_3585, 0x106a_a070,
        0x19a4_c116, 0x1e37_6c08, 0x2748_774c, 0x34b0_bcb5, 0x391c_0cb3, 0x4ed8_aa4a, 0x5b9c_ca4f, 0x682e_6ff3,
        0x748f_82ee, 0x78a5_636f, 0x84c8_7814, 0x8cc7_0208, 0x90be_fffa, 0xa450_6ceb, 0xbef9_a3f7, 0xc671_78f2,
    ]
}
