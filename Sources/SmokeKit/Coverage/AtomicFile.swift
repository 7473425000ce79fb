import Foundation

/// Writes a whole file at once: a temporary file beside it, then a rename, so readers never see half of it.
enum AtomicFile {
    static func write(_ data: Data, to url: URL) throws(CoverageError) {
        do {
            try data.write(to: url, options: .atomic)
        } catch {
            throw .writeFailed(file: url.path, reason: error.localizedDescription)
        }
    }

    static func write(_ text: String, to url: URL) throws(CoverageError) {
        try write(Data(text.utf8), to: url)
    }
}
