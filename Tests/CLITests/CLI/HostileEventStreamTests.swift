import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeKit
@testable import SmokeTestSupport
@testable import smokerun

/// An event stream is untrusted input: an attachment named by path must not carry a file from
/// elsewhere on the machine (`/etc/passwd`, `../x`, a symlink out) into an uploaded report.
@Suite struct HostileEventStreamTests {
    private let testID = "ShopTests.CartSuite/addsItem()/CartSuite.swift:8:6"

    private func record(_ payload: String) -> String { #"{"kind":"event","version":0,"payload":"# + payload + "}" }

    private func attachment(path: String, name: String) -> String {
        record(
            #"{"kind":"valueAttached","testID":"\#(testID)","attachment":{"_path":"\#(path)","_preferredName":"\#(name)"},"messages":[]}"#
        )
    }

    /// temp/secret.txt, temp/in/{events.jsonl, good.txt, link → ../secret.txt}.
    private func writeStream(in folder: URL) throws -> URL {
        let input = folder.appendingPathComponent("in")
        try FileManager.default.createDirectory(at: input, withIntermediateDirectories: true)
        try Data("SECRET-CONTENT".utf8).write(to: folder.appendingPathComponent("secret.txt"))
        try Data("good".utf8).write(to: input.appendingPathComponent("good.txt"))
        try FileManager.default.createSymbolicLink(
            atPath: input.appendingPathComponent("link").path, withDestinationPath: "../secret.txt")
        let lines = [
            record(#"{"kind":"runStarted","messages":[]}"#),
            record(#"{"kind":"testStarted","testID":"\#(testID)","messages":[]}"#),
            attachment(path: "/etc/passwd", name: "passwd"),
            attachment(path: input.path + "/../secret.txt", name: "dotdot"),
            attachment(path: "../secret.txt", name: "relative"),
            attachment(path: input.appendingPathComponent("link").path, name: "symlink"),
            attachment(path: input.appendingPathComponent("good.txt").path, name: "good.txt"),
            record(
                #"{"kind":"testEnded","testID":"\#(testID)","messages":[{"symbol":"pass","text":"Test addsItem() passed after 0.1 seconds."}]}"#
            ),
            record(#"{"kind":"runEnded","messages":[]}"#),
        ]
        let stream = input.appendingPathComponent("events.jsonl")
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: stream)
        return stream
    }

    private func parse(_ arguments: [String], in folder: URL) async throws -> (ExitCode, RunReport, URL, String) {
        let out = BufferOutput()
        let err = BufferOutput()
        let context = HostContext(standardOutput: out, standardError: err, environment: [:], currentDirectory: folder)
        let code = try await ParseCommand(arguments: arguments + ["--output", "out"]).run(in: context)
        let runs = folder.appendingPathComponent("out/runs")
        let name = try #require(try FileManager.default.contentsOfDirectory(atPath: runs.path).first)
        let runDirectory = runs.appendingPathComponent(name)
        return (code, try RunStore.loadReport(at: runDirectory), runDirectory, err.text)
    }

    @Test func attachmentsFromOutsideTheInputFolderAreRefusedAndListed() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        _ = try writeStream(in: folder.url)
        let (code, report, runDirectory, stderr) = try await parse(["in/events.jsonl"], in: folder.url)
        #expect(code == .passed)
        let test = try #require(report.tests.first)
        #expect(test.attachments.map(\.name) == ["good.txt"])
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: runDirectory.appendingPathComponent("attachments").path)
                .count == 1)
        let messages = report.errors.map(\.message)
        #expect(messages.count == 4, "\(messages)")
        for name in ["passwd", "dotdot", "relative", "symlink"] {
            #expect(
                messages.contains {
                    $0.hasPrefix("attachment '\(name)' of ShopTests.CartSuite/addsItem() was not copied")
                }, "\(name): \(messages)")
        }
        #expect(messages.contains { $0.contains("/etc/passwd lies outside the allowed folders") })
        #expect(messages.contains { $0.contains("resolves (through a symlink) to") })
        #expect(messages.allSatisfy { $0.contains("--attachments-from DIR") })
        #expect(stderr.contains("warning: attachment 'passwd'"))
        for file in ["index.html", "report.json", "summary.md", "junit.xml"] {
            let text = try String(contentsOf: runDirectory.appendingPathComponent(file), encoding: .utf8)
            #expect(!text.contains("SECRET-CONTENT") && !text.contains("root:x:0"), "\(file) carries a foreign file")
        }
    }

    @Test func attachmentsFromNamesTheFolderThatMayBeRead() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        _ = try writeStream(in: folder.url)
        let (_, report, _, _) = try await parse(["in/events.jsonl", "--attachments-from", "."], in: folder.url)
        let test = try #require(report.tests.first)
        // The folder now holds secret.txt: `..` and the symlink into it are allowed; /etc/passwd still is not.
        #expect(test.attachments.map(\.name).sorted() == ["dotdot", "good.txt", "symlink"])
        #expect(report.errors.count == 2)
    }

    @Test func policyKeepsInMemoryBytesAndFilesInside() {
        let policy = AttachmentSourcePolicy(allowedFolders: [URL(fileURLWithPath: "/runs/r1")])
        var fake = policy
        fake.realPath = { path in path.hasPrefix("/runs/r1/link") ? "/home/me/.ssh/id_rsa" : path }
        let raws = [
            RawAttachment(testID: "T", name: "bytes", content: .bytes(Data("x".utf8))),
            RawAttachment(testID: "T", name: "inside", content: .file(URL(fileURLWithPath: "/runs/r1/scratch/a.png"))),
            RawAttachment(testID: "T", name: "sibling", content: .file(URL(fileURLWithPath: "/runs/r10/a.png"))),
            RawAttachment(testID: "T", name: "link", content: .file(URL(fileURLWithPath: "/runs/r1/link"))),
        ]
        let result = fake.filter(raws)
        #expect(result.allowed.map(\.name) == ["bytes", "inside"])
        #expect(result.refused.count == 2)
        #expect(result.refused[1].message.contains("/home/me/.ssh/id_rsa"))
    }

    @Test(arguments: ["", "json,", ",html"])
    func anEmptyFormatIsAUsageError(_ list: String) {
        #expect(throws: UsageError.self) { try ParseCommand(arguments: ["x.log", "--format", list]) }
    }
}
