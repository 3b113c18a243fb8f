import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Mobbie's interceptor: a 419 (the access token expired) refreshes the token through the app's own provider and
/// retries; a 418 (the refresh token expired) logs out.
///
/// Mobbie's shipped interceptor has no `adapt`: its retry sends the request again as Moya first made it, with the token
/// that had just expired, meets 419 again, refreshes a second time with the new token (409, not expired yet) and never
/// ends. `adaptsToken` (true by default) is the fix Alamofire's documentation shows: `adapt` puts the token of the moment
/// into every attempt. `AuthInterceptor(adaptsToken: false)` is the app as shipped, which the tests show apicheck catching.
public final class AuthInterceptor: RequestInterceptor, @unchecked Sendable {
    let tokens: TokenStore
    let adaptsToken: Bool
    /// The app's provider, which the refresh goes through (set once the manager exists).
    weak var manager: MoyaAPIManager?
    let onLogout: @Sendable () -> Void
    private let lock = NSLock()
    private var refreshes = 0

    /// How many times a token was refreshed.
    public var refreshCount: Int { lock.withLock { refreshes } }

    public init(tokens: TokenStore, adaptsToken: Bool = true, onLogout: @escaping @Sendable () -> Void) {
        self.tokens = tokens
        self.adaptsToken = adaptsToken
        self.onLogout = onLogout
    }

    public func adapt(_ urlRequest: URLRequest, completion: @escaping @Sendable (Result<URLRequest, any Error>) -> Void) {
        var request = urlRequest
        if adaptsToken, request.value(forHTTPHeaderField: "Authorization") != nil {
            request.setValue(tokens.accessToken, forHTTPHeaderField: "Authorization")
        }
        completion(.success(request))
    }

    public func retry(
        _ request: URLRequest, response: HTTPURLResponse?, dueTo error: any Error, retryCount: Int,
        completion: @escaping @Sendable (RetryResult) -> Void
    ) {
        switch response?.statusCode {
        case 419:
            guard let manager else { return completion(.doNotRetryWithError(error)) }
            let tokens = self.tokens
            Task {
                do {
                    let answer = try await manager.fetch(.refreshAccessToken, type: TokenResponse.self)
                    tokens.update(accessToken: answer.token)
                    self.lock.withLock { self.refreshes += 1 }
                    completion(.retry)
                } catch {
                    // The refresh failed (418 logged out already, in the refresh's own retry): no retry.
                    completion(.doNotRetryWithError(error))
                }
            }
        case 418:
            tokens.clear()
            onLogout()
            completion(.doNotRetryWithError(APIError.sessionExpired))
        default:
            completion(.doNotRetryWithError(error))
        }
    }
}
