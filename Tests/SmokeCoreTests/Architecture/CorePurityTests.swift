import Foundation
import Testing

/// SmokeCore is the pure part (Documentation/Design.md §3): it may use Foundation for values and
/// formatting, never the file system, processes, sockets, clocks, the environment or signals. The
/// compiler already keeps it from importing SmokeKit; this keeps it from reaching the effects directly.
@Suite struct CorePurityTests {
    /// An effect a pure source must not use, and what to do instead.
    struct Rule {
        var pattern: String
        var instead: String
    }

    static let rules: [Rule] = [
        Rule(pattern: #"\bFileManager\b"#, instead: "take the data or a closure; reading folders belongs in SmokeKit"),
        Rule(
            pattern: #"\bFileHandle\b|\bData\(contentsOf|\bString\(contentsOf|\.write\(to:"#,
            instead: "take bytes and return bytes; files are SmokeKit's"),
        Rule(
            pattern: #"\bProcess\b|\bposix_spawn|\bfork\(|\bwaitpid\("#,
            instead: "describe the launch; SmokeKit runs it"),
        Rule(pattern: #"\bURLSession\b|\bsocket\("#, instead: "build the request body; SmokeKit sends it"),
        Rule(
            pattern: #"\bDate\(\)|\bDate\.now\b|\bContinuousClock\b|\bSuspendingClock\b|\bclock_gettime\b"#,
            instead: "take `now` as a value or closure"),
        Rule(pattern: #"\bProcessInfo\b|\bgetenv\(|\bsetenv\("#, instead: "take the environment as a dictionary"),
        Rule(
            pattern: #"(?<![\w.])(signal|sigaction|kill|raise)\(|\bmakeSignalSource\b"#,
            instead: "signals are trapped in SmokeKit; take a cancellation flag"),
        Rule(pattern: #"\bThread\.sleep|\busleep\(|\bnanosleep\(|\bTask\.sleep\("#, instead: "take a sleeper closure"),
        Rule(
            pattern: #"(?<![\w.])(open|read|write|close|realpath|stat|lstat|unlink|mkdir|rename)\("#,
            instead: "system calls on files belong in SmokeKit"),
    ]

    /// Source without comments and string literals, so a doc comment that mentions SIGTERM is not a use.
    static func code(of source: String) -> String {
        var text = source
        for (pattern, replacement) in [
            (#"(?s)/\*.*?\*/"#, ""), (#"(?s)\"\"\".*?\"\"\""#, "\"\""),
            (#"\"(\\.|[^\"\\\n])*\""#, "\"\""), (#"//[^\n]*"#, ""),
        ] {
            text = text.replacingOccurrences(of: pattern, with: replacement, options: .regularExpression)
        }
        return text
    }

    /// `line: what was used; what to do instead` for each use of an effect, in order.
    static func violations(in source: String) -> [String] {
        var found: [String] = []
        for (number, line) in code(of: source).split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            for rule in rules {
                guard let range = line.range(of: rule.pattern, options: .regularExpression) else { continue }
                // A declaration of the core's own method named like a system call (`func write(`) is not a call.
                if line[..<range.lowerBound].hasSuffix("func ") { continue }
                found.append("\(number + 1): \(line[range]); \(rule.instead)")
            }
        }
        return found
    }

    static let coreFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Sources/SmokeCore")

    @Test func smokeCoreUsesNoFilesProcessesNetworkClocksEnvironmentOrSignals() throws {
        let files = try #require(
            FileManager.default.enumerator(atPath: Self.coreFolder.path), "no \(Self.coreFolder.path)"
        )
        .compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }.sorted()
        #expect(
            files.count > 100, "SmokeCore should hold the parsers, reports and policies; found \(files.count) files")
        for file in files {
            let source = try String(contentsOf: Self.coreFolder.appendingPathComponent(file), encoding: .utf8)
            for violation in Self.violations(in: source) {
                Issue.record("Sources/SmokeCore/\(file):\(violation)")
            }
        }
    }

    @Test func theCheckFindsEachKindOfEffectButNotCommentsStringsOrOwnMethods() {
        let source = """
            let files = FileManager.default.contentsOfDirectory(atPath: path)
            let started = Date()
            let home = ProcessInfo.processInfo.environment["HOME"]
            signal(SIGINT, SIG_IGN)
            let task = Process()
            let session = URLSession.shared
            let fd = open(path, O_RDONLY)
            /// Stops on SIGTERM; FileManager is not used here.
            let text = "Process() and Date() in a message"
            func write(_ report: Report) {}
            sink.write(bytes)
            """
        let lines = Self.violations(in: source).map { Int($0.prefix { $0.isNumber }) ?? 0 }
        #expect(lines == [1, 2, 3, 4, 5, 6, 7])
    }
}
