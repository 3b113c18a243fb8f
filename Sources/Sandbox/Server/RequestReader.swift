import HTTP1
import Sockets

/// Reads requests from one connection with the shared codec (``HTTP1Reader``), and decides what the sandbox
/// answers a request it cannot read: the codec's suggested status (400, 413, 431, 501, 505), or nothing when the
/// client is simply gone.
struct RequestReader {
    /// One read.
    static let readSize = 16 << 10

    private var reader: HTTP1Reader<SocketSource>

    init(socket: Socket) {
        reader = HTTP1Reader(source: SocketSource(socket: socket, deadline: .now), readSize: Self.readSize)
    }

    /// A request's head, as the server routes it.
    struct Head {
        var method: String
        var path: String
        var query: String?
        var fields: HTTPFields
        var keepAlive: Bool
        var expectsContinue: Bool
        var framing: HTTPFraming
        /// The body's length by its `Content-Length`.
        var announcedLength: Int? {
            if case .length(let length) = framing { return length }
            return nil
        }
    }

    /// Why a request cannot be read; `status` is the answer, nil when the connection is simply gone.
    struct Failure: Error {
        var status: Int?
        var isTooLarge: Bool { status == 413 }

        static let gone = Failure(status: nil)
    }

    /// The next request's head; nil when the peer closed the connection between requests.
    mutating func readHead(deadline: Deadline) throws(Failure) -> Head? {
        reader.source.deadline = deadline
        do {
            guard let head = try reader.readRequestHead() else { return nil }
            return try Self.route(head)
        } catch {
            throw Self.failure(error)
        }
    }

    /// The body `head` announces, at most `limit` bytes.
    mutating func readBody(of head: Head, limit: Int, deadline: Deadline) throws(Failure) -> [UInt8] {
        reader.source.deadline = deadline
        do {
            return try reader.readBody(head.framing, limit: limit)
        } catch {
            throw Self.failure(error)
        }
    }

    static func failure(_ error: HTTP1ReadFailure<SocketError>) -> Failure {
        switch error {
        case .source: .gone
        // A client that stopped sending in the middle of a request gets no answer: it is gone.
        case .message(let message): message.kind == .truncated ? .gone : Failure(status: message.suggestedStatus)
        }
    }

    /// What the server needs of a head: the path and query of its target, its framing, whether it keeps the
    /// connection and waits for `100 Continue`.
    static func route(_ head: RequestHead) throws(HTTP1ReadFailure<SocketError>) -> Head {
        let framing: HTTPFraming
        do {
            framing = try head.framing()
        } catch {
            throw .message(error)
        }
        // The target: origin form (/path?query) or absolute form (http://host/path?query).
        var target = head.target
        if let fragment = target.firstIndex(of: "#") { target = String(target[..<fragment]) }
        if !target.hasPrefix("/"), let scheme = target.range(of: "://") {
            let rest = target[scheme.upperBound...]
            target = rest.firstIndex(where: { $0 == "/" || $0 == "?" }).map { String(rest[$0...]) } ?? "/"
            if target.hasPrefix("?") { target = "/" + target }
        }
        let query = target.firstIndex(of: "?").map { String(target[target.index(after: $0)...]) }
        let path = target.firstIndex(of: "?").map { String(target[..<$0]) } ?? target
        return Head(
            method: head.method, path: path, query: query, fields: head.fields, keepAlive: head.isPersistent,
            expectsContinue: head.fields.list("Expect").contains("100-continue"), framing: framing
        )
    }
}
