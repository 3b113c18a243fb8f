// Linux has CurlClient: FoundationNetworking links libcurl, which every command then loaded at its start.
#if !os(Linux)
    import Foundation
    import HTTP1
    import Locking

    /// The client for `https://` URLs on Apple platforms: URLSession, so that apicheck builds no TLS library of its own.
    ///
    /// It keeps the promises of the plain-HTTP client: no redirect followed, `Accept-Encoding: identity`
    /// unless the request asks otherwise, a compressed answer refused before its body is read, a body
    /// read up to the limit and no further, one deadline for the whole exchange.
    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    final class URLSessionClient: NSObject, URLSessionDataDelegate, @unchecked Sendable {
        let maximumBodyBytes: Int
        let peak: PeakCounter
        private var session: URLSession!
        /// The requests in flight by task identifier; a ``Pending`` is changed only here, under this lock, until it is removed.
        private let exchanges = Locked<[Int: Pending]>([:])

        /// A request in flight.
        final class Pending {
            let continuation: CheckedContinuation<Result<LiveResponse, TransportError>, Never>
            let address: String
            let host: String
            let timeout: Duration
            var response: HTTPURLResponse?
            var body: [UInt8] = []
            /// Set when apicheck ended the exchange itself (a limit, a compressed answer, the deadline, Ctrl-C).
            var ended: TransportError?

            init(
                continuation: CheckedContinuation<Result<LiveResponse, TransportError>, Never>, address: String, host: String,
                timeout: Duration
            ) {
                self.continuation = continuation
                self.address = address
                self.host = host
                self.timeout = timeout
            }
        }

        init(maximumBodyBytes: Int, peak: PeakCounter) {
            self.maximumBodyBytes = maximumBodyBytes
            self.peak = peak
            super.init()
            let configuration = URLSessionConfiguration.ephemeral
            configuration.httpMaximumConnectionsPerHost = 64
            configuration.timeoutIntervalForRequest = 24 * 3600
            configuration.timeoutIntervalForResource = 24 * 3600
            configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
            configuration.urlCache = nil
            configuration.httpCookieStorage = nil
            configuration.httpShouldSetCookies = false
            let queue = OperationQueue()
            queue.maxConcurrentOperationCount = 1
            session = URLSession(configuration: configuration, delegate: self, delegateQueue: queue)
        }

        func send(_ request: LiveRequest, deadline: ContinuousClock.Instant) async throws(TransportError) -> LiveResponse {
            let remaining = ContinuousClock.now.duration(to: deadline)
            guard remaining > .zero else { throw TransportError(.timeout, "no time left before the deadline") }
            var outgoing = URLRequest(url: request.url)
            outgoing.httpMethod = request.method
            for (name, value) in request.headers { outgoing.addValue(value, forHTTPHeaderField: name) }
            if !request.headers.contains(where: { HTTP1.namesEqual($0.0, "Accept-Encoding") }) {
                outgoing.setValue("identity", forHTTPHeaderField: "Accept-Encoding")
            }
            if let body = request.body { outgoing.httpBody = Data(body) }
            let host = request.url.host ?? ""
            let address = "\(host)\(request.url.port.map { ":\($0)" } ?? "")"
            let task = session.dataTask(with: outgoing)
            let identifier = task.taskIdentifier
            let result = await withTaskCancellationHandler {
                await withCheckedContinuation { continuation in
                    exchanges.withLock {
                        $0[identifier] = Pending(continuation: continuation, address: address, host: host, timeout: remaining)
                    }
                    task.resume()
                    if Task.isCancelled { end(task, TransportError(.cancelled, "")) }
                    DispatchQueue.global().asyncAfter(deadline: .now() + LiveRun.seconds(remaining)) { [weak self] in
                        self?.end(
                            task, TransportError(.timeout, "no complete response within \(HTTPTransport.seconds(remaining)), --timeout"))
                    }
                }
            } onCancel: {
                end(task, TransportError(.cancelled, ""))
            }
            return try result.get()
        }

        func shutdown() {
            session.invalidateAndCancel()
        }

        /// Ends `task` with `error`, unless it has already ended.
        private func end(_ task: URLSessionTask, _ error: TransportError) {
            let ended = exchanges.withLock { exchanges -> Bool in
                guard let pending = exchanges[task.taskIdentifier], pending.ended == nil else { return false }
                pending.ended = error
                return true
            }
            if ended { task.cancel() }
        }

        func urlSession(
            _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
            completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
        ) {
            guard let http = response as? HTTPURLResponse else { return completionHandler(.allow) }
            exchanges.withLock { $0[dataTask.taskIdentifier]?.response = http }
            let status = http.statusCode
            if let encoding = http.value(forHTTPHeaderField: "Content-Encoding"), encoding.lowercased() != "identity" {
                end(
                    dataTask,
                    TransportError(
                        .compressed,
                        "Content-Encoding: \(encoding), not asked for; apicheck does not decompress, so it cannot check this body",
                        status: status))
                return completionHandler(.cancel)
            }
            if let length = http.value(forHTTPHeaderField: "Content-Length").flatMap(Int.init), length > maximumBodyBytes {
                end(
                    dataTask,
                    TransportError(
                        .tooLarge, "\(Megabytes(maximumBodyBytes)), --max-body-size; not read: Content-Length is \(length)", status: status)
                )
                return completionHandler(.cancel)
            }
            completionHandler(.allow)
        }

        func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
            let over: Int? = exchanges.withLock { exchanges in
                guard let pending = exchanges[dataTask.taskIdentifier], pending.ended == nil else { return nil }
                guard pending.body.count + data.count <= maximumBodyBytes else { return pending.response?.statusCode ?? 0 }
                pending.body.append(contentsOf: data)
                peak.record(pending.body.count)
                return nil
            }
            if let status = over {
                end(
                    dataTask, TransportError(.tooLarge, "\(Megabytes(maximumBodyBytes)), --max-body-size; not read further", status: status)
                )
            }
        }

        func urlSession(
            _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
            newRequest request: URLRequest,
            completionHandler: @escaping (URLRequest?) -> Void
        ) {
            // A redirect is itself what a contract checks.
            completionHandler(nil)
        }

        func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
            guard let pending = exchanges.withLock({ $0.removeValue(forKey: task.taskIdentifier) }) else { return }
            if let ended = pending.ended {
                return pending.continuation.resume(returning: .failure(ended))
            }
            if let error {
                return pending.continuation.resume(returning: .failure(Self.classify(error, pending: pending)))
            }
            guard let response = pending.response ?? task.response as? HTTPURLResponse else {
                return pending.continuation.resume(returning: .failure(TransportError(.other, "\(pending.address): no HTTP response")))
            }
            let headers = response.allHeaderFields.compactMap { key, value -> (String, String)? in
                guard let name = key as? String else { return nil }
                return (name, "\(value)")
            }.sorted { $0.0.lowercased() < $1.0.lowercased() }
            pending.continuation.resume(
                returning: .success(LiveResponse(status: response.statusCode, headers: headers, body: pending.body)))
        }

        static func classify(_ error: any Error, pending: Pending) -> TransportError {
            guard let urlError = error as? URLError else {
                return TransportError(.other, "\(pending.address): \(error.localizedDescription)")
            }
            switch urlError.code {
            case .cannotConnectToHost: return TransportError(.refused, pending.address)
            case .cannotFindHost, .dnsLookupFailed: return TransportError(.dns, pending.host)
            case .timedOut:
                return TransportError(.timeout, "no complete response within \(HTTPTransport.seconds(pending.timeout)), --timeout")
            case .networkConnectionLost: return TransportError(.reset, pending.address)
            case .secureConnectionFailed:
                return TransportError(.tls, "\(pending.host): the TLS handshake failed; does the server speak TLS here (http, not https?)")
            case .serverCertificateUntrusted, .serverCertificateHasBadDate, .serverCertificateNotYetValid, .serverCertificateHasUnknownRoot:
                return TransportError(.tls, "\(pending.host): the server's certificate is not trusted (\(urlError.code.rawValue))")
            case .clientCertificateRejected, .clientCertificateRequired:
                return TransportError(.tls, "\(pending.host): the server asks for a client certificate")
            case .cancelled: return TransportError(.cancelled, "")
            case .badServerResponse: return TransportError(.other, "\(pending.address): not a valid HTTP response")
            default:
                let text = urlError.localizedDescription
                if let marker = text.range(of: "SSL routines::") {
                    // libcurl's OpenSSL reason, as `wrong version number`.
                    let reason = String(text[marker.upperBound...].prefix { $0 != ")" && $0 != "\n" })
                    let hint = reason == "wrong version number" ? ": the server does not speak TLS here (http, not https?)" : ""
                    return TransportError(.tls, "\(pending.host): \(reason)\(hint)")
                }
                // libcurl's words for a body cut short and a reset.
                if text.contains("transfer closed with") {
                    return TransportError(.reset, "\(pending.address): the body ended before its Content-Length")
                }
                if text.contains("Connection reset by peer") { return TransportError(.reset, pending.address) }
                return TransportError(.other, "\(pending.address): \(text) (URLError \(urlError.code.rawValue))")
            }
        }
    }
#endif
