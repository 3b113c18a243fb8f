import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Alamofire's `AFError`, the two cases this app meets.
public enum AFError: Error, Sendable {
    /// `validate()` refused the status (the body kept, as Alamofire keeps the response).
    case responseValidationFailed(statusCode: Int, data: Data)
    /// The task failed (the transport).
    case sessionTaskFailed(String)
}

/// The app's session, in the shape of Alamofire's `Session`: built from a `URLSessionConfiguration`, with a delegate
/// of its own (data and completion arrive through it, never through a completion handler), an interceptor that adapts
/// each attempt and decides retries, and event monitors.
///
/// As in Alamofire, a request is made once (Moya builds it from its endpoint, headers included) and every attempt is the
/// interceptor's `adapt` of that same request: an interceptor without `adapt` retries it exactly as it was first sent.
public final class Session: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    private var session: URLSession!
    let interceptor: (any RequestInterceptor)?
    let eventMonitors: [any EventMonitor]
    private let lock = NSLock()
    private var received: [Int: Data] = [:]
    private var waiting: [Int: CheckedContinuation<(Data, HTTPURLResponse), any Error>] = [:]

    public init(
        configuration: URLSessionConfiguration, interceptor: (any RequestInterceptor)? = nil, eventMonitors: [any EventMonitor] = []
    ) {
        self.interceptor = interceptor
        self.eventMonitors = eventMonitors
        super.init()
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = 1
        session = URLSession(configuration: configuration, delegate: self, delegateQueue: queue)
    }

    /// Alamofire's `request(_:)`: a data task per attempt; with `validate`, a status outside 200..<300 is an error
    /// the interceptor may retry (Alamofire's `validate()`), without it the answer is returned as it is.
    public func request(_ urlRequest: URLRequest, validate: Bool) async throws -> (Data, HTTPURLResponse) {
        try await perform(urlRequest, validate: validate) { request in
            try await self.send(self.session.dataTask(with: request), for: Request(urlRequest: request))
        }
    }

    /// Alamofire's `upload(multipartFormData:with:)`: the form encoded, sent as an upload task (`uploadTask(with:from:)`),
    /// adapted and retried as `request` is; the event monitors hear of each task before it resumes.
    public func upload(_ form: MultipartFormData, with urlRequest: URLRequest, validate: Bool) async throws -> (Data, HTTPURLResponse) {
        let body = form.encode()
        var request = urlRequest
        request.setValue(form.contentType, forHTTPHeaderField: "Content-Type")
        return try await perform(request, validate: validate) { adapted in
            let task = self.session.uploadTask(with: adapted, from: body)
            return try await self.send(task, for: UploadRequest(urlRequest: adapted, uploadable: .data(body)))
        }
    }

    /// Sends `initial` adapted, and again (adapted again) as often as the interceptor says.
    private func perform(
        _ initial: URLRequest, validate: Bool, send: (URLRequest) async throws -> (Data, HTTPURLResponse)
    ) async throws -> (Data, HTTPURLResponse) {
        var retryCount = 0
        while true {
            var request = initial
            if let interceptor { request = try await adapt(initial, with: interceptor) }
            let (data, response) = try await send(request)
            guard validate, !(200..<300).contains(response.statusCode) else { return (data, response) }
            let error = AFError.responseValidationFailed(statusCode: response.statusCode, data: data)
            guard let interceptor else { throw error }
            switch await retry(request, response: response, error: error, count: retryCount, with: interceptor) {
            case .retry: retryCount += 1
            case .doNotRetry: throw error
            case .doNotRetryWithError(let other): throw other
            }
        }
    }

    private func adapt(_ request: URLRequest, with interceptor: any RequestInterceptor) async throws -> URLRequest {
        try await withCheckedThrowingContinuation { continuation in
            interceptor.adapt(request) { continuation.resume(with: $0) }
        }
    }

    private func retry(
        _ request: URLRequest, response: HTTPURLResponse, error: AFError, count: Int, with interceptor: any RequestInterceptor
    ) async -> RetryResult {
        await withCheckedContinuation { continuation in
            interceptor.retry(request, response: response, dueTo: error, retryCount: count) { continuation.resume(returning: $0) }
        }
    }

    /// Resumes `task` (the event monitors told first) and waits for its answer, which arrives through the delegate.
    private func send(_ task: URLSessionTask, for request: Request) async throws -> (Data, HTTPURLResponse) {
        for monitor in eventMonitors { monitor.request(request, didCreateTask: task) }
        return try await withCheckedThrowingContinuation { continuation in
            lock.withLock { waiting[task.taskIdentifier] = continuation }
            task.resume()
        }
    }

    public func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        lock.withLock { received[dataTask.taskIdentifier, default: Data()].append(data) }
    }

    public func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        let (continuation, data) = lock.withLock {
            (waiting.removeValue(forKey: task.taskIdentifier), received.removeValue(forKey: task.taskIdentifier) ?? Data())
        }
        if let error {
            continuation?.resume(throwing: AFError.sessionTaskFailed(error.localizedDescription))
        } else if let response = task.response as? HTTPURLResponse {
            continuation?.resume(returning: (data, response))
        } else {
            continuation?.resume(throwing: AFError.sessionTaskFailed("not an HTTP response"))
        }
    }
}
