#if os(Linux)
    import Foundation
    import Libcurl
    import Locking
    import Sockets

    /// The client for `https://` URLs on Linux: libcurl with the system's OpenSSL and certificate store (as URLSession
    /// there is), loaded when the first https request is sent, so that apicheck builds no TLS library of its own and a
    /// command that sends none does not load one.
    ///
    /// It keeps the promises of the plain-HTTP client: no redirect followed, `Accept-Encoding: identity` unless the
    /// request asks otherwise, a compressed answer refused before its body is read, a body read up to the limit and no
    /// further, one deadline for the whole exchange. Each exchange holds a thread of ``ThreadPool/shared`` while it runs.
    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    final class CurlClient: Sendable {
        let maximumBodyBytes: Int
        let peak: PeakCounter
        /// The exchanges in flight, ended by ``shutdown()``.
        private let running = Locked<[ObjectIdentifier: Exchange]>([:])

        /// One request in flight: what its callbacks gathered, and why apicheck ended it, behind its own lock.
        final class Exchange: Sendable {
            struct State {
                var status = 0
                var body: [UInt8] = []
                /// Set when apicheck ended the exchange itself (a limit, a compressed answer, Ctrl-C).
                var ended: TransportError?
            }
            let state = Locked(State())

            /// Ends the exchange with `error` unless it has already ended.
            func end(_ error: TransportError) {
                state.withLock { if $0.ended == nil { $0.ended = error } }
            }
        }

        init(maximumBodyBytes: Int, peak: PeakCounter) {
            self.maximumBodyBytes = maximumBodyBytes
            self.peak = peak
        }

        func send(_ request: LiveRequest, deadline: ContinuousClock.Instant) async throws(TransportError) -> LiveResponse {
            let remaining = ContinuousClock.now.duration(to: deadline)
            guard remaining > .zero else { throw TransportError(.timeout, "no time left before the deadline") }
            let host = request.url.host ?? ""
            let address = "\(host)\(request.url.port.map { ":\($0)" } ?? "")"
            var headers = request.headers
            if !headers.contains(where: { $0.0.lowercased() == "accept-encoding" }) { headers.append(("Accept-Encoding", "identity")) }
            var exchanged = CurlExchange(method: request.method, url: request.url.absoluteString, headers: headers, body: request.body)
            exchanged.timeoutMilliseconds = Int((LiveRun.seconds(remaining) * 1000).rounded(.up))
            let outgoing = exchanged
            let exchange = Exchange()
            let key = ObjectIdentifier(exchange)
            running.withLock { $0[key] = exchange }
            let observer = observer(of: exchange)
            let result = await withTaskCancellationHandler {
                await ThreadPool.shared.value { outgoing.perform(observer) }
            } onCancel: {
                exchange.end(TransportError(.cancelled, ""))
            }
            running.withLock { _ = $0.removeValue(forKey: key) }
            let state = exchange.state.withLock { $0 }
            if let ended = state.ended { throw ended }
            switch result {
            case .success(let head):
                let sorted = head.headers.enumerated().sorted {
                    ($0.element.0.lowercased(), $0.offset) < ($1.element.0.lowercased(), $1.offset)
                }.map(\.element)
                return LiveResponse(status: head.status, headers: sorted, body: state.body)
            case .failure(let failure):
                throw Self.classify(failure, host: host, address: address, timeout: remaining)
            }
        }

        /// What `exchange` is told by libcurl: the head's checks, the body up to the limit, and whether it was ended.
        private func observer(of exchange: Exchange) -> CurlExchange.Observer {
            let maximumBodyBytes = maximumBodyBytes, peak = peak
            var observer = CurlExchange.Observer()
            observer.head = { head in
                exchange.state.withLock { $0.status = head.status }
                let field = { (name: String) in head.headers.first { $0.0.lowercased() == name }?.1 }
                if let encoding = field("content-encoding"), encoding.lowercased() != "identity" {
                    exchange.end(
                        TransportError(
                            .compressed,
                            "Content-Encoding: \(encoding), not asked for; apicheck does not decompress, so it cannot check this body",
                            status: head.status))
                    return false
                }
                if let length = field("content-length").flatMap(Int.init), length > maximumBodyBytes {
                    exchange.end(
                        TransportError(
                            .tooLarge, "\(Megabytes(maximumBodyBytes)), --max-body-size; not read: Content-Length is \(length)",
                            status: head.status))
                    return false
                }
                return true
            }
            observer.body = { bytes in
                exchange.state.withLock { state in
                    guard state.ended == nil else { return false }
                    guard state.body.count + bytes.count <= maximumBodyBytes else {
                        state.ended = TransportError(
                            .tooLarge, "\(Megabytes(maximumBodyBytes)), --max-body-size; not read further", status: state.status)
                        return false
                    }
                    state.body.append(contentsOf: bytes)
                    peak.record(state.body.count)
                    return true
                }
            }
            observer.isStopped = { exchange.state.withLock { $0.ended != nil } }
            return observer
        }

        func shutdown() {
            for exchange in running.withLock({ Array($0.values) }) { exchange.end(TransportError(.cancelled, "")) }
        }

        /// The kind of `failure`, told apart by libcurl's code and words.
        static func classify(_ failure: CurlExchange.Failure, host: String, address: String, timeout: Duration) -> TransportError {
            let text = failure.message
            switch failure.code {
            case 0: return TransportError(.other, "\(address): \(text)")
            case CurlExchange.Failure.couldNotConnect:
                // libcurl's words for a refused connection changed between versions; the errno did not.
                return failure.systemError != 0
                    ? HTTPTransport.classify(errno: failure.systemError, address: address, fallback: text)
                    : TransportError(.other, "\(address): \(text)")
            case CurlExchange.Failure.couldNotResolveHost: return TransportError(.dns, host)
            case CurlExchange.Failure.timedOut:
                return TransportError(.timeout, "no complete response within \(HTTPTransport.seconds(timeout)), --timeout")
            case CurlExchange.Failure.partialFile: return TransportError(.reset, "\(address): the body ended before its Content-Length")
            case CurlExchange.Failure.gotNothing: return TransportError(.reset, address)
            case CurlExchange.Failure.tlsConnectFailed:
                if let marker = text.range(of: "SSL routines::") {
                    // OpenSSL's reason, as `wrong version number`.
                    let reason = String(text[marker.upperBound...].prefix { $0 != ")" && $0 != "\n" && $0 != "," })
                    let hint = reason == "wrong version number" ? ": the server does not speak TLS here (http, not https?)" : ""
                    return TransportError(.tls, "\(host): \(reason)\(hint)")
                }
                return TransportError(.tls, "\(host): the TLS handshake failed; does the server speak TLS here (http, not https?)")
            case CurlExchange.Failure.peerNotVerified, CurlExchange.Failure.caCertificateFile, CurlExchange.Failure.issuerCheck:
                return TransportError(.tls, "\(host): the server's certificate is not trusted (\(text))")
            case CurlExchange.Failure.clientCertificateProblem:
                return TransportError(.tls, "\(host): the server asks for a client certificate")
            case CurlExchange.Failure.sendFailed, CurlExchange.Failure.receiveFailed:
                return text.contains("reset by peer") || text.contains("closed") || text.contains("Broken pipe")
                    ? TransportError(.reset, address) : TransportError(.other, "\(address): \(text) (libcurl error \(failure.code))")
            default: return TransportError(.other, "\(address): \(text) (libcurl error \(failure.code))")
            }
        }
    }
#endif
