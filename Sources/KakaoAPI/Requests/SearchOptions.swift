/// The three searches of Kakao's Daum search API.
public enum SearchKind: String, Sendable, Hashable, CaseIterable {
    /// `/v2/search/blog`.
    case blog
    /// `/v2/search/cafe`.
    case cafe
    /// `/v2/search/web`.
    case web

    /// `/v2/search/blog`.
    public var path: String { "/v2/search/\(rawValue)" }
}

/// The order Kakao sorts results in.
public enum SearchSort: String, Sendable, Hashable, CaseIterable {
    /// Best match first (Kakao's default).
    case accuracy
    /// Newest first.
    case recency
}

/// What to search for and which page: checked before anything is sent.
public struct SearchRequest: Sendable, Hashable {
    /// The largest `page` Kakao serves.
    public static let maxPage = 50
    /// The largest `size` Kakao serves.
    public static let maxSize = 50

    /// The words to search for; must not be blank.
    public var query: String
    /// The order; Kakao's default is ``SearchSort/accuracy``.
    public var sort: SearchSort
    /// 1 to 50.
    public var page: Int
    /// Documents per page, 1 to 50.
    public var size: Int

    /// Creates a request; the values are checked when it is sent.
    public init(query: String, sort: SearchSort = .accuracy, page: Int = 1, size: Int = 10) {
        self.query = query
        self.sort = sort
        self.page = page
        self.size = size
    }

    /// Why Kakao would refuse it, or nil: a blank query, a page or size outside 1...50.
    public var problem: String? {
        if query.allSatisfy({ $0.isWhitespace || $0.isNewline }) { return "query is blank" }
        if !(1...Self.maxPage).contains(page) { return "page \(page) is outside 1...\(Self.maxPage)" }
        if !(1...Self.maxSize).contains(size) { return "size \(size) is outside 1...\(Self.maxSize)" }
        return nil
    }

    /// The query items, in Kakao's documented order.
    var queryItems: [(String, String)] {
        [("query", query), ("sort", sort.rawValue), ("page", String(page)), ("size", String(size))]
    }
}
