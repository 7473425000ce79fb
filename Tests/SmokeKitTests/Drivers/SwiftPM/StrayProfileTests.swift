import Foundation
import SmokeTestSupport
import Testing

@testable import SmokeKit

/// A `default.profraw` a test's child process wrote into the package during the run goes into the run's profiles;
/// one the user had before is never written over.
@Suite struct StrayProfileTests {
    /// `folder/Package` holding the user's own `default.profraw` ("theirs"), and smokerun's `folder/build`.
    private static func packageWithTheUsersProfile(in folder: TemporaryDirectory) throws -> (URL, URL, URL) {
        let (package, build) = (
            folder.url.appendingPathComponent("Package"), folder.url.appendingPathComponent("build")
        )
        try FileManager.default.createDirectory(at: package, withIntermediateDirectories: true)
        let file = package.appendingPathComponent("default.profraw")
        try Data("theirs".utf8).write(to: file)
        return (package, build, file)
    }

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

    /// A test's child would write over the user's file: it waits in smokerun's build folder while the tests run, then
    /// comes back as it was, and what the child wrote goes into the run's profiles.
    @Test func theUsersProfileWaitsOutTheTestsAndComesBackAsItWas() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let package = folder.url.appendingPathComponent("Package")
        let run = folder.url.appendingPathComponent("run")
        try FileManager.default.createDirectory(at: package, withIntermediateDirectories: true)
        let file = package.appendingPathComponent("default.profraw")
        try Data("theirs".utf8).write(to: file)
        let stray = StrayProfile(packageRoot: package, holdingTheUsersIn: folder.url.appendingPathComponent("build"))
        #expect(!FileManager.default.fileExists(atPath: file.path))
        try Data("a child's".utf8).write(to: file)

        #expect(stray.collect(into: run.appendingPathComponent("profiles")) != nil)
        stray.restore()
        #expect(try Data(contentsOf: file) == Data("theirs".utf8))
        #expect(
            try Data(contentsOf: run.appendingPathComponent("profiles/stray-default.profraw")) == Data("a child's".utf8)
        )
    }

    /// A run killed while it held the user's file leaves it in the build folder: the next run puts it back first
    /// (and holds it again), so neither a kill nor a run folder's retention loses it.
    @Test func aKilledRunsHoldGoesBackToTheUser() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let (package, build) = (
            folder.url.appendingPathComponent("Package"), folder.url.appendingPathComponent("build")
        )
        try FileManager.default.createDirectory(at: package, withIntermediateDirectories: true)
        let file = package.appendingPathComponent("default.profraw")
        // What a run killed while it held the file leaves (its lock died with it).
        try FileManager.default.createDirectory(at: build, withIntermediateDirectories: true)
        try Data("theirs".utf8).write(to: build.appendingPathComponent("user-default.profraw"))

        let next = StrayProfile(packageRoot: package, holdingTheUsersIn: build)
        #expect(next.note == nil)
        try Data("a child's".utf8).write(to: file)
        next.restore()
        #expect(try Data(contentsOf: file) == Data("theirs".utf8))
        #expect(!FileManager.default.fileExists(atPath: build.appendingPathComponent("user-default.profraw").path))
    }

    /// When the package has another file by the next run, neither is overwritten, and the run says where the held
    /// one is.
    @Test func aHoldThatCannotGoBackIsNamed() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let (package, build) = (
            folder.url.appendingPathComponent("Package"), folder.url.appendingPathComponent("build")
        )
        try FileManager.default.createDirectory(at: package, withIntermediateDirectories: true)
        let file = package.appendingPathComponent("default.profraw")
        try FileManager.default.createDirectory(at: build, withIntermediateDirectories: true)
        try Data("theirs".utf8).write(to: build.appendingPathComponent("user-default.profraw")) // a killed run's hold
        try Data("newer".utf8).write(to: file)

        let next = StrayProfile(packageRoot: package, holdingTheUsersIn: build)
        let held = build.appendingPathComponent("user-default.profraw")
        #expect(next.note?.contains(held.path) == true, "\(String(describing: next.note))")
        next.restore()
        #expect(try Data(contentsOf: file) == Data("newer".utf8))
        #expect(try Data(contentsOf: held) == Data("theirs".utf8))
    }

    /// Two pipelines of one package run at once: the second sees the first's hold as alive, not a killed run's, and
    /// leaves the user's file alone; the first puts it back, and the second never collects it.
    @Test func anotherRunsLiveHoldIsLeftAlone() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let (package, build, file) = try Self.packageWithTheUsersProfile(in: folder)
        let first = StrayProfile(packageRoot: package, holdingTheUsersIn: build)
        let second = StrayProfile(packageRoot: package, holdingTheUsersIn: build)
        #expect(second.note == nil && !FileManager.default.fileExists(atPath: file.path))
        first.restore()
        #expect(second.collect(into: folder.url.appendingPathComponent("run/profiles")) == nil)
        second.restore()
        #expect(try Data(contentsOf: file) == Data("theirs".utf8))
    }

    /// The hold's lock goes at `restore` even while a child forked meanwhile still holds a copy of its descriptor:
    /// the next run then takes the hold for a killed run's, not a live one.
    @Test func aRestoredHoldIsFreeWhileAForkedChildStillHoldsItsDescriptor() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let (package, build, file) = try Self.packageWithTheUsersProfile(in: folder)
        let first = StrayProfile(packageRoot: package, holdingTheUsersIn: build)
        let childsCopy = dup(first.holdLock)
        defer { close(childsCopy) }
        first.restore()

        let next = StrayProfile(packageRoot: package, holdingTheUsersIn: build)
        defer { next.restore() }

        #expect(!FileManager.default.fileExists(atPath: file.path))
        #expect(try Data(contentsOf: build.appendingPathComponent("user-default.profraw")) == Data("theirs".utf8))
    }
}
