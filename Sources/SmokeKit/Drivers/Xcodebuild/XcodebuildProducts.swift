import Foundation
import SmokeCore

/// What coverage needs from the derived data: this run's `Coverage.profdata` and the instrumented binaries.
struct XcodebuildProducts: Sendable {
    var derivedData: URL

    /// `Coverage.profdata` files written at or after `since` (a shared derived data folder keeps older ones), sorted.
    func coverageProfiles(since: Date) -> [URL] {
        let root = derivedData.appendingPathComponent("Build/ProfileData")
        let folders = (try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []
        return folders.sorted().compactMap { folder in
            let profile = root.appendingPathComponent(folder).appendingPathComponent("Coverage.profdata")
            guard
                let modified = (try? FileManager.default.attributesOfItem(atPath: profile.path))?[.modificationDate]
                    as? Date,
                modified >= since.addingTimeInterval(-1)
            else { return nil }
            return profile
        }
    }

    /// The executables in `Build/Products/*/` `.app` and `.xctest` bundles (and an app's `PlugIns/`), sorted.
    func binaries() -> [URL] {
        let products = derivedData.appendingPathComponent("Build/Products")
        var found: [URL] = []
        for configuration in ((try? FileManager.default.contentsOfDirectory(atPath: products.path)) ?? []).sorted() {
            let folder = products.appendingPathComponent(configuration)
            for name in ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted() {
                let bundle = folder.appendingPathComponent(name)
                found += Self.executables(in: bundle)
                let plugIns = bundle.appendingPathComponent("PlugIns")
                for plugIn in ((try? FileManager.default.contentsOfDirectory(atPath: plugIns.path)) ?? []).sorted() {
                    found += Self.executables(in: plugIns.appendingPathComponent(plugIn))
                }
            }
        }
        return found
    }

    /// `Name.app/Name` (iOS, flat) or `Name.xctest/Contents/MacOS/Name` (macOS).
    static func executables(in bundle: URL) -> [URL] {
        guard ["app", "xctest"].contains(bundle.pathExtension) else { return [] }
        let name = bundle.deletingPathExtension().lastPathComponent
        return [bundle.appendingPathComponent(name), bundle.appendingPathComponent("Contents/MacOS/\(name)")]
            .filter { FileManager.default.isExecutableFile(atPath: $0.path) }
            .prefix(1).map { $0 }
    }
}
