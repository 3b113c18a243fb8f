// swift-tools-version: 6.1
import PackageDescription

// Dependency rules (docs/ARCHITECTURE.md, "Modules"): a module holds only what its users need.
// - APICheckRecording (the recording format, the JSON value, redaction, apicheck.yml) is all the replay layer
//   and the replay-only test support need: an app's test target that only replays compiles no OpenAPIKit.
// - APICheckContracts (contracts, schemas, the verifier, findings) adds OpenAPIKit; APICheckCommands (the runs
//   and reports of the commands, inference, examples, HAR) is used by the CLI only. `APICheck` re-exports all three.
// - WireFormat, the recording and contract modules and the typed clients use no networking package and no
//   sockets, so that an iOS or macOS test target can use them.
// - The clients use WireFormat only. The sandbox uses neither the clients nor WireFormat (only Sockets and
//   HTTP1): a replica that shared the clients' code would hide their bugs.
// - HTTP1 is the one HTTP/1.1 codec, for the live client and the sandbox's server (fuzzed, compared with h11).
// - The live runner (APICheckLive) uses the contract module and its own HTTP/1.1 client on Sockets; the CLI
//   is thin: it uses the commands, the live runner and the sandbox.
let package = Package(
    name: "apicheck",
    platforms: [.macOS(.v14), .iOS(.v17), .tvOS(.v17), .watchOS(.v10)],
    products: [
        .executable(name: "apicheck", targets: ["APICheckCLI"]),
        // The same executable under its target's name, which is how SwiftPM finds a plugin's tool in this package.
        .executable(name: "APICheckCLI", targets: ["APICheckCLI"]),
        .executable(name: "apicheck-bench", targets: ["APICheckBench"]),
        // Fuzzing (Scripts/fuzz.sh builds it with libFuzzer; a plain build runs inputs from files).
        .executable(name: "apicheck-fuzz", targets: ["apicheck-fuzz"]),
        .library(name: "WireFormat", targets: ["WireFormat"]),
        .library(name: "APICheck", targets: ["APICheck"]),
        .library(name: "TodoAPI", targets: ["TodoAPI"]),
        .library(name: "GitHubAPI", targets: ["GitHubAPI"]),
        .library(name: "KakaoAPI", targets: ["KakaoAPI"]),
        .library(name: "LSLPAPI", targets: ["LSLPAPI"]),
        .library(name: "APICheckReplay", targets: ["APICheckReplay"]),
        // Test support: link it from test targets only (it imports Testing and XCTest).
        .library(name: "APICheckTesting", targets: ["APICheckTesting"]),
        // The replay traits alone (APICheckTesting re-exports them and adds ContractExample and expectConforms,
        // which need the contract engine): for a test target that only replays.
        .library(name: "APICheckReplayTesting", targets: ["APICheckReplayTesting"]),
        .library(name: "Sandbox", targets: ["Sandbox"]),
        .library(name: "APICheckLive", targets: ["APICheckLive"]),
        // `swift package apicheck <command>` in a package that depends on apicheck (and Xcode's Run Command Plugin).
        .plugin(name: "APICheckPlugin", targets: ["APICheckPlugin"]),
        // `swift package apicheck-write <command>`: the same, with write and network permissions declared (Xcode's menu).
        .plugin(name: "APICheckWritePlugin", targets: ["APICheckWritePlugin"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        .package(url: "https://github.com/mattpolzin/OpenAPIKit", from: "6.4.0"),
        // `swift package generate-documentation`: the DocC catalogs of APICheckTesting, APICheckReplay and WireFormat.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        .target(name: "WireFormat"),
        // POSIX sockets with deadlines, and threads for blocking work: the live runner's HTTP/1.1 client and the sandbox's server.
        // The one lock type (Locked<Value>, a pthread mutex): every module that shares state between threads.
        .target(name: "Locking"),
        .target(name: "Sockets", dependencies: ["Locking"]),
        // HTTP/1.1 framing (heads, chunked bodies, limits), shared by the live client and the sandbox's server.
        .target(name: "HTTP1", dependencies: ["Sockets"]),
        .target(name: "APICheckRecording", dependencies: ["WireFormat", "Locking", .product(name: "Yams", package: "Yams")]),
        .target(
            name: "APICheckContracts",
            dependencies: [
                "APICheckRecording",
                "WireFormat",
                "Locking",
                .product(name: "Yams", package: "Yams"),
                .product(name: "OpenAPIKit", package: "OpenAPIKit"),
            ]
        ),
        .target(name: "APICheckCommands", dependencies: ["APICheckContracts", "APICheckRecording", "WireFormat"]),
        // `import APICheck`: the three above, re-exported.
        .target(name: "APICheck", dependencies: ["APICheckCommands", "APICheckContracts", "APICheckRecording"]),
        .target(name: "TodoAPI", dependencies: ["WireFormat"]),
        .target(name: "GitHubAPI", dependencies: ["WireFormat"]),
        .target(name: "KakaoAPI", dependencies: ["WireFormat"]),
        .target(name: "LSLPAPI", dependencies: ["WireFormat"]),
        .target(name: "APICheckReplay", dependencies: ["APICheckRecording", "WireFormat", "Locking"]),
        .target(name: "APICheckReplayTesting", dependencies: ["APICheckReplay", "APICheckRecording"]),
        .target(
            name: "APICheckTesting",
            dependencies: ["APICheckReplayTesting", "APICheckReplay", "APICheckContracts", "APICheckRecording", "Locking"]),
        .target(name: "Sandbox", dependencies: ["Sockets", "HTTP1", "Locking"]),
        .target(
            name: "APICheckLive",
            dependencies: [
                "APICheckContracts",
                "APICheckRecording",
                "WireFormat",
                "Sockets",
                "HTTP1",
                "Locking",
            ]
        ),
        .executableTarget(
            name: "APICheckCLI",
            dependencies: [
                "APICheckCommands",
                "APICheckContracts",
                "APICheckRecording",
                "WireFormat",
                "APICheckLive",
                "Sandbox",
                "Sockets",
                "Locking",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .plugin(
            name: "APICheckPlugin",
            capability: .command(
                intent: .custom(
                    verb: "apicheck",
                    description: "Runs apicheck (verify, diff, record, coverage, examples, infer, har) with the package's apicheck.yml"
                )
            ),
            dependencies: [.target(name: "APICheckCLI")]
        ),
        // The same plugin (its source is a link to APICheckPlugin's) with the permissions declared, for Xcode's menu,
        // which grants a plugin only what it declares: record, examples, har import and infer --output write into the
        // package, and diff --live and record reach the API. SwiftPM asks for both on every run (or takes the flags).
        .plugin(
            name: "APICheckWritePlugin",
            capability: .command(
                intent: .custom(
                    verb: "apicheck-write",
                    description:
                        "Runs apicheck with permission to write into the package and reach the network (record, examples, diff --live)"
                ),
                permissions: [
                    .writeToPackageDirectory(
                        reason:
                            "apicheck record, examples, har import and infer --output write recordings, examples and contracts into the package"
                    ),
                    .allowNetworkConnections(
                        scope: .all(),
                        reason:
                            "apicheck diff --live and record send the scenarios' requests to the API (or to its replica on 127.0.0.1 with --sandbox)"
                    ),
                ]
            ),
            dependencies: [.target(name: "APICheckCLI")]
        ),
        .executableTarget(
            name: "APICheckBench",
            dependencies: [
                "APICheck", "APICheckLive", "APICheckReplay", "TodoAPI", "WireFormat", "Sandbox", "TestSupport",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Benchmarks/APICheckBench"
        ),
        // The readers of outside input with their invariants; `swift test` runs the seeds and every input a
        // fuzz run crashed on through them (FuzzRegressionTests).
        .target(
            name: "APICheckFuzzing", dependencies: ["APICheck", "APICheckReplay", "WireFormat", "HTTP1"], path: "Fuzz/APICheckFuzzing"),
        .executableTarget(name: "apicheck-fuzz", dependencies: ["APICheckFuzzing"], path: "Fuzz/apicheck-fuzz"),

        // Test support shared by the test targets: a sandbox that is always stopped, the loopback
        // listener that never answers, the seeded generator.
        .target(name: "TestSupport", dependencies: ["Sandbox", "Locking"], path: "Tests/TestSupport"),
        .testTarget(name: "WireFormatTests", dependencies: ["WireFormat", "TestSupport"]),
        .testTarget(
            name: "APICheckTests",
            dependencies: [
                "TestSupport", "APICheck", "APICheckCommands", "APICheckContracts", "APICheckRecording", "WireFormat",
                .product(name: "OpenAPIKit", package: "OpenAPIKit"),
            ],
            exclude: ["Fixtures"]
        ),
        .testTarget(name: "TodoAPITests", dependencies: ["TestSupport", "TodoAPI", "WireFormat", "Sandbox"]),
        .testTarget(name: "GitHubAPITests", dependencies: ["TestSupport", "GitHubAPI", "WireFormat", "Sandbox", "Locking"]),
        .testTarget(name: "KakaoAPITests", dependencies: ["TestSupport", "KakaoAPI", "WireFormat", "Sandbox"]),
        .testTarget(name: "LSLPAPITests", dependencies: ["TestSupport", "LSLPAPI", "WireFormat", "Sandbox"]),
        .testTarget(name: "HTTP1Tests", dependencies: ["HTTP1"]),
        .testTarget(name: "LockingTests", dependencies: ["Locking"]),
        .testTarget(name: "SandboxTests", dependencies: ["TestSupport", "Sandbox", "Sockets"]),
        .testTarget(
            name: "APICheckReplayTests", dependencies: ["TestSupport", "APICheckReplay", "APICheck", "TodoAPI", "Sandbox", "WireFormat"]),
        // The child process of the crash-safety tests: saves with the project's own code until it is killed.
        .executableTarget(name: "apicheck-save-loop", dependencies: ["APICheck", "GitHubAPI"], path: "Tests/SaveLoop"),
        .testTarget(
            name: "APICheckCLITests",
            dependencies: ["TestSupport", "APICheckCLI", "Sandbox", "apicheck-save-loop", "APICheck", "GitHubAPI"]),
        .testTarget(
            name: "APICheckLiveTests",
            dependencies: ["TestSupport", "APICheckLive", "APICheck", "APICheckRecording", "Sandbox", "Sockets", "Locking"]
        ),
        .testTarget(name: "FuzzRegressionTests", dependencies: ["APICheckFuzzing"]),
        .testTarget(
            name: "APICheckTestingTests",
            dependencies: ["APICheckTesting", "APICheckReplay", "APICheck", "KakaoAPI", "Sandbox", "TestSupport", "WireFormat", "Locking"],
            // A project (apicheck.yml, a contract, recordings) copied whole into the test bundle, as an Xcode app's test target holds one.
            resources: [.copy("Resources/AppProject")]
        ),
        // The decoding-contract suites: they replay recordings/<api>/tests through the real clients.
        .testTarget(
            name: "ContractTests",
            dependencies: [
                "APICheckTesting", "APICheckReplay", "APICheck", "TodoAPI", "GitHubAPI", "KakaoAPI", "LSLPAPI", "WireFormat", "Sandbox",
                "TestSupport",
            ],
            // Evidence read by path (#filePath): real answers the contracts must take.
            exclude: ["GitHub/Fixtures"]
        ),
    ]
)
