import Testing

@testable import SmokeCore

/// `swift build`'s lines as SwiftPM 6.3 printed them for `Tests/Fixtures/Abacus`: a first build, then one with
/// nothing to do, then one after touching a source.
@Suite struct SwiftBuildOutputTests {
    static let nothingToDo = [
        "[0/1] Planning build", "Building for debugging...", "[0/2] Write swift-version-6A52383ED409C6A7.txt",
        "Build complete! (2.97s)",
    ]
    static let compiling = [
        "Building for debugging...", "[0/3] Write sources", "[1/3] Write swift-version-6A52383ED409C6A7.txt",
        "[3/5] Compiling Abacus Abacus.swift", "[4/5] Emitting module Abacus", "[5/7] Write Objects.LinkFileList",
        "[6/7] Linking AbacusPackageTests.xctest", "Build complete! (10.35s)",
    ]

    @Test func aBuildWithNothingToDoCompilesNothing() {
        #expect(!Self.nothingToDo.contains(where: SwiftBuildOutput.compiles))
    }

    @Test func compilingEmittingAndLinkingStepsAreBuilding() {
        #expect(Self.compiling.filter(SwiftBuildOutput.compiles).count == 3)
        #expect(SwiftBuildOutput.compiles("[20/21] Linking AbacusPackageTests.xctest"))
        // A compiler message naming a step is not one.
        #expect(!SwiftBuildOutput.compiles("warning: Compiling took long"))
    }
}
