import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A failed request, as Alamofire's `AFError` tells it: a status outside 200..<300, or the transport.
public enum APIError: Error, Sendable {
    case status(Int, message: String?)
    case transport(String)
    case decoding(String)
    /// The refresh token expired (418): the app logged out.
    case sessionExpired
}

/// The app's session, in the shape of Alamofire's `Session`: built from a `URLSessionConfiguration`, with a delegate
/// of its own (data and completion arrive through it, never through a completion handler), an interceptor that adapts
/// each request and decides retries.
public final class APISession: NSObject, URLSessionDataDelegate, @unchecked Sendable {
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

    /// Sends `target` and decodes `T`, adapting it first and retrying as the interceptor says.
    public func request<T: Decodable>(_ target: LSLPRouter, as type: T.Type = T.self) async throws -> T {
        try await perform(target) { request in
            try await self.send(self.session.dataTask(with: request), for: Request(urlRequest: request))
        }
    }

    /// Alamofire's `upload(multipartFormData:with:)`: the form encoded, sent as an upload task (`uploadTask(with:from:)`),
    /// adapted and retried as `request` is; the event monitors hear of each task before it resumes.
    public func upload<T: Decodable>(
        multipartFormData build: (MultipartFormData) -> Void, with target: LSLPRouter, as type: T.Type = T.self
    ) async throws -> T {
        let form = MultipartFormData()
        build(form)
        let body = form.encode()
        return try await perform(target) { adapted in
            var request = adapted
            request.setValue(form.contentType, forHTTPHeaderField: "Content-Type")
            let task = self.session.uploadTask(with: request, from: body)
            return try await self.send(task, for: UploadRequest(urlRequest: request, uploadable: .data(body)))
        }
    }

    /// Sends what `target` makes (through `send`), adapting it first and retrying as the interceptor says.
    private func perform<T: Decodable>(
        _ target: LSLPRouter, send: (URLRequest) async throws -> (Data, HTTPURLResponse)
    ) async throws -> T {
        var retryCount = 0
        while true {
            var request = try target.urlRequest()
            if let interceptor { request = try await adapt(request, with: interceptor) }
            let (data, response) = try await send(request)
            if (200..<300).contains(response.statusCode) {
                do {
                    return try JSONDecoder().decode(T.self, from: data)
                } catch {
                    throw APIError.decoding("\(error)")
                }
            }
            let message = (try? JSONDecoder().decode([String: String].self, from: data))?["message"]
            let error = APIError.status(response.statusCode, message: message)
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
        _ request: URLRequest, response: HTTPURLResponse, error: APIError, count: Int, with interceptor: any RequestInterceptor
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
            continuation?.resume(throwing: APIError.transport(error.localizedDescription))
        } else if let response = task.response as? HTTPURLResponse {
            continuation?.resume(returning: (data, response))
        } else {
            continuation?.resume(throwing: APIError.transport("not an HTTP response"))
        }
    }
}
