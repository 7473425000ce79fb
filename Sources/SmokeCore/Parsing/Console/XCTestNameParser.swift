/// Reads the test names XCTest and xcodebuild print into a `TestRef`.
enum XCTestNameParser {
    /// `-[Module.Class method]` (Apple), `Class.method` (Linux), `Class.method()` (parallel xcodebuild),
    /// `Suite/function()` and `function()` (Swift Testing as xcodebuild prints it), `Class/method()` (old Xcode
    /// restarts).
    static func ref(_ line: LineBytes, _ range: Range<Int>, slashMeansSwiftTesting: Bool = true) -> TestRef? {
        var buffer: [UInt8] = []
        return ref(line, range, slashMeansSwiftTesting: slashMeansSwiftTesting, reusing: &buffer)
    }

    /// `ref(_:_:slashMeansSwiftTesting:)` written into `buffer` (see `TestRef.init(framework:line:…:reusing:)`).
    static func ref(
        _ line: LineBytes, _ range: Range<Int>, slashMeansSwiftTesting: Bool = true, reusing buffer: inout [UInt8]
    ) -> TestRef? {
        guard !range.isEmpty else { return nil }
        if line.hasPrefix("-[", at: range.lowerBound), line[range.upperBound - 1] == UInt8(ascii: "]") {
            return objectiveCStyle(line, (range.lowerBound + 2)..<(range.upperBound - 1), reusing: &buffer)
        }
        // A fast forward search says whether there is a `/` at all (Linux names have none), then the last one is found.
        if line.firstIndex(of: UInt8(ascii: "/"), from: range.lowerBound, upTo: range.upperBound) != nil,
            let slash = line.lastIndex(of: UInt8(ascii: "/"), before: range.upperBound), slash >= range.lowerBound
        {
            return TestRef(
                framework: slashMeansSwiftTesting ? .swiftTesting : .xctest, line: line, module: nil,
                suite: range.lowerBound..<slash, name: (slash + 1)..<range.upperBound, reusing: &buffer)
        }
        // `Class.method` or `Class.method()`: the method never contains a dot, the class part may (`Module.Class`).
        let nameEnd = line.hasPrefix("()", at: range.upperBound - 2) ? range.upperBound - 2 : range.upperBound
        // The last dot, found forward with `memchr` (a name holds one or two).
        var lastDot: Int?
        var search = range.lowerBound
        while let found = line.firstIndex(of: UInt8(ascii: "."), from: search, upTo: nameEnd) {
            lastDot = found
            search = found + 1
        }
        guard let dot = lastDot, dot > range.lowerBound else {
            // `name()` alone: a Swift Testing function outside any suite, as xcodebuild prints it.
            guard nameEnd < range.upperBound || line[range.upperBound - 1] == UInt8(ascii: ")"),
                line.firstIndex(of: UInt8(ascii: "("), from: range.lowerBound, upTo: range.upperBound) != nil,
                slashMeansSwiftTesting
            else { return nil }
            return TestRef(
                framework: .swiftTesting, line: line, module: nil, suite: range.lowerBound..<range.lowerBound,
                name: range, reusing: &buffer)
        }
        return TestRef(
            framework: .xctest, line: line, module: nil, suite: range.lowerBound..<dot, name: (dot + 1)..<nameEnd,
            reusing: &buffer)
    }

    /// `Module.Class method` or `Class method` (the method may hold spaces: Kiwi/Quick spec names).
    private static func objectiveCStyle(_ line: LineBytes, _ range: Range<Int>, reusing buffer: inout [UInt8])
        -> TestRef?
    {
        guard let space = line.firstIndex(of: UInt8(ascii: " "), from: range.lowerBound, upTo: range.upperBound),
            space > range.lowerBound, space + 1 < range.upperBound
        else { return nil }
        let name = (space + 1)..<range.upperBound
        if let dot = line.firstIndex(of: UInt8(ascii: "."), from: range.lowerBound, upTo: space), dot > range.lowerBound
        {
            return TestRef(
                framework: .xctest, line: line, module: range.lowerBound..<dot, suite: (dot + 1)..<space, name: name,
                reusing: &buffer)
        }
        return TestRef(
            framework: .xctest, line: line, module: nil, suite: range.lowerBound..<space, name: name, reusing: &buffer)
    }
}
