// swift-tools-version: 6.1
import PackageDescription

// An app written the way GitFeed is: callback dataTasks on URLSession.shared, the saved Last-Modified sent back as
// If-Modified-Since, a 304 read as "nothing new". Its tests replay with scope: .global and never touch that code.
let package = Package(
    name: "GitFeed",
    platforms: [.macOS(.v14), .iOS(.v17)],
    // One library product: Xcode makes its scheme, which the iOS-simulator CI job tests with xcodebuild.
    products: [.library(name: "GitFeed", targets: ["GitFeed"])],
    dependencies: [
        .package(name: "apicheck", path: "../..")
    ],
    targets: [
        .target(name: "GitFeed"),
        .testTarget(name: "GitFeedTests", dependencies: ["GitFeed", .product(name: "APICheckTesting", package: "apicheck")]),
    ]
)
