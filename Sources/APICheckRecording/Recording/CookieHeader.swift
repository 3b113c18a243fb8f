import Foundation

/// A request's `Cookie` header (RFC 6265, section 5.4): `name=value` pairs separated by `; `.
///
/// Redaction keeps each cookie's name and replaces its value, so that a recording still says which cookies were sent
/// (a contract's cookie parameters are checked against it) and never what they held.
public enum CookieHeader {
    /// The cookies of a `Cookie` header in order, or nil when a piece is not `name=value` (a malformed header is
    /// redacted whole). A value in double quotes keeps them, as RFC 6265 does.
    public static func pairs(_ header: String) -> [(name: String, value: String)]? {
        var result: [(name: String, value: String)] = []
        for piece in header.split(separator: ";", omittingEmptySubsequences: true) {
            let trimmed = piece.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty { continue }
            let pair = trimmed.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard pair.count == 2, !pair[0].isEmpty else { return nil }
            result.append((String(pair[0]), String(pair[1])))
        }
        return result
    }

    /// The header with every cookie's value replaced by `placeholder` (`session=<redacted>; theme=<redacted>`), or
    /// `placeholder` alone when the header is not a list of `name=value` pairs.
    package static func redacted(_ header: String, placeholder: String) -> String {
        guard let pairs = pairs(header), !pairs.isEmpty else { return placeholder }
        return pairs.map { "\($0.name)=\(placeholder)" }.joined(separator: "; ")
    }

    /// Whether a live `Cookie` header matches a recorded one: the same cookies in the same order, each value equal or
    /// redacted in the recording.
    package static func matches(live: String, recorded: String, placeholder: String) -> Bool {
        guard let live = pairs(live), let recorded = pairs(recorded), live.count == recorded.count else { return false }
        return zip(live, recorded).allSatisfy { $0.name == $1.name && ($0.value == $1.value || $1.value == placeholder) }
    }
}
