// swift-tools-version: 6.1
import PackageDescription

// An app's package at the deployment targets apps have: REST_TODO's app targets iOS 16, and macOS 12 is the oldest
// the README promises for the products an app links. It links every one of them, the library products in its target
// and the test products (with the sandbox, which an app's tests may start) in its test target, so a product whose
// minimum rises above these fails to build (Xcode refuses a product whose minimum is above the target's; SwiftPM
// checks it only when it builds for an Apple platform). The macOS job of .github/workflows/ci.yml builds it for
// macOS and for the iOS simulator.
let package = Package(
    name: "DeploymentConsumer",
    platforms: [.iOS(.v16), .macOS(.v12)],
    dependencies: [.package(name: "apicheck", path: "../..")],
    targets: [
        .target(
            name: "DeploymentConsumer",
            dependencies: [
                .product(name: "WireFormat", package: "apicheck"),
                .product(name: "WireFormatOpenAPI", package: "apicheck"),
                .product(name: "TodoAPI", package: "apicheck"),
                .product(name: "GitHubAPI", package: "apicheck"),
                .product(name: "KakaoAPI", package: "apicheck"),
                .product(name: "LSLPAPI", package: "apicheck"),
                .product(name: "APICheckReplay", package: "apicheck"),
            ]),
        .testTarget(
            name: "DeploymentConsumerTests",
            dependencies: [
                "DeploymentConsumer",
                .product(name: "APICheckReplayTesting", package: "apicheck"),
                .product(name: "APICheckTesting", package: "apicheck"),
                .product(name: "APICheckServeTesting", package: "apicheck"),
                .product(name: "Sandbox", package: "apicheck"),
            ]),
    ]
)
