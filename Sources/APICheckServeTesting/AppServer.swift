import APICheckRecording
import APICheckReplay
import APICheckReplayTesting
import APICheckServe
import Foundation
import Sandbox

/// An `apicheck serve` started inside a test's own process, for an app launched as a process of its own: a UI test's
/// app, the simulator, a child process. Hand the app ``launchEnvironment`` (its `ReplayBootstrap.installIfRequested()`
/// line routes it here), drive it, then assert on the ``journal`` or call ``expectClean(failingOn:fileID:file:line:column:)``.
///
/// ```swift
/// @MainActor
/// func testTodoList() async throws {
///     let server = try await AppServer.start(api: "todos", recordings: ["tests/list-first-page"])
///     let app = XCUIApplication()
///     app.launchEnvironment = server.launchEnvironment
///     app.launch()
///     XCTAssert(app.staticTexts["Update the README"].waitForExistence(timeout: 5))
///     try await server.stop()
///     server.expectClean()
/// }
/// ```
///
/// Each server listens on a free port of its own (port 0), so tests in parallel, and parallel simulators, never
/// share one. `apicheck.yml` is found as the replay traits find it: beside the `Package.swift` above the test file, or
/// (an Xcode project) the nearest folder above it that holds `apicheck.yml`; or give `folder:`.
public final class AppServer: Sendable {
    /// Where a server that does not answer from recordings sends the app's requests.
    public enum Upstream: Sendable {
        /// The API's local replica (`apicheck sandbox`), started with the server and stopped with it.
        case sandbox
        /// The API's base URL somewhere else: the real API, a staging server.
        case url(URL)
    }

    /// How the server answers the app.
    public enum Mode: Sendable {
        /// From the API's recordings, with replay's matcher.
        case replay
        /// From an upstream, with the same journal and request checks; nothing is written.
        case upstream(Upstream)
        /// From an upstream, and each exchange, redacted as `apicheck record` redacts, is written to
        /// `recordings/<api>/sessions/<name>.json` when the server stops: a UI test that records its session.
        case record(session: String, from: Upstream)

        var replays: Bool {
            if case .replay = self { return true }
            return false
        }
    }

    /// The server itself: its URL, configuration, journal and control.
    public let server: ReplayServer
    private let replica: SandboxServer?

    private init(server: ReplayServer, replica: SandboxServer?) {
        self.server = server
        self.replica = replica
    }

    /// Starts a server for `api` (its name in `apicheck.yml`) on a free loopback port.
    ///
    /// - Parameters:
    ///   - api: the API's name in `apicheck.yml`, such as `todos`.
    ///   - recordings: the recordings answered from, by name under the API's recordings folder without `.json`
    ///     (`tests/list-first-page`, `sessions/onboarding`); nil: every one.
    ///   - mode: replay (the default), an upstream, or recording a session.
    ///   - repeatsLast: a request whose recorded answers are used up gets the last again (an app that polls).
    ///   - refusesInvalidRequests: a request with an error against the contract gets 422 and its findings instead of
    ///     the recorded answer (replay only; it needs the contract in `apicheck.yml`).
    ///   - folder: the folder of `apicheck.yml` and `recordings/`, instead of finding it from the test file.
    ///   - environment: where `base_url_env`, the secrets and `APICHECK_RECORDINGS` are read.
    ///   - filePath: the test file, from which `apicheck.yml` is found.
    /// - Throws: `ServeError` naming what is wrong: `apicheck.yml` or the contract (file and line), a recording that
    ///   does not read or is not there, an API the sandbox has no replica of.
    public static func start(
        api: String, recordings: [String]? = nil, mode: Mode = .replay, repeatsLast: Bool = false, refusesInvalidRequests: Bool = false,
        folder: URL? = nil, environment: [String: String] = ProcessInfo.processInfo.environment, filePath: String = #filePath
    ) async throws(ServeError) -> AppServer {
        if recordings != nil, !mode.replays { throw ServeError("recordings: chooses what is replayed; an upstream answers alone") }
        if refusesInvalidRequests, !mode.replays {
            throw ServeError("refusesInvalidRequests applies to answers from recordings; an upstream answers for itself")
        }
        let settings = try settings(api: api, folder: folder, filePath: filePath, environment: environment)
        guard let chosen = settings.api, let projectFolder = settings.folder else { throw ServeError("no API named \"\(api)\"") }
        var configuration = try ServeConfiguration(
            project: chosen, folder: projectFolder, recordingsFolder: settings.recordingsFolder(api: api, environment: environment),
            recordings: recordings, environment: environment)
        configuration.repeatsLast = repeatsLast
        configuration.refusesInvalidRequests = refusesInvalidRequests
        if refusesInvalidRequests && configuration.verifier == nil {
            throw ServeError("refusesInvalidRequests needs a contract: apicheck.yml names none for \(api)")
        }
        let replica = try await startReplica(api: api, mode: mode)
        do {
            configuration.record = try recordSession(
                mode: mode, replica: replica, redaction: chosen.redactionRules(environment: environment, sandbox: replica != nil))
            return AppServer(server: try ReplayServer(configuration), replica: replica)
        } catch {
            await replica?.stop()
            throw error
        }
    }

    /// The server's URL, such as `http://127.0.0.1:54321`.
    public var url: URL { server.url }
    /// The token the control API asks for (`X-APICheck-Token`).
    public var token: String { server.configuration.token }
    /// What to launch the app with (`XCUIApplication.launchEnvironment`, a child process's environment, `simctl
    /// launch`'s `SIMCTL_CHILD_` variables): the server's URL and token.
    public var launchEnvironment: [String: String] { server.launchEnvironment }
    /// Every exchange so far.
    public var journal: ServeJournal { server.journal }
    /// Recording: the session written when the server stops.
    public var sessionFile: URL? { server.sessionFile }

    /// Answers from the recordings `names` (nil: all), from a fresh start.
    public func use(recordings names: [String]?) throws(ServeError) {
        try server.use(recordings: names)
    }

    /// Every recorded answer answers again, and the journal is emptied.
    public func reset() {
        server.reset()
    }

    /// Stops the server (and the replica it started); recording, writes the session, atomically.
    ///
    /// - Throws: `ServeError` with what went wrong recording: a request that could not be recorded (an upload whose
    ///   body the app did not hand over), or a session that could not be written. What was recorded is written all
    ///   the same.
    public func stop() async throws(ServeError) {
        await server.stop()
        await replica?.stop()
        guard server.sessionFile != nil else { return }
        let problems = server.finish()
        if !problems.isEmpty { throw ServeError(problems.joined(separator: "\n")) }
    }

    // MARK: Starting

    private static func settings(api: String, folder: URL?, filePath: String, environment: [String: String]) throws(ServeError)
        -> ProjectSettings
    {
        do throws(ReplayError) {
            let root = folder ?? projectFolder(from: filePath)
            let source = try ProjectSource.named(bundle: nil, folder: root, filePath: filePath, by: "AppServer.start")
            let settings = try ProjectSettings.load(api: api, source: source, environment: environment)
            guard settings.api != nil else {
                throw ReplayError(
                    message: settings.folder == nil
                        ? "no apicheck.yml found for \(filePath) (give AppServer.start folder:)"
                        : "apicheck.yml in \(settings.folder?.path ?? "") has no API named \"\(api)\"")
            }
            return settings
        } catch {
            throw ServeError(error.message)
        }
    }

    /// The folder above `filePath` that holds `apicheck.yml` (an Xcode project has no `Package.swift`), else nil (the
    /// replay traits' search: the `Package.swift` above it).
    package static func projectFolder(from filePath: String) -> URL? {
        var folder = URL(fileURLWithPath: filePath).deletingLastPathComponent()
        while folder.path != "/" && !folder.path.isEmpty {
            if FileManager.default.fileExists(atPath: folder.appendingPathComponent("apicheck.yml").path) { return folder }
            if FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path) { return nil }
            folder.deleteLastPathComponent()
        }
        return nil
    }

    private static func startReplica(api: String, mode: Mode) async throws(ServeError) -> SandboxServer? {
        switch mode {
        case .upstream(.sandbox), .record(_, from: .sandbox):
            do {
                return try await SandboxServer.start(SandboxConfiguration(apis: [try SandboxAPI.named(api)], port: 0, deterministic: true))
            } catch {
                throw ServeError(error.description)
            }
        case .replay, .upstream(.url), .record(_, from: .url):
            return nil
        }
    }

    private static func recordSession(mode: Mode, replica: SandboxServer?, redaction: RedactionRules) throws(ServeError)
        -> ServeConfiguration.RecordSession?
    {
        let name: String?
        let upstream: Upstream
        switch mode {
        case .replay:
            return nil
        case .upstream(let answering):
            (name, upstream) = (nil, answering)
        case .record(let session, let from):
            guard !session.isEmpty, !session.hasPrefix("/"), !session.split(separator: "/").contains(".."), !session.hasSuffix(".json")
            else { throw ServeError("record(session:) takes a session's name, such as onboarding, not \"\(session)\"") }
            (name, upstream) = (session, from)
        }
        switch upstream {
        case .sandbox:
            guard let replica else { throw ServeError("the sandbox did not start") }
            return .init(name: name, upstream: replica.baseURL, redaction: redaction, recordedFrom: "sandbox")
        case .url(let url):
            return .init(name: name, upstream: url, redaction: redaction)
        }
    }
}
