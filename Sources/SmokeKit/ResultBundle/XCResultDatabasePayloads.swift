import Foundation
import SmokeCore

/// Fetches attachment payloads from a bundle's `Data/data.<id>` files. zstd-compressed payloads
/// (checked by their magic number, not assumed) are decompressed by the `zstd` program into the
/// scratch folder; other payloads pass through as they are. A payload that cannot be had is an
/// `unavailable` reason for the report, never an error that stops the parse.
package struct XCResultDatabasePayloads: Sendable {
    enum Outcome: Sendable, Equatable {
        case available(RawAttachment.Content)
        case unavailable(reason: String)
    }

    /// The zstd frame magic number, little-endian 0xFD2FB528.
    static let zstdMagic: [UInt8] = [0x28, 0xB5, 0x2F, 0xFD]
    /// What `/usr/bin/env` exits with when the program is not on PATH.
    static let commandNotFound: Int32 = 127

    private let runner: any CommandRunning
    private let zstd: String

    package init(runner: any CommandRunning = ProcessCommandRunner(), zstd: String = "zstd") {
        self.runner = runner
        self.zstd = zstd
    }

    /// - Parameter index: a number unique within the scratch folder, for the decompressed file's name.
    func load(payloadID: String?, bundle: URL, scratchDirectory: URL, index: Int) -> Outcome {
        guard let payloadID else { return .unavailable(reason: "the bundle records no payload for it") }
        // The id comes from the database: it must name a file directly inside Data/, nothing else.
        guard !payloadID.isEmpty, !payloadID.contains("/"), !payloadID.contains("\\"), !payloadID.contains("\0"),
            payloadID != ".", payloadID != ".."
        else {
            return .unavailable(reason: "its payload id is not a file name")
        }
        let source = bundle.appendingPathComponent("Data", isDirectory: true).appendingPathComponent(
            "data.\(payloadID)")
        guard let handle = try? FileHandle(forReadingFrom: source) else {
            return .unavailable(reason: "its payload Data/data.\(payloadID) is missing from the bundle")
        }
        let head = (try? handle.read(upToCount: Self.zstdMagic.count)) ?? nil
        try? handle.close()
        guard let head, Array(head) == Self.zstdMagic else { return .available(.file(source)) }
        return decompress(source, to: scratchDirectory.appendingPathComponent("payload-\(index)"), payloadID: payloadID)
    }

    private func decompress(_ source: URL, to destination: URL, payloadID: String) -> Outcome {
        let arguments = ["-d", "-q", "-f", "-o", destination.path, "--", source.path]
        let result: CommandResult
        do {
            result = try runner.run(zstd, arguments)
        } catch {
            return .unavailable(
                reason:
                    "it is zstd-compressed and `\(zstd)` could not be run (\(error.localizedDescription)); install zstd"
            )
        }
        if result.exitStatus == Self.commandNotFound {
            return .unavailable(
                reason: "it is zstd-compressed and the `\(zstd)` program is not installed (apt-get install zstd)")
        }
        guard result.exitStatus == 0 else {
            let tail = CommandError(executable: zstd, arguments: arguments, result: result).reason
            return .unavailable(
                reason:
                    """
                    zstd could not decompress Data/data.\(payloadID) (exit \
                    \(result.exitStatus)\(tail.isEmpty ? "" : ": \(tail)"))
                    """
            )
        }
        return .available(.file(destination))
    }
}
