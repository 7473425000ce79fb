import Foundation
import SmokeCore

/// Reading a file's lines: on this thread, or on a second one whose events are applied here as they come.
extension LogParser {
    /// Whether a file of `size` bytes is read on a second thread while this one applies its events.
    func readsOnTwoThreads(size: Int) -> Bool { size >= pipelinesFrom }

    struct FileInput: Sendable {
        let descriptor: Int32
        let path: String
        let size: Int
        let skipsSwiftTestingConsole: Bool
        var digest = ChunkDigest.Placement.here
    }

    /// What reading a file leaves besides its events: notes, the splitter's count and cuts, the format, a document's bytes.
    struct FileRead: @unchecked Sendable { // handed over once the reading thread is done with it
        var interpreter: LineInterpreter
        var format: (any InputFormat)?
        var splitter: LineSplitter
        var byteCount: Int
        var document: Data?
        var sha256: String?
    }

    /// Reads `input` chunk by chunk (never the whole file), detects its format, and hands every line's events to `sink`.
    func readLines<Sink: LineEventSink>(_ input: FileInput, into sink: inout Sink) throws(ParseError) -> FileRead {
        let path = input.path
        var interpreter = LineInterpreter(timeZone: timeZone)
        interpreter.skipsSwiftTestingConsole = input.skipsSwiftTestingConsole
        interpreter.eventStream.streamFolder = URL(fileURLWithPath: path).deletingLastPathComponent()
        var splitter = LineSplitter(maxLineLength: maxLineLength)
        var byteCount = 0
        var document: Data?
        var format: (any InputFormat)?
        // The input is named by its hash, not copied (`InputRecord`).
        let hasher = ChunkDigest(input.digest)
        let chunks = ChunkReader(descriptor: input.descriptor, chunkSize: Self.chunkSize)
        try chunks.forEachChunk { (chunk) throws(ParseError) in
            let count = chunk.count
            hasher.update(chunk)
            if format == nil {
                let head = chunk.bindMemory(to: UInt8.self)
                let sample = UnsafeBufferPointer(rebasing: head.prefix(Self.sampleSize))
                if InputFormatRegistry.looksUTF16(sample) {
                    throw .utf16(path: path, xml: InputFormatRegistry.utf16StartsWithMarkup(sample))
                }
                if InputFormatRegistry.looksBinary(sample) {
                    throw .binary(path: path)
                }
                let detected = formats.detect(head)
                if !detected.isDocument, !detected.makeReader().isEventStream, EventStreamFormat.isOneDocument(sample) {
                    throw .resultDocument(
                        path: path,
                        reason: """
                            is a Swift Testing event stream rewritten as one JSON document (pretty-printed, or an \
                            array); smokerun reads it as `swift test` writes it, one record per line. Convert it: \
                            jq -c 'if type == "array" then .[] else . end' FILE > events.jsonl
                            """)
                }
                format = detected
                if detected.isDocument { document = Data() } else { interpreter.reader = detected.makeReader() }
            }
            byteCount += count
            if document != nil {
                guard byteCount <= InputFormatRegistry.documentByteLimit else {
                    throw .resultDocument(
                        path: path,
                        reason: """
                            is larger than \(InputFormatRegistry.documentByteLimit / 1024 / 1024) MB, too large to read as \
                            one JSON or XML document.
                            """)
                }
                document?.append(contentsOf: chunk)
            } else {
                splitter.push(chunk) { interpreter.handle($0, into: &sink) }
            }
        } readFailed: { code in
            .unreadable(path: path, reason: String(cString: strerror(code)))
        }
        let sha256 = hasher.finish()
        if document == nil {
            splitter.finish { interpreter.handle($0, into: &sink) }
            interpreter.finish(into: &sink)
        }
        return FileRead(
            interpreter: interpreter, format: format, splitter: splitter, byteCount: byteCount, document: document,
            sha256: sha256)
    }

    /// `readLines` on a thread of its own, its events handed over in reused `EventBatch`es and applied here, in order.
    func readPipelined(_ input: FileInput, into sink: inout CollectorSink) throws(ParseError) -> FileRead {
        let pipe = EventPipe()
        let parser = self
        let reading = BlockingWork.start { () -> Result<FileRead, ParseError> in
            var batches = EventPipe.Feeder(pipe: pipe)
            // Read on this thread, not ahead on a third: two busy threads on a two-core machine, not three taking turns.
            let read = Result { () throws(ParseError) in try parser.readLines(input, into: &batches) }
            batches.flush()
            pipe.close()
            return read
        }
        while var batch = pipe.next() {
            batch.replay(into: &sink)
            pipe.recycle(batch)
        }
        let read = (try? reading()) ?? .failure(.unreadable(path: input.path, reason: "its reading thread stopped"))
        return try read.get()
    }
}
