/// A parallel log prints a failing XCTest test's own output without its module (`Test Case 'ModelTests.testAnswer'
/// started`); when two test modules have that `Class/method`, that test starts as a module-less entry. Its failure's
/// file names the module (`Tests/BTests/T.swift`): the entry becomes that module's test, the one its progress line
/// named, instead of a test nobody ran beside a failing one read as passed.
extension ResultCollector {
    /// `index`, or the module's test `failure`'s file names when `index` is the module-less entry of a name two
    /// modules have (the newest entry, still running), which that test takes over with the outcome so far.
    mutating func attributedToModule(_ index: Int, by failure: TestFailure) -> Int {
        guard index == tests.count - 1, let file = failure.file, tests.framework(at: index) == .xctest,
            running.last == index, tests.rowFields(index).occurrence == 1,
            // A test named with its module is filed under `Class/method` and is no module-less entry; asking the
            // module-less index about it would build that index for a log that never needs it.
            !tests.flags(at: index).contains(.modulelessKeyed)
        else { return index }
        let key = tests.baseID(at: index)
        guard case .some(nil) = tests.find(modulelessKey: key) else { return index }
        // SwiftPM's module of a target `A-Tests` is `A_Tests`.
        let folders = file.split(separator: "/").dropLast().flatMap { [String($0), $0.replacing("-", with: "_")] }
        let named = Set(folders.compactMap { tests.find(id: "\($0).\(key)") })
        guard named.count == 1, let module = named.first,
            tests.flags(at: module).isDisjoint(with: [.started, .finished])
        else { return index }
        tests.moveLast(into: module, keeping: [.modulelessKeyed, .namedProcessLine])
        running[running.count - 1] = module
        if let death = processDeaths.removeValue(forKey: index) { processDeaths[module] = death }
        if lastIssueEntry == index { lastIssueEntry = module }
        cacheIsValid = false
        attributedModuleless = (Array(key.utf8), module)
        return module
    }

    /// The test a line's `Class/method` names: the one module's that has it, or, when two have it, the test a failure
    /// attributed it to while that test runs (its result line names it the same way).
    mutating func modulelessEntry(_ key: UnsafeRawBufferPointer, hash: UInt64? = nil) -> Int? {
        switch tests.find(modulelessKeyBytes: key, hash: hash) {
        case .some(.some(let index)): return index
        case .some(.none):
            guard let attributed = attributedModuleless, running.contains(attributed.index),
                attributed.key.elementsEqual(key)
            else { return nil }
            return attributed.index
        case .none: return nil
        }
    }

    mutating func modulelessEntry(_ key: String) -> Int? {
        var key = key
        return key.withUTF8 { modulelessEntry(UnsafeRawBufferPointer($0)) }
    }
}
