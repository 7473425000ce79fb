import Foundation
import Testing

@testable import SmokeCore

@Suite struct BuildStampTests {
    static func input(_ path: String, modified: Int64 = 1_000, size: Int64 = 10, inode: UInt64 = 7) -> BuildInput {
        BuildInput(
            path: path, stamp: FileStamp(modifiedNanoseconds: modified, size: size, inode: inode), isDirectory: false)
    }

    static let tree = [
        input("Package.swift"), input("Sources/A/A.swift", modified: 2_000),
        input("Tests/ATests/ATests.swift", inode: 9),
    ]

    @Test func theFingerprintIgnoresListingOrder() {
        #expect(BuildStamp.fingerprint(Self.tree) == BuildStamp.fingerprint(Self.tree.reversed()))
    }

    @Test(arguments: [
        [
            input("Package.swift"), input("Sources/A/A.swift", modified: 2_001),
            input("Tests/ATests/ATests.swift", inode: 9),
        ],
        [
            input("Package.swift", size: 11), input("Sources/A/A.swift", modified: 2_000),
            input("Tests/ATests/ATests.swift", inode: 9),
        ],
        [
            input("Package.swift"), input("Sources/A/A.swift", modified: 2_000),
            input("Tests/ATests/ATests.swift", inode: 10),
        ],
        [
            input("Package.swift"), input("Sources/A/B.swift", modified: 2_000),
            input("Tests/ATests/ATests.swift", inode: 9),
        ],
        [input("Package.swift"), input("Sources/A/A.swift", modified: 2_000)],
    ])
    func anyEditRenameOrRemovalChangesTheFingerprint(changed: [BuildInput]) {
        #expect(BuildStamp.fingerprint(changed) != BuildStamp.fingerprint(Self.tree))
    }

    @Test func onlyBuildRelatedVariablesAreKept() {
        let kept = BuildStamp.buildEnvironment([
            "SWIFTPM_ENABLE_PLUGINS": "1", "CC": "clang", "HOME": "/home/x", "TERM": "xterm", "SMOKERUN_SEED": "4",
        ])
        #expect(kept == ["CC=clang", "SWIFTPM_ENABLE_PLUGINS=1"])
    }

    /// A manifest that reads a variable builds something else when it changes (`GREETER_STRICT=1` adds a define):
    /// the variable is part of the key, set or unset.
    @Test func variablesAManifestReadsAreKept() {
        let manifest = """
            let strict = Context.environment["GREETER_STRICT"] != nil
            let omit = ProcessInfo.processInfo.environment["OMIT_MACRO_TESTS"] == nil
            let c = getenv("LEGACY_FLAG")
            let dynamic = environment[name]
            """
        #expect(BuildStamp.environmentReads(manifest) == ["GREETER_STRICT", "OMIT_MACRO_TESTS", "LEGACY_FLAG"])
        let key: (String?) -> BuildStamp.Key = { strict in
            BuildStamp.Key(
                roots: ["/p"], inputs: [], swift: "/usr/bin/swift",
                swiftStamp: FileStamp(modifiedNanoseconds: 1, size: 1, inode: 1),
                arguments: [], environment: strict.map { ["GREETER_STRICT": $0, "HOME": "/h"] } ?? ["HOME": "/h"],
                manifests: [manifest])
        }
        #expect(key(nil) != key("1"))
        #expect(key("1") == key("1"))
        #expect(key(nil).environment.contains("GREETER_STRICT unset"))
    }

    @Test func localDependenciesAreTheFileSystemOnesOfTheWorkspaceState() throws {
        let state = """
            {"object": {"artifacts": [], "dependencies": [
              {"basedOn": null, "packageRef": {"identity": "shared", "kind": "fileSystem", "location": "/src/Shared", "name": "Shared"},
               "state": {"name": "fileSystem", "path": "/src/Shared"}, "subpath": "shared"},
              {"basedOn": null, "packageRef": {"identity": "swift-argument-parser", "kind": "remoteSourceControl",
               "location": "https://github.com/apple/swift-argument-parser.git", "name": "swift-argument-parser"},
               "state": {"checkoutState": {"revision": "abc", "version": "1.3.0"}, "name": "sourceControlCheckout"}, "subpath": "swift-argument-parser"}
            ]}, "version": 7}
            """
        #expect(BuildStamp.localDependencyRoots(workspaceState: Data(state.utf8)) == ["/src/Shared"])
        #expect(
            BuildStamp.localDependencyRoots(
                workspaceState: Data("{\"object\":{\"dependencies\":[]},\"version\":7}".utf8)) == [])
        #expect(BuildStamp.localDependencyRoots(workspaceState: Data("not json".utf8)) == nil)
    }

    @Test func aRecordHoldsOnlyForTheSameKeyAndAnUntouchedBinary() {
        let stamp = FileStamp(modifiedNanoseconds: 5, size: 100, inode: 3)
        let key = BuildStamp.Key(
            roots: ["/p"], inputs: Self.tree, swift: "/usr/bin/swift-driver", swiftStamp: stamp,
            arguments: ["build", "--build-tests"], environment: [:])
        let record = BuildStamp(
            key: key, binary: "/p/.build/smokerun/debug/PPackageTests.xctest", binaryStamp: stamp,
            swiftVersion: "Swift version 6.3.1")
        #expect(record.isFresh(for: key, binaryStamp: stamp))
        #expect(!record.isFresh(for: key, binaryStamp: nil))
        #expect(!record.isFresh(for: key, binaryStamp: FileStamp(modifiedNanoseconds: 6, size: 100, inode: 3)))
        var other = key
        other.arguments.append("--enable-code-coverage")
        #expect(!record.isFresh(for: other, binaryStamp: stamp))
    }
}

@Suite struct TestListCacheTests {
    static let stamp = FileStamp(modifiedNanoseconds: 10, size: 2_000, inode: 4)
    static let cache = TestListCache(
        binary: "/p/.build/smokerun/debug/PPackageTests.xctest", binaryStamp: stamp,
        xctest: "PTests.ATests/testOne\nPTests.ATests/testTwo\n", swiftTesting: "PTests.Suite/check()\n")

    @Test func aListingHoldsOnlyForTheSameBinaryUnchanged() {
        #expect(Self.cache.holds(for: Self.cache.binary, stamp: Self.stamp))
        #expect(
            !Self.cache.holds(for: Self.cache.binary, stamp: FileStamp(modifiedNanoseconds: 11, size: 2_000, inode: 4)))
        #expect(!Self.cache.holds(for: Self.cache.binary, stamp: nil))
        #expect(!Self.cache.holds(for: "/q/PPackageTests.xctest", stamp: Self.stamp))
    }

    @Test func theRecordedListingGivesBothFrameworksTests() {
        #expect(
            Self.cache.tests.map(\.id) == ["PTests.ATests/testOne", "PTests.ATests/testTwo", "PTests.Suite/check()"])
        #expect(Self.cache.tests.map(\.framework) == [.xctest, .xctest, .swiftTesting])
    }
}
