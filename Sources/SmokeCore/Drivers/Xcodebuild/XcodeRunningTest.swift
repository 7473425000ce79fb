/// The test xcodebuild's console says is running: the last `Test Case '-[Module.Class method]' started.` with no
/// result line for it after. A result bundle leaves out a test whose run smokerun stopped; this line names it. Pure.
package enum XcodeRunningTest {
    /// The running test after `line` (its `XcodeCloneLine.matchKey`, `Class/method`), given the one before it.
    package static func after(_ line: String, running: String?) -> String? {
        guard let start = line.range(of: "Test Case '-["), let close = line[start.upperBound...].range(of: "]' "),
            let space = line[start.upperBound..<close.lowerBound].lastIndex(of: " ")
        else { return running }
        let owner = String(line[start.upperBound..<space])
        let key = XcodeCloneLine.lastComponent(owner) + "/" + line[line.index(after: space)..<close.lowerBound]
        if line[close.upperBound...].hasPrefix("started") { return key }
        return running == key ? nil : running
    }
}
