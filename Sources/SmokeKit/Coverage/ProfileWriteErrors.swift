import Foundation
import SmokeCore

/// The lines in which a test process's profiling runtime said it could not write its profile into the run's
/// `profiles` folder (`LLVM Profile Error: Failed to write file "…/profiles/24119-….profraw": No space left on
/// device`): coverage merged from the other profiles would count that process's code as never run. A process the
/// tests start that writes its profile elsewhere is not the run's to measure.
enum ProfileWriteErrors {
    static let marker: StaticString = "LLVM Profile Error: "

    /// `console.log`'s lines holding the marker and `profiles`' path, `console.log:N: text`, the first `limit` of
    /// them; none when it cannot be read.
    static func find(in consoleLog: URL?, profiles: URL, limit: Int = 5) -> [String] {
        guard let consoleLog, let handle = try? FileHandle(forReadingFrom: consoleLog) else { return [] }
        defer { try? handle.close() }
        var splitter = LineSplitter()
        var found: [String] = []
        var number = 0
        let name = consoleLog.lastPathComponent
        let folder = profiles.path
        let read = { (line: LineBytes) in
            number += 1
            guard found.count < limit, let at = line.firstIndex(of: marker) else { return }
            let text = line.string(at..<line.count)
            if text.contains(folder) { found.append("\(name):\(number): \(text)") }
        }
        while let chunk = try? handle.read(upToCount: 1 << 20), !chunk.isEmpty {
            splitter.push(chunk, read)
        }
        splitter.finish(read)
        return found
    }
}
