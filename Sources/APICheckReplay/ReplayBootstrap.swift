import Foundation
import Locking

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif
#if canImport(ObjectiveC)
    import ObjectiveC
#endif

/// One line in an app (debug builds) that sends its requests to `apicheck serve` when the app was launched to be
/// answered by it (a UI test, the simulator, an Appium flow), and does nothing otherwise:
///
/// ```swift
/// @main
/// struct TodoApp: App {
///     init() {
///         #if DEBUG
///             ReplayBootstrap.installIfRequested()
///         #endif
///     }
///     ...
/// }
/// ```
///
/// The launch environment names the server (`APICHECK_SERVE_URL`, set by the test or by whoever launches the app).
/// Each request keeps its URL as written (the app's https production URL): it goes to the server with that URL in
/// `X-APICheck-URL`, and the answer comes back as the answer to that URL. No proxy and no certificate.
///
/// What it reaches:
/// - `URLSession.shared`, on every platform;
/// - on Apple platforms, every session made from `URLSessionConfiguration.default` or `.ephemeral` after this line
///   (a library's own session, such as Alamofire's or Moya's, inside a private singleton): those configurations
///   carry the protocol class from then on, the way OHHTTPStubs reaches them;
/// - on Linux, swift-corelibs-foundation has no such hook: a session the app builds itself is reached only when its
///   configuration goes through ``routed(_:)`` (`URLSession(configuration: ReplayBootstrap.routed(.default))`).
///
/// An upload task's body (`uploadTask(with:from:)`, Alamofire's uploads) is kept by `URLSession` from every
/// `URLProtocol`: the app hands it over with ``UploadBodies/register(_:for:)`` (an Alamofire `EventMonitor` can), or
/// the server is told the body was unseen (``unseenBodyHeader``), and matches it only to a recorded one nobody saw.
public enum ReplayBootstrap {
    /// The launch environment variable that names the server, and the one that holds its token.
    public static let urlVariable = "APICHECK_SERVE_URL"
    public static let tokenVariable = "APICHECK_SERVE_TOKEN"
    /// The header the original URL travels in.
    public static let originalURLHeader = "X-APICheck-URL"
    /// The header that says the request had a body the bootstrap could not see, and why: an upload task whose body
    /// was not handed over (``UploadBodies``), which `URLSession` keeps from every `URLProtocol`.
    public static let unseenBodyHeader = "X-APICheck-Body-Unseen"

    /// The protocol class that sends requests to the server, for a configuration this bootstrap cannot reach itself.
    public static var protocolClass: AnyClass { ServeForwardingProtocol.self }

    /// `configuration` with ``protocolClass`` first among its protocol classes, once the bootstrap is installed (unchanged
    /// before, or when the app was not launched by `apicheck serve`): what the bootstrap does on Apple platforms to
    /// every configuration `.default` and `.ephemeral` make, and the one line more a Linux app needs for a session it
    /// builds itself:
    ///
    /// ```swift
    /// session = URLSession(configuration: ReplayBootstrap.routed(.default))
    /// ```
    public static func routed(_ configuration: URLSessionConfiguration) -> URLSessionConfiguration {
        guard server.withLock({ $0 != nil }) else { return configuration }
        let classes = configuration.protocolClasses ?? []
        if !classes.contains(where: { $0 == ServeForwardingProtocol.self }) {
            configuration.protocolClasses = [ServeForwardingProtocol.self] + classes
        }
        return configuration
    }

    /// The server requests go to, once installed.
    static let server = Locked<URL?>(nil)

    /// Sends the app's requests to the server `environment` names (`APICHECK_SERVE_URL`), and returns true; returns
    /// false, changing nothing, when it names none. A value that is no `http://` URL is said on stderr and ignored.
    @discardableResult
    public static func installIfRequested(environment: [String: String] = ProcessInfo.processInfo.environment) -> Bool {
        guard let text = environment[urlVariable], !text.isEmpty else { return false }
        guard let url = URL(string: text), url.scheme?.lowercased() == "http", url.host != nil else {
            FileHandle.standardError.write(
                Data("apicheck: \(urlVariable) is not an http:// URL (\"\(text)\"); the app's requests go out as usual\n".utf8))
            return false
        }
        let first = server.withLock { server in
            defer { server = url }
            return server == nil
        }
        guard first else { return true }
        _ = URLProtocol.registerClass(ServeForwardingProtocol.self)
        #if canImport(FoundationNetworking)
            // As for a global replay: swift-corelibs-foundation asks the shared session's own classes first.
            let configuration = URLSession.shared.configuration
            configuration.protocolClasses = [ServeForwardingProtocol.self] + (configuration.protocolClasses ?? [])
        #endif
        #if canImport(ObjectiveC)
            ConfigurationHook.install()
        #endif
        return true
    }
}

/// Sends a request to `apicheck serve` with its URL in `X-APICheck-URL`, and answers with the server's answer as the
/// answer to that URL.
final class ServeForwardingProtocol: URLProtocol {
    private let forwarding = Locked<Task<Void, Never>?>(nil)

    override class func canInit(with request: URLRequest) -> Bool {
        guard let url = request.url, let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
            let server = ReplayBootstrap.server.withLock({ $0 })
        else { return false }
        // The forwarded request itself goes out as usual.
        return !(url.host == server.host && url.port == server.port)
    }

    override class func canonicalRequest(for request: URLRequest) -> URLRequest { request }

    /// The session requests go to the server through, one for the process (a session made and invalidated per request
    /// left swift-corelibs-foundation's invalidation still running when a short-lived app exited, which LeakSanitizer
    /// reported).
    private static let session: URLSession = {
        // Made after the hook (Apple platforms) added this class to `.ephemeral`: the forwarded requests go out as usual.
        let configuration = URLSessionConfiguration.ephemeral
        configuration.protocolClasses = configuration.protocolClasses?.filter { $0 != ServeForwardingProtocol.self }
        return URLSession(configuration: configuration)
    }()

    override func startLoading() {
        guard let original = request.url, let server = ReplayBootstrap.server.withLock({ $0 }),
            var parts = URLComponents(url: server, resolvingAgainstBaseURL: false)
        else {
            client?.urlProtocol(self, didFailWithError: URLError(.badURL))
            return
        }
        parts.percentEncodedPath =
            original.path.isEmpty ? "/" : URLComponents(url: original, resolvingAgainstBaseURL: false)?.percentEncodedPath ?? "/"
        parts.percentEncodedQuery = URLComponents(url: original, resolvingAgainstBaseURL: false)?.percentEncodedQuery
        guard let target = parts.url else {
            client?.urlProtocol(self, didFailWithError: URLError(.badURL))
            return
        }
        var forwarded = URLRequest(url: target)
        forwarded.httpMethod = request.httpMethod
        for (name, value) in request.allHTTPHeaderFields ?? [:] { forwarded.setValue(value, forHTTPHeaderField: name) }
        forwarded.setValue(original.absoluteString, forHTTPHeaderField: ReplayBootstrap.originalURLHeader)
        forwarded.httpBody = request.httpBody ?? request.httpBodyStream.map(Self.read)
        if forwarded.httpBody == nil, let upload = task as? URLSessionUploadTask {
            // URLSession keeps an upload task's body from every URLProtocol: the app may have handed it over; if not, the
            // server is told, so that it neither matches nor records the request as one without a body.
            switch Self.uploadBody(of: upload) {
            case .success(let body): forwarded.httpBody = body
            case .failure(let reason): forwarded.setValue(reason.message, forHTTPHeaderField: ReplayBootstrap.unseenBodyHeader)
            }
        }
        let this = UncheckedSendable(self as URLProtocol)
        let session = UncheckedSendable(Self.session)
        // Sent from a task of its own: swift-corelibs-foundation calls startLoading on its session's queue, and a
        // session made and started there waits on that queue (measured: a trap in libdispatch).
        let job = Task {
            let proto = this.value
            do {
                let (data, response) = try await session.value.data(for: forwarded)
                guard let http = response as? HTTPURLResponse else { throw URLError(.badServerResponse) }
                let headers = Dictionary(http.headerPairs) { _, last in last }
                guard
                    let answer = HTTPURLResponse(url: original, statusCode: http.statusCode, httpVersion: "HTTP/1.1", headerFields: headers)
                else { throw URLError(.badServerResponse) }
                proto.client?.urlProtocol(proto, didReceive: answer, cacheStoragePolicy: .notAllowed)
                if !data.isEmpty { proto.client?.urlProtocol(proto, didLoad: data) }
                proto.client?.urlProtocolDidFinishLoading(proto)
            } catch {
                proto.client?.urlProtocol(proto, didFailWithError: error)
            }
        }
        forwarding.withLock { $0 = job }
    }

    override func stopLoading() {
        forwarding.withLock { $0?.cancel() }
    }

    /// An upload task's body, as the app handed it over (``UploadBodies/register(_:for:)``), or why it is unseen.
    private static func uploadBody(of upload: URLSessionUploadTask) -> Result<Data, ReplayError> {
        guard let source = UploadBodies.take(for: upload) else {
            return .failure(ReplayError(message: "an upload task whose body was not handed over (UploadBodies.register)"))
        }
        do throws(ReplayError) {
            return .success(try UploadBodies.bytes(of: source))
        } catch {
            return .failure(error)
        }
    }

    /// The whole of a body stream (an upload the app streams).
    private static func read(_ stream: InputStream) -> Data {
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        stream.open()
        defer { stream.close() }
        while stream.hasBytesAvailable {
            let count = stream.read(&buffer, maxLength: buffer.count)
            guard count > 0 else { break }
            data.append(contentsOf: buffer[0..<count])
        }
        return data
    }
}

#if canImport(ObjectiveC)
    /// Makes `URLSessionConfiguration.default` and `.ephemeral` carry ``ServeForwardingProtocol`` first, for every
    /// session made from them after the bootstrap (a library's session in a private singleton): their class getters
    /// are replaced by ones that call the originals and add the class, as OHHTTPStubs does.
    enum ConfigurationHook {
        static func install() {
            for selector in [#selector(getter: URLSessionConfiguration.default), #selector(getter: URLSessionConfiguration.ephemeral)] {
                guard let method = class_getClassMethod(URLSessionConfiguration.self, selector) else { continue }
                let original = method_getImplementation(method)
                typealias Getter = @convention(c) (AnyClass, Selector) -> URLSessionConfiguration
                let call = unsafeBitCast(original, to: Getter.self)
                let replacement: @convention(block) (AnyClass) -> URLSessionConfiguration = { type in
                    ReplayBootstrap.routed(call(type, selector))
                }
                method_setImplementation(method, imp_implementationWithBlock(replacement))
            }
        }
    }
#endif
