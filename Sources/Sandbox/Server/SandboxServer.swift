import Foundation
import Sockets

/// A local replica of the APIs apicheck ships contracts for, served over real HTTP.
///
/// Start one in-process on a free loopback port for a test, and point a client at ``baseURL``:
///
/// ```swift
/// let sandbox = try await SandboxServer.start()
/// defer { Task { await sandbox.stop() } }
/// let client = TodoClient(session: .shared, baseURL: sandbox.baseURL)
/// ```
///
/// It is written from the APIs' documented wire format, not from apicheck's clients, so that a
/// client bug cannot hide behind a replica that shares its code.
public final class SandboxServer: Sendable {
    /// Where the sandbox listens, such as `http://127.0.0.1:54321`.
    public let baseURL: URL
    /// What it was started with.
    public let configuration: SandboxConfiguration
    private let journal: RequestJournal
    private let routes: SandboxServerRoutes
    private let server: HTTPServer

    private init(configuration: SandboxConfiguration) throws(SandboxError) {
        let journal = RequestJournal(limit: configuration.requestJournalLimit)
        let routes = Self.makeRoutes(configuration)
        let responder = SandboxResponder(routes: routes, journal: journal)
        do {
            server = try HTTPServer(
                host: configuration.host, port: configuration.port, maximumBodyBytes: SandboxResponder.maxBodySize,
                handler: { responder.respond(to: $0) }, tooLarge: { SandboxResponder.tooLarge(announced: $0) }
            )
        } catch {
            throw SandboxError.cannotStart(host: configuration.host, port: configuration.port, underlying: error)
        }
        self.configuration = configuration
        self.journal = journal
        self.routes = routes
        baseURL = Self.url(host: configuration.host, port: server.port)
    }

    /// Starts a sandbox in this process and returns once it accepts connections.
    ///
    /// - Throws: ``SandboxError`` when the address cannot be bound.
    public static func start(_ configuration: SandboxConfiguration = .init()) async throws(SandboxError) -> SandboxServer {
        try SandboxServer(configuration: configuration)
    }

    /// Runs a sandbox in the foreground until SIGINT or SIGTERM; `onReady` gets its URL once it listens.
    ///
    /// - Throws: ``SandboxError`` when the address cannot be bound.
    public static func run(_ configuration: SandboxConfiguration, onReady: @escaping @Sendable (URL) -> Void) async throws(SandboxError) {
        let signals = SignalWaiter([SIGINT, SIGTERM])
        let sandbox = try SandboxServer(configuration: configuration)
        onReady(sandbox.baseURL)
        await signals.wait()
        await sandbox.stop()
    }

    /// Stops the server and waits until it has closed its socket and every connection.
    public func stop() async {
        let server = server
        await ThreadPool.shared.value { server.stop() }
    }

    /// The requests received so far, oldest first (kept only with a ``SandboxConfiguration/requestJournalLimit``).
    public func receivedRequests() -> [ReceivedRequest] {
        journal.all
    }

    /// Adds a new public event in front of a GitHub repository's events (`owner/name`), as activity on
    /// GitHub would, so that a test sees a poll get new events after a 304. Returns its id, or nil
    /// when the sandbox does not serve GitHub or has no such repository.
    @discardableResult
    public func addGitHubEvent(to repository: String, type: String = "WatchEvent") -> String? {
        let parts = repository.split(separator: "/").map(String.init)
        guard let github = routes.github, parts.count == 2, let found = github.store.repository(owner: parts[0], name: parts[1]) else {
            return nil
        }
        return String(github.store.addEvent(to: found.id, type: type).id)
    }

    private static func makeRoutes(_ configuration: SandboxConfiguration) -> SandboxServerRoutes {
        let todos =
            configuration.apis.contains(.todos)
            ? TodoService(drifts: configuration.drifts, deterministic: configuration.deterministic)
            : nil
        let github =
            configuration.apis.contains(.github)
            ? GitHubService(drifts: configuration.drifts, deterministic: configuration.deterministic, options: configuration.github)
            : nil
        let kakao = configuration.apis.contains(.kakao) ? KakaoService(drifts: configuration.drifts, options: configuration.kakao) : nil
        let lslp =
            configuration.apis.contains(.lslp)
            ? LSLPService(drifts: configuration.drifts, deterministic: configuration.deterministic, options: configuration.lslp)
            : nil
        return SandboxServerRoutes(todos: todos, github: github, kakao: kakao, lslp: lslp)
    }

    private static func url(host: String, port: Int) -> URL {
        let shownHost = host.contains(":") ? "[\(host)]" : host
        return URL(string: "http://\(shownHost):\(port)") ?? URL(fileURLWithPath: "/")
    }
}
