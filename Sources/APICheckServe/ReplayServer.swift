import APICheckRecording
import APICheckReplayCore
import Foundation
import Locking
import Sandbox
import Sockets

/// `apicheck serve`: a local HTTP server that answers an app in its own process (the simulator, a UI test, any client)
/// from an API's recordings, with replay's own matcher, and keeps a journal of every exchange.
///
/// The app sends each request to the server with the URL it addressed in ``originalURLHeader`` (the replay product's
/// bootstrap does), or, a client pointed at the server itself, as a request to the API's base URL. A request the
/// recordings answer gets the recorded response; one they do not gets 502 with `X-APICheck-Unmatched: 1`, replay's
/// message and the nearest recorded requests, in the answer and in the journal. Repeated requests are answered by the
/// recorded interactions in order, each once, as replay answers them.
///
/// The control API, under `/__apicheck/`, asks for the server's token in `X-APICheck-Token`:
/// - `GET /__apicheck/journal`: the journal (``ServeJournal``) as JSON;
/// - `GET /__apicheck/recordings`: the recordings available and those answered from;
/// - `POST /__apicheck/recordings` with `{"use": ["tests/list-first-page"]}` (or `null` for all): answer from those,
///   as from a fresh start;
/// - `POST /__apicheck/reset`: every recorded interaction answers again, and the journal is emptied;
/// - `POST /__apicheck/stop`: stops the server once it has answered.
public final class ReplayServer: Sendable {
    /// The header in which the app says which URL it addressed (absolute: `https://api.example.com/todos?page=1`).
    public static let originalURLHeader = "X-APICheck-URL"
    /// The header in which the app says its request had a body it could not see (an upload task whose body was not
    /// handed over), and why: the request matches only a recorded one whose body nobody saw either, and is not
    /// recorded (a body the server does not have cannot be sent upstream).
    public static let unseenBodyHeader = "X-APICheck-Body-Unseen"
    /// The header the control API asks for the token in.
    public static let tokenHeader = "X-APICheck-Token"
    /// The launch environment variable that holds the server's URL, and the one that holds its token.
    public static let urlVariable = "APICHECK_SERVE_URL"
    public static let tokenVariable = "APICHECK_SERVE_TOKEN"

    /// Where the server listens, such as `http://127.0.0.1:54321`.
    public let url: URL
    /// What it was started with.
    public let configuration: ServeConfiguration
    private let responder: ServeResponder
    private let server: HTTPServer

    /// Starts a server in this process; it answers until ``stop()``.
    ///
    /// - Throws: ``ServeError`` when a recording does not read, a chosen one is not there, or the address cannot be bound.
    public init(_ configuration: ServeConfiguration) throws(ServeError) {
        // A session is recorded into a folder that may not be there yet (an API's first recording).
        let recordsFirst = configuration.record != nil && !FileManager.default.fileExists(atPath: configuration.recordingsFolder.path)
        let available = recordsFirst ? [:] : try ServedRecordings.read(api: configuration.api, folder: configuration.recordingsFolder)
        let served = try ServedRecordings(available: available, choosing: configuration.recordings, api: configuration.api)
        let responder = ServeResponder(configuration: configuration, served: served)
        do {
            server = try HTTPServer(
                host: configuration.host, port: configuration.port, maximumBodyBytes: ServeResponder.maximumBodyBytes,
                handler: { responder.respond(to: $0) }, tooLarge: { ServeResponder.tooLarge(announced: $0) })
        } catch {
            throw ServeError("cannot listen on \(configuration.host):\(configuration.port): \(error)")
        }
        self.configuration = configuration
        self.responder = responder
        let shownHost = configuration.host.contains(":") ? "[\(configuration.host)]" : configuration.host
        url = URL(string: "http://\(shownHost):\(server.port)") ?? URL(fileURLWithPath: "/")
    }

    /// What the app's process is launched with so that the replay product's bootstrap routes it here.
    public var launchEnvironment: [String: String] {
        [Self.urlVariable: url.absoluteString, Self.tokenVariable: configuration.token]
    }

    /// The exchanges so far.
    public var journal: ServeJournal { responder.journal }

    /// The recordings answered from, in order.
    public var recordings: [String] { responder.chosen }

    /// Answers from the recordings `names` (nil: all), from a fresh start: what `POST /__apicheck/recordings` does.
    ///
    /// - Throws: ``ServeError`` naming a recording that is not there, and those that are.
    public func use(recordings names: [String]?) throws(ServeError) {
        try responder.use(names)
    }

    /// Every recorded interaction answers again, and the journal is emptied: what `POST /__apicheck/reset` does.
    public func reset() {
        responder.reset()
    }

    /// Waits until a client asks the control API to stop (`POST /__apicheck/stop`), or ``requestStop()`` is called.
    public func waitForStopRequest() async {
        await responder.stopRequest.wait()
    }

    /// Asks the server to stop, as `POST /__apicheck/stop` does: whoever waits for a stop request goes on.
    public func requestStop() {
        responder.stopRequest.signal()
    }

    /// Recording: writes the session recorded so far to `recordings/<api>/sessions/<name>.json`, atomically (a run
    /// killed before it leaves the file as it was), and returns what went wrong; replaying, nothing. Call it once,
    /// after ``stop()``.
    public func finish() -> [String] {
        responder.finish()
    }

    /// The recording a session is written to, when recording.
    public var sessionFile: URL? {
        configuration.record.flatMap { ServeResponder.sessionFile(configuration, $0) }
    }

    /// Stops the server and waits until it has closed its socket and every connection.
    public func stop() async {
        let server = server
        await ThreadPool.shared.value { server.stop() }
    }
}
