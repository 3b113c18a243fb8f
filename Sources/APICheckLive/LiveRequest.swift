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
    /// The name of the API's base URL it goes to (`other_bases`); nil for the main one.
    public var base: String?

    /// Creates a request.
    public init(method: String, url: URL, headers: [(String, String)] = [], body: [UInt8]? = nil, base: String? = nil) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
        self.base = base
    }

    /// Whether a repeat cannot change anything on the server (so a refused or reset connection may be retried).
    public var isIdempotentRead: Bool { method == "GET" || method == "HEAD" }
}
