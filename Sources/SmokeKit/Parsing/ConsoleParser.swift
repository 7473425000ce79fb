/// Reads console output where XCTest and Swift Testing lines mix (as `swift test` and xcodebuild print them).
///
/// Lines that start with a Swift Testing symbol go to `SwiftTestingConsoleParser`, the rest to
/// `XCTestConsoleParser`. A line neither understands is retried once without a wrapper prefix
/// (ANSI colours, `[worker 2] `, docker-compose `name | `, fastlane `INFO [time]: ▸ `), and is
/// otherwise `.output`.
package struct ConsoleParser {
    private var xctest = XCTestConsoleParser()
    private let swiftTesting = SwiftTestingConsoleParser()

    package init() {}

    package mutating func parse(_ line: LineBytes) -> TestEvent {
        if let event = recognise(line) { return event }
        if let event = recogniseUnwrapped(line) { return event }
        return .output(line.string(0..<line.count))
    }

    private mutating func recognise(_ line: LineBytes) -> TestEvent? {
        let start = line.skippingBlanks()
        if start < line.count, line[start] >= 0xE2, let length = SwiftTestingConsoleParser.symbolLength(line, at: start) {
            return swiftTesting.parse(line, symbolAt: start, symbolLength: length)
        }
        return xctest.parse(line)
    }

    private mutating func recogniseUnwrapped(_ line: LineBytes) -> TestEvent? {
        if line.firstIndex(of: 0x1B) != nil {
            let plain = Self.removingEscapeSequences(line)
            return plain.withUnsafeBufferPointer { recognise($0) ?? recogniseUnwrapped($0) }
        }
        guard let contentStart = Self.wrapperEnd(line), contentStart < line.count else { return nil }
        return recognise(UnsafeBufferPointer(rebasing: line[contentStart...]))
    }

    /// Where the text after a known wrapper prefix starts.
    private static func wrapperEnd(_ line: LineBytes) -> Int? {
        let window = Swift.min(line.count, 80)
        if line.hasPrefix("[worker "), let close = line.firstIndex(of: "] ") { return close + 2 }
        if let arrow = UnsafeBufferPointer(rebasing: line[0..<window]).firstIndex(of: "▸ ") { return arrow + 4 }
        if let bar = UnsafeBufferPointer(rebasing: line[0..<window]).firstIndex(of: " | ") { return bar + 3 }
        return nil
    }

    /// The line without `ESC [ … letter` colour sequences.
    private static func removingEscapeSequences(_ line: LineBytes) -> [UInt8] {
        var plain: [UInt8] = []
        plain.reserveCapacity(line.count)
        var index = 0
        while index < line.count {
            if line[index] == 0x1B, index + 1 < line.count, line[index + 1] == UInt8(ascii: "[") {
                index += 2
                while index < line.count, !(line[index] >= 0x40 && line[index] <= 0x7E) { index += 1 }
                index += 1
            } else {
                plain.append(line[index])
                index += 1
            }
        }
        return plain
    }
}
