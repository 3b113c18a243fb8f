/// A request as the sandbox received it, bytes and all, for tests that check what a client sent.
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

    /// The value of the first header named `name` (case-insensitively), or nil.
    public func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
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
