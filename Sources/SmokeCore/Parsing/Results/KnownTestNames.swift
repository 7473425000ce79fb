/// Turns a `TestRef` into the id, suite and name a `TestResult` carries, qualifying short names with
/// the ids `--list-tests` printed (`LedgerXCTests.testX` → `LedgerTests.LedgerXCTests/testX`).
struct KnownTestNames {
    struct Name {
        var id: String
        var suite: String
        var name: String
    }

    /// `Class/method` (module dropped) → full id; nil when two modules share it.
    private var byShortID: [String: String?] = [:]
    /// `function()` → full id, for the Swift Testing console which prints no suite; nil when ambiguous.
    private var byFunctionName: [String: String?] = [:]

    init(_ knownTests: [String]) {
        for id in knownTests {
            let parts = Self.split(id)
            let short = parts.suite.isEmpty ? parts.name : "\(parts.suite)/\(parts.name)"
            byShortID[short] = byShortID[short] == nil ? id : .some(nil)
            byFunctionName[parts.name] = byFunctionName[parts.name] == nil ? id : .some(nil)
        }
    }

    /// No listed `Class/method` could qualify a module-less name: it is its own id.
    var hasNoShortNames: Bool { byShortID.isEmpty }

    func resolve(_ ref: TestRef) -> Name {
        var name = ref.name
        if ref.framework == .xctest, name.hasSuffix("()") { name.removeLast(2) }
        if let module = ref.module {
            let prefix = ref.suite.isEmpty ? module : "\(module).\(ref.suite)"
            return Name(id: "\(prefix)/\(name)", suite: ref.suite.isEmpty ? module : ref.suite, name: name)
        }
        if ref.suite.isEmpty {
            if let known = byFunctionName[name] ?? nil { return Self.name(of: known) }
            return Name(id: name, suite: "", name: name)
        }
        let short = "\(ref.suite)/\(name)"
        if let known = byShortID[short] ?? nil { return Self.name(of: known) }
        return Name(id: short, suite: ref.suite, name: name)
    }

    private static func name(of id: String) -> Name {
        let parts = split(id)
        return Name(id: id, suite: parts.suite, name: parts.name)
    }

    /// `Module.Suite/Inner/name` → (suite: `Suite/Inner`, name: `name`); `Module/name` → (`Module`, `name`).
    private static func split(_ id: String) -> (suite: String, name: String) {
        guard let slash = id.lastIndex(of: "/") else { return ("", id) }
        let prefix = id[..<slash]
        let name = String(id[id.index(after: slash)...])
        let firstComponentEnd = prefix.firstIndex(of: "/") ?? prefix.endIndex
        if let dot = prefix[..<firstComponentEnd].firstIndex(of: ".") {
            return (String(prefix[prefix.index(after: dot)...]), name)
        }
        return (String(prefix), name)
    }
}
