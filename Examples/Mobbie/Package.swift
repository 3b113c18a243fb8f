// swift-tools-version: 6.1
import PackageDescription

// An app written the way Mobbie is (andwecrawl/Mobbie, its Network folder): a Moya-style router whose endpoints carry
// their headers (the token of the moment in Authorization) on an Alamofire-style Session built from a
// URLSessionConfiguration, with its own delegate and an interceptor that refreshes on 419 and retries and logs out on
// 418; posts as multipart upload tasks without a title; photos loaded Kingfisher-style with the key and the token.
// (Alamofire, Moya and Kingfisher cannot be fetched here; the shapes are theirs, written by hand.) Its tests hand the
// sessions TestRecording.configuration and an EventMonitor that hands each upload task's body to apicheck; they record
// from the LSLP replica started in-process (Sandbox) and replay offline.
let package = Package(
    name: "Mobbie",
    platforms: [.macOS(.v14), .iOS(.v17)],
    // One library product: Xcode makes its scheme, which the iOS-simulator CI job tests with xcodebuild.
    products: [.library(name: "Mobbie", targets: ["Mobbie"])],
    dependencies: [
        .package(name: "apicheck", path: "../..")
    ],
    targets: [
        .target(name: "Mobbie"),
        .testTarget(
            name: "MobbieTests",
            dependencies: [
                "Mobbie", .product(name: "APICheckTesting", package: "apicheck"), .product(name: "APICheckReplay", package: "apicheck"),
                .product(name: "Sandbox", package: "apicheck"),
            ]),
    ]
)
