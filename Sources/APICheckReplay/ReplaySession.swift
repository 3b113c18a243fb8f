import APICheckRecording
import Foundation
import Locking

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A `URLSession` that answers from one recording, or records into it; hand its ``session`` to your client.
///
/// ```swift
/// let replay = try ReplaySession(ReplayConfiguration(api: "todos", name: "list-first-page", recordingURL: url))
/// let client = TodoClient(session: replay.session, baseURL: replay.baseURL)
/// let page = try await client.todos()
/// let problems = replay.finish()   // writes what was recorded; lists unmatched (and, if strict, unused) requests
/// ```
/// Each session routes through its own protocol class, so parallel tests never share a lock on
/// the request path.
public final class ReplaySession: Sendable {
    /// The session to send requests through.
    public let session: URLSession
    /// The base URL to give the client: the live one when recording, a never-resolved one otherwise.
    public let baseURL: URL
    /// What the session was made with.
    public let configuration: ReplayConfiguration

    /// The API's other base URL called `name` in `apicheck.yml` (GitHub's `oauth`), or nil when there is none.
    ///
    /// Give it to the client beside ``baseURL``; requests under it are recorded with `"base": "<name>"`.
    public func baseURL(named name: String) -> URL? {
        configuration.otherBaseURLs[name]
    }
    /// Whether unmatched requests go to the live API.
    public var isRecording: Bool { store.records }
    private let store: ReplayStore
    private let slot: Int

    /// Opens the recording (if any) and builds the session.
    ///
    /// - Throws: ``/APICheckReplayCore/ReplayError`` when too many sessions are open at once.
    public convenience init(_ configuration: ReplayConfiguration) throws(ReplayError) {
        try self.init(store: ReplayStore(configuration: configuration))
    }

    /// A session that answers `routes` only, whatever the path parameters, query and body: the replay of
    /// contract examples, where the client's own request code runs with its own values. Nothing is read or
    /// written; a request no route fits fails and is among ``finish()``'s problems.
    ///
    /// `configuration` gives the API, the base URLs and the file named in messages; its mode must be `.none`.
    ///
    /// - Throws: ``/APICheckReplayCore/ReplayError`` when `routes` is empty, the mode records, or too many sessions are open at once.
    public convenience init(answering routes: [ReplayRoute], _ configuration: ReplayConfiguration) throws(ReplayError) {
        guard !routes.isEmpty else { throw ReplayError(message: "a session answering routes needs at least one route") }
        guard configuration.mode == .none else {
            throw ReplayError(message: "a session answering routes never records; its mode is \(configuration.mode), expected none")
        }
        try self.init(store: ReplayStore(configuration: configuration, routes: routes))
    }

    /// What the client sent to a session made with routes, in order, each with the answer it got and, as its
    /// `step`, the operation of the route that answered (`GET /api/v2/todos/{id}`). Every header and the body are
    /// kept (nothing is redacted: they stay in memory). Empty for a recording's session.
    public var answeredRequests: [Interaction] {
        store.answeredExchanges()
    }

    /// A new configuration for sessions your app builds itself, answered by this replay: Alamofire's
    /// `Session(configuration:)`, a Moya provider, `URLSession(configuration:delegate:delegateQueue:)` with your delegate.
    ///
    /// Ephemeral settings (no cache, no cookies kept), this replay's protocol first in `protocolClasses`. Every session
    /// made from it shares this replay: one recording, one order of interactions. Each access returns a new copy, so
    /// you may change it (timeouts, headers) before you build your session. After ``finish()`` its requests fail.
    public var sessionConfiguration: URLSessionConfiguration {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.protocolClasses = [ReplaySlots.protocolClass(for: slot)] + (configuration.protocolClasses ?? [])
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        return configuration
    }

    /// Runs `body` with this replay also answering every request made through `URLSession.shared`, once no other
    /// global-scope replay runs (``ReplayScope/global``).
    ///
    /// The replay's protocol is registered with `URLProtocol.registerClass` for `body`'s duration and unregistered
    /// when it returns or throws. Global-scope replays run one at a time, in the order they asked; sessions of
    /// other replays are untouched and keep running in parallel. Under it, a request to a host that none of the
    /// API's bases names fails and is among ``finish()``'s problems.
    ///
    /// - Throws: What `body` throws; `CancellationError` when the task is cancelled while it waits for its turn;
    ///   ``/APICheckReplayCore/ReplayError`` when called inside another global scope (it would wait for itself).
    public func withGlobalScope<T>(_ body: () async throws -> T) async throws -> T {
        try await GlobalReplay.run(store, body)
    }

    private init(store: ReplayStore) throws(ReplayError) {
        let configuration = store.configuration
        guard let (slot, protocolClass) = ReplaySlots.acquire(for: store) else {
            throw ReplayError(message: "more than \(ReplaySlots.capacity) replay sessions are open at once; finish some first")
        }
        let sessionConfiguration = URLSessionConfiguration.ephemeral
        sessionConfiguration.protocolClasses = [protocolClass]
        sessionConfiguration.urlCache = nil
        self.session = URLSession(configuration: sessionConfiguration)
        self.baseURL = configuration.effectiveBaseURL
        self.configuration = configuration
        self.store = store
        self.slot = slot
    }

    /// Ends the session: writes what was recorded (atomically, redacted) and returns every problem:
    /// requests with no recorded answer and, in strict mode, recorded interactions never used.
    ///
    /// Calling it again returns the same problems and does nothing else: the session's protocol class
    /// is given back once, so no later session can share it. Requests after `finish()` fail.
    @discardableResult
    public func finish() -> [String] {
        finished.once { [store, session, slot] in
            let problems = store.finish()
            session.finishTasksAndInvalidate()
            ReplaySlots.release(slot)
            return problems
        }
    }

    private let finished = FinishOnce()
}

/// Runs the work of `finish()` once and keeps its answer for later calls.
final class FinishOnce: Sendable {
    private let problems = Locked<[String]?>(nil)

    func once(_ work: () -> [String]) -> [String] {
        return problems.withLock { problems in
            if let problems { return problems }
            let result = work()
            problems = result
            return result
        }
    }
}
