/// What went wrong with a todo API call: an error status, a transport failure or an undecodable body.
///
/// Switch on ``kind`` (compare with `==`); new kinds may be added without breaking you.
/// The server's `message` and, for 422, its per-field ``fieldErrors`` are kept.
public struct TodoAPIError: Error, Sendable, CustomStringConvertible {
    /// The category of failure.
    public struct Kind: Hashable, Sendable, CustomStringConvertible {
        let name: String
        /// 404: no such todo (or route).
        public static let notFound = Kind(name: "not found")
        /// 422: the request failed validation; see ``TodoAPIError/fieldErrors``.
        public static let validationFailed = Kind(name: "validation failed")
        /// 401: not authenticated.
        public static let unauthorized = Kind(name: "unauthorized")
        /// Any other status outside 200...299.
        public static let unexpectedStatus = Kind(name: "unexpected status")
        /// The request never got an HTTP answer: refused, DNS, TLS, timeout, cancelled.
        public static let transport = Kind(name: "transport failure")
        /// A 2xx answer whose body does not decode into the expected model.
        public static let decoding = Kind(name: "undecodable body")
        /// The request could not be built (for example, its body would not encode).
        public static let invalidRequest = Kind(name: "invalid request")
        /// The kind in words, such as `not found`.
        public var description: String { name }
    }

    /// The category of failure.
    public let kind: Kind
    /// The request, such as `PUT /api/v2/todos/5126`.
    public let request: String
    /// The HTTP status, when an answer came back.
    public let status: Int?
    /// The server's `message`, when its body had one.
    public let message: String?
    /// For 422: the server's `errors`, field name to messages.
    public let fieldErrors: [String: [String]]
    /// For a decoding failure: the JSON pointer of the failing key, such as `/data/3/created_at`.
    public let keyPath: String?
    /// What went wrong in more detail: the decoder's or the transport's own words.
    public let detail: String?

    init(
        kind: Kind, request: String, status: Int? = nil, message: String? = nil,
        fieldErrors: [String: [String]] = [:], keyPath: String? = nil, detail: String? = nil
    ) {
        self.kind = kind
        self.request = request
        self.status = status
        self.message = message
        self.fieldErrors = fieldErrors
        self.keyPath = keyPath
        self.detail = detail
    }

    /// A one-line account, such as `GET /api/v2/todos/9: 404 not found: 할일을 찾을 수 없습니다`.
    public var description: String {
        var text = "\(request): "
        if let status { text += "\(status) " }
        text += kind.description
        if let keyPath { text += " at \(keyPath)" }
        if let message { text += ": \(message)" }
        if !fieldErrors.isEmpty {
            let fields = fieldErrors.keys.sorted().map { "\($0): \(fieldErrors[$0, default: []].joined(separator: " "))" }
            text += " (\(fields.joined(separator: "; ")))"
        }
        if let detail { text += ": \(detail)" }
        return text
    }
}
