/// How repository search sorts: by `stars`, `forks`, `help-wanted-issues` or `updated`; best match when not given.
public struct RepositorySort: Hashable, Sendable {
    /// The value of `sort`.
    public let rawValue: String
    /// Most stars first (with ``SortOrder/descending``).
    public static let stars = RepositorySort(rawValue: "stars")
    /// Most forks first.
    public static let forks = RepositorySort(rawValue: "forks")
    /// Most issues labelled help-wanted first.
    public static let helpWantedIssues = RepositorySort(rawValue: "help-wanted-issues")
    /// Most recently updated first.
    public static let updated = RepositorySort(rawValue: "updated")
}

/// `order=desc` (the default) or `order=asc`.
public struct SortOrder: Hashable, Sendable {
    /// The value of `order`.
    public let rawValue: String
    /// Largest first.
    public static let descending = SortOrder(rawValue: "desc")
    /// Smallest first.
    public static let ascending = SortOrder(rawValue: "asc")
}

/// Which form the OAuth token exchange answers in.
public struct OAuthAnswerForm: Hashable, Sendable {
    let acceptsJSON: Bool
    /// `Accept: application/json`: a JSON object.
    public static let json = OAuthAnswerForm(acceptsJSON: true)
    /// No JSON asked for: GitHub answers `access_token=...&scope=...&token_type=bearer`.
    public static let form = OAuthAnswerForm(acceptsJSON: false)
}
