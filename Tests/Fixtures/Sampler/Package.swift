// swift-tools-version:6.0
import PackageDescription

// Every kind of test outcome smokerun must report honestly, in both frameworks.
// The tests that crash or hang do so only under smokerun's integration tests
// (SAMPLER_MISBEHAVE=1), so a plain `swift test` here stays usable.
let package = Package(
    name: "Sampler",
    targets: [
        .target(name: "Ledger"),
        .testTarget(name: "LedgerTests", dependencies: ["Ledger"]),
    ]
)
