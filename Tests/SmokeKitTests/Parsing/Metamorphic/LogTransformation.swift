import Foundation

@testable import SmokeCore

/// A way users' pipelines rewrite a log's bytes without changing what it says: a CI system's line prefix, CRLF line
/// ends, colour codes, xcodebuild's banner written into the middle of a test line. Pure: bytes in, bytes out, so a
/// failure is reproduced from its case (and seed) alone. A later case that does change what the log says (a
/// `truncate(at:)`) adds its own expectation beside `MetamorphicCorpusTests`' "same summary".
enum LogTransformation: Sendable, CustomStringConvertible {
    /// `gh run view --log`: `JOB<TAB>STEP<TAB>` before a GitHub timestamp, and a byte-order mark before the
    /// timestamp on each step's first line.
    case githubRunView
    /// A GitHub Actions raw log: `2025-05-01T10:00:00.1234567Z ` before every line.
    case githubRaw
    /// The GitHub prefix on only some lines (chosen by `seed`), as when a step's output is pasted into another log.
    case githubRawOnSomeLines(seed: UInt64)
    /// A GitLab runner 17 log: `2025-05-01T10:00:00.123456Z 00O ` before every line, inside a
    /// `section_start:…\r\e[0K` / `section_end:…\r\e[0K` pair.
    case gitlab
    /// Jenkins' timestamper: `[2025-05-01T10:00:00.123Z] `.
    case jenkins
    /// Jenkins' timestamper in its clock-only form: `[10:00:00] `.
    case jenkinsClock
    /// GitLab's and Jenkins' date-time formats: `[2026-11-28 10:00:00] ` (with `fraction`, `[… 10:00:00.123] `).
    case bracketedDateTime(fraction: Bool)
    /// The same without brackets, `2026-11-28 10:00:00 ` (the start of an xcodebuild process log line too).
    case dateTime
    /// Kubernetes' container log format: `2026-11-28T10:00:00.123456789+00:00 stdout F `.
    case kubernetes
    /// Buildkite: `\e_bk;t=1714556400123\a` before every line.
    case buildkite
    /// Azure Pipelines: the GitHub timestamp, and `##[section]`/`##[group]`/`##[endgroup]` lines around the log.
    case azure
    /// fastlane: `[10:00:00]: ▸ ` before every line.
    case fastlane
    /// TeamCity's downloaded build log: `[10:00:00] :<TAB> [Step 1/1] ` (`W` for the space on standard error's lines),
    /// a blank line of its checkout, then its own lines around the step.
    case teamCity
    /// `docker compose up`'s `app-1  | ` before each line of a container's output, and with `--timestamps` the
    /// container's RFC 3339 time after it.
    case dockerCompose(timestamps: Bool)
    /// A UTF-8 byte-order mark at the start of the file.
    case byteOrderMark
    /// `\r\n` line ends.
    case crlf
    /// Each line's content inside `ESC[0;32m` … `ESC[0m`.
    case colourEveryLine
    /// Only the status word coloured: `Test Case '…' ESC[32mpassedESC[0m (0.1 seconds).`
    case colourStatusWord
    /// Each line's content inside `[0;32m` … `[0m`, colour codes that lost their ESC byte.
    case colourWithoutEscape
    /// Only the status word coloured, the codes without their ESC byte: `Test Case '…' [32mpassed[0m (0.1 seconds).`
    case colourStatusWordWithoutEscape
    /// One of xcodebuild's status lines written into up to three test outcome lines at positions chosen by `seed`,
    /// followed by 0-2 blank lines, before the rest of the test line.
    case statusLineSpliced(seed: UInt64)
    /// A process's log line (an app's NSLog line, xcodebuild's own) written into up to three result lines at positions
    /// chosen by `seed`, the rest of the result line on the next line (`LogLineSplice`).
    case logLineSpliced(seed: UInt64)
    /// A running XCTest test's output without a final newline before its result line, which glues the result line
    /// onto it: `progress 100%Test Case 'A.b' passed (0.01 seconds).` (each test whose `started` line the log has).
    case outputGluedToResults
    /// A running XCTest test printing lines that look like results of other tests, as a log formatter's tests do:
    /// after each `Test Case '…' started` line, an XCTest and a Swift Testing result line and an XCTest issue line.
    case printedResultLookalikes
    /// `first`, then `second` over its output.
    indirect case composed(LogTransformation, LogTransformation)

    var description: String {
        switch self {
        case .githubRunView: "gh run view --log"
        case .githubRaw: "GitHub raw log"
        case .githubRawOnSomeLines(let seed): "GitHub prefix on some lines (seed \(seed))"
        case .gitlab: "GitLab with sections"
        case .jenkins: "Jenkins timestamper"
        case .jenkinsClock: "Jenkins clock-only timestamper"
        case .bracketedDateTime(let fraction): fraction ? "bracketed date-time with fraction" : "bracketed date-time"
        case .dateTime: "date-time"
        case .kubernetes: "Kubernetes CRI"
        case .buildkite: "Buildkite"
        case .azure: "Azure Pipelines"
        case .fastlane: "fastlane"
        case .teamCity: "TeamCity"
        case .dockerCompose(let timestamps): timestamps ? "docker compose with timestamps" : "docker compose"
        case .byteOrderMark: "byte-order mark"
        case .crlf: "CRLF"
        case .colourEveryLine: "ANSI colour on every line"
        case .colourStatusWord: "ANSI colour on the status word"
        case .colourWithoutEscape: "ANSI colour without ESC"
        case .colourStatusWordWithoutEscape: "ANSI colour on the status word without ESC"
        case .statusLineSpliced(let seed): "xcodebuild status line spliced (seed \(seed))"
        case .logLineSpliced(let seed): "process log line spliced (seed \(seed))"
        case .outputGluedToResults: "test output without a newline before its result line"
        case .printedResultLookalikes: "result lines a test printed"
        case .composed(let first, let second): "\(first), then \(second)"
        }
    }

    /// Whether the transformation applies to an event stream (one JSON record a line): a CI system prefixes a
    /// stream it prints like any output, but nothing colours a JSON record or writes xcodebuild's lines into it.
    var appliesToEventStreams: Bool {
        switch self {
        case .colourEveryLine, .colourStatusWord, .colourWithoutEscape, .colourStatusWordWithoutEscape,
            .statusLineSpliced, .logLineSpliced,
            .outputGluedToResults, .printedResultLookalikes, .dockerCompose:
            false
        case .composed(let first, let second): first.appliesToEventStreams && second.appliesToEventStreams
        default: true
        }
    }

    /// Whether the log comes out of a Linux container (`docker compose`): never xcodebuild's, which runs on macOS.
    var isAContainersOutput: Bool {
        switch self {
        case .dockerCompose: true
        case .composed(let first, let second): first.isAContainersOutput || second.isAContainersOutput
        default: false
        }
    }

    /// `log` transformed.
    func apply(to log: [UInt8]) -> [UInt8] {
        var lines = LogLines(log)
        switch self {
        case .githubRunView:
            let stepStart = lines.count / 3
            lines.mapContent { index, content in
                let step = index < stepStart ? "build\tBuild the package\t" : "build\tRun swift test\t"
                let mark = index == 0 || index == stepStart ? "\u{FEFF}" : ""
                return Array("\(step)\(mark)\(Self.githubTime(index)) ".utf8) + content
            }
        case .githubRaw, .azure:
            lines.mapContent { index, content in Array("\(Self.githubTime(index)) ".utf8) + content }
            if case .azure = self {
                let time = Self.githubTime(0)
                lines.insert(["\(time) ##[section]Starting: Test", "\(time) ##[group]Run swift test"], at: 0)
                lines.append(["\(time) ##[endgroup]", "\(time) ##[section]Finishing: Test"])
            }
        case .githubRawOnSomeLines(let seed):
            var generator = SplitMix64(seed: seed)
            lines.mapContent { index, content in
                generator.next(below: 2) == 0 ? content : Array("\(Self.githubTime(index)) ".utf8) + content
            }
        case .gitlab:
            lines.mapContent { index, content in
                let section = index == 0 ? "section_start:1714556400:step_script\r\u{1B}[0K" : ""
                return Array("\(Self.gitlabTime(index)) 00O \(section)".utf8) + content
            }
            lines.append(["\(Self.gitlabTime(lines.count)) 00O section_end:1714556460:step_script\r\u{1B}[0K"])
        case .jenkins:
            lines.mapContent { index, content in Array("[\(Self.jenkinsTime(index))] ".utf8) + content }
        case .jenkinsClock:
            lines.mapContent { index, content in Array("[\(Self.clock(index))] ".utf8) + content }
        case .bracketedDateTime(let fraction):
            lines.mapContent { index, content in
                Array("[\(Self.spacedTime(index))\(fraction ? ".\(100 + index % 900)" : "")] ".utf8) + content
            }
        case .dateTime:
            lines.mapContent { index, content in Array("\(Self.spacedTime(index)) ".utf8) + content }
        case .kubernetes:
            lines.mapContent { index, content in
                let stamp = "2026-11-28T10:\(Self.clock(index).dropFirst(3)).\(123_456_789 + index % 1000)+00:00"
                return Array("\(stamp) stdout F ".utf8) + content
            }
        case .buildkite:
            lines.mapContent { index, content in Array("\u{1B}_bk;t=\(1_714_556_400_123 + index)\u{07}".utf8) + content
            }
        case .fastlane:
            lines.mapContent { index, content in Array("[\(Self.clock(index))]: ▸ ".utf8) + content }
        case .teamCity:
            lines.mapContent { index, content in
                Array("[\(Self.clock(index))]\(index % 7 == 3 ? "W" : " "):\t [Step 1/1] ".utf8) + content
            }
            lines.insert(
                [
                    "[10:00:00] :\t\t [VCS Root: https://github.com/example/app.git] ",
                    "[10:00:00] : Step 1/1: swift test (Command Line) (1m:02s)",
                    "[10:00:00]i:\t [Step 1/1] ##teamcity[buildStatisticValue key='buildStageDuration:firstStepPreparation' value='47.0']",
                ], at: 0)
            lines.append(["[10:59:59] : Build finished"])
        case .dockerCompose(let timestamps):
            lines.mapContent { index, content in
                let stamp = "2026-11-28T10:\(Self.clock(index).dropFirst(3)).\(123_456_789 + index % 1000)Z "
                let time = timestamps ? stamp : ""
                return Array("app-1  | \(time)".utf8) + content
            }
        case .byteOrderMark:
            return [0xEF, 0xBB, 0xBF] + log
        case .crlf:
            lines.lineEnd = Array("\r\n".utf8)
        case .colourEveryLine:
            lines.mapContent { _, content in
                content.isEmpty ? content : Array("\u{1B}[0;32m".utf8) + content + Array("\u{1B}[0m".utf8)
            }
        case .colourStatusWord:
            lines.mapContent { _, content in Self.colouringStatusWord(content) }
        case .colourStatusWordWithoutEscape:
            lines.mapContent { _, content in Self.colouringStatusWord(content, escape: "") }
        case .colourWithoutEscape:
            lines.mapContent { _, content in
                content.isEmpty ? content : Array("[0;32m".utf8) + content + Array("[0m".utf8)
            }
        case .statusLineSpliced(let seed):
            StatusLineSplice(seed: seed, statusLines: StatusLineSplice.statusLines(for: log)).apply(to: &lines)
        case .logLineSpliced(let seed):
            LogLineSplice(seed: seed).apply(to: &lines)
        case .outputGluedToResults:
            let started = Set(lines.contents.compactMap { Self.testCaseName($0, verb: "started") })
            lines.mapContent { _, content in
                let name = Self.testCaseName(content, verb: "passed") ?? Self.testCaseName(content, verb: "failed")
                return name.map(started.contains) == true ? Array("progress 100%".utf8) + content : content
            }
        case .printedResultLookalikes:
            for index in lines.contents.indices.reversed()
            where Self.testCaseName(lines.contents[index], verb: "started") != nil {
                lines.insert(
                    [
                        "Test Case '-[Printed.GhostTests testGhost]' failed (0.001 seconds).",
                        "✘ Test ghost() failed after 0.001 seconds with 1 issue.",
                        "/src/Ghost.swift:3: error: GhostTests.testElsewhere : XCTAssertTrue failed",
                    ], at: index + 1)
            }
        case .composed(let first, let second):
            return second.apply(to: first.apply(to: log))
        }
        return lines.bytes
    }

    /// The name in `Test Case '<name>' <verb>` at the start of `content`, else nil.
    static func testCaseName(_ content: [UInt8], verb: String) -> String? {
        guard let text = String(bytes: content, encoding: .utf8), text.hasPrefix("Test Case '"),
            let end = text.range(of: "' \(verb)")
        else { return nil }
        return String(text[text.index(text.startIndex, offsetBy: 11)..<end.lowerBound])
    }

    /// `2025-05-01T10:MM:SS.fffffffZ`, a different instant for each line.
    static func githubTime(_ index: Int) -> String {
        "2025-05-01T10:\(twoDigits(index / 60 % 60)):\(twoDigits(index % 60)).\(String(1_234_567 + index % 1000))Z"
    }

    static func gitlabTime(_ index: Int) -> String {
        "2025-05-01T10:\(twoDigits(index / 60 % 60)):\(twoDigits(index % 60)).\(String(123_456 + index % 1000))Z"
    }

    static func jenkinsTime(_ index: Int) -> String {
        "2025-05-01T10:\(twoDigits(index / 60 % 60)):\(twoDigits(index % 60)).\(String(100 + index % 900))Z"
    }

    /// `2026-11-28 10:MM:SS`, a different second for each line.
    static func spacedTime(_ index: Int) -> String { "2026-11-28 \(clock(index))" }

    static func clock(_ index: Int) -> String {
        "10:\(twoDigits(index / 60 % 60)):\(twoDigits(index % 60))"
    }

    private static func twoDigits(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }

    /// The first ` passed`, ` failed`, ` skipped` or ` started` word of `content` coloured.
    private static func colouringStatusWord(_ content: [UInt8], escape: String = "\u{1B}") -> [UInt8] {
        guard let text = String(bytes: content, encoding: .utf8) else { return content }
        for word in [" passed", " failed", " skipped", " started"] {
            guard let range = text.range(of: word) else { continue }
            let coloured = " \(escape)[32m\(word.dropFirst())\(escape)[0m"
            return Array(text.replacingCharacters(in: range, with: coloured).utf8)
        }
        return content
    }
}
