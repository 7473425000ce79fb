import Foundation
import SmokeCore

/// The inputs of `smokerun parse`. A file is named in the reports by path, size and SHA-256, copied only with
/// `--keep-input`; a pipe can be read only once, so it is saved to a scratch file, parsed from there, and kept.
struct ParseInputs {
    /// What the parser reads, in order: each file given, or the scratch copy of a pipe.
    var files: [URL]
    /// For each of `files` read from a scratch copy, the path it was given as (`/dev/stdin`).
    var givenPaths: [URL: String] = [:]
    /// The file copied into the run folder as console.log: the one input, when asked for or when it is a pipe.
    var kept: URL?
    /// What was read but not kept, for the report.
    var notes: [String] = []
    /// The folder of the scratch copies, removed once the run is written.
    var scratch: URL?

    /// Saves pipes to a scratch folder in `temporary` when `savesPipes` (a summary of one input that writes nothing
    /// reads it directly; of several, each is read twice) and picks the file to keep: the one input, when `keepInput`
    /// or a pipe.
    static func prepare(
        _ inputs: [URL], keepInput: Bool, savesPipes: Bool,
        temporary: URL = FileManager.default.temporaryDirectory
    ) throws -> ParseInputs {
        var prepared = ParseInputs(files: inputs)
        guard savesPipes else { return prepared }
        do {
            var saved: [String: URL] = [:] // `- -`: one pipe, read once, given twice
            for (index, input) in inputs.enumerated() where isPipe(input) {
                if let copy = saved[input.path] {
                    prepared.files[index] = copy
                    continue
                }
                let scratch = try prepared.scratch ?? makeScratch(in: temporary)
                prepared.scratch = scratch
                let name = input.lastPathComponent.isEmpty ? "input" : input.lastPathComponent
                let copy = scratch.appendingPathComponent("\(index)", isDirectory: true).appendingPathComponent(name)
                try save(input, to: copy)
                prepared.files[index] = copy
                prepared.givenPaths[copy] = input.path
                saved[input.path] = copy
            }
        } catch StoreError.writeFailed(let path, let reason) {
            prepared.removeScratch()
            throw StoreError.pipeNotSaved(path: path, reason: reason)
        } catch {
            prepared.removeScratch()
            throw error
        }
        if inputs.count == 1, keepInput || !prepared.givenPaths.isEmpty {
            prepared.kept = prepared.files[0]
        } else {
            prepared.notes = prepared.givenPaths.values.sorted().map {
                "\($0) is a pipe and was not kept: smokerun keeps a copy of one input only; parse it alone to keep it"
            }
        }
        return prepared
    }

    /// `text` naming each pipe as given (`/dev/stdin`) where it names the copy it was parsed from.
    func namingGivenPaths(_ text: String) -> String {
        givenPaths.reduce(text) { $0.replacingOccurrences(of: $1.key.path, with: $1.value) }
    }

    func removeScratch() {
        if let scratch { try? FileManager.default.removeItem(at: scratch) }
    }

    /// Whether `input` can be read only once: a pipe, a socket, a terminal (links followed: `/dev/stdin`).
    static func isPipe(_ input: URL) -> Bool {
        var info = stat()
        guard stat(input.path, &info) == 0 else { return false }
        let kind = info.st_mode & S_IFMT
        return kind != S_IFREG && kind != S_IFDIR
    }

    private static func makeScratch(in temporary: URL) throws -> URL {
        let scratch = temporary.appendingPathComponent("smokerun-input-\(UUID().uuidString)", isDirectory: true)
        do {
            try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        } catch {
            throw StoreError.writeFailed(path: scratch.path, reason: error.localizedDescription)
        }
        return scratch
    }

    /// Copies all of `input` until its writer closes it into `copy`.
    private static func save(_ input: URL, to copy: URL) throws {
        try FileManager.default.createDirectory(
            at: copy.deletingLastPathComponent(), withIntermediateDirectories: true)
        let descriptor = open(input.path, O_RDONLY)
        guard descriptor >= 0 else {
            throw ParseError.unreadable(path: input.path, reason: String(cString: strerror(errno)))
        }
        defer { close(descriptor) }
        try POSIXFile.streamNew(to: copy, sync: false) { sink in
            try ChunkReader(descriptor: descriptor, chunkSize: LogParser.chunkSize).forEachChunk { chunk in
                sink.append(bytes: chunk)
            } readFailed: { code in
                .unreadable(path: input.path, reason: String(cString: strerror(code)))
            }
        }
    }
}
