import Foundation
import Testing

/// Runs the built `apicheck` binary, as a user would, and captures its output and exit code.
struct CLIRunner {
    struct Result {
        let status: Int32
        let stdout: String
        let stderr: String
    }

    /// The `apicheck` binary next to this test bundle (SwiftPM builds it because the tests depend on it).
    static func binary() throws -> URL {
        var candidates: [URL] = []
        for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
            candidates.append(bundle.bundleURL.deletingLastPathComponent().appendingPathComponent("apicheck"))
        }
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
    struct Launched: @unchecked Sendable {
        let process: Process
        let out: Pipe
        let err: Pipe

        /// Waits for the end (on a thread of its own) and returns what it printed.
        func finish() async throws -> Result {
            try await CLIRunner.onThread {
                let (stdout, stderr) = CLIRunner.readBoth(out, err)
                process.waitUntilExit()
                return Result(status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self), stderr: String(decoding: stderr, as: UTF8.self))
            }
        }
    }

    /// Starts `apicheck` and returns at once.
    static func launch(_ arguments: [String], currentDirectory: URL, environment: [String: String] = [:]) throws -> Launched {
        let process = Process()
        process.executableURL = try binary()
        process.arguments = arguments
        if !environment.isEmpty { process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 } }
        process.currentDirectoryURL = currentDirectory
        let launched = Launched(process: process, out: Pipe(), err: Pipe())
        process.standardOutput = launched.out
        process.standardError = launched.err
        try process.run()
        return launched
    }

    /// Reads both pipes to their end at the same time (stderr on a thread of its own), so that a child that
    /// fills one pipe while the other is read can never block.
    static func readBoth(_ out: Pipe, _ err: Pipe) -> (Data, Data) {
        final class Box: @unchecked Sendable { var data = Data() }
        let box = Box()
        let done = DispatchSemaphore(value: 0)
        let handle = err.fileHandleForReading
        Thread.detachNewThread {
            box.data = handle.readDataToEndOfFile()
            done.signal()
        }
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        done.wait()
        return (stdout, box.data)
    }

    /// Runs blocking work (waiting on a child process) on a thread of its own.
    static func onThread<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread { continuation.resume(with: Swift.Result { try body() }) }
        }
    }

    /// `environment` is added to this process's own (a test's secrets and base-URL overrides).
    static func runBlocking(_ arguments: [String], currentDirectory: URL? = nil, environment: [String: String] = [:]) throws -> Result {
        let process = Process()
        process.executableURL = try binary()
        process.arguments = arguments
        if let currentDirectory { process.currentDirectoryURL = currentDirectory }
        if !environment.isEmpty { process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 } }
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let (stdout, stderr) = readBoth(out, err)
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus,
            stdout: String(decoding: stdout, as: UTF8.self),
            stderr: String(decoding: stderr, as: UTF8.self)
        )
    }
}
