import Foundation
import SmokeCore

/// SHA-256 by the system's library, loaded at run time: `libcrypto` on Linux, CommonCrypto on macOS; both use the
/// processor's SHA instructions (see Documentation/Performance.md). nil where neither loads.
final class SystemSHA256 {
    #if canImport(Darwin)
        typealias Length = UInt32 // CC_LONG
    #else
        typealias Length = Int // size_t
    #endif
    private typealias Start = @convention(c) (UnsafeMutableRawPointer) -> Int32
    private typealias Add = @convention(c) (UnsafeMutableRawPointer, UnsafeRawPointer?, Length) -> Int32
    private typealias Finish = @convention(c) (UnsafeMutablePointer<UInt8>, UnsafeMutableRawPointer) -> Int32

    private struct Functions: @unchecked Sendable { // immutable C function pointers
        let start: Start
        let add: Add
        let finish: Finish
    }

    private static let functions: Functions? = {
        #if canImport(Darwin)
            // Never the unversioned /usr/lib/libcrypto.dylib: macOS stops a process that loads it.
            let library = UnsafeMutableRawPointer(bitPattern: -2) // RTLD_DEFAULT
            let names = ("CC_SHA256_Init", "CC_SHA256_Update", "CC_SHA256_Final")
        #else
            let sonames: [String] = ["libcrypto.so.3", "libcrypto.so.1.1", "libcrypto.so"]
            let library = sonames.lazy.compactMap { dlopen($0, RTLD_NOW | RTLD_LOCAL) }.first
            let names = ("SHA256_Init", "SHA256_Update", "SHA256_Final")
        #endif
        guard let library, let start = dlsym(library, names.0), let add = dlsym(library, names.1),
            let finish = dlsym(library, names.2)
        else { return nil }
        return Functions(
            start: unsafeBitCast(start, to: Start.self), add: unsafeBitCast(add, to: Add.self),
            finish: unsafeBitCast(finish, to: Finish.self))
    }()

    private let functions: Functions
    /// The library's context (`SHA256_CTX`, 112 bytes; `CC_SHA256_CTX`, 104), with room to spare.
    private let context = UnsafeMutableRawPointer.allocate(byteCount: 256, alignment: 16)

    init?() {
        guard let functions = Self.functions, functions.start(context) == 1 else {
            context.deallocate()
            return nil
        }
        self.functions = functions
    }

    deinit {
        context.deallocate()
    }

    func update(_ bytes: UnsafeRawBufferPointer) {
        guard var next = bytes.baseAddress else { return }
        var left = bytes.count
        while left > 0 { // CommonCrypto takes at most 4 GB a call
            let count = min(left, 1 << 30)
            _ = functions.add(context, next, Length(count))
            next += count
            left -= count
        }
    }

    /// The digest as lowercase hex; the hasher is spent.
    func finishHex() -> String {
        var digest = [UInt8](repeating: 0, count: 32)
        _ = functions.finish(&digest, context)
        return SHA256.hex(digest: digest)
    }
}
