import HTTP1
import Locking

/// A request as the sandbox received it, bytes and all: what the server hands the replicas, and what the journal
/// keeps for tests that check what a client sent.
public struct ReceivedRequest: Sendable, Hashable {
    /// The method, such as `PUT`.
    public let method: String
    /// The path, without the query, such as `/api/v2/todos/4698`.
    public let path: String
    /// The raw query string after `?`, still percent-encoded; nil when there was none.
    public let query: String?
    /// The headers, names as sent, in order.
    public let headers: [Header]
    /// The body's bytes exactly as they arrived.
    public let body: [UInt8]

    /// One header field.
    public struct Header: Sendable, Hashable {
        public let name: String
        public let value: String
    }

    /// The query's name-value pairs, percent-decoded as PHP decodes them (`+` is a space), in order.
    let queryItems: [QueryItem]

    /// One name-value pair of the query.
    struct QueryItem: Sendable, Hashable {
        let name: String
        let value: String
    }

    /// The request the codec read: its field lines become ``headers`` once, in order.
    init(method: String, path: String, query: String?, fields: HTTPFields, body: [UInt8]) {
        self.method = method
        self.path = path
        self.query = query
        headers = fields.lines.map { Header(name: $0.name, value: $0.value) }
        self.body = body
        queryItems = PercentDecoding.pairs(Array((query ?? "").utf8)).map { QueryItem(name: $0.0, value: $0.1) }
    }

    /// The value of the first header named `name` (case-insensitively), or nil.
    public func header(_ name: String) -> String? {
        let lowered = name.lowercased()
        return headers.first { $0.name.lowercased() == lowered }?.value
    }

    /// The media type of the body, lower-cased and without parameters: `application/json`.
    var mediaType: String? {
        header("Content-Type").map { $0.split(separator: ";", maxSplits: 1)[0].trimmingCharacters(in: .whitespaces).lowercased() }
    }

    /// The last value of the query item `name` (PHP's rule: the last one wins).
    func queryValue(_ name: String) -> String? {
        queryItems.last { $0.name == name }?.value
    }
}

/// The last few requests the sandbox received, when its configuration asks it to keep them.
final class RequestJournal: Sendable {
    private let limit: Int
    private let entries = Locked<[ReceivedRequest]>([])

    init(limit: Int) {
        self.limit = limit
    }

    func append(_ request: @autoclosure () -> ReceivedRequest) {
        guard limit > 0 else { return }
        let request = request()
        entries.withLock { entries in
            entries.append(request)
            if entries.count > limit { entries.removeFirst(entries.count - limit) }
        }
    }

    var all: [ReceivedRequest] { entries.withLock { $0 } }
}
