// swift-tools-version: 6.1
import PackageDescription

// A package that uses apicheck the way SwiftLint's plugin users use SwiftLint: the released executable as a binary
// target (an artifact bundle), run by the package's own command plugin, with no apicheck source built. .ci/run
// copies this folder next to the bundle that Scripts/make-artifactbundle.sh built and runs
// `swift package check-contracts`; a real package names the release's URL and checksum instead of a path.
let package = Package(
    name: "ArtifactBundleConsumer",
    targets: [
        .binaryTarget(name: "apicheck", path: "apicheck.artifactbundle.zip"),
        .plugin(
            name: "CheckContracts",
            capability: .command(
                intent: .custom(verb: "check-contracts", description: "Runs apicheck verify with this package's apicheck.yml")
            ),
            dependencies: ["apicheck"]
        ),
    ]
)
