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
        // Reads Xcode 16+ result bundles' database.sqlite3; Apple platforms import the SDK's SQLite3 instead.
        .systemLibrary(
            name: "CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"]), .yum(["sqlite-devel"])]
        ),
        .target(
            name: "SmokeKit",
            dependencies: [.target(name: "CSQLite", condition: .when(platforms: [.linux, .android, .windows]))]
        ),
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
