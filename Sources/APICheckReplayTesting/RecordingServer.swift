import Foundation

/// A live server to record from, started only when a test records (never in replay mode).
///
/// Implement it in your test target, for example around the apicheck sandbox, so that this
/// module stays free of server code:
/// ```swift
/// struct TodoSandbox: RecordingServer {
///     let recordedFrom = "sandbox"
///     func start() async throws -> URL { try await SandboxServer.start(...).baseURL }
///     ...
/// }
/// ```
public protocol RecordingServer: Sendable {
    /// What recordings say in `recorded_from` (`sandbox`), instead of the server's URL and port.
    var recordedFrom: String { get }
    /// Starts a server for one test and returns its base URL and a handle to stop it.
    func start() async throws -> RunningRecordingServer
}

/// A started ``RecordingServer``: its URL and how to stop it.
public struct RunningRecordingServer: Sendable {
    /// The base URL to record from.
    public let baseURL: URL
    /// The server's URLs for the API's other bases by name (GitHub's `oauth`), replacing `apicheck.yml`'s while recording.
    ///
    /// Each must differ from ``baseURL`` and from the others, so that a recorded request says which base it went to;
    /// one server can answer for two bases as `http://127.0.0.1:PORT` and `http://localhost:PORT`.
    public let otherBaseURLs: [String: URL]
    /// Stops the server.
    public let stop: @Sendable () async -> Void

    /// Creates a handle.
    public init(baseURL: URL, otherBaseURLs: [String: URL] = [:], stop: @escaping @Sendable () async -> Void) {
        self.baseURL = baseURL
        self.otherBaseURLs = otherBaseURLs
        self.stop = stop
    }
}
