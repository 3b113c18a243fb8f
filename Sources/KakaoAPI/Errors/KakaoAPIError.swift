#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What went wrong with a Kakao search: an `{errorType, message}` answer, another error status, a
/// transport failure, an undecodable body, a request refused before sending, or no key.
///
/// Switch on ``kind`` (compare with `==`); kinds may be added without breaking you. For an answer
/// with `errorType`, ``errorType`` says which (``ErrorType/invalidArgument`` and the others; any type
/// Kakao adds is kept as sent). The key never appears in an error: a message that echoes it (a 401
/// does, for a malformed key) has it replaced by `<redacted>`.
public struct KakaoAPIError: Error, Sendable, CustomStringConvertible {
    /// The category of failure.
    public struct Kind: Hashable, Sendable, CustomStringConvertible {
        let name: String
        /// Kakao answered with `{errorType, message}`: see ``KakaoAPIError/errorType``.
        public static let api = Kind(name: "refused")
        /// An error status without Kakao's error body.
        public static let unexpectedStatus = Kind(name: "unexpected status")
        /// The request never got an HTTP answer: refused, DNS, TLS, timeout, cancelled.
        public static let transport = Kind(name: "transport failure")
        /// A success whose body does not decode into the expected model.
        public static let decoding = Kind(name: "undecodable body")
        /// Refused before sending: a blank query, a page or size outside 1...50.
        public static let invalidRequest = Kind(name: "invalid request")
        /// No key: the environment variable is not set, or the key is empty.
        public static let missingKey = Kind(name: "no REST API key")
        /// The kind in words, such as `refused`.
        public var description: String { name }
    }

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

    /// The category of failure.
    public let kind: Kind
    /// The request, such as `GET /v2/search/blog`; nil for a missing key.
    public let request: String?
    /// The HTTP status, when an answer came back.
    public let status: Int?
    /// Kakao's `errorType`, when the body had one.
    public let errorType: ErrorType?
    /// Kakao's `message`, with the key replaced by `<redacted>` wherever it appeared.
    public let message: String?
    /// For a decoding failure: the JSON pointer of the failing key, such as `/documents/0/datetime`.
    public let keyPath: String?
    /// More detail: the decoder's or the transport's own words, or why a request was refused.
    public let detail: String?

    init(
        kind: Kind, request: String?, status: Int? = nil, errorType: ErrorType? = nil, message: String? = nil, keyPath: String? = nil,
        detail: String? = nil
    ) {
        self.kind = kind
        self.request = request
        self.status = status
        self.errorType = errorType
        self.message = message
        self.keyPath = keyPath
        self.detail = detail
    }

    /// A one-line account, such as `GET /v2/search/blog: 400 refused: InvalidArgument: page is more than max`.
    public var description: String {
        var text = request.map { "\($0): " } ?? ""
        if let status { text += "\(status) " }
        text += kind.description
        if let keyPath { text += " at \(keyPath)" }
        if let errorType { text += ": \(errorType.rawValue)" }
        if let message { text += ": \(message)" }
        if let detail { text += ": \(detail)" }
        return text
    }
}
