import WireFormat

/// What went wrong with a todo API call: an error status, a transport failure or an undecodable body.
///
/// Switch on ``kind`` (compare with `==`); new kinds may be added without breaking you.
/// The server's `message` and, for 422, its per-field ``fieldErrors`` are kept.
public struct TodoAPIError: ClientError {
    /// The category of failure: ``ClientErrorKind/transport``, ``ClientErrorKind/decoding``,
    /// ``ClientErrorKind/unexpectedStatus`` (any other status outside 200...299), ``ClientErrorKind/invalidRequest``
    /// (its body would not encode), and the todo API's own below.
    public typealias Kind = ClientErrorKind<TodoAPIError>

    /// The part every client's error holds.
    public let failure: ClientFailure<TodoAPIError>

    /// The request, such as `PUT /api/v2/todos/5126`.
    public var request: String { failure.request ?? "" }
    /// For 422: the server's `errors`, field name to messages.
    public let fieldErrors: [String: [String]]

    init(
        kind: Kind, request: String, status: Int? = nil, message: String? = nil,
        fieldErrors: [String: [String]] = [:], keyPath: String? = nil, detail: String? = nil
    ) {
        failure = ClientFailure(kind: kind, request: request, status: status, message: message, keyPath: keyPath, detail: detail)
        self.fieldErrors = fieldErrors
    }

    /// A one-line account, such as `GET /api/v2/todos/9: 404 not found: 할일을 찾을 수 없습니다`.
    public var description: String {
        guard !fieldErrors.isEmpty else { return failure.line() }
        let fields = fieldErrors.keys.sorted().map { "\($0): \(fieldErrors[$0, default: []].joined(separator: " "))" }
        return failure.line(afterMessage: " (\(fields.joined(separator: "; ")))")
    }
}

extension ClientErrorKind where Owner == TodoAPIError {
    /// 404: no such todo (or route).
    public static var notFound: Self { Self("not found") }
    /// 422: the request failed validation; see ``TodoAPIError/fieldErrors``.
    public static var validationFailed: Self { Self("validation failed") }
    /// 401: not authenticated.
    public static var unauthorized: Self { Self("unauthorized") }
}
