import Foundation

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
