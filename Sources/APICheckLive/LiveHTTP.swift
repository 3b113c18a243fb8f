import Foundation

/// One request as the live runner sends it.
public struct LiveRequest: Sendable {
    /// `GET`, `POST`, ...
    public var method: String
    /// The absolute URL.
    public var url: URL
    /// The headers, in order.
    public var headers: [(String, String)]
    /// The body, if any.
    public var body: [UInt8]?

    /// Creates a request.
    public init(method: String, url: URL, headers: [(String, String)] = [], body: [UInt8]? = nil) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
    }

    /// Whether a repeat cannot change anything on the server (so a refused or reset connection may be retried).
    public var isIdempotentRead: Bool { method == "GET" || method == "HEAD" }
}

/// A response as received.
public struct LiveResponse: Sendable {
    /// The HTTP status.
    public var status: Int
    /// The headers, in order.
    public var headers: [(String, String)]
    /// The body bytes (possibly empty).
    public var body: [UInt8]

    /// Creates a response.
    public init(status: Int, headers: [(String, String)], body: [UInt8]) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// The first header named `name` (case-insensitive).
    public func header(_ name: String) -> String? {
        headers.first { $0.0.caseInsensitiveCompare(name) == .orderedSame }?.1
    }
}

/// Why a request got no response: the reasons a developer needs to tell apart.
public struct TransportError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The kind of failure.
    public enum Kind: String, Sendable, Hashable {
        /// Nothing listens at the address.
        case refused
        /// The host name did not resolve.
        case dns
        /// The TLS handshake or certificate check failed.
        case tls
        /// No complete response within the request's deadline.
        case timeout
        /// The server closed or reset the connection before a complete response.
        case reset
        /// The request was cancelled (Ctrl-C).
        case cancelled
        /// Anything else.
        case other
    }

    /// The kind.
    public var kind: Kind
    /// Details for the message: the address, the underlying error.
    public var detail: String

    /// Creates an error.
    public init(_ kind: Kind, _ detail: String) {
        self.kind = kind
        self.detail = detail
    }

    /// `connection refused (127.0.0.1:9)`, `no complete response within 10 s (--timeout)`, ...
    public var description: String {
        let what: String
        switch kind {
        case .refused: what = "connection refused"
        case .dns: what = "DNS lookup failed"
        case .tls: what = "TLS failed"
        case .timeout: what = "timed out"
        case .reset: what = "connection closed before a complete response"
        case .cancelled: what = "cancelled"
        case .other: what = "request failed"
        }
        return detail.isEmpty ? what : "\(what) (\(detail))"
    }
}

/// Sends requests with a total deadline. The runner is written against this, so that tests and the
/// benchmark can compare clients.
public protocol LiveTransport: Sendable {
    /// Sends `request`; throws when no complete response arrives before `deadline`.
    func send(_ request: LiveRequest, deadline: ContinuousClock.Instant) async throws(TransportError) -> LiveResponse
    /// Releases connections and threads; call once, after the last request.
    func shutdown() async
}
