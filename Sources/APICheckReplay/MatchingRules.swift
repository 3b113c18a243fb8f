/// How a live request is matched to a recorded one.
///
/// By default: method, path, query items (in any order) and body (JSON by value, form by pairs,
/// multipart by parts). A recorded `<redacted>` matches any value.
public struct MatchingRules: Hashable, Sendable {
    /// Query items left out of matching (volatile ones such as a cache buster or timestamp).
    public var ignoredQueryItems: Set<String>
    /// Request headers that must match too (names compared case-insensitively).
    public var matchedHeaders: Set<String>
    /// Whether bodies must match.
    public var matchesBody: Bool

    /// The default rules: method, path, query and body; no headers.
    public init(ignoredQueryItems: Set<String> = [], matchedHeaders: Set<String> = [], matchesBody: Bool = true) {
        self.ignoredQueryItems = ignoredQueryItems
        self.matchedHeaders = Set(matchedHeaders.map { $0.lowercased() })
        self.matchesBody = matchesBody
    }
}
