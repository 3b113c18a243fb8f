import WireFormat

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A repository as repository search returns it (GitHub's `repo-search-result-item`), with what a feed shows.
public struct Repository: Hashable, Sendable, Decodable, Identifiable {
    /// The repository's numeric id.
    public let id: Int64
    /// `swift` in `apple/swift`.
    public let name: String
    /// `apple/swift`.
    public let fullName: String
    /// The owning account; nil when the wire says null (GitHub's `repo-search-result-item` declares `owner` as a
    /// nullable simple user: always sent, possibly null).
    public let owner: Actor?
    /// Whether it is private.
    public let isPrivate: Bool
    /// The web page.
    public let htmlURL: String
    /// The description; null when there is none.
    public let description: String?
    /// Whether it is a fork.
    public let isFork: Bool
    /// When it was created.
    public let createdAt: Date
    /// When it last changed.
    public let updatedAt: Date
    /// When it was last pushed to; nil when the wire says null.
    public let pushedAt: Date?
    /// The homepage as written (`""`, null, or text that need not be a URL).
    public let homepage: String?
    /// Stars.
    public let stargazersCount: Int
    /// Watchers (the same number as stars, for historical reasons).
    public let watchersCount: Int
    /// Forks.
    public let forksCount: Int
    /// Open issues and pull requests.
    public let openIssuesCount: Int
    /// The main language; null when GitHub detected none.
    public let language: String?
    /// The default branch.
    public let defaultBranch: String
    /// Topics; empty when none were sent.
    public let topics: [String]
    /// The search score, a decimal (`1.0` when sorted).
    public let score: Double

    enum CodingKeys: String, CodingKey {
        case id, name, owner, description, homepage, language, topics, score
        case fullName = "full_name"
        case isPrivate = "private"
        case htmlURL = "html_url"
        case isFork = "fork"
        case createdAt = "created_at"
        case updatedAt = "updated_at"
        case pushedAt = "pushed_at"
        case stargazersCount = "stargazers_count"
        case watchersCount = "watchers_count"
        case forksCount = "forks_count"
        case openIssuesCount = "open_issues_count"
        case defaultBranch = "default_branch"
    }

    /// Reads a search result item as GitHub sends it.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(Int64.self, forKey: .id)
        name = try container.decode(String.self, forKey: .name)
        fullName = try container.decode(String.self, forKey: .fullName)
        owner = try container.decode(Actor?.self, forKey: .owner)
        isPrivate = try container.decode(Bool.self, forKey: .isPrivate)
        htmlURL = try container.decode(String.self, forKey: .htmlURL)
        description = try container.decodeIfPresent(String.self, forKey: .description)
        isFork = try container.decode(Bool.self, forKey: .isFork)
        createdAt = try container.decodeWireDate(forKey: .createdAt)
        updatedAt = try container.decodeWireDate(forKey: .updatedAt)
        pushedAt = try container.decodeNil(forKey: .pushedAt) ? nil : container.decodeWireDate(forKey: .pushedAt)
        homepage = try container.decodeIfPresent(String.self, forKey: .homepage)
        stargazersCount = try container.decode(Int.self, forKey: .stargazersCount)
        watchersCount = try container.decode(Int.self, forKey: .watchersCount)
        forksCount = try container.decode(Int.self, forKey: .forksCount)
        openIssuesCount = try container.decode(Int.self, forKey: .openIssuesCount)
        language = try container.decodeIfPresent(String.self, forKey: .language)
        defaultBranch = try container.decode(String.self, forKey: .defaultBranch)
        topics = try container.decodeIfPresent([String].self, forKey: .topics) ?? []
        score = try container.decode(Double.self, forKey: .score)
    }

    /// The owner and name, for ``GitHubClient/events(of:perPage:page:validators:)``.
    public var repositoryName: RepositoryName? { try? RepositoryName(fullName) }
}

/// The answer of `GET /search/repositories`.
public struct RepositorySearchResult: Hashable, Sendable, Decodable {
    /// How many repositories match in all.
    public let totalCount: Int
    /// Whether the search timed out before finding them all.
    public let incompleteResults: Bool
    /// This page of them.
    public let items: [Repository]

    enum CodingKeys: String, CodingKey {
        case items
        case totalCount = "total_count"
        case incompleteResults = "incomplete_results"
    }
}
