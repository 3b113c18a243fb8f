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

    enum CodingKeys: String, CodingKey {
        case id = "_id"
        case title, content, creator, likes
    }
}

/// What the app's screens call: one session built from `configuration`, every request through the interceptor.
public final class MobbieAPI: Sendable {
    let session: APISession
    public let tokens: TokenStore
    public let interceptor: AuthInterceptor

    /// `configuration` is `.default` in the app; a test hands it apicheck's.
    public init(configuration: URLSessionConfiguration, sesacKey: String, onLogout: @escaping @Sendable () -> Void = {}) {
        let tokens = TokenStore()
        let interceptor = AuthInterceptor(sesacKey: sesacKey, tokens: tokens, onLogout: onLogout)
        self.tokens = tokens
        self.interceptor = interceptor
        session = APISession(configuration: configuration, interceptor: interceptor)
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
