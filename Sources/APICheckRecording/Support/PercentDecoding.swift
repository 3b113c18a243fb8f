import Foundation

extension String {
    /// The text with its %-escapes decoded (RFC 3986), or nil when an escape is malformed or decodes to bytes that
    /// are not UTF-8, as Foundation's `removingPercentEncoding`; text without `%` is returned as it is, without
    /// Foundation, which bridges through NSString (each `$ref` of a vendor's description, and each path parameter of
    /// a verified request, is decoded).
    ///
    /// On `String` and `Substring`, not `StringProtocol`: called from other modules, the generic one looked for the `%`
    /// through the protocol's witnesses, a call per byte.
    package var percentDecoded: String? {
        utf8.contains(UInt8(ascii: "%")) ? removingPercentEncoding : self
    }
}

extension Substring {
    /// As `String`'s ``Swift/String/percentDecoded``.
    package var percentDecoded: String? {
        utf8.contains(UInt8(ascii: "%")) ? removingPercentEncoding : String(self)
    }
}
