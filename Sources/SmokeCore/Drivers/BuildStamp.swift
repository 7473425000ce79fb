import Foundation

/// What a successful `swift build --build-tests` was built from, recorded in its scratch folder so the next
/// run can skip the build when nothing it reads has changed. Pure: the caller scans files and reads the record.
package struct BuildStamp: Codable, Equatable, Sendable {
    package static let fileName = "smokerun-build-stamp.json"

    /// Everything that decides what the build makes: file fingerprint, `swift` binary, arguments, build variables.
    var key: Key
    /// The test binary the build made, and its stat when the build ended: rebuilt if it changed or went.
    package var binary: String
    var binaryStamp: FileStamp
    /// `swift --version` of that `swift` binary, so a fresh build does not ask again.
    package var swiftVersion: String

    package struct Key: Codable, Equatable, Sendable {
        /// The package root, then its local dependencies' roots (`#1`, `#2`, … in `inputs`).
        package var roots: [String]
        var inputs: String
        package var inputCount: Int
        var swift: String
        var swiftStamp: FileStamp
        var arguments: [String]
        var environment: [String]

        /// `manifests`: the text of each root's `Package.swift` (and `Package@swift-*.swift`), whose environment reads
        /// change what gets built.
        package init(
            roots: [String], inputs: [BuildInput], swift: String, swiftStamp: FileStamp, arguments: [String],
            environment: [String: String], manifests: [String] = []
        ) {
            self.roots = roots
            self.inputs = BuildStamp.fingerprint(inputs)
            self.inputCount = inputs.count
            self.swift = swift
            self.swiftStamp = swiftStamp
            self.arguments = arguments
            self.environment = BuildStamp.buildEnvironment(
                environment, manifestReads: Set(manifests.flatMap(BuildStamp.environmentReads)))
        }
    }

    package init(key: Key, binary: String, binaryStamp: FileStamp, swiftVersion: String) {
        self.key = key
        self.binary = binary
        self.binaryStamp = binaryStamp
        self.swiftVersion = swiftVersion
    }

    /// The recorded build still holds when the key is the same and the binary is the one it made.
    package func isFresh(for key: Key, binaryStamp current: FileStamp?) -> Bool {
        self.key == key && current == binaryStamp
    }

    /// FNV-1a (64-bit) over each input's path and stat, in path order: any edit, new, deleted or renamed file
    /// changes it. Not for adversaries.
    static func fingerprint(_ inputs: [BuildInput]) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        func mix(_ text: String) {
            for byte in text.utf8 {
                hash ^= UInt64(byte)
                hash = hash &* 0x0000_0100_0000_01b3
            }
            hash ^= 0x0a
            hash = hash &* 0x0000_0100_0000_01b3
        }
        for input in inputs.sorted(by: { $0.path < $1.path }) {
            mix(input.path)
            // A folder counts by its path only: its mtime moves whenever anything inside comes or goes (`.build`, an
            // editor's swap file), and its entries' paths already say every change that matters.
            mix(input.isDirectory ? "/" : "\(input.stamp.modifiedNanoseconds) \(input.stamp.size) \(input.stamp.inode)")
        }
        return String(hash, radix: 16)
    }

    /// The variables that change what gets built (`SWIFT*`, compiler and SDK choices, and those the manifests read), as
    /// sorted `KEY=value` lines; one a manifest reads is there unset too, so setting it changes the key.
    static func buildEnvironment(_ environment: [String: String], manifestReads: Set<String> = []) -> [String] {
        let names: Set = [
            "CC", "CXX", "LD", "CFLAGS", "CXXFLAGS", "LDFLAGS", "CPATH", "LIBRARY_PATH", "C_INCLUDE_PATH",
            "CPLUS_INCLUDE_PATH", "PKG_CONFIG_PATH", "SDKROOT", "DEVELOPER_DIR", "TOOLCHAINS", "XDG_CACHE_HOME",
        ]
        let set = environment.filter { names.contains($0.key) || $0.key.hasPrefix("SWIFT") }.map {
            "\($0.key)=\($0.value)"
        }
        let read = manifestReads.filter { !names.contains($0) && !$0.hasPrefix("SWIFT") }
            .map { name in environment[name].map { "\(name)=\($0)" } ?? "\(name) unset" }
        return (set + read).sorted()
    }

    /// The variables a manifest reads by name (`environment["OMIT_MACRO_TESTS"]`, `getenv("STRICT")`): SwiftPM builds
    /// anew when they change, so a recorded build must not stand for another value.
    static func environmentReads(_ manifest: String) -> [String] {
        var names: [String] = []
        for opener in ["environment[\"", "getenv(\""] {
            var rest = manifest[...]
            while let found = rest.range(of: opener) {
                rest = rest[found.upperBound...]
                guard let close = rest.firstIndex(of: "\"") else { break }
                let name = rest[..<close]
                if !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) {
                    names.append(String(name))
                }
                rest = rest[close...]
            }
        }
        return names
    }

    /// The `.package(path:)` dependency folders from SwiftPM's `workspace-state.json`; nil when unreadable (build).
    package static func localDependencyRoots(workspaceState: Data) -> [String]? {
        struct State: Decodable {
            struct Object: Decodable { var dependencies: [Dependency]? }
            struct Dependency: Decodable { var packageRef: Reference? }
            struct Reference: Decodable {
                var kind: String?
                var location: String?
                var path: String?
            }
            var object: Object?
        }
        guard let state = try? JSONDecoder().decode(State.self, from: workspaceState), let object = state.object else {
            return nil
        }
        return (object.dependencies ?? []).compactMap { dependency in
            guard let reference = dependency.packageRef, reference.kind == "fileSystem" else { return nil }
            return reference.location ?? reference.path
        }
    }
}
