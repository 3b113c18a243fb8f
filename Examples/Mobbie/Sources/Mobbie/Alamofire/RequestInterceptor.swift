import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Alamofire's `RequestAdapter`: changes a request before it is sent (adds headers).
public protocol RequestAdapter: Sendable {
    func adapt(_ urlRequest: URLRequest, completion: @escaping @Sendable (Result<URLRequest, any Error>) -> Void)
}

/// Alamofire's `RetryResult`.
public enum RetryResult: Sendable {
    case retry
    case doNotRetry
    case doNotRetryWithError(any Error)
}

/// Alamofire's `RequestRetrier`: decides whether a failed request is sent again.
public protocol RequestRetrier: Sendable {
    func retry(
        _ request: URLRequest, response: HTTPURLResponse?, dueTo error: any Error, retryCount: Int,
        completion: @escaping @Sendable (RetryResult) -> Void)
}

/// Alamofire's `RequestInterceptor`: both.
public protocol RequestInterceptor: RequestAdapter, RequestRetrier {}

extension RequestAdapter {
    /// Alamofire's default: the request as it is (an interceptor that only retries, as Mobbie's, has no `adapt`).
    public func adapt(_ urlRequest: URLRequest, completion: @escaping @Sendable (Result<URLRequest, any Error>) -> Void) {
        completion(.success(urlRequest))
    }
}
