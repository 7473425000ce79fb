// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "TipCalculator",
    // The lowest iOS it supports; Linux and macOS builds are unaffected. Pipelines/ios-smoke.json runs
    // its tests with xcodebuild on an iOS simulator, without an Xcode project.
    platforms: [.iOS(.v17)],
    products: [.library(name: "TipCalculator", targets: ["TipCalculator"])],
    targets: [
        .target(name: "TipCalculator"),
        .testTarget(name: "TipCalculatorTests", dependencies: ["TipCalculator"]),
    ]
)
