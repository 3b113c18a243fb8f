import Foundation

// What Mobbie decodes, as its models read LSLP's answers: a post's `content` and `product_id` optional (its feed once
// failed to decode other apps' posts without them), no title at all, `time` kept as the string the server wrote.

public struct JoinResponse: Decodable, Sendable {
    public let id: String
    public let email: String
    public let nickname: String

    enum CodingKeys: String, CodingKey {
        case id = "_id"
        case email
        case nickname = "nick"
    }
}

public struct LoginResponse: Decodable, Sendable {
    public let _id: String
    public let token: String
    public let refreshToken: String
}

public struct WithdrawResponse: Decodable, Sendable {
    public let _id: String
    public let email: String
    public let nick: String
}

public struct TokenResponse: Decodable, Sendable {
    public let token: String
}

public struct ValidationResponse: Decodable, Sendable {
    public let message: String
}

public struct User: Decodable, Sendable {
    public let _id: String
    public let nick: String
}

public struct Comment: Decodable, Sendable {
    public let _id: String
    public let creator: User
    public let time: String
    public let content: String
}

public struct PostResponse: Decodable, Sendable {
    public let data: [Post]
    public let nextCursor: String

    enum CodingKeys: String, CodingKey {
        case data
        case nextCursor = "next_cursor"
    }
}

public struct Post: Decodable, Sendable {
    public let _id: String
    public let creator: User
    public let time: String
    public let content: String?
    public var likes: [String]
    public let image: [String]
    public let hashTags: [String]
    public let comments: [Comment]
    /// Mobbie's model says `productID` here, a key LSLP never writes, so the app's is always nil; this one reads the key
    /// the server writes.
    public let productID: String?
    public let nickname: String?
    public let commentUser: String?
    public let ratio: String?

    /// The commenters' nicknames, as `content2` lists them.
    public var commentNicknames: [String] {
        commentUser?.components(separatedBy: ", ") ?? []
    }

    enum CodingKeys: String, CodingKey {
        case _id, creator, time, content, likes, image, hashTags, comments
        case productID = "product_id"
        case nickname = "content1"
        case commentUser = "content2"
        case ratio = "content3"
    }
}

public struct DeletePostResponse: Decodable, Sendable {
    public let _id: String
}

public struct DeleteCommentResponse: Decodable, Sendable {
    public let postID: String
}

public struct LikedResponse: Decodable, Sendable {
    public let isSuccess: Bool

    enum CodingKeys: String, CodingKey {
        case isSuccess = "like_status"
    }
}
