// swift-tools-version: 6.1
import PackageDescription

// An app's package as a user of apicheck has one: app code that uses a typed client, and a test target that
// replays recordings with `.replaying`. It depends on apicheck's test-support path only (APICheckTesting and
// the client), which must not build the CLI, the sandbox or the live runner: `apicheck-bench` has no part in
// this, and Benchmarks/consumer-build.sh measures a clean build of it (wall time and the modules built).
let package = Package(
    name: "TodoApp",
    platforms: [.macOS(.v14), .iOS(.v17)],
    dependencies: [
        .package(name: "apicheck", path: "../.."),
    ],
    targets: [
        .target(name: "TodoApp", dependencies: [.product(name: "TodoAPI", package: "apicheck")]),
        .testTarget(
            name: "TodoAppTests",
            dependencies: ["TodoApp", .product(name: "APICheckTesting", package: "apicheck")]
        ),
    ]
)
