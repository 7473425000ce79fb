// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Flicker",
    targets: [
        .target(name: "Flicker"),
        .testTarget(name: "FlickerTests", dependencies: ["Flicker"]),
    ]
)
