import WireFormat

/// What went wrong with an LSLP call: an answer from the status table (with the server's message), another
/// status, a transport failure, an undecodable body, a request refused before sending, or no session.
///
/// Switch on ``kind`` and, for an answer, on ``reason`` (compare with `==`; kinds and reasons may be added
/// without breaking you). ``ClientErrorKind/loginRequired`` means the refresh token expired (418): the
/// tokens are gone and the member must log in again. No `SesacKey`, token or refresh token ever appears in
/// an error: a message that echoes one has it replaced by `<redacted>`.
public struct LSLPAPIError: ClientError {
    /// The category of failure: ``ClientErrorKind/transport``, ``ClientErrorKind/decoding``,
    /// ``ClientErrorKind/unexpectedStatus`` (an error status without LSLP's `{"message"}` body),
    /// ``ClientErrorKind/invalidRequest`` (an email of the wrong form, more than five files, a blank product id), and
    /// LSLP's own below.
    public typealias Kind = ClientErrorKind<LSLPAPIError>

    /// A status of LSLP's table, by its code.
    public struct Reason: Hashable, Sendable, CustomStringConvertible {
        /// The HTTP status.
        public let status: Int
        /// Creates a reason from a status.
        public init(status: Int) { self.status = status }
        /// 400: a required value is missing, or the files break the limits.
        public static let badRequest = Reason(status: 400)
        /// 401: no such account or a wrong password (login), or an access token that is not valid.
        public static let unauthorized = Reason(status: 401)
        /// 403: forbidden.
        public static let forbidden = Reason(status: 403)
        /// 409: already registered (join), an unusable email (validation), a token not yet expired (refresh).
        public static let conflict = Reason(status: 409)
        /// 410: no such post, or it was not saved.
        public static let postNotFound = Reason(status: 410)
        /// 418: the refresh token expired; log in again.
        public static let refreshTokenExpired = Reason(status: 418)
        /// 419: the access token expired (the client refreshes and retries once before you see it).
        public static let accessTokenExpired = Reason(status: 419)
        /// 420: `SesacKey` missing or wrong.
        public static let invalidSesacKey = Reason(status: 420)
        /// 429: too many calls.
        public static let tooManyRequests = Reason(status: 429)
        /// 444: an abnormal URL.
        public static let abnormalURL = Reason(status: 444)
        /// 445: not the author of the post or comment.
        public static let notOwner = Reason(status: 445)
        /// 500: an undefined server error.
        public static let serverError = Reason(status: 500)
        /// Every reason of the table.
        public static let table: [Reason] = [
            .badRequest, .unauthorized, .forbidden, .conflict, .postNotFound, .refreshTokenExpired, .accessTokenExpired,
            .invalidSesacKey, .tooManyRequests, .abnormalURL, .notOwner, .serverError,
        ]
        /// Whether the status is one of the table.
        public var isKnown: Bool { Self.table.contains(self) }

        public var description: String {
            switch status {
            case 400: return "bad request"
            case 401: return "unauthorized"
            case 403: return "forbidden"
            case 409: return "conflict"
            case 410: return "post not found"
            case 418: return "refresh token expired"
            case 419: return "access token expired"
            case 420: return "invalid SesacKey"
            case 429: return "too many requests"
            case 444: return "abnormal URL"
            case 445: return "not the owner"
            case 500: return "server error"
            default: return "status \(status)"
            }
        }
    }

    /// The part every client's error holds.
    public let failure: ClientFailure<LSLPAPIError>

    /// The request, such as `POST /post`; nil for a missing key.
    public var request: String? { failure.request }

    /// The status of LSLP's table the answer had (any status, for ``ClientErrorKind/unexpectedStatus``).
    public var reason: Reason? { status.map(Reason.init(status:)) }

    init(kind: Kind, request: String?, status: Int? = nil, message: String? = nil, keyPath: String? = nil, detail: String? = nil) {
        failure = ClientFailure(kind: kind, request: request, status: status, message: message, keyPath: keyPath, detail: detail)
    }

    /// A one-line account, such as `DELETE /post/{id}: 445 refused (not the owner): 게시글 작성자만 ...`.
    public var description: String {
        failure.line(afterKind: reason.map { kind == .api || kind == .loginRequired ? " (\($0))" : "" } ?? "")
    }
}

extension ClientErrorKind where Owner == LSLPAPIError {
    /// The server answered with a status of its table and `{"message"}`: see ``LSLPAPIError/reason``.
    public static var api: Self { Self("refused") }
    /// The refresh token expired (418), or a refresh failed: log in again. The session is over.
    public static var loginRequired: Self { Self("log in again") }
    /// No one is logged in: call ``LSLPClient/login(email:password:)`` first.
    public static var notLoggedIn: Self { Self("not logged in") }
    /// No `SesacKey`: the environment variable is not set, or the key is empty.
    public static var missingKey: Self { Self("no SesacKey") }
}
