#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The kind of a typed client's failure: compare with `==` or switch on it. Generic over the client's error type,
/// so that each client's own kinds (`TodoAPIError.Kind.notFound`, `KakaoAPIError.Kind.missingKey`) are its own
/// while the kinds every client has are written once, here. New kinds may be added without breaking you.
public struct ClientErrorKind<Owner>: Hashable, Sendable, CustomStringConvertible {
    let name: String

    /// A kind named `name` (how ``description`` says it): for the clients' own kinds.
    package init(_ name: String) {
        self.name = name
    }

    /// The kind in words, such as `not found`.
    public var description: String { name }

    /// An error status the client has no more particular kind for.
    public static var unexpectedStatus: Self { Self("unexpected status") }
    /// The request never got an HTTP answer: refused, DNS, TLS, timeout, cancelled.
    public static var transport: Self { Self("transport failure") }
    /// A success whose body does not decode into the expected model.
    public static var decoding: Self { Self("undecodable body") }
    /// The request could not be built, or was refused before sending (a bad argument, a body that would not encode).
    public static var invalidRequest: Self { Self("invalid request") }
}

/// A typed client's error (`TodoAPIError`, `GitHubAPIError`, `KakaoAPIError`, `LSLPAPIError`): the shared part
/// (``failure``) gives ``kind``, ``status``, ``message``, ``keyPath`` and ``detail``; each client adds its own
/// fields (the request, 422 field errors, Kakao's `errorType`, GitHub's rate limit) and its own kinds.
public protocol ClientError: Error, Sendable, CustomStringConvertible {
    /// What every client's error holds.
    var failure: ClientFailure<Self> { get }
}

extension ClientError {
    /// The category of failure: compare with `==` or switch on it.
    public var kind: ClientErrorKind<Self> { failure.kind }
    /// The HTTP status, when an answer came back.
    public var status: Int? { failure.status }
    /// The server's message, when its body had one, with the client's secrets replaced by `<redacted>`.
    public var message: String? { failure.message }
    /// For a decoding failure: the JSON pointer of the failing key, such as `/data/3/created_at`.
    public var keyPath: String? { failure.keyPath }
    /// What went wrong in more detail: the decoder's or the transport's own words, or why a request was refused.
    public var detail: String? { failure.detail }
}

/// What every typed client's error holds: the kind, the request, the status, the server's message, where decoding
/// failed and more detail, with the secrets the client knows replaced by `<redacted>` before any of it is kept.
public struct ClientFailure<Owner>: Sendable {
    /// The category of failure.
    public let kind: ClientErrorKind<Owner>
    /// The request, such as `PUT /api/v2/todos/5126`; nil when there was none (no key to send it with).
    public let request: String?
    /// The HTTP status, when an answer came back.
    public let status: Int?
    /// The server's message, secrets replaced by `<redacted>`.
    public let message: String?
    /// For a decoding failure: the JSON pointer of the failing key.
    public let keyPath: String?
    /// More detail: the decoder's or the transport's own words, or why a request was refused.
    public let detail: String?

    /// A failure; every occurrence of each of `secrets` in `message` and `detail` is replaced by `<redacted>`.
    package init(
        kind: ClientErrorKind<Owner>, request: String?, status: Int?, message: String?, keyPath: String?, detail: String?,
        secrets: [String] = []
    ) {
        self.kind = kind
        self.request = request
        self.status = status
        self.message = message.map { Self.redacting(secrets, in: $0) }
        self.keyPath = keyPath
        self.detail = detail.map { Self.redacting(secrets, in: $0) }
    }

    /// `text` with every occurrence of each of `secrets` (longest first) replaced by `<redacted>`.
    package static func redacting(_ secrets: [String], in text: String) -> String {
        var result = text
        for secret in secrets.sorted(by: { $0.count > $1.count }) where !secret.isEmpty && result.contains(secret) {
            result = result.replacingOccurrences(of: secret, with: "<redacted>")
        }
        return result
    }

    /// The one-line account the clients' errors give: `GET /api/v2/todos/9: 404 not found: <message>`, with what
    /// a client adds after the kind (`(not the owner)`), before the message (`: InvalidArgument`) and after it.
    package func line(afterKind: String = "", beforeMessage: String = "", afterMessage: String = "") -> String {
        var text = request.map { "\($0): " } ?? ""
        if let status { text += "\(status) " }
        text += kind.description + afterKind
        if let keyPath { text += " at \(keyPath)" }
        text += beforeMessage
        if let message { text += ": \(message)" }
        text += afterMessage
        if let detail { text += ": \(detail)" }
        return text
    }
}
