import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The tokens from login, kept where the app keeps them (the keychain in the app; memory here).
public final class TokenStore: @unchecked Sendable {
    private let lock = NSLock()
    private var tokens: (access: String, refresh: String)?

    public init() {}

    public var access: String? { lock.withLock { tokens?.access } }
    public var refresh: String? { lock.withLock { tokens?.refresh } }
    public var isLoggedIn: Bool { lock.withLock { tokens != nil } }

    func save(access: String, refresh: String) { lock.withLock { tokens = (access, refresh) } }
    func update(access: String) { lock.withLock { tokens?.access = access } }
    func clear() { lock.withLock { tokens = nil } }
}

/// The interceptor every request goes through: `SesacKey` always, the access token where the endpoint needs it; a 419
/// (access token expired) refreshes once and retries; a 418 (refresh token expired) logs out.
public final class AuthInterceptor: RequestInterceptor, @unchecked Sendable {
    let sesacKey: String
    let tokens: TokenStore
    /// The session refresh requests go through (without this interceptor, as Mobbie's plain provider does).
    var refreshSession: APISession?
    let onLogout: @Sendable () -> Void
    private let lock = NSLock()
    private var refreshes = 0

    /// How many times a token was refreshed.
    public var refreshCount: Int { lock.withLock { refreshes } }

    public init(sesacKey: String, tokens: TokenStore, onLogout: @escaping @Sendable () -> Void) {
        self.sesacKey = sesacKey
        self.tokens = tokens
        self.onLogout = onLogout
    }

    public func adapt(_ urlRequest: URLRequest, completion: @escaping @Sendable (Result<URLRequest, any Error>) -> Void) {
        var request = urlRequest
        request.setValue(sesacKey, forHTTPHeaderField: "SesacKey")
        if request.url?.path == "/post", let access = tokens.access {
            request.setValue(access, forHTTPHeaderField: "Authorization")
        }
        completion(.success(request))
    }

    public func retry(
        _ request: URLRequest, response: HTTPURLResponse?, dueTo error: any Error, retryCount: Int,
        completion: @escaping @Sendable (RetryResult) -> Void
    ) {
        switch response?.statusCode {
        case 419 where retryCount == 0:
            guard let access = tokens.access, let refresh = tokens.refresh, let refreshSession else { return completion(.doNotRetry) }
            let tokens = self.tokens
            let logout = self.logout
            Task {
                do {
                    let answer = try await refreshSession.request(
                        .refresh(accessToken: access, refreshToken: refresh), as: RefreshResponse.self)
                    tokens.update(access: answer.token)
                    self.lock.withLock { self.refreshes += 1 }
                    completion(.retry)
                } catch APIError.status(418, _) {
                    logout()
                    completion(.doNotRetryWithError(APIError.sessionExpired))
                } catch {
                    completion(.doNotRetryWithError(error))
                }
            }
        case 418:
            logout()
            completion(.doNotRetryWithError(APIError.sessionExpired))
        default:
            completion(.doNotRetry)
        }
    }

    private func logout() {
        tokens.clear()
        onLogout()
    }
}
