// swift-tools-version: 6.1
import PackageDescription

// An app written the way REST_TODO is: its own optional-field models, a generic request<T> over
// URLSession.shared's dataTaskPublisher (Combine on Apple platforms, OpenCombine on Linux), the production base URL
// hard-coded in Constants. Its tests replay with scope: .global and never touch that code.
let package = Package(
    name: "SeedTodo",
    platforms: [.macOS(.v14), .iOS(.v17)],
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
    ]
)
