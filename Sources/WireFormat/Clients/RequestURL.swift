#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Builds request URLs for the typed clients: the base URL, a path, and a query whose values are
/// percent-encoded by the form rules, so `+` is never read as a space.
package enum RequestURL {
    /// `base` without trailing slashes, then `path`, then `?name=value&...` when `query` is not empty.
    package static func make(base: URL, path: String, query: [(String, String)] = []) -> URL {
        var text = base.absoluteString
        while text.hasSuffix("/") { text.removeLast() }
        text += path
        if !query.isEmpty {
            text += "?" + query.map { "\(FormURLEncoding.escape($0.0))=\(FormURLEncoding.escape($0.1))" }.joined(separator: "&")
        }
        // Every byte of `text` past the base URL is unreserved or percent-encoded, so this parses.
        return URL(string: text) ?? base.appendingPathComponent(path)
    }
}
