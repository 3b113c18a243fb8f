import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

public struct LoginResponse: Decodable, Sendable {
    public let id: String
    public let token: String
    public let refreshToken: String

    enum CodingKeys: String, CodingKey {
        case id = "_id"
        case token, refreshToken
    }
}

struct RefreshResponse: Decodable, Sendable {
    let token: String
}

struct Joined: Decodable, Sendable {
    let email: String
}

public struct PostPage: Decodable, Sendable {
    public let data: [Post]
    public let nextCursor: String

    enum CodingKeys: String, CodingKey {
        case data
        case nextCursor = "next_cursor"
    }
}

public struct Post: Decodable, Sendable {
    public struct Creator: Decodable, Sendable {
        public let id: String
        public let nick: String

        enum CodingKeys: String, CodingKey {
            case id = "_id"
            case nick
        }
    }

    public let id: String
    public let title: String?
    public let content: String?
    public let creator: Creator
    public let likes: [String]
    /// The uploaded images' paths on the server (`uploads/posts/....jpg`).
    public let image: [String]?

    enum CodingKeys: String, CodingKey {
        case id = "_id"
        case title, content, creator, likes, image
    }
}

/// What the app's screens call: one session built from `configuration`, every request through the interceptor.
public final class MobbieAPI: Sendable {
    let session: APISession
    public let tokens: TokenStore
    public let interceptor: AuthInterceptor

    /// `configuration` is `.default` in the app; a test hands it apicheck's (and an event monitor of its own).
    public init(
        configuration: URLSessionConfiguration, sesacKey: String, eventMonitors: [any EventMonitor] = [],
        onLogout: @escaping @Sendable () -> Void = {}
    ) {
        let tokens = TokenStore()
        let interceptor = AuthInterceptor(sesacKey: sesacKey, tokens: tokens, onLogout: onLogout)
        self.tokens = tokens
        self.interceptor = interceptor
        session = APISession(configuration: configuration, interceptor: interceptor, eventMonitors: eventMonitors)
        // Refreshes go through a session of their own with SesacKey only, as Mobbie's plain provider sends them.
        interceptor.refreshSession = APISession(configuration: configuration, interceptor: SesacKeyOnly(key: sesacKey))
    }

    public func join(email: String, password: String, nick: String) async throws {
        _ = try await session.request(.join(email: email, password: password, nick: nick), as: Joined.self)
    }

    public func login(email: String, password: String) async throws {
        let answer = try await session.request(.login(email: email, password: password), as: LoginResponse.self)
        tokens.save(access: answer.token, refresh: answer.refreshToken)
    }

    public func posts(next: String? = nil, limit: Int = 5) async throws -> PostPage {
        try await session.request(.posts(next: next, limit: limit), as: PostPage.self)
    }

    /// The post screen's "share": the text and up to five images in one multipart upload (`POST post`), as Mobbie sends
    /// it through Alamofire's `upload(multipartFormData:with:)`.
    public func createPost(title: String, content: String, productID: String, images: [(fileName: String, jpeg: Data)]) async throws
        -> Post
    {
        try await session.upload(
            multipartFormData: { form in
                form.append(Data(title.utf8), withName: "title")
                form.append(Data(content.utf8), withName: "content")
                form.append(Data(productID.utf8), withName: "product_id")
                for image in images { form.append(image.jpeg, withName: "file", fileName: image.fileName, mimeType: "image/jpeg") }
            }, with: .createPost, as: Post.self)
    }
}

/// Adds SesacKey and nothing else.
struct SesacKeyOnly: RequestInterceptor {
    let key: String

    func adapt(_ urlRequest: URLRequest, completion: @escaping @Sendable (Result<URLRequest, any Error>) -> Void) {
        var request = urlRequest
        request.setValue(key, forHTTPHeaderField: "SesacKey")
        completion(.success(request))
    }

    func retry(
        _ request: URLRequest, response: HTTPURLResponse?, dueTo error: any Error, retryCount: Int,
        completion: @escaping @Sendable (RetryResult) -> Void
    ) {
        completion(.doNotRetry)
    }
}
