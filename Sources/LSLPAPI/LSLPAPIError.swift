#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What went wrong with an LSLP call: an answer from the status table (with the server's message), another
/// status, a transport failure, an undecodable body, a request refused before sending, or no session.
///
/// Switch on ``kind`` and, for an answer, on ``reason`` (compare with `==`; kinds and reasons may be added
/// without breaking you). ``Kind-swift.struct/loginRequired`` means the refresh token expired (418): the
/// tokens are gone and the member must log in again. No `SesacKey`, token or refresh token ever appears in
/// an error: a message that echoes one has it replaced by `<redacted>`.
public struct LSLPAPIError: Error, Sendable, CustomStringConvertible {
    /// The category of failure.
    public struct Kind: Hashable, Sendable, CustomStringConvertible {
        let name: String
        /// The server answered with a status of its table and `{"message"}`: see ``LSLPAPIError/reason``.
        public static let api = Kind(name: "refused")
        /// The refresh token expired (418), or a refresh failed: log in again. The session is over.
        public static let loginRequired = Kind(name: "log in again")
        /// No one is logged in: call ``LSLPClient/login(email:password:)`` first.
        public static let notLoggedIn = Kind(name: "not logged in")
        /// An error status without LSLP's `{"message"}` body.
        public static let unexpectedStatus = Kind(name: "unexpected status")
        /// The request never got an HTTP answer: refused, DNS, TLS, timeout, cancelled.
        public static let transport = Kind(name: "transport failure")
        /// A success whose body does not decode into the expected model.
        public static let decoding = Kind(name: "undecodable body")
        /// Refused before sending: an email of the wrong form, more than five files, a blank title.
        public static let invalidRequest = Kind(name: "invalid request")
        /// No `SesacKey`: the environment variable is not set, or the key is empty.
        public static let missingKey = Kind(name: "no SesacKey")
        /// The kind in words, such as `refused`.
        public var description: String { name }
    }

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

    /// The category of failure.
    public let kind: Kind
    /// The request, such as `POST /post`; nil for a missing key.
    public let request: String?
    /// The HTTP status, when an answer came back.
    public let status: Int?
    /// The server's `message`, secrets replaced by `<redacted>`.
    public let message: String?
    /// For a decoding failure: the JSON pointer of the failing key, such as `/data/0/time`.
    public let keyPath: String?
    /// More detail: the decoder's or the transport's own words, or why a request was refused.
    public let detail: String?

    /// The status of LSLP's table the answer had (any status, for ``Kind-swift.struct/unexpectedStatus``).
    public var reason: Reason? { status.map(Reason.init(status:)) }

    init(kind: Kind, request: String?, status: Int? = nil, message: String? = nil, keyPath: String? = nil, detail: String? = nil) {
        self.kind = kind
        self.request = request
        self.status = status
        self.message = message
        self.keyPath = keyPath
        self.detail = detail
    }

    /// A one-line account, such as `DELETE /post/{id}: 445 refused (not the owner): 게시글 작성자만 ...`.
    public var description: String {
        var text = request.map { "\($0): " } ?? ""
        if let status { text += "\(status) " }
        text += kind.description
        if let reason, kind == .api || kind == .loginRequired { text += " (\(reason))" }
        if let keyPath { text += " at \(keyPath)" }
        if let message { text += ": \(message)" }
        if let detail { text += ": \(detail)" }
        return text
    }
}
