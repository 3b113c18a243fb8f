import WireFormat

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// What went wrong with a GitHub call: an error status, a spent rate limit, a refused OAuth exchange,
/// a transport failure, an undecodable body, or a feed cache that cannot be read or written.
///
/// Switch on ``kind`` (compare with `==`); kinds may be added without breaking you. GitHub's
/// `message` is kept. No token, client secret or code ever appears in an error.
public struct GitHubAPIError: ClientError {
    /// The category of failure: ``ClientErrorKind/transport``, ``ClientErrorKind/decoding``,
    /// ``ClientErrorKind/unexpectedStatus`` (any other status outside 200..<400), ``ClientErrorKind/invalidRequest``
    /// (a bad repository name, `per_page` out of 1...100, a `Link` to another host), and GitHub's own below.
    public typealias Kind = ClientErrorKind<GitHubAPIError>

    /// The part every client's error holds.
    public let failure: ClientFailure<GitHubAPIError>

    /// The request, such as `GET /repos/apple/swift/events`.
    public var request: String { failure.request ?? "" }
    /// GitHub's `documentation_url`, when the body had one.
    public let documentationURL: String?
    /// For 422: GitHub's `errors`.
    public let validationErrors: [ValidationIssue]
    /// For ``Kind/oauth``: the error GitHub named.
    public let oauthError: OAuthError?
    /// The rate-limit headers of the answer, when sent.
    public let rateLimit: RateLimit?
    /// For ``Kind/rateLimited``: when to try again (`Retry-After` if sent, else the rate limit's reset).
    public let retryAt: Date?

    init(
        kind: Kind, request: String, status: Int? = nil, message: String? = nil, documentationURL: String? = nil,
        validationErrors: [ValidationIssue] = [], oauthError: OAuthError? = nil, rateLimit: RateLimit? = nil,
        retryAt: Date? = nil, keyPath: String? = nil, detail: String? = nil
    ) {
        failure = ClientFailure(kind: kind, request: request, status: status, message: message, keyPath: keyPath, detail: detail)
        self.documentationURL = documentationURL
        self.validationErrors = validationErrors
        self.oauthError = oauthError
        self.rateLimit = rateLimit
        self.retryAt = retryAt
    }

    /// A one-line account, such as `GET /search/repositories: 403 rate limit exceeded: ... (retry at 2026-11-22T10:00:00Z)`.
    public var description: String {
        let oauth = oauthError.map { ": \($0.code.rawValue)" + ($0.description.map { " (\($0))" } ?? "") } ?? ""
        var after = ""
        if !validationErrors.isEmpty {
            after +=
                " ("
                + validationErrors.map { [$0.resource, $0.field, $0.code].compactMap { $0 }.joined(separator: " ") }.joined(separator: "; ")
                + ")"
        }
        if let retryAt { after += " (retry at \(Event.dateCodec.string(from: retryAt)))" }
        return failure.line(beforeMessage: oauth, afterMessage: after)
    }
}

extension ClientErrorKind where Owner == GitHubAPIError {
    /// 404: no such repository (or GitHub hides a private one).
    public static var notFound: Self { Self("not found") }
    /// 401: the token is wrong or expired.
    public static var unauthorized: Self { Self("unauthorized") }
    /// 403 without a spent rate limit: no permission.
    public static var forbidden: Self { Self("forbidden") }
    /// 422: the request failed validation (search without `q`, say); see ``GitHubAPIError/validationErrors``.
    public static var validationFailed: Self { Self("validation failed") }
    /// 403 or 429 with `x-ratelimit-remaining: 0`, or with `Retry-After`: see ``GitHubAPIError/retryAt``.
    public static var rateLimited: Self { Self("rate limit exceeded") }
    /// The OAuth exchange was refused (inside HTTP 200): see ``GitHubAPIError/oauthError``.
    public static var oauth: Self { Self("OAuth exchange refused") }
    /// The feed cache could not be read or written.
    public static var cache: Self { Self("feed cache failure") }
}

/// One entry of a 422 answer's `errors`, such as `{"resource": "Search", "field": "q", "code": "missing"}`.
public struct ValidationIssue: Hashable, Sendable, Decodable {
    /// The resource, such as `Search`.
    public let resource: String?
    /// The field, such as `q`.
    public let field: String?
    /// `missing`, `missing_field`, `invalid`, `already_exists`, `unprocessable` or `custom`.
    public let code: String?
    /// The message, for `custom`.
    public let message: String?
}

/// The error of a refused OAuth token exchange, which GitHub sends inside HTTP 200.
public struct OAuthError: Hashable, Sendable {
    /// The error's code.
    public let code: Code
    /// GitHub's `error_description`.
    public let description: String?
    /// GitHub's `error_uri`.
    public let uri: String?

    /// An OAuth error code; the documented ones are static members, any other is kept as sent.
    public struct Code: Hashable, Sendable {
        /// The code as sent, such as `bad_verification_code`.
        public let rawValue: String
        /// Creates a code from its wire value.
        public init(rawValue: String) { self.rawValue = rawValue }
        /// The code is wrong, expired or used already.
        public static let badVerificationCode = Code(rawValue: "bad_verification_code")
        /// The client id or secret is wrong.
        public static let incorrectClientCredentials = Code(rawValue: "incorrect_client_credentials")
        /// The redirect URI does not match the app's.
        public static let redirectURIMismatch = Code(rawValue: "redirect_uri_mismatch")
    }
}
