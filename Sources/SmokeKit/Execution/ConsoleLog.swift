import Foundation

/// `console.log`: every byte the build and test processes printed, unaltered, in order.
package final class ConsoleLog: @unchecked Sendable {
    private let handle: FileHandle?

    /// Opens (creating) the log at `url` for appending; nil writes nowhere.
    package init(url: URL?) throws {
        guard let url else {
            handle = nil
            return
        }
        if !FileManager.default.fileExists(atPath: url.path) {
            FileManager.default.createFile(atPath: url.path, contents: nil)
        }
        handle = try FileHandle(forWritingTo: url)
        try handle?.seekToEnd()
    }

    package func write(_ bytes: UnsafeRawBufferPointer) {
        guard let handle, bytes.count > 0 else { return }
        handle.write(Data(bytes))
    }

    /// A line smokerun itself adds (batch headers), marked so it is never mistaken for test output.
    package func note(_ text: String) {
        handle?.write(Data("[smokerun] \(text)\n".utf8))
    }

    deinit { try? handle?.close() }
}
