// swift-tools-version:6.0
import PackageDescription

// smokerun's order-dependence fixture: a flaky test, a test that another test poisons, a test that fails
// after its class-mate in one process, a test that always fails, and independent tests. See Tests/OrderDependenceTests/Scratch.swift for the scratch folder.
let package = Package(
    name: "OrderDependence",
    products: [.library(name: "Inventory", targets: ["Inventory"])],
    targets: [
        .target(name: "Inventory"),
        .testTarget(name: "OrderDependenceTests", dependencies: ["Inventory"]),
    ]
)
