/// Why a message could not be read. Each side words it its own way: the server answers a status
/// (``suggestedStatus``), the client reports a transport error.
package struct HTTP1Error: Error, Sendable, Equatable, CustomStringConvertible {
    package enum Kind: Sendable, Equatable {
        /// The message breaks RFC 9112's grammar (or a rule this codec holds on purpose).
        case malformed
        /// The header section is over ``HTTP1/maximumHeadBytes``.
        case headTooLarge
        /// An HTTP version whose major number is not 1.
        case unsupportedVersion
        /// A transfer coding other than `chunked` alone (a compressed or unknown coding).
        case unsupportedCoding
        /// The body, announced or read so far, is over the reader's limit.
        case bodyTooLarge
        /// The stream ended inside the message.
        case truncated
    }

    package let kind: Kind
    /// What was wrong, for a report: `status line "HTTP/2 200"`, `the body ended before its Content-Length`.
    package let detail: String
    /// The body's length by its `Content-Length`, when that is what is too large.
    package let announcedLength: Int?

    package init(_ kind: Kind, _ detail: String, announcedLength: Int? = nil) {
        self.kind = kind
        self.detail = detail
        self.announcedLength = announcedLength
    }

    /// The status a server answers a request it cannot read with (RFC 9110, 15.5 and 15.6).
    package var suggestedStatus: Int {
        switch kind {
        case .malformed, .truncated: 400
        case .headTooLarge: 431
        case .unsupportedVersion: 505
        case .unsupportedCoding: 501
        case .bodyTooLarge: 413
        }
    }

    package var description: String { detail }

    static func malformed(_ what: String, _ bytes: some Collection<UInt8>) -> HTTP1Error {
        HTTP1Error(.malformed, "\(what) \"\(String(decoding: bytes.prefix(80), as: UTF8.self))\"")
    }
}
