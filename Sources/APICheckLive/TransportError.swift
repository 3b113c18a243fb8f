/// Why a request got no response: the reasons a developer needs to tell apart.
public struct TransportError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The kind of failure: a struct, so that kinds can be added without breaking a `switch`.
    public struct Kind: Hashable, Sendable, CustomStringConvertible {
        /// `refused`, `dns`, `tls`, `timeout`, `reset`, `cancelled` or `other`.
        public let name: String
        /// How a message starts: `connection refused`.
        let phrase: String

        /// Nothing listens at the address.
        public static let refused = Kind(name: "refused", phrase: "connection refused")
        /// The host name did not resolve.
        public static let dns = Kind(name: "dns", phrase: "DNS lookup failed")
        /// The TLS handshake or certificate check failed.
        public static let tls = Kind(name: "tls", phrase: "TLS failed")
        /// No complete response within the request's deadline.
        public static let timeout = Kind(name: "timeout", phrase: "timed out")
        /// The server closed or reset the connection before a complete response.
        public static let reset = Kind(name: "reset", phrase: "connection closed before a complete response")
        /// The request was cancelled (Ctrl-C).
        public static let cancelled = Kind(name: "cancelled", phrase: "cancelled")
        /// Anything else.
        public static let other = Kind(name: "other", phrase: "request failed")
        /// The server answered with a body larger than the limit (`--max-body-size`); reading stopped there.
        public static let tooLarge = Kind(name: "too-large", phrase: "response body larger than the limit")
        /// The server answered with a compressed body (`Content-Encoding`), which apicheck does not decompress.
        public static let compressed = Kind(name: "compressed", phrase: "response body compressed")

        /// Whether the server answered (a body apicheck will not read) rather than failing to: such a
        /// response is a finding about the API, never a sign that the API cannot be reached.
        public var isAnswer: Bool { self == .tooLarge || self == .compressed }

        /// The kind's name.
        public var description: String { name }

        /// Kinds are equal when their names are.
        public static func == (lhs: Kind, rhs: Kind) -> Bool { lhs.name == rhs.name }
        /// Hashes the name.
        public func hash(into hasher: inout Hasher) { hasher.combine(name) }
    }

    /// The kind.
    public var kind: Kind
    /// Details for the message: the address, the underlying error.
    public var detail: String
    /// The status of the answer, for the kinds where the server answered (``Kind/isAnswer``).
    public var status: Int?

    /// Creates an error.
    public init(_ kind: Kind, _ detail: String, status: Int? = nil) {
        self.kind = kind
        self.detail = detail
        self.status = status
    }

    /// `connection refused (127.0.0.1:9)`, `no complete response within 10 s (--timeout)`, ...
    public var description: String {
        detail.isEmpty ? kind.phrase : "\(kind.phrase) (\(detail))"
    }
}
