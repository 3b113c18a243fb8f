import Foundation
import TestSupport
import Testing

/// Runs the built `apicheck` binary, as a user would, and captures its output and exit code.
struct CLIRunner {
    struct Result {
        let termination: ChildProcess.Termination
        let stdout: String
        let stderr: String

        /// The exit status (or the signal's number).
        var status: Int32 { termination.status }
    }

    /// The deadline of a live run against a replica in this test process (`--timeout`): what those tests check is not
    /// the deadline, and under a sanitizer, with the whole suite on two cores, the replica has answered later than the
    /// 10 s default.
    static let replicaDeadline = ["--timeout", "60"]

    /// The `apicheck` binary next to this test bundle (SwiftPM builds it because the tests depend on it).
    static func binary() throws -> URL {
        var candidates: [URL] = []
        #if canImport(Darwin)
            // Apple platforms load the tests from an .xctest bundle, built beside apicheck.
            for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
                candidates.append(bundle.bundleURL.deletingLastPathComponent().appendingPathComponent("apicheck"))
            }
        #endif
        // Elsewhere the tests are an executable beside apicheck. (Not Bundle.allBundles there: swift-corelibs-foundation
        // leaks a copy of the bundle list on each call, which LeakSanitizer reports.)
        candidates.append(URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("apicheck"))
        if let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0.path) }) {
            return found
        }
        throw CLIError(message: "no apicheck binary among \(candidates.map(\.path)); run 'swift build' first")
    }

    struct CLIError: Error, CustomStringConvertible {
        let message: String
        var description: String { message }
    }

    /// Runs the binary on a thread of its own and waits without holding a thread of Swift's
    /// cooperative pool (other suites' async tests and their deadlines keep running meanwhile).
    static func run(_ arguments: [String], currentDirectory: URL? = nil, environment: [String: String] = [:]) async throws -> Result {
        try await onThread { try runBlocking(arguments, currentDirectory: currentDirectory, environment: environment) }
    }

    /// A started `apicheck` whose output is read when it ends.
    struct Launched: Sendable {
        let child: ChildProcess

        /// Waits for the end (on a thread of its own) and returns what it printed.
        func finish() async throws -> Result {
            try await CLIRunner.onThread { CLIRunner.result(of: child) }
        }
    }

    /// Starts `apicheck` and returns at once.
    static func launch(_ arguments: [String], currentDirectory: URL, environment: [String: String] = [:]) throws -> Launched {
        Launched(child: try start(arguments, currentDirectory: currentDirectory, environment: environment))
    }

    /// Runs blocking work (waiting on a child process) on a thread of its own.
    static func onThread<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread { continuation.resume(with: Swift.Result { try body() }) }
        }
    }

    /// `environment` is added to this process's own (a test's secrets and base-URL overrides).
    static func start(_ arguments: [String], currentDirectory: URL? = nil, environment: [String: String] = [:]) throws -> ChildProcess {
        try ChildProcess(
            try binary().path,
            arguments,
            currentDirectory: currentDirectory?.path,
            environment: ProcessInfo.processInfo.environment.merging(environment) { $1 }
        )
    }

    /// Reads what the child prints to the end, then reaps it.
    static func result(of child: ChildProcess) -> Result {
        let (stdout, stderr) = child.readToEnd()
        return Result(
            termination: child.wait(), stdout: String(decoding: stdout, as: UTF8.self), stderr: String(decoding: stderr, as: UTF8.self))
    }

    static func runBlocking(_ arguments: [String], currentDirectory: URL? = nil, environment: [String: String] = [:]) throws -> Result {
        result(of: try start(arguments, currentDirectory: currentDirectory, environment: environment))
    }
}
