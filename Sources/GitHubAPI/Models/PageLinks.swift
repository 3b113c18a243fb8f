#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The `Link` header of a page: where the next, previous, first and last pages are.
///
/// GitHub writes absolute URLs on its own host (`<https://api.github.com/repositories/44838949/events?page=2>; rel="next"`);
/// a recording or a proxy may write them relative (`</repositories/...>`). Both are resolved against
/// the client's base URL, path included, so they work behind a base such as `https://ghe.example/api/v3`.
public struct PageLinks: Hashable, Sendable {
    /// The targets by relation (`next`, `prev`, `first`, `last`), as written.
    public let targets: [String: String]

    /// Parses a `Link` header value; an absent header has no links.
    public init(header: String?) {
        var targets: [String: String] = [:]
        for part in Self.splitLinks(header ?? "") {
            guard let open = part.firstIndex(of: "<"), let close = part[open...].firstIndex(of: ">") else { continue }
            let target = String(part[part.index(after: open)..<close])
            for parameter in part[part.index(after: close)...].split(separator: ";") {
                let pair = parameter.split(separator: "=", maxSplits: 1)
                guard pair.count == 2, pair[0].trimmed.lowercased() == "rel" else { continue }
                var value = pair[1].trimmed
                if value.hasPrefix("\""), value.hasSuffix("\""), value.count >= 2 { value = String(value.dropFirst().dropLast()) }
                for relation in value.split(separator: " ") where targets[String(relation)] == nil {
                    targets[String(relation)] = target
                }
            }
        }
        self.targets = targets
    }

    /// The next page's target, if there is one.
    public var next: String? { targets["next"] }
    /// The last page's target, if there is one.
    public var last: String? { targets["last"] }

    /// `target` as a URL under `baseURL`, or nil when it points anywhere else (another host, scheme or port).
    ///
    /// The client sends its token with the request, so a link to another origin is never followed.
    static func resolve(_ target: String, against baseURL: URL) -> URL? {
        var base = baseURL.absoluteString
        while base.hasSuffix("/") { base.removeLast() }
        if target.hasPrefix("/") && !target.hasPrefix("//") {
            return URL(string: base + target)
        }
        guard let url = URL(string: target), url.scheme != nil else { return nil }
        let absolute = url.absoluteString
        guard absolute.hasPrefix(base), let next = absolute.dropFirst(base.count).first, next == "/" || next == "?" else { return nil }
        return url
    }

    /// Splits at commas outside `<...>` and quotes.
    private static func splitLinks(_ value: String) -> [Substring] {
        var parts: [Substring] = []
        var start = value.startIndex
        var inAngle = false
        var inQuote = false
        var index = value.startIndex
        while index < value.endIndex {
            switch value[index] {
            case "<" where !inQuote: inAngle = true
            case ">" where !inQuote: inAngle = false
            case "\"" where !inAngle: inQuote.toggle()
            case "," where !inAngle && !inQuote:
                parts.append(value[start..<index])
                start = value.index(after: index)
            default: break
            }
            index = value.index(after: index)
        }
        parts.append(value[start...])
        return parts
    }
}

extension Substring {
    fileprivate var trimmed: String { String(self).trimmingSpaces }
}

/// One answer of the events endpoint: new events, or "nothing new" (304), with what to poll with next.
public struct EventsPage: Sendable {
    /// The events of the page, newest first; empty when ``isNotModified``.
    public let events: [Event]
    /// Whether the server answered 304 Not Modified: nothing new since the validators sent.
    public let isNotModified: Bool
    /// The validators to send on the next poll (the ones sent, after a 304 that repeats none).
    public let validators: Validators
    /// `X-Poll-Interval` in seconds: do not poll this feed again sooner.
    public let pollInterval: Int?
    /// The `Link` header's targets.
    public let links: PageLinks
    /// The rate-limit headers, when sent.
    public let rateLimit: RateLimit?
    /// The next page's URL, resolved against the client's base URL; nil on the last page.
    public let nextPage: URL?
}
