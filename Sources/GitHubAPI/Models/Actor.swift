#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Who did something: an event's `actor` or `org`, a repository's `owner`.
public struct Actor: Hashable, Sendable, Codable {
    /// The account's numeric id.
    public let id: Int64
    /// The login, such as `octocat` or `github-actions[bot]`.
    public let login: String
    /// The login as shown (events only).
    public let displayLogin: String?
    /// Usually `""`; GitHub's description allows null.
    public let gravatarID: String?
    /// The account's API URL. A bot's holds `[bot]` unescaped, so it stays a string.
    public let url: String
    /// The avatar image's URL, as sent.
    public let avatarURL: String

    /// Creates an actor (for tests and previews).
    public init(id: Int64, login: String, displayLogin: String? = nil, gravatarID: String? = "", url: String, avatarURL: String) {
        self.id = id
        self.login = login
        self.displayLogin = displayLogin
        self.gravatarID = gravatarID
        self.url = url
        self.avatarURL = avatarURL
    }

    enum CodingKeys: String, CodingKey {
        case id, login, url
        case displayLogin = "display_login"
        case gravatarID = "gravatar_id"
        case avatarURL = "avatar_url"
    }

    /// The avatar as a `URL`, when it parses.
    public var avatar: URL? { URL(string: avatarURL) }
}
