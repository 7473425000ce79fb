/// Reads the test names XCTest and xcodebuild print into a `TestRef`.
enum XCTestNameParser {
    /// `-[Module.Class method]` (Apple), `Class.method` (Linux), `Class.method()` (parallel xcodebuild),
    /// `Suite/function()` (Swift Testing as xcodebuild prints it), `Class/method()` (old Xcode restarts).
    static func ref(_ line: LineBytes, _ range: Range<Int>, slashMeansSwiftTesting: Bool = true) -> TestRef? {
        guard !range.isEmpty else { return nil }
        if line.hasPrefix("-[", at: range.lowerBound), line[range.upperBound - 1] == UInt8(ascii: "]") {
            return objectiveCStyle(line, (range.lowerBound + 2)..<(range.upperBound - 1))
        }
        if let slash = line.lastIndex(of: UInt8(ascii: "/"), before: range.upperBound), slash >= range.lowerBound {
            let suite = line.string(range.lowerBound..<slash)
            let name = line.string((slash + 1)..<range.upperBound)
            return TestRef(framework: slashMeansSwiftTesting ? .swiftTesting : .xctest, suite: suite, name: name)
        }
        // `Class.method` or `Class.method()`: the method never contains a dot, the class part may (`Module.Class`).
        let nameEnd = line.hasPrefix("()", at: range.upperBound - 2) ? range.upperBound - 2 : range.upperBound
        guard let dot = line.lastIndex(of: UInt8(ascii: "."), before: nameEnd), dot > range.lowerBound else {
            return nil
        }
        return TestRef(
            framework: .xctest, suite: line.string(range.lowerBound..<dot), name: line.string((dot + 1)..<nameEnd))
    }

    /// `Module.Class method` or `Class method` (the method may hold spaces: Kiwi/Quick spec names).
    private static func objectiveCStyle(_ line: LineBytes, _ range: Range<Int>) -> TestRef? {
        guard let space = line.firstIndex(of: UInt8(ascii: " "), from: range.lowerBound, upTo: range.upperBound),
            space > range.lowerBound, space + 1 < range.upperBound
        else { return nil }
        let name = line.string((space + 1)..<range.upperBound)
        if let dot = line.firstIndex(of: UInt8(ascii: "."), from: range.lowerBound, upTo: space), dot > range.lowerBound
        {
            return TestRef(
                framework: .xctest, module: line.string(range.lowerBound..<dot),
                suite: line.string((dot + 1)..<space), name: name)
        }
        return TestRef(framework: .xctest, suite: line.string(range.lowerBound..<space), name: name)
    }
}
