/// Paging, sorting and filtering for the list and search endpoints.
///
/// Every option left nil is left out of the query, so the server's default applies.
public struct TodoListOptions: Hashable, Sendable {
    /// The date a list is sorted by: `filter=created_at` or `filter=updated_at`.
    public struct SortField: Hashable, Sendable {
        let rawValue: String
        /// Sort by creation time.
        public static let createdAt = SortField(rawValue: "created_at")
        /// Sort by last change.
        public static let updatedAt = SortField(rawValue: "updated_at")
    }

    /// The sort direction: `order_by=desc` or `order_by=asc`.
    public struct SortOrder: Hashable, Sendable {
        let rawValue: String
        /// Newest first.
        public static let descending = SortOrder(rawValue: "desc")
        /// Oldest first.
        public static let ascending = SortOrder(rawValue: "asc")
    }

    /// The 1-based page number.
    public var page: Int?
    /// Items per page.
    public var perPage: Int?
    /// Which date to sort by.
    public var filter: SortField?
    /// Which direction to sort in.
    public var orderBy: SortOrder?
    /// Only todos that are (or are not) done.
    public var isDone: Bool?

    /// Creates options; every nil option is left to the server's default.
    public init(page: Int? = nil, perPage: Int? = nil, filter: SortField? = nil, orderBy: SortOrder? = nil, isDone: Bool? = nil) {
        self.page = page
        self.perPage = perPage
        self.filter = filter
        self.orderBy = orderBy
        self.isDone = isDone
    }

    var queryItems: [(String, String)] {
        var items: [(String, String)] = []
        if let page { items.append(("page", String(page))) }
        if let filter { items.append(("filter", filter.rawValue)) }
        if let orderBy { items.append(("order_by", orderBy.rawValue)) }
        if let perPage { items.append(("per_page", String(perPage))) }
        if let isDone { items.append(("is_done", isDone ? "true" : "false")) }
        return items
    }
}
