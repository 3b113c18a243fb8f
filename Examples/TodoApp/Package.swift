// swift-tools-version: 6.1
import PackageDescription

// An app's package as a user of apicheck has one: app code that uses a typed client, and a test target that
// replays recordings with `.replaying`. It depends on apicheck's replay-only test support (APICheckReplayTesting)
// and the client, which build no contract engine (APICheckJSONSchema, APICheckContracts), no CLI, sandbox or live
// runner: Benchmarks/consumer-build.sh measures a clean build of it (wall time and the modules built), beside
// the same package on APICheckTesting, which adds ContractExample and the contract engine.
let package = Package(
    name: "TodoApp",
    platforms: [.macOS(.v14), .iOS(.v17)],
    // One library product: Xcode makes its scheme, which the iOS-simulator CI job tests with xcodebuild.
    products: [.library(name: "TodoApp", targets: ["TodoApp"])],
    dependencies: [
        .package(name: "apicheck", path: "../..")
    ],
    targets: [
        .target(name: "TodoApp", dependencies: [.product(name: "TodoAPI", package: "apicheck")]),
        .testTarget(
            name: "TodoAppTests",
            dependencies: ["TodoApp", .product(name: "APICheckReplayTesting", package: "apicheck")]
        ),
    ]
)
