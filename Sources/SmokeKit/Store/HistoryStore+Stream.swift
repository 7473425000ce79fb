import Foundation
import SmokeCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

extension HistoryStore {
    /// Hands each readable entry of `<output>/history.jsonl` to `body` in file order, a line at a time, so a year of
    /// runs of thousands of tests is never in memory at once; returns how many lines could not be read. A missing
    /// file is an empty history.
    static func forEachEntry(outputDirectory: URL, _ body: (HistoryEntry) -> Void) throws -> Int {
        let url = fileURL(outputDirectory: outputDirectory)
        guard POSIXFile.exists(url) else { return 0 }
        let descriptor: Int32
        do {
            descriptor = try POSIXFile.openRegularFile(url, followLinks: false)
        } catch {
            throw StoreError.readFailed(path: url.path, reason: error.localizedDescription)
        }
        defer { close(descriptor) }
        let decoder = JSONCoding.decoder()
        var unreadable = 0
        var line: [UInt8] = []
        func finishLine() {
            defer { line.removeAll(keepingCapacity: true) }
            guard
                line.contains(where: { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\r") && $0 != UInt8(ascii: "\t") }
                )
            else { return }
            guard let entry = try? decoder.decode(HistoryEntry.self, from: Data(line)) else {
                unreadable += 1
                return
            }
            body(entry)
        }
        let unreadableFile = { (reason: String) in StoreError.readFailed(path: url.path, reason: reason) }
        try POSIXFile.readChunks(of: descriptor, unreadable: unreadableFile) { piece in
            var start = piece.startIndex
            while let newline = piece[start...].firstIndex(of: UInt8(ascii: "\n")) {
                line.append(contentsOf: piece[start..<newline])
                finishLine()
                start = newline + 1
            }
            line.append(contentsOf: piece[start...])
        }
        finishLine()
        return unreadable
    }
}
