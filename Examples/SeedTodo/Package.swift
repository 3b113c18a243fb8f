// swift-tools-version: 6.1
import PackageDescription

// An app written the way REST_TODO is: its own optional-field models, a generic request<T> over
// URLSession.shared's dataTaskPublisher (Combine on Apple platforms, OpenCombine on Linux), the production base URL
// hard-coded in Constants. Its tests replay with scope: .global and never touch that code.
// Like REST_TODO's app target, it is at iOS 16 and in Swift 5 language mode (as most app targets still are): it
// builds and tests in .ci/run and on the macOS and iOS-simulator jobs, so apicheck's products link at that target and
// their concurrency annotations (Sendable closures, async traits) are usable from Swift 5 code.
let package = Package(
    name: "SeedTodo",
    platforms: [.macOS(.v12), .iOS(.v16)],
    // One library product: Xcode makes its scheme, which the iOS-simulator CI job tests with xcodebuild.
    products: [.library(name: "SeedTodo", targets: ["SeedTodo"])],
    dependencies: [
        .package(name: "apicheck", path: "../.."),
        .package(url: "https://github.com/OpenCombine/OpenCombine", from: "0.14.0"),
    ],
    targets: [
        .target(
            name: "SeedTodo",
            dependencies: [
                .product(name: "OpenCombine", package: "OpenCombine", condition: .when(platforms: [.linux])),
                .product(name: "OpenCombineFoundation", package: "OpenCombine", condition: .when(platforms: [.linux])),
            ]
        ),
        .testTarget(name: "SeedTodoTests", dependencies: ["SeedTodo", .product(name: "APICheckTesting", package: "apicheck")]),
    ],
    swiftLanguageModes: [.v5]
)
