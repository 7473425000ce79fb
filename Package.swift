// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "smokerun",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "smokerun", targets: ["smokerun"]),
        .library(name: "SmokeKit", targets: ["SmokeKit"]),
    ],
    targets: [
        // No system library targets: SQLite is loaded at run time (SQLiteLibrary), zstd is a program,
        // so the package builds wherever the Swift toolchain does, without extra headers.
        .target(name: "SmokeKit"),
        .executableTarget(name: "smokerun", dependencies: ["SmokeKit"]),
        .testTarget(
            name: "SmokeKitTests",
            dependencies: ["SmokeKit"],
            exclude: ["Snapshots/Golden", "Notify/Snapshots", "Coverage/Snapshots"]
        ),
        .testTarget(
            name: "IntegrationTests",
            dependencies: ["SmokeKit", "smokerun"]
        ),
    ]
)
