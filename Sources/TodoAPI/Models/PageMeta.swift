/// Laravel's pagination block: `{"current_page", "from", "last_page", "per_page", "to", "total"}`.
///
/// On a page past the end, `from` and `to` are `null`; `last_page` is at least 1.
public struct PageMeta: Codable, Hashable, Sendable {
    /// The page this is (`current_page`), as requested, even past the end.
    public let currentPage: Int
    /// The 1-based position of the first item on this page, or nil on an empty page.
    public let from: Int?
    /// The last page with items (`last_page`), at least 1.
    public let lastPage: Int
    /// Items per page (`per_page`).
    public let perPage: Int
    /// The 1-based position of the last item on this page, or nil on an empty page.
    public let to: Int?
    /// Items on all pages together (`total`).
    public let total: Int

    /// Creates a pagination block, for previews and tests.
    public init(currentPage: Int, from: Int?, lastPage: Int, perPage: Int, to: Int?, total: Int) {
        self.currentPage = currentPage
        self.from = from
        self.lastPage = lastPage
        self.perPage = perPage
        self.to = to
        self.total = total
    }

    /// Whether a later page exists.
    public var hasNextPage: Bool { currentPage < lastPage }

    enum CodingKeys: String, CodingKey {
        case currentPage = "current_page"
        case from
        case lastPage = "last_page"
        case perPage = "per_page"
        case to, total
    }
}
