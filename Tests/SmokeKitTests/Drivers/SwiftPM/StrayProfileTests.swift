import Foundation
import SmokeTestSupport
import Testing

@testable import SmokeKit

/// A `default.profraw` a test's child process wrote into the package during the run goes into the run's profiles;
/// one the user had before stays where it is, untouched.
@Suite struct StrayProfileTests {
    @Test func aProfileTheRunWroteMovesIntoTheRunsProfiles() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let package = folder.url.appendingPathComponent("Package")
        let profiles = folder.url.appendingPathComponent("run/profiles")
        try FileManager.default.createDirectory(at: package, withIntermediateDirectories: true)
        let stray = StrayProfile(packageRoot: package)
        #expect(stray.collect(into: profiles) == nil) // nothing written: nothing to say
        try Data("profile".utf8).write(to: package.appendingPathComponent("default.profraw"))

        let note = try #require(stray.collect(into: profiles))
        #expect(note.contains("wrote default.profraw into \(package.path)"), "\(note)")
        #expect(!FileManager.default.fileExists(atPath: package.appendingPathComponent("default.profraw").path))
        let moved = profiles.appendingPathComponent("stray-default.profraw")
        #expect(try Data(contentsOf: moved) == Data("profile".utf8))
    }

    @Test func aProfileTheUserHadBeforeTheRunStays() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let file = folder.url.appendingPathComponent("default.profraw")
        try Data("theirs".utf8).write(to: file)
        let stray = StrayProfile(packageRoot: folder.url)
        try Data("theirs, then the run's".utf8).write(to: file)

        #expect(stray.collect(into: folder.url.appendingPathComponent("run/profiles")) == nil)
        #expect(try Data(contentsOf: file) == Data("theirs, then the run's".utf8))
    }
}
