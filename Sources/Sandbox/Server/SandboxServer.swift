import Foundation
import Hummingbird
import Logging
import ServiceLifecycle

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
    private let group: ServiceGroup
    private let task: Task<Void, Never>

    private init(
        baseURL: URL, configuration: SandboxConfiguration, journal: RequestJournal, routes: SandboxServerRoutes, group: ServiceGroup,
        task: Task<Void, Never>
    ) {
        self.baseURL = baseURL
        self.configuration = configuration
        self.journal = journal
        self.routes = routes
        self.group = group
        self.task = task
    }

    /// Starts a sandbox in this process and returns once it accepts connections.
    ///
    /// - Throws: ``SandboxError`` when the address cannot be bound.
    public static func start(_ configuration: SandboxConfiguration = .init()) async throws(SandboxError) -> SandboxServer {
        let journal = RequestJournal(limit: configuration.requestJournalLimit)
        let (events, continuation) = AsyncStream<Result<Int, any Error>>.makeStream()
        let routes = makeRoutes(configuration)
        let app = makeApplication(configuration, routes: routes, journal: journal) { port in
            continuation.yield(.success(port))
        }
        let group = ServiceGroup(configuration: .init(services: [app], logger: app.logger))
        let task = Task {
            do {
                try await group.run()
                continuation.yield(.failure(CancellationError()))
            } catch {
                continuation.yield(.failure(error))
            }
            continuation.finish()
        }
        for await event in events {
            switch event {
            case .success(let port):
                return SandboxServer(
                    baseURL: url(host: configuration.host, port: port), configuration: configuration, journal: journal, routes: routes,
                    group: group, task: task
                )
            case .failure(let error):
                throw SandboxError.cannotStart(host: configuration.host, port: configuration.port, underlying: error)
            }
        }
        throw SandboxError.cannotStart(host: configuration.host, port: configuration.port, underlying: CancellationError())
    }

    /// Runs a sandbox in the foreground until SIGINT or SIGTERM; `onReady` gets its URL once it listens.
    ///
    /// - Throws: ``SandboxError`` when the address cannot be bound.
    public static func run(_ configuration: SandboxConfiguration, onReady: @escaping @Sendable (URL) -> Void) async throws(SandboxError) {
        let journal = RequestJournal(limit: configuration.requestJournalLimit)
        let app = makeApplication(configuration, routes: makeRoutes(configuration), journal: journal) { port in
            onReady(url(host: configuration.host, port: port))
        }
        do {
            try await app.runService()
        } catch {
            throw SandboxError.cannotStart(host: configuration.host, port: configuration.port, underlying: error)
        }
    }

    /// Stops the server and waits until it has closed its socket.
    public func stop() async {
        await group.triggerGracefulShutdown()
        await task.value
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
        guard let github = routes.github, parts.count == 2, let found = github.store.repository(owner: parts[0], name: parts[1]) else { return nil }
        return String(github.store.addEvent(to: found.id, type: type).id)
    }

    private static func makeRoutes(_ configuration: SandboxConfiguration) -> SandboxServerRoutes {
        let todos = configuration.apis.contains(.todos)
            ? TodoService(drifts: configuration.drifts, deterministic: configuration.deterministic)
            : nil
        let github = configuration.apis.contains(.github)
            ? GitHubService(drifts: configuration.drifts, deterministic: configuration.deterministic, options: configuration.github)
            : nil
        let kakao = configuration.apis.contains(.kakao) ? KakaoService(drifts: configuration.drifts, options: configuration.kakao) : nil
        let lslp = configuration.apis.contains(.lslp)
            ? LSLPService(drifts: configuration.drifts, deterministic: configuration.deterministic, options: configuration.lslp)
            : nil
        return SandboxServerRoutes(todos: todos, github: github, kakao: kakao, lslp: lslp)
    }

    private static func makeApplication(
        _ configuration: SandboxConfiguration, routes: SandboxServerRoutes, journal: RequestJournal, onPort: @escaping @Sendable (Int) -> Void
    ) -> Application<SandboxResponder> {
        let responder = SandboxResponder(routes: routes, journal: journal)
        // Hummingbird's own log lines go to stderr, and only warnings: stdout belongs to reports.
        var logger = Logger(label: "apicheck.sandbox") { StreamLogHandler.standardError(label: $0) }
        logger.logLevel = .warning
        return Application(
            responder: responder,
            configuration: .init(address: .hostname(configuration.host, port: configuration.port), serverName: nil),
            onServerRunning: { channel in onPort(channel.localAddress?.port ?? configuration.port) },
            logger: logger
        )
    }

    private static func url(host: String, port: Int) -> URL {
        let shownHost = host.contains(":") ? "[\(host)]" : host
        return URL(string: "http://\(shownHost):\(port)") ?? URL(fileURLWithPath: "/")
    }
}
