#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// An account as join and withdraw answer it.
public struct Account: Decodable, Sendable, Hashable {
    /// The member's `_id` (24 hexadecimal digits).
    public let id: String
    public let email: String
    public let nick: String

    enum CodingKeys: String, CodingKey {
        case id = "_id"
        case email, nick
    }
}

/// The author of a post or comment.
public struct Creator: Decodable, Sendable, Hashable {
    /// The member's `_id`.
    public let id: String
    public let nick: String
    /// The path of the profile picture, such as `uploads/profiles/1703897739012.jpg`; nil without one.
    public let profile: String?

    enum CodingKeys: String, CodingKey {
        case id = "_id"
        case nick, profile
    }
}

/// A comment on a post.
public struct Comment: Decodable, Sendable, Hashable {
    public let id: String
    public let content: String
    /// When it was written (the wire has milliseconds in UTC: `2023-12-31T05:28:12.052Z`).
    public let time: Date
    public let creator: Creator

    enum CodingKeys: String, CodingKey {
        case id = "_id"
        case content, time, creator
    }
}

/// A post of the feed.
///
/// What every post has is non-optional; the texts are there only when the app that made the post sent them: Mobbie's
/// posts have no `title`, and other apps' posts on the same server may lack `content` or `product_id`.
public struct Post: Decodable, Sendable, Hashable {
    /// The post's `_id` (24 hexadecimal digits).
    public let id: String
    public let creator: Creator
    /// When it was posted.
    public let time: Date
    /// The title; nil for a post made without one (every Mobbie post).
    public let title: String?
    /// The text; nil for a post made without one.
    public let content: String?
    /// `content1`...`content5`, in order; nil where the post does not use one (the key is absent, not null).
    public let extraContents: [String?]
    /// The product (the app's feed) the post belongs to; nil for a post made without one.
    public let productID: String?
    /// The ids of the members who like it.
    public let likes: [String]
    /// Image paths such as `uploads/posts/1704000491924.jpg` (relative to the server's base URL).
    public let images: [String]
    public let hashTags: [String]
    public let comments: [Comment]

    /// Whether the member with `userID` likes the post.
    public func isLiked(by userID: String) -> Bool { likes.contains(userID) }

    enum CodingKeys: String, CodingKey {
        case id = "_id"
        case creator, time, title, content, likes, hashTags, comments
        case content1, content2, content3, content4, content5
        case productID = "product_id"
        case images = "image"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        creator = try container.decode(Creator.self, forKey: .creator)
        time = try container.decode(Date.self, forKey: .time)
        title = try container.decodeIfPresent(String.self, forKey: .title)
        content = try container.decodeIfPresent(String.self, forKey: .content)
        var extra: [String?] = []
        for key in [CodingKeys.content1, .content2, .content3, .content4, .content5] {
            extra.append(try container.decodeIfPresent(String.self, forKey: key))
        }
        extraContents = extra
        productID = try container.decodeIfPresent(String.self, forKey: .productID)
        likes = try container.decode([String].self, forKey: .likes)
        images = try container.decode([String].self, forKey: .images)
        hashTags = try container.decode([String].self, forKey: .hashTags)
        comments = try container.decode([Comment].self, forKey: .comments)
    }
}

/// One page of the feed and where the next one starts.
public struct PostPage: Decodable, Sendable, Hashable {
    /// The posts, newest first.
    public let posts: [Post]
    /// The cursor of the next page; nil on the last page (the wire says `"0"`).
    public let nextCursor: String?

    enum CodingKeys: String, CodingKey {
        case posts = "data"
        case nextCursor = "next_cursor"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        posts = try container.decode([Post].self, forKey: .posts)
        // A string, "0" on the last page: a number here is a server that changed, and fails loudly.
        let cursor = try container.decode(String.self, forKey: .nextCursor)
        nextCursor = cursor == "0" || cursor.isEmpty ? nil : cursor
    }
}

struct LoginBody: Decodable {
    let id: String
    let token: String
    let refreshToken: String

    enum CodingKeys: String, CodingKey {
        case id = "_id"
        case token, refreshToken
    }
}

struct RefreshBody: Decodable {
    let token: String
}

struct DeletedComment: Decodable {
    let postID: String
}

struct LikeBody: Decodable {
    let likeStatus: Bool

    enum CodingKeys: String, CodingKey {
        case likeStatus = "like_status"
    }
}

struct MessageBody: Decodable {
    let message: String
}
