import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The app's one way to the server, as Mobbie's `MoyaAPIManager.fetchInSignProgress`: a provider on a session of its
/// own with the ``AuthInterceptor``; 200 decodes, any other status is LSLP's error with its message.
///
/// In the app it is a private singleton whose `Session` nobody can hand a configuration to; here the configuration is
/// a parameter (`.default` in the app; a test hands it apicheck's, and an event monitor of its own).
public final class MoyaAPIManager: @unchecked Sendable {
    let provider: MoyaProvider
    public let tokens: TokenStore
    public let interceptor: AuthInterceptor

    public init(
        configuration: URLSessionConfiguration, sesacKey: String, tokens: TokenStore = TokenStore(), adaptsToken: Bool = true,
        eventMonitors: [any EventMonitor] = [], onLogout: @escaping @Sendable () -> Void = {}
    ) {
        let interceptor = AuthInterceptor(tokens: tokens, adaptsToken: adaptsToken, onLogout: onLogout)
        self.tokens = tokens
        self.interceptor = interceptor
        let session = Session(configuration: configuration, interceptor: interceptor, eventMonitors: eventMonitors)
        provider = MoyaProvider(session: session, sesacKey: sesacKey, tokens: tokens)
        interceptor.manager = self
    }

    /// `fetchInSignProgress`: the target's answer decoded as `T` when it is 200, else ``APIError``.
    public func fetch<T: Decodable>(_ api: MoyaNetwork, type: T.Type) async throws -> T {
        let response: MoyaProvider.Response
        do {
            response = try await provider.request(api)
        } catch AFError.responseValidationFailed(let status, let data) {
            throw APIError.status(status, message: Self.message(in: data))
        } catch AFError.sessionTaskFailed(let description) {
            throw APIError.transport(description)
        }
        guard response.statusCode == 200 else { throw APIError.status(response.statusCode, message: Self.message(in: response.data)) }
        do {
            return try JSONDecoder().decode(T.self, from: response.data)
        } catch {
            throw APIError.decoding("\(error)")
        }
    }

    static func message(in data: Data) -> String? {
        (try? JSONDecoder().decode(ValidationResponse.self, from: data))?.message
    }

    // MARK: What the screens do

    /// The login screen: the tokens and the member's id go to the store.
    @discardableResult
    public func login(email: String, password: String) async throws -> LoginResponse {
        let answer = try await fetch(.login(LoginData(email: email, password: password)), type: LoginResponse.self)
        tokens.save(answer)
        return answer
    }

    /// The detail screen's comment: the comment, then the post's `content2` with this member's nickname added (an edit
    /// the server refuses, 445, on another member's post: the app keeps the comment and drops the nickname).
    public func writeComment(on post: Post, _ text: String) async throws -> (comment: Comment, post: Post?) {
        let comment = try await fetch(.writeComment(postID: post._id, content: text), type: Comment.self)
        let users = (post.commentNicknames + [tokens.nickname]).joined(separator: ", ")
        do {
            return (comment, try await fetch(.modifyPost(postID: post._id, commentUsers: users), type: Post.self))
        } catch APIError.status(445, _) {
            return (comment, nil)
        }
    }

    /// The detail screen's comment delete: the comment, then the post again by the id the answer gives.
    public func deleteComment(_ commentID: String, on postID: String) async throws -> Post {
        let deleted = try await fetch(.deleteComment(postID: postID, commentID: commentID), type: DeleteCommentResponse.self)
        return try await fetch(.fetchSpecificPost(postID: deleted.postID), type: Post.self)
    }
}
