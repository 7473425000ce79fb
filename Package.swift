// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "smokerun",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "smokerun", targets: ["smokerun"])
    ],
    targets: [
        // No system library targets: SQLite is loaded at run time (SQLiteLibrary), zstd is a program,
        // so the package builds wherever the Swift toolchain does, without extra headers.
        // The Linux child between fork and exec (DeathSignalSpawn): C, because only async-signal-safe
        // calls are allowed there and Swift's runtime is not.
        .target(name: "CSpawn"),
        // SQLite's C API declared by hand and loaded with dlopen at run time (SQLiteLibrary): builds
        // without sqlite3.h, which the official swift images lack.
        .target(name: "CSQLite", linkerSettings: [.linkedLibrary("dl", .when(platforms: [.linux]))]),
        .target(name: "SmokeCore"),
        .target(name: "SmokeKit", dependencies: ["SmokeCore", "CSpawn", "CSQLite"]),
        .executableTarget(name: "smokerun", dependencies: ["SmokeCore", "SmokeKit"]),
        // Fakes the SmokeKit, CLI and integration tests use: a test clock, a recording sleeper, scripted processes,
        // a scripted webhook, a webhook receiver on 127.0.0.1, temporary folders.
        .target(name: "SmokeTestSupport", dependencies: ["SmokeCore", "SmokeKit", "SmokeCoreTestSupport"]),
        // What every test target shares and that needs SmokeCore only: the package root, the shared corpus, golden
        // files (Tests/Goldens, re-recorded with RECORD_SNAPSHOTS=1) and fixtures of reports, logs and coverage.
        // Test code, so it lives under Tests/ (the checks over Sources/ are about smokerun itself).
        .target(name: "SmokeCoreTestSupport", dependencies: ["SmokeCore"], path: "Tests/SmokeCoreTestSupport"),
        // Pure unit tests: build without SmokeKit and smokerun.
        .testTarget(name: "SmokeCoreTests", dependencies: ["SmokeCore", "SmokeCoreTestSupport"]),
        .testTarget(
            name: "SmokeKitTests",
            dependencies: ["SmokeCore", "SmokeKit", "SmokeTestSupport", "SmokeCoreTestSupport"]
        ),
        // The smokerun module: commands, their output and its goldens.
        .testTarget(
            name: "CLITests",
            dependencies: ["SmokeCore", "SmokeKit", "smokerun", "SmokeTestSupport", "SmokeCoreTestSupport"]
        ),
        .testTarget(
            name: "IntegrationTests",
            dependencies: ["SmokeCore", "SmokeKit", "smokerun", "SmokeTestSupport", "SmokeCoreTestSupport"]
        ),
    ]
)
