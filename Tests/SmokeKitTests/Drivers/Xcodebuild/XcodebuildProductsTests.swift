import Foundation
import SmokeCoreTestSupport
import Testing

@testable import SmokeCore
@testable import SmokeKit
@testable import SmokeTestSupport

/// Finding this run's Coverage.profdata and the instrumented binaries in a derived data folder.
@Suite struct XcodebuildProductsTests {
    func derivedData() throws -> URL {
        let root = TestScratch.root.appendingPathComponent(
            "smokerun-dd-\(UUID().uuidString.prefix(8))")
        let products = root.appendingPathComponent("Build/Products/Debug-iphonesimulator")
        for executable in [
            "SmokeApp.app/SmokeApp", "SmokeApp.app/PlugIns/SmokeAppTests.xctest/SmokeAppTests",
            "Mac.xctest/Contents/MacOS/Mac",
        ] {
            let url = products.appendingPathComponent(executable)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            #expect(
                FileManager.default.createFile(
                    atPath: url.path, contents: Data(), attributes: [.posixPermissions: 0o755]))
        }
        #expect(
            FileManager.default.createFile(
                atPath: products.appendingPathComponent("SmokeApp.app/Info.plist").path, contents: Data()))
        for (folder, age) in [("OLD-RUN", -3600.0), ("THIS-RUN", 0.0)] {
            let profile = root.appendingPathComponent("Build/ProfileData/\(folder)/Coverage.profdata")
            try FileManager.default.createDirectory(
                at: profile.deletingLastPathComponent(), withIntermediateDirectories: true)
            #expect(
                FileManager.default.createFile(
                    atPath: profile.path, contents: Data(),
                    attributes: [.modificationDate: Date().addingTimeInterval(age)]))
        }
        return root
    }

    @Test func onlyThisRunsProfilesAndEveryAppAndTestExecutable() throws {
        let root = try derivedData()
        let products = XcodebuildProducts(derivedData: root)
        #expect(
            products.coverageProfiles(since: Date().addingTimeInterval(-60)).map(\.lastPathComponent) == [
                "Coverage.profdata"
            ])
        #expect(
            products.coverageProfiles(since: Date().addingTimeInterval(-60)).first?.deletingLastPathComponent()
                .lastPathComponent == "THIS-RUN")
        let base = root.appendingPathComponent("Build/Products/Debug-iphonesimulator").path
        #expect(
            products.binaries().map(\.path) == [
                "\(base)/Mac.xctest/Contents/MacOS/Mac", "\(base)/SmokeApp.app/SmokeApp",
                "\(base)/SmokeApp.app/PlugIns/SmokeAppTests.xctest/SmokeAppTests",
            ])
        #expect(XcodebuildProducts(derivedData: root.appendingPathComponent("missing")).binaries().isEmpty)
    }
}
