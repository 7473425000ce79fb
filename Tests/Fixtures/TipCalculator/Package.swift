// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "TipCalculator",
    products: [.library(name: "TipCalculator", targets: ["TipCalculator"])],
    targets: [
        .target(name: "TipCalculator"),
        .testTarget(name: "TipCalculatorTests", dependencies: ["TipCalculator"]),
    ]
)
