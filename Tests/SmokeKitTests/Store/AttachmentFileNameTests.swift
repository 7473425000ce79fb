import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeKit
@testable import SmokeTestSupport

@Suite struct AttachmentFileNameTests {
    /// Hostile names and the extension they must keep ("" when none survives).
    static let hostileNames: [(name: String, pathExtension: String)] = [
        ("../../x", ""),
        ("../../etc/passwd", ""),
        ("/etc/passwd", ""),
        ("/absolute/path/shot.png", "png"),
        ("..\\..\\windows\\system32\\evil.dll", "dll"),
        ("C:\\Users\\me\\shot.PNG", "png"),
        ("nul\u{0}byte.txt", "txt"),
        ("tab\tnew\nline\r.log", "log"),
        ("\u{1B}[31mred.txt", "txt"),
        (".", ""),
        ("..", ""),
        ("", ""),
        ("...", ""),
        (".hidden", ""), // a dot file has no extension; it becomes a visible name
        ("-rf.txt", "txt"),
        (String(repeating: "a", count: 5_000) + ".png", "png"),
        ("名前.png", "png"),
        ("Café screenshot.jpeg", "jpeg"),
        ("emoji 😀.gif", "gif"),
        ("CON", ""),
        ("aux.txt", "txt"),
        ("a<b>c:d\"e|f?g*h.json", "json"),
        ("trailing dots...", ""),
        ("name.tar.gz", "gz"),
        ("weird.ext/", "ext"),
        ("x.toolongextension", "toolongextension"), // kept as readable text, not typed
    ]

    @Test(arguments: hostileNames)
    func hostileNamesBecomeOneSafeComponentInsideAttachments(name: String, pathExtension: String) throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let record = try AttachmentStore().save(
            RawAttachment(testID: "Module.Suite/test()", name: name, content: .bytes(Data("x".utf8))), in: folder.url)
        let fileName = String(record.path.dropFirst("attachments/".count))
        #expect(record.path.hasPrefix("attachments/"))
        #expect(AttachmentFileName.isSafe(fileName))
        #expect(!fileName.contains("/") && !fileName.contains("\\") && fileName != "." && fileName != "..")
        #expect(fileName.utf8.count <= 140)
        #expect((fileName as NSString).pathExtension == pathExtension)
        #expect(record.name == name)
        let stored = folder.url.appendingPathComponent(record.path).resolvingSymlinksInPath()
        let attachments = folder.url.appendingPathComponent("attachments").resolvingSymlinksInPath()
        #expect(stored.deletingLastPathComponent().path == attachments.path)
        #expect(try folder.files() == ["attachments"])
        #expect(try Data(contentsOf: stored) == Data("x".utf8))
    }

    @Test func keepsAReadablePartAndATestStem() {
        let parts = AttachmentFileName.parts(name: "checkout screen.png", testID: "AppTests.CheckoutTests/testPay()")
        #expect(parts.stem == "CheckoutTests-testPay-checkout_screen")
        #expect(parts.pathExtension == "png")
    }

    @Test func windowsDeviceNamesAreNeverTheBaseName() {
        #expect(AttachmentFileName.parts(name: "CON", testID: nil).stem == "CON_")
        #expect(AttachmentFileName.parts(name: "com1.txt", testID: nil).stem == "com1_")
    }

    @Test func addsTheMediaTypesExtensionWhenTheNameHasNone() {
        #expect(
            AttachmentFileName.parts(name: "screenshot", testID: nil, mediaType: "image/png").pathExtension == "png")
        #expect(AttachmentFileName.parts(name: "screenshot", testID: nil, mediaType: "public.png").pathExtension == "")
    }

    @Test func duplicatesWithinARunAndAcrossTestsGetUniqueNames() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let store = AttachmentStore()
        var paths: [String] = []
        for testID in ["M.A/t()", "M.A/t()", "M.A/t()", "M.B/t()", nil, nil] {
            for name in ["shot.png", "../shot.png", "/shot.png"] {
                let raw = RawAttachment(testID: testID, name: name, content: .bytes(Data(name.utf8)))
                paths.append(try store.save(raw, in: folder.url).path)
            }
        }
        #expect(Set(paths).count == paths.count)
        #expect(paths.contains("attachments/A-t-shot.png"))
        #expect(paths.contains("attachments/A-t-shot-2.png"))
        #expect(paths.contains("attachments/shot-6.png"))
        #expect(try folder.files(in: "attachments").count == paths.count)
    }

    @Test func caseOnlyDuplicatesAreUniqueOnCaseInsensitiveFileSystemsToo() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let first = try AttachmentStore().save(
            RawAttachment(testID: nil, name: "Shot.PNG", content: .bytes(Data())), in: folder.url)
        let second = try AttachmentStore().save(
            RawAttachment(testID: nil, name: "Shot.png", content: .bytes(Data())), in: folder.url)
        // The extension is lowercased, so `Shot.PNG` and `Shot.png` collide and are told apart.
        #expect(first.path == "attachments/Shot.png")
        #expect(second.path == "attachments/Shot-2.png")
    }
}
