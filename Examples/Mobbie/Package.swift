// swift-tools-version: 6.1
import PackageDescription

// An app written the way Mobbie is: a Moya-style router on an Alamofire-style Session built from a
// URLSessionConfiguration, with its own delegate and an interceptor that adds SesacKey and the token, refreshes once
// on 419 and retries, and logs out on 418. (Alamofire and Moya cannot be fetched here; the shapes are theirs, written
// by hand.) Its tests hand the session TestRecording.configuration, and an EventMonitor that hands each upload task's
// body to apicheck (TestRecording.registerUpload): the post with images goes as a multipart upload task.
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
        .testTarget(name: "MobbieTests", dependencies: ["Mobbie", .product(name: "APICheckTesting", package: "apicheck")]),
    ]
)
