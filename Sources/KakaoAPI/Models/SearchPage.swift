#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Kakao's `meta`: how many documents were found, how many can be paged through, and whether this is the last page.
public struct SearchMeta: Sendable, Hashable, Codable {
    /// `total_count`: documents found.
    public let totalCount: Int
    /// `pageable_count`: of those, how many can be paged through.
    public let pageableCount: Int
    /// `is_end`: whether this is the last page; when false, the next page exists.
    public let isEnd: Bool

    /// Creates a value.
    public init(totalCount: Int, pageableCount: Int, isEnd: Bool) {
        self.totalCount = totalCount
        self.pageableCount = pageableCount
        self.isEnd = isEnd
    }

    enum CodingKeys: String, CodingKey {
        case totalCount = "total_count"
        case pageableCount = "pageable_count"
        case isEnd = "is_end"
    }
}

/// One page of a search: `meta` and `documents`, with the request that asked for it.
public struct SearchPage<Document: SearchDocument>: Sendable {
    /// Kakao's `meta`.
    public let meta: SearchMeta
    /// This page's documents, in Kakao's order.
    public let documents: [Document]
    /// The request that got this page.
    public let request: SearchRequest

    /// The request for the next page, or nil on the last (`is_end`, or page 50).
    public var next: SearchRequest? {
        guard !meta.isEnd, request.page < SearchRequest.maxPage else { return nil }
        var next = request
        next.page += 1
        return next
    }
}

/// The body of a search answer.
struct SearchBody<Document: SearchDocument>: Decodable {
    let meta: SearchMeta
    let documents: [Document]
}
