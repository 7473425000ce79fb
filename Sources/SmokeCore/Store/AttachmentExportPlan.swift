import Foundation

/// Where each attachment goes in an `attachments --output DIR` export: folders by `levels`, names the
/// attachment's own, made safe and unique per folder (case-insensitively), never a UUID.
package struct AttachmentExportPlan: Sendable, Equatable {
    package enum Level: String, Sendable, CaseIterable {
        case configuration, device, test, status
    }

    /// `--only`: which attachments are exported.
    package enum Filter: String, Sendable, CaseIterable {
        /// `image/*` only.
        case images
        /// Attachments of tests that failed, crashed or timed out.
        case failures
    }

    /// One attachment with what the folders are named after.
    package struct Item: Sendable, Equatable {
        package var testID: String
        package var status: TestStatus
        /// The attachment's own name (untrusted).
        package var name: String
        package var mediaType: String
        package var configuration: String?
        /// "iPhone SE (3rd generation) (iOS 17.5)".
        package var device: String?
        package var source: URL

        package init(
            testID: String, status: TestStatus, name: String, mediaType: String,
            configuration: String?, device: String?, source: URL
        ) {
            self.testID = testID
            self.status = status
            self.name = name
            self.mediaType = mediaType
            self.configuration = configuration
            self.device = device
            self.source = source
        }
    }

    package struct Placement: Sendable, Equatable {
        package var item: Item
        /// Relative to the export folder, `/`-separated.
        package var path: String
    }

    package static let defaultLevels: [Level] = [.configuration, .device, .test]
    /// Folder names for a missing value.
    static let unknownConfiguration = "Default Configuration"
    static let unknownDevice = "Unknown Device"
    /// Longest folder or file stem kept (file systems allow 255 bytes; room for " 99" and an extension).
    static let componentLimit = 120

    package var placements: [Placement]

    package init(items: [Item], levels: [Level] = defaultLevels, flat: Bool = false, only: Set<Filter> = []) {
        var taken: [String: Set<String>] = [:]
        placements = []
        for item in items where Self.passes(item, only) {
            let folders = flat ? [] : levels.map { Self.component(Self.value(of: $0, in: item)) }
            let folder = folders.joined(separator: "/")
            let name = Self.uniqueName(for: item, in: &taken[folder, default: []])
            placements.append(Placement(item: item, path: folder.isEmpty ? name : folder + "/" + name))
        }
    }

    static func passes(_ item: Item, _ only: Set<Filter>) -> Bool {
        if only.contains(.images), !item.mediaType.hasPrefix("image/") { return false }
        if only.contains(.failures), !item.status.isFailure { return false }
        return true
    }

    static func value(of level: Level, in item: Item) -> String {
        switch level {
        case .configuration: item.configuration ?? unknownConfiguration
        case .device: item.device ?? unknownDevice
        case .test: testFolder(item.testID)
        case .status: item.status.rawValue
        }
    }

    /// `LoginTests.testScreenshot` from `AppUITests.LoginTests/testScreenshot()`: suite and test, no module.
    static func testFolder(_ id: String) -> String {
        let parts = id.split(separator: "/", maxSplits: 1).map(String.init)
        guard parts.count == 2 else { return id }
        let suite = parts[0].split(separator: ".").last.map(String.init) ?? parts[0]
        let test = parts[1].hasSuffix("()") ? String(parts[1].dropLast(2)) : parts[1]
        return "\(suite).\(test)"
    }

    /// A safe, readable path component: spaces and parentheses kept; separators, `:`, wildcards and
    /// control characters become `_`; no leading `.`/space/`-`; never empty, `.` or `..`.
    static func component(_ text: String) -> String {
        let forbidden: Set<Character> = ["/", "\\", ":", "*", "?", "\"", "<", ">", "|"]
        var cleaned = String(
            text.map { character -> Character in
                if forbidden.contains(character)
                    || character.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
                {
                    return "_"
                }
                return character
            })
        cleaned = String(cleaned.drop { $0 == "." || $0 == " " || $0 == "-" })
        while cleaned.hasSuffix(".") || cleaned.hasSuffix(" ") { cleaned.removeLast() }
        if cleaned.utf8.count > componentLimit {
            cleaned = String(cleaned.prefix(componentLimit))
            while cleaned.utf8.count > componentLimit { cleaned.removeLast() }
        }
        return cleaned.isEmpty ? "_" : cleaned
    }

    /// `Login screen.png`, then `Login screen 2.png`, … per folder; the name's own extension, else the media type's.
    static func uniqueName(for item: Item, in taken: inout Set<String>) -> String {
        let pathExtension = AttachmentFileName.parts(name: item.name, testID: nil, mediaType: item.mediaType)
            .pathExtension
        var stem = item.name
        if !pathExtension.isEmpty, stem.lowercased().hasSuffix("." + pathExtension) {
            stem = String(stem.dropLast(pathExtension.count + 1))
        }
        stem = component(stem)
        let suffix = pathExtension.isEmpty ? "" : "." + pathExtension
        // Among taken.count + 1 candidates one is always free: the loop is bounded.
        for index in 1...(taken.count + 1) {
            let candidate = (index == 1 ? stem : "\(stem) \(index)") + suffix
            if taken.insert(candidate.lowercased()).inserted { return candidate }
        }
        return stem + suffix
    }
}
