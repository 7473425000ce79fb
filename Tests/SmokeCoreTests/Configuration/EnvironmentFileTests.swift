import Foundation
import Testing

@testable import SmokeCore

@Suite struct EnvironmentFileTests {
    private func parse(_ text: String) throws(EnvironmentFileError) -> [String: String] {
        let file = try EnvironmentFile.parse(Array(text.utf8), path: ".smokerun/env")
        return Dictionary(uniqueKeysWithValues: file.entries.map { ($0.name, $0.value) })
    }

    @Test func readsCommentsBlankLinesExportAndQuotes() throws {
        let values = try parse(
            """
            # the webhook of #smoke
            SMOKERUN_WEBHOOK_URL=https://hooks.slack.com/services/T0/B0/x#y

              export SLACK_BOT_TOKEN='xoxb-1 2'
            export    QUOTED="say \\"hi\\" \\\\ \\n"
            EMPTY=
            TRAILING=value with spaces   \r
            exportable=1
            """)
        #expect(
            values == [
                "SMOKERUN_WEBHOOK_URL": "https://hooks.slack.com/services/T0/B0/x#y",
                "SLACK_BOT_TOKEN": "xoxb-1 2",
                "QUOTED": #"say "hi" \ \n"#,
                "EMPTY": "",
                "TRAILING": "value with spaces",
                "exportable": "1",
            ])
    }

    @Test func anExportNamedVariableIsAVariable() throws {
        #expect(try parse("export=1") == ["export": "1"])
    }

    @Test(arguments: [
        ("A=1\nnot a line\n", 2, "there is no '='"),
        ("A=1\n\nB C=2", 3, "'B C' is not a variable name"),
        ("1A=x", 1, "'1A' is not a variable name"),
        ("A =x", 1, "'A ' is not a variable name"),
        ("A=\"open", 1, "does not close"),
        ("A='it's'", 1, "a ' inside a '-quoted value"),
        ("A=\"a\"b\"", 1, "write it as \\\""),
        ("A=1\n# c\nA=2", 3, "A is already set on line 1"),
    ])
    func aMalformedLineIsNamedWithItsNumber(text: String, line: Int, reason: String) {
        #expect {
            _ = try parse(text)
        } throws: { error in
            guard case .malformed(let path, let number, _) = error as? EnvironmentFileError else { return false }
            let message = (error as? EnvironmentFileError)?.localizedDescription ?? ""
            return path == ".smokerun/env" && number == line && message.contains(reason)
                && message.hasPrefix(".smokerun/env:\(line): not a KEY=VALUE line")
        }
    }

    @Test func invalidUTF8IsMalformed() {
        #expect(throws: EnvironmentFileError.malformed(path: "env", line: 2, reason: "the line is not UTF-8 text")) {
            _ = try EnvironmentFile.parse(Array("A=1\nB=".utf8) + [0xFF], path: "env")
        }
    }

    @Test func theProcessEnvironmentWinsUnlessItsValueIsEmpty() throws {
        let file = try EnvironmentFile.parse(Array("A=file\nB=file\nC=file\n".utf8), path: "env")
        let (merged, names, ignored) = file.applied(
            to: ["A": "shell", "B": "", "PATH": "/bin"], allowing: ["A", "B", "C"])
        #expect(merged == ["A": "shell", "B": "file", "C": "file", "PATH": "/bin"])
        #expect(names == ["B", "C"])
        #expect(ignored.isEmpty)
    }

    @Test func theFileSuppliesOnlyTheVariablesTheNotifierNames() throws {
        let text = "SMOKERUN_SQLITE_LIBRARY=/tmp/evil.so\nHOOK=https://hooks.example/x\nPATH=/tmp/bin\n"
        let file = try EnvironmentFile.parse(Array(text.utf8), path: "env")
        let (merged, names, ignored) = file.applied(to: ["PATH": ""], allowing: ["HOOK"])
        #expect(merged == ["PATH": "", "HOOK": "https://hooks.example/x"])
        #expect(names == ["HOOK"])
        #expect(ignored == ["SMOKERUN_SQLITE_LIBRARY", "PATH"])
    }

    @Test func aFileOthersCanReadIsRefusedWithTheChmodFix() {
        let refusal = EnvironmentFileError.refusal(path: ".smokerun/env", mode: 0o640, owner: 501, user: 501, size: 10)
        #expect(refusal == .exposed(path: ".smokerun/env", mode: 0o640))
        #expect(refusal?.localizedDescription.contains("(mode 640); run `chmod 600 .smokerun/env`") == true)
        #expect(EnvironmentFileError.refusal(path: "e", mode: 0o602, owner: 1, user: 1, size: 1) != nil)
        #expect(EnvironmentFileError.refusal(path: "e", mode: 0o600, owner: 1, user: 1, size: 1) == nil)
        #expect(EnvironmentFileError.refusal(path: "e", mode: 0o400, owner: 1, user: 1, size: 1) == nil)
    }

    @Test func aFileOfAnotherUserOrTooLargeIsRefused() {
        let other = EnvironmentFileError.refusal(path: "e", mode: 0o600, owner: 0, user: 501, size: 1)
        #expect(other == .notOwned(path: "e", owner: 0, user: 501))
        #expect(other?.localizedDescription.contains("owned by user 0, not by the user running smokerun (501)") == true)
        let large = EnvironmentFileError.refusal(
            path: "e", mode: 0o600, owner: 1, user: 1, size: EnvironmentFile.byteLimit + 1)
        #expect(large == .tooLarge(path: "e", limit: EnvironmentFile.byteLimit))
        #expect(other?.isMalformed == false)
    }

    @Test func theReportRecordsNamesOnly() throws {
        let record = EnvironmentFileRecord(path: ".smokerun/env", variables: ["SMOKERUN_WEBHOOK_URL"])
        let json = String(decoding: try JSONEncoder().encode(record), as: UTF8.self)
        #expect(json.contains("SMOKERUN_WEBHOOK_URL"))
        #expect(!json.contains("https"))
    }
}
