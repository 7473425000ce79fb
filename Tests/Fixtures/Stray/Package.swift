// swift-tools-version:6.0
import PackageDescription

// Tests that leave a process running after they end: a `/bin/sleep` in a session of its own that keeps
// the test's stdout open. They misbehave only under smokerun's integration tests (STRAY_SLEEP set), so a
// plain `swift test` here stays usable.
let package = Package(
    name: "Stray",
    targets: [
        .target(name: "Stray"),
        .testTarget(name: "StrayTests", dependencies: ["Stray"]),
    ]
)
