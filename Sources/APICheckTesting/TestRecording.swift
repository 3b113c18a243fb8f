import APICheckReplay
import Foundation
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The replaying session of the current test: hand ``session`` and ``baseURL`` to your client.
///
/// Set by `.replaying("name")` for the duration of one test (a task-local, so parallel tests
/// each see their own).
public enum TestRecording {
    @TaskLocal static var current: ReplaySession?

    /// The session that replays (or records) the current test's recording.
    ///
    /// Outside a test with `.replaying(...)`, this records an issue and returns a session whose
    /// requests go nowhere.
    public static var session: URLSession {
        if let current { return current.session }
        Issue.record("TestRecording.session was used outside a test with the .replaying(\"name\") trait")
        return URLSession(configuration: .ephemeral)
    }

    /// The base URL to give the client: the live server's when recording, a never-resolved one when replaying.
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
