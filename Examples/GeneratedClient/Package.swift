// swift-tools-version: 6.1
import PackageDescription

// An app whose networking Apple's swift-openapi-generator wrote: Sources/TodoClient/Generated/ is the generator's
// output (1.14.3, types and client) for openapi.yaml, the backend's 3.0.3 document, committed so that the package builds
// without the generator (generate.sh regenerates it). The app calls the generated Client on URLSessionTransport;
// apicheck uses the same openapi.yaml as the contract (apicheck.yml), and its tests replay recordings through the
// generated client. WireFormatOpenAPI is WireFormat's date codec as the runtime's DateTranscoder.
let package = Package(
    name: "GeneratedClient",
    platforms: [.macOS(.v14), .iOS(.v17)],
    // One library product: Xcode makes its scheme, which the iOS-simulator CI job tests with xcodebuild.
    products: [.library(name: "GeneratedClient", targets: ["TodoClient"])],
    dependencies: [
        .package(name: "apicheck", path: "../.."),
        .package(url: "https://github.com/apple/swift-openapi-runtime", from: "1.13.4"),
        .package(url: "https://github.com/apple/swift-openapi-urlsession", from: "1.4.0"),
    ],
    targets: [
        .target(
            name: "TodoClient",
            dependencies: [
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "OpenAPIURLSession", package: "swift-openapi-urlsession"),
                .product(name: "WireFormatOpenAPI", package: "apicheck"),
            ],
            exclude: ["Generated/openapi.yaml.sha256"]
        ),
        .testTarget(
            name: "TodoClientTests",
            dependencies: [
                "TodoClient",
                .product(name: "APICheckTesting", package: "apicheck"),
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "OpenAPIURLSession", package: "swift-openapi-urlsession"),
                .product(name: "WireFormatOpenAPI", package: "apicheck"),
            ]
        ),
    ]
)
