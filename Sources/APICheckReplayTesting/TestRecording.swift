import APICheckReplay
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The replaying session of the current test: hand ``session`` and ``baseURL`` to your client, or build your own
/// session from ``configuration``.
///
/// Set by `.replaying("name")` for the duration of one test (a task-local, so parallel tests
/// each see their own).
public enum TestRecording {
    @TaskLocal static var current: ReplaySession?

    /// The session that replays (or records) the current test's recording.
    ///
    /// Outside a test with `.replaying(...)`, this records an issue and returns a session whose
    /// requests all fail, so nothing reaches the network.
    public static var session: URLSession {
        if let current { return current.session }
        Issue.record("TestRecording.session was used outside a test with the .replaying(\"name\") trait")
        return URLSession(configuration: RefusingProtocol.configuration)
    }

    /// A new configuration for the sessions your app builds itself, answered by the current test's replay:
    /// Alamofire's `Session(configuration:)`, a Moya provider, `URLSession(configuration:delegate:delegateQueue:)`.
    ///
    /// ```swift
    /// @Test(.replaying("feed"))
    /// func feedLoads() async throws {
    ///     let api = AppAPI(session: URLSession(configuration: TestRecording.configuration, delegate: AppDelegate(), delegateQueue: nil))
    ///     #expect(try await api.feed().count == 10)
    /// }
    /// ```
    /// Ephemeral settings, the replay's protocol first in `protocolClasses`; every session made from it in one test
    /// shares that test's replay (one order of interactions). Outside a replaying test, this records an issue and
    /// returns a configuration whose requests all fail.
    public static var configuration: URLSessionConfiguration {
        if let current { return current.sessionConfiguration }
        Issue.record("TestRecording.configuration was used outside a test with the .replaying(\"name\") trait")
        return RefusingProtocol.configuration
    }

    /// Hands an upload task's body to the replay: `URLSession` never gives it to a `URLProtocol` (`UploadBodies`).
    ///
    /// Call it after creating the task and before resuming it, as an Alamofire `EventMonitor`'s
    /// `request(_:didCreateTask:)` can for every upload of the session a test builds from ``configuration``.
    public static func registerUpload(_ body: Data, for task: URLSessionTask) {
        UploadBodies.register(.data(body), for: task)
    }

    /// Hands an upload task's file to the replay (`uploadTask(with:fromFile:)`, Alamofire's `.file`); it is read when
    /// the request is sent.
    public static func registerUpload(fileAt url: URL, for task: URLSessionTask) {
        UploadBodies.register(.file(url), for: task)
    }

    /// The base URL to give the client: the live server's when recording, a never-resolved one when replaying.
    ///
    /// Replay also answers the URLs `apicheck.yml` names for the API (`base_url`, `base_url_env`'s value,
    /// `other_bases`), so a client that keeps its production URL needs no change.
    public static var baseURL: URL {
        current?.baseURL ?? ReplayConfiguration.offlineBaseURL
    }

    /// The API's other base URL called `name` in `apicheck.yml` (GitHub's `oauth`): the recording server's when
    /// recording, `apicheck.yml`'s (never resolved) when replaying.
    ///
    /// A name `apicheck.yml` does not give records an issue and returns a never-resolved URL, so nothing leaves the machine.
    public static func baseURL(named name: String) -> URL {
        if let url = current?.baseURL(named: name) { return url }
        Issue.record("apicheck.yml names no base \"\(name)\" for this API (other_bases), and the recording server gave none")
        return URL(string: "http://\(name).replay.apicheck.invalid") ?? ReplayConfiguration.offlineBaseURL
    }

    /// The current test's recording file, or nil outside a replaying test.
    public static var recordingURL: URL? {
        current?.configuration.recordingURL
    }

    /// Whether the current test is recording from a live server rather than replaying.
    public static var isRecording: Bool {
        current?.isRecording ?? false
    }
}

/// Fails every request: the session handed out where no replay is, so that a mistake never reaches the network.
final class RefusingProtocol: URLProtocol {
    static var configuration: URLSessionConfiguration {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.protocolClasses = [RefusingProtocol.self]
        return configuration
    }

    override class func canInit(with request: URLRequest) -> Bool { true }
    override class func canonicalRequest(for request: URLRequest) -> URLRequest { request }

    override func startLoading() {
        let message =
            """
            apicheck: \(request.url?.absoluteString ?? "a request") was sent outside a test with the .replaying(\"name\") trait; \
            nothing was sent
            """
        client?.urlProtocol(self, didFailWithError: URLError(.resourceUnavailable, userInfo: [NSLocalizedDescriptionKey: message]))
    }

    override func stopLoading() {}
}
