import Foundation
import Testing

@testable import SmokeCore

/// FIPS 180-4 / NIST CAVS vectors, and lengths on each side of the padding boundaries (55, 56, 64,
/// 119, 120 bytes), checked against coreutils' `sha256sum`.
@Suite struct SHA256Tests {
    @Test(arguments: [
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        (
            "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
        ),
        (
            "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu",
            "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1"
        ),
    ])
    func standardVectors(message: String, expected: String) {
        #expect(SHA256.hex(Array(message.utf8)) == expected)
    }

    @Test(arguments: [
        (55, "9f4390f8d30c2dd92ec9f095b65e2b9ae9b0a925a5258e241c9f1e910f734318"),
        (56, "b35439a4ac6f0948b6d6f9e3c6af0f5f590ce20f1bde7090ef7970686ec6738a"),
        (63, "7d3e74a05d7db15bce4ad9ec0658ea98e3f06eeecf16b4c6fff2da457ddc2f34"),
        (64, "ffe054fe7ae0cb6dc65c3af9b61d5209f439851db43d0ba5997337df154668eb"),
        (65, "635361c48bb9eab14198e76ea8ab7f1a41685d6ad62aa9146d301d4f17eb0ae0"),
        (119, "31eba51c313a5c08226adf18d4a359cfdfd8d2e816b13f4af952f7ea6584dcfb"),
        (120, "2f3d335432c70b580af0e8e1b3674a7c020d683aa5f73aaaedfdc55af904c21c"),
    ])
    func lengthsAroundThePaddingBoundaries(count: Int, expected: String) {
        #expect(SHA256.hex([UInt8](repeating: UInt8(ascii: "a"), count: count)) == expected)
    }

    @Test func aMillionAsAndNonASCIIBytes() {
        #expect(
            SHA256.hex([UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000))
                == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
        #expect(
            SHA256.hex(Data([0x00, 0xFF, 0x80])) == "f742b965f156c10374bc23aea96e3a8aff8facd6fc079defeaa30219ad86f211")
    }

    /// Fed in pieces of every awkward size (none, one byte, a block less one, a block, a block and one), the digest is
    /// the one of the whole: what `parse` records as it streams an input by.
    @Test(arguments: [[1], [0, 63, 1], [64], [65, 0, 7], [1000], [3, 127, 64, 5]])
    func piecesHashAsTheWhole(pieceSizes: [Int]) {
        let message = (0..<10_000).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
        var hasher = SHA256()
        var offset = 0
        var turn = 0
        while offset < message.count {
            let size = min(pieceSizes[turn % pieceSizes.count], message.count - offset)
            hasher.update(Array(message[offset..<(offset + size)]))
            offset += size
            turn += 1
            if turn > 20_000 { break } // a zero-only table cannot loop forever
        }
        #expect(offset == message.count)
        #expect(hasher.finishHex() == SHA256.hex(message))
        // `sha256sum` of the same 10,000 bytes.
        #expect(SHA256.hex(message) == Self.tenThousandBytesDigest)
    }

    static let tenThousandBytesDigest = "470b2cd71bff57ce8be0be3fc23df273052c4bb10a1235fddb8f158d6f928546"
}
