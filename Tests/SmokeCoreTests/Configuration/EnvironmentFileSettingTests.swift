import Testing

@testable import SmokeCore

/// `EnvironmentFile.setting`: one variable set in the file's text, everything else kept; what it writes reads back.
@Suite struct EnvironmentFileSettingTests {
    @Test(arguments: ["plain", "with spaces", #"quote " and \ backslash"#, "'single'", "#not-a-comment", "a=b"])
    func everyValueReadsBackExactly(value: String) throws {
        let text = try EnvironmentFile.setting("HOOK", to: value, in: nil, path: "env")
        let parsed = try EnvironmentFile.parse(Array(text.utf8), path: "env")
        #expect(parsed.entries.map(\.name) == ["HOOK"])
        #expect(parsed.entries.first?.value == value)
    }

    @Test func theFirstLineIsReplacedLaterOnesRemovedOthersKept() throws {
        let text = "# team\nexport HOOK=old\nA=1\n\nB='2'\n"
        let result = try EnvironmentFile.setting("HOOK", to: "new", in: text, path: "env")
        #expect(result == "# team\nHOOK=\"new\"\nA=1\n\nB='2'\n")
        #expect(try EnvironmentFile.setting("C", to: "3", in: "A=1", path: "env") == "A=1\nC=\"3\"\n")
    }

    @Test func aMalformedFileIsNotEditedButNamed() {
        #expect(
            throws: EnvironmentFileError.malformed(path: "env", line: 2, reason: "there is no '=' (write NAME=value)")
        ) {
            _ = try EnvironmentFile.setting("HOOK", to: "x", in: "A=1\nbroken\n", path: "env")
        }
    }

    @Test func oneTrailingNewlineIsDroppedAndNothingElse() throws {
        #expect(try EnvironmentFile.secretValue(from: Array("v \n".utf8), name: "A") == "v ")
        #expect(try EnvironmentFile.secretValue(from: Array("v\r\n".utf8), name: "A") == "v")
        #expect(throws: SecretValueError.multiline(name: "A")) {
            try EnvironmentFile.secretValue(from: Array("v\n\n".utf8), name: "A")
        }
        #expect(throws: SecretValueError.empty(name: "A")) { try EnvironmentFile.secretValue(from: [], name: "A") }
        #expect(throws: SecretValueError.notText(name: "A")) {
            try EnvironmentFile.secretValue(from: [0xFF], name: "A")
        }
    }
}
