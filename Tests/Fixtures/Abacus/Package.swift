// swift-tools-version:5.2
import PackageDescription

// An older package's layout: Tests/LinuxMain.swift calls XCTMain with the tests its manifest lists, as
// packages written before Swift 5.5's test discovery (Ink 0.6.0, SwiftGraph 4.0.0) still do. The test
// binary's entry point is XCTMain, which ignores --testing-library and runs only the listed tests.
// Tools version 5.2, as those packages declare: under 6.0 the manifest's method references are @Sendable
// and XCTMain aborts casting them (Swift 6.3.1 on Linux).
let package = Package(
    name: "Abacus",
    products: [.library(name: "Abacus", targets: ["Abacus"])],
    targets: [
        .target(name: "Abacus"),
        .testTarget(name: "AbacusTests", dependencies: ["Abacus"]),
    ]
)
