import Foundation

/// One event of a repository's feed, as the feed shows it.
public struct Event: Codable, Sendable, Equatable {
    public struct Actor: Codable, Sendable, Equatable {
        public let login: String
        public let avatarURL: String

        enum CodingKeys: String, CodingKey {
            case login
            case avatarURL = "avatar_url"
        }
    }

    public struct Repo: Codable, Sendable, Equatable {
        public let name: String
    }

    /// A string of digits; past 2^32 on GitHub.
    public let id: String
    public let type: String
    public let actor: Actor
    public let repo: Repo
    public let createdAt: String

    enum CodingKeys: String, CodingKey {
        case id, type, actor, repo
        case createdAt = "created_at"
    }
}

/// The search answer, as far as the feed reads it.
struct SearchResult: Decodable {
    struct Item: Decodable {
        let fullName: String

        enum CodingKeys: String, CodingKey {
            case fullName = "full_name"
        }
    }

    let items: [Item]
}
