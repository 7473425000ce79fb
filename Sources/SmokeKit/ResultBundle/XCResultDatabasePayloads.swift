import Foundation
import SmokeCore

/// Fetches attachment payloads from a bundle's `Data/data.<id>` files. zstd payloads (by magic number) are
/// decompressed by `zstd` through a FIFO closed at `byteLimit`, so a 33 KB bomb never becomes a gigabyte on disk.
/// A payload that cannot be had is an `unavailable` reason, never an error that stops the parse.
package struct XCResultDatabasePayloads: Sendable {
    enum Outcome: Sendable, Equatable {
        case available(RawAttachment.Content)
        /// Decompressed only up to the limit (`byBudget`: the run's budget): the first `kept` bytes.
        case cut(RawAttachment.Content, kept: Int, byBudget: Bool)
        case unavailable(reason: String)
        case overBudget
    }

    static let zstdMagic: [UInt8] = [0x28, 0xB5, 0x2F, 0xFD]
    static let commandNotFound: Int32 = 127

    private let runner: any CommandRunning
    private let zstd: String
    /// The most bytes a payload may decompress to; a larger one is cut there.
    private let byteLimit: Int
    let totalByteLimit: Int

    package init(
        runner: any CommandRunning = ProcessCommandRunner(), zstd: String = "zstd",
        byteLimit: Int = AttachmentSourcePolicy.defaultByteLimit, totalByteLimit: Int = AttachmentBudget.defaultTotal
    ) {
        self.runner = runner
        self.zstd = zstd
        self.byteLimit = byteLimit
        self.totalByteLimit = totalByteLimit
    }

    /// `index` names the decompressed file within the scratch folder; decompressed bytes are spent from `budget`.
    func load(
        payloadID: String?, bundle: URL, scratchDirectory: URL, index: Int, budget: inout AttachmentBudget
    ) -> Outcome {
        guard let payloadID else { return .unavailable(reason: "the bundle records no payload for it") }
        // The id comes from the database: it must name a file directly inside Data/.
        guard !payloadID.isEmpty, !payloadID.contains("/"), !payloadID.contains("\\"), !payloadID.contains("\0"),
            payloadID != ".", payloadID != ".."
        else {
            return .unavailable(reason: "its payload id is not a file name")
        }
        let named = bundle.appendingPathComponent("Data", isDirectory: true).appendingPathComponent(
            "data.\(payloadID)")
        // Refuses a payload whose real path leaves the bundle before any frame is decompressed.
        let policy = AttachmentSourcePolicy(allowedFolders: [bundle], byteLimit: byteLimit)
        guard POSIXFile.exists(named) else {
            return .unavailable(reason: "its payload Data/data.\(payloadID) is missing from the bundle")
        }
        let source: URL
        let head: Data
        do {
            source = try policy.checkedFile(named)
            let descriptor = try POSIXFile.openRegularFile(source, followLinks: false)
            defer { close(descriptor) }
            var bytes = [UInt8](repeating: 0, count: Self.zstdMagic.count)
            let count = read(descriptor, &bytes, bytes.count)
            head = Data(bytes.prefix(max(count, 0)))
        } catch {
            return .unavailable(reason: "its payload Data/data.\(payloadID) is not read: \(Self.reason(error))")
        }
        guard Array(head) == Self.zstdMagic else { return .available(.file(source)) }
        let limit = budget.allowance(perFile: byteLimit)
        guard limit > 0 else {
            budget.refuse()
            return .overBudget
        }
        let (outcome, kept) = decompress(
            source, to: scratchDirectory.appendingPathComponent("payload-\(index)"), payloadID: payloadID, limit: limit)
        guard case .cut(let content, _, _) = outcome else {
            budget.spend(kept)
            return outcome
        }
        budget.spend(kept, cutByBudget: limit < byteLimit)
        return .cut(content, kept: kept, byBudget: limit < byteLimit)
    }

    private static func reason(_ error: any Error) -> String {
        if case StoreError.attachmentSourceUnreadable(_, let reason) = error { return reason }
        return error.localizedDescription
    }

    private func decompress(_ source: URL, to destination: URL, payloadID: String, limit: Int) -> (Outcome, Int) {
        let fifo = destination.appendingPathExtension("fifo")
        guard mkfifo(fifo.path, 0o600) == 0 else {
            return (.unavailable(reason: "no pipe could be made to decompress it (\(POSIXFile.lastError()))"), 0)
        }
        defer { POSIXFile.remove(fifo) }
        // Both FIFO ends are opened before zstd starts, so no open waits; the write end kept here means the reader
        // sees the end only once zstd is done (or never started).
        let input = open(fifo.path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard input >= 0 else {
            return (.unavailable(reason: "its pipe could not be opened (\(POSIXFile.lastError()))"), 0)
        }
        _ = fcntl(input, F_SETFL, fcntl(input, F_GETFL) & ~O_NONBLOCK)
        let keeper = open(fifo.path, O_WRONLY | O_NONBLOCK | O_CLOEXEC)
        let output = open(destination.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard keeper >= 0, output >= 0 else {
            let reason = POSIXFile.lastError()
            for descriptor in [input, keeper, output] where descriptor >= 0 { close(descriptor) }
            return (.unavailable(reason: "its decompressed bytes could not be kept (\(reason))"), 0)
        }
        // At `limit` the reader closes the pipe: zstd ends on SIGPIPE instead of writing the rest.
        let copy = BlockingWork.start { () throws -> POSIXFile.Copied in
            defer {
                close(input)
                close(output)
            }
            return try POSIXFile.readChunks(
                of: input, limit: limit, unreadable: { .readFailed(path: fifo.path, reason: $0) }
            ) { try FileWriter.system.writeAll($0, to: output, path: destination.path) }
        }
        let arguments = ["-d", "-q", "-f", "--no-sparse", "-o", fifo.path, "--", source.path]
        let started = Result { try runner.run(zstd, arguments) }
        close(keeper)
        let copied = Result { try copy() }
        if case .success(let done) = copied, done.cut {
            return (.cut(.file(destination), kept: done.bytes, byBudget: false), done.bytes)
        }
        if let reason = failure(of: started, arguments: arguments, payloadID: payloadID) {
            POSIXFile.remove(destination)
            return (.unavailable(reason: reason), 0)
        }
        switch copied {
        case .failure(let error):
            POSIXFile.remove(destination)
            return (.unavailable(reason: "its decompressed bytes could not be kept (\(error.localizedDescription))"), 0)
        case .success(let done): return (.available(.file(destination)), done.bytes)
        }
    }

    private func failure(
        of started: Result<CommandResult, any Error>, arguments: [String], payloadID: String
    ) -> String? {
        let result: CommandResult
        switch started {
        case .success(let finished): result = finished
        case .failure(let error):
            return "it is zstd-compressed and `\(zstd)` could not be run (\(error.localizedDescription)); install zstd"
        }
        if result.exitStatus == Self.commandNotFound {
            return "it is zstd-compressed and the `\(zstd)` program is not installed (apt-get install zstd)"
        }
        guard result.exitStatus == 0 else {
            let tail = CommandError(executable: zstd, arguments: arguments, result: result).reason
            return
                "zstd could not decompress Data/data.\(payloadID) (exit \(result.exitStatus)\(tail.isEmpty ? "" : ": \(tail)"))"
        }
        return nil
    }
}
