import WireFormat

/// What went wrong with a Kakao search: an `{errorType, message}` answer, another error status, a
/// transport failure, an undecodable body, a request refused before sending, or no key.
///
/// Switch on ``kind`` (compare with `==`); kinds may be added without breaking you. For an answer
/// with `errorType`, ``errorType`` says which (``ErrorType/invalidArgument`` and the others; any type
/// Kakao adds is kept as sent). The key never appears in an error: a message that echoes it (a 401
/// does, for a malformed key) has it replaced by `<redacted>`.
public struct KakaoAPIError: ClientError {
    /// The category of failure: ``ClientErrorKind/transport``, ``ClientErrorKind/decoding``,
    /// ``ClientErrorKind/unexpectedStatus`` (an error status without Kakao's error body),
    /// ``ClientErrorKind/invalidRequest`` (a blank query, a page or size outside 1...50), and Kakao's own below.
    public typealias Kind = ClientErrorKind<KakaoAPIError>

    /// Kakao's `errorType`; the documented ones are static members, any other is kept as sent.
    public struct ErrorType: Hashable, Sendable, CustomStringConvertible {
        /// The type as sent, such as `InvalidArgument`.
        public let rawValue: String
        /// Creates a type from its wire value.
        public init(rawValue: String) { self.rawValue = rawValue }
        /// 400: `query` is missing.
        public static let missingParameter = ErrorType(rawValue: "MissingParameter")
        /// 400: `page`, `size` or `sort` is out of range (`page is more than max`).
        public static let invalidArgument = ErrorType(rawValue: "InvalidArgument")
        /// 401: no key, a malformed one, or one that is not the app's.
        public static let accessDenied = ErrorType(rawValue: "AccessDeniedError")
        /// 429: the app's daily quota is spent.
        public static let requestThrottled = ErrorType(rawValue: "RequestThrottled")
        /// The wire value.
        public var description: String { rawValue }
    }

    /// The part every client's error holds.
    public let failure: ClientFailure<KakaoAPIError>

    /// The request, such as `GET /v2/search/blog`; nil for a missing key.
    public var request: String? { failure.request }
    /// Kakao's `errorType`, when the body had one.
    public let errorType: ErrorType?

    init(
        kind: Kind, request: String?, status: Int? = nil, errorType: ErrorType? = nil, message: String? = nil, keyPath: String? = nil,
        detail: String? = nil
    ) {
        failure = ClientFailure(kind: kind, request: request, status: status, message: message, keyPath: keyPath, detail: detail)
        self.errorType = errorType
    }

    /// A one-line account, such as `GET /v2/search/blog: 400 refused: InvalidArgument: page is more than max`.
    public var description: String {
        failure.line(beforeMessage: errorType.map { ": \($0.rawValue)" } ?? "")
    }
}

extension ClientErrorKind where Owner == KakaoAPIError {
    /// Kakao answered with `{errorType, message}`: see ``KakaoAPIError/errorType``.
    public static var api: Self { Self("refused") }
    /// No key: the environment variable is not set, or the key is empty.
    public static var missingKey: Self { Self("no REST API key") }
}
