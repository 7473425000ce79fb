/// A simulator runtime as written ("iOS 17.5", "17.5", "…SimRuntime.iOS-17-5"), as platform and version. Pure.
struct RuntimeSpec: Sendable, Equatable {
    static let identifierPrefix = "com.apple.CoreSimulator.SimRuntime."

    /// `iOS`, `tvOS`, `watchOS`, `xrOS`; nil when the text named only a version.
    var platform: String?
    var version: String

    static func parse(_ text: String, defaultPlatform: String?) -> RuntimeSpec {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.hasPrefix(identifierPrefix) {
            let parts = trimmed.dropFirst(identifierPrefix.count).split(separator: "-").map(String.init)
            let platform = parts.first
            return RuntimeSpec(platform: platform.map(canonical), version: parts.dropFirst().joined(separator: "."))
        }
        let words = trimmed.split(separator: " ").map(String.init)
        if words.count >= 2, let last = words.last, last.first?.isNumber == true {
            return RuntimeSpec(platform: canonical(words.dropLast().joined(separator: " ")), version: last)
        }
        return RuntimeSpec(platform: defaultPlatform.map(platform(ofDevicePlatform:)), version: trimmed)
    }

    /// `iOS Simulator` → `iOS`; visionOS runtimes are named `xrOS` in identifiers.
    static func platform(ofDevicePlatform text: String) -> String {
        canonical(text.replacingOccurrences(of: " Simulator", with: ""))
    }

    static func canonical(_ platform: String) -> String {
        platform == "visionOS" ? "xrOS" : platform
    }

    /// `com.apple.CoreSimulator.SimRuntime.iOS-17-5`.
    var identifier: String {
        Self.identifierPrefix
            + ([platform ?? "iOS"] + version.split(separator: ".").map(String.init)).joined(separator: "-")
    }

    /// `iOS 17.5`.
    var displayName: String {
        [platform == "xrOS" ? "visionOS" : platform, version].compactMap { $0 }.joined(separator: " ")
    }

    /// Whether `runtime` is this one: same platform (when named) and a version whose components start with
    /// these ("17.5" matches 17.5.1, never 17.50).
    func matches(_ runtime: SimctlRuntime) -> Bool {
        let other = RuntimeSpec.parse(runtime.identifier, defaultPlatform: nil)
        let named = RuntimeSpec.parse(runtime.name, defaultPlatform: nil)
        if let platform, let theirs = other.platform ?? named.platform, platform.lowercased() != theirs.lowercased() {
            return false
        }
        let wanted = version.split(separator: ".")
        guard !wanted.isEmpty else { return false }
        return [runtime.version, other.version, named.version].contains { candidate in
            let have = candidate.split(separator: ".")
            return have.count >= wanted.count && Array(have.prefix(wanted.count)) == wanted
        }
    }
}
