import Foundation
import HTTP1
import Locking
import Sockets

/// The client for `http://` URLs: HTTP/1.1 over plain sockets, with kept-alive connections, on
/// threads of its own (``ThreadPool``), every wait bounded by the request's deadline.
///
/// It sends exactly the request's headers plus `Host` and `Content-Length`, follows no redirect,
/// does not decompress, and reads a body up to the limit and no further.
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
final class HTTP1Client: Sendable {
    let maximumBodyBytes: Int
    let peak: PeakCounter
    let resolver: Resolver
    /// The kept-alive connections by `host:port`, and whether the client still keeps any (false once shut down).
    private struct Pool {
        var idle: [String: [Socket]] = [:]
        var open = true
    }

    private let pool = Locked(Pool())
    /// The most idle connections kept per host.
    static let idlePerHost = 16

    init(maximumBodyBytes: Int, peak: PeakCounter, resolver: Resolver = .system) {
        self.maximumBodyBytes = maximumBodyBytes
        self.peak = peak
        self.resolver = resolver
    }

    func send(_ request: LiveRequest, deadline: ContinuousClock.Instant) async throws(TransportError) -> LiveResponse {
        let remaining = ContinuousClock.now.duration(to: deadline)
        guard remaining > .zero else { throw TransportError(.timeout, "no time left before the deadline") }
        let exchange = Exchange()
        let result = await withTaskCancellationHandler {
            await ThreadPool.shared.value { [self] in
                perform(request, deadline: Deadline.after(remaining), timeout: remaining, exchange: exchange)
            }
        } onCancel: {
            exchange.cancel()
        }
        return try result.get()
    }

    func shutdown() {
        let sockets = pool.withLock { pool in
            pool.open = false
            defer { pool.idle = [:] }
            return pool.idle.values.flatMap { $0 }
        }
        for socket in sockets { socket.close() }
    }

    /// One request and its response, on a kept-alive connection when one is idle (again on a new one
    /// when a reused connection turns out closed before any byte of an answer to a read-only request).
    func perform(_ request: LiveRequest, deadline: Deadline, timeout: Duration, exchange: Exchange) -> Result<
        LiveResponse, TransportError
    > {
        let host = request.url.host ?? ""
        let port = request.url.port ?? 80
        let address = "\(host):\(port)"
        let bytes = Self.serialize(request)
        var attempt = 0
        while true {
            attempt += 1
            if exchange.isCancelled { return .failure(TransportError(.cancelled, "")) }
            var reused = false
            let socket: Socket
            if let kept = checkout(address) {
                socket = kept
                reused = true
            } else {
                do {
                    socket = try Socket.connect(
                        host: host.hasPrefix("[") ? String(host.dropFirst().dropLast()) : host, port: port, deadline: deadline,
                        resolver: resolver)
                } catch {
                    if exchange.isCancelled { return .failure(TransportError(.cancelled, "")) }
                    return .failure(Self.classify(error, host: host, address: address, timeout: timeout))
                }
            }
            guard exchange.attach(socket) else {
                socket.close()
                return .failure(TransportError(.cancelled, ""))
            }
            var reader = ResponseReader(socket: socket, deadline: deadline, maximumBodyBytes: maximumBodyBytes, peak: peak)
            do throws(ReadFailure) {
                do {
                    try socket.write(bytes, deadline: deadline)
                } catch {
                    throw .socket(error)
                }
                let read = try reader.read(method: request.method)
                exchange.detach()
                if read.reusable { checkin(socket, address) } else { socket.close() }
                return .success(LiveResponse(status: read.status, headers: read.headers, body: read.body))
            } catch {
                exchange.detach()
                socket.close()
                if exchange.isCancelled { return .failure(TransportError(.cancelled, "")) }
                if reused, !reader.receivedAnything, attempt == 1, request.isIdempotentRead, Self.isClosed(error) { continue }
                return .failure(Self.classify(error, address: address, timeout: timeout))
            }
        }
    }

    private func checkout(_ address: String) -> Socket? {
        while let socket = pool.withLock({ $0.idle[address]?.popLast() }) {
            if !socket.hasPendingInputOrClosed { return socket }
            socket.close()
        }
        return nil
    }

    private func checkin(_ socket: Socket, _ address: String) {
        let kept = pool.withLock { pool in
            guard pool.open, pool.idle[address, default: []].count < Self.idlePerHost else { return false }
            pool.idle[address, default: []].append(socket)
            return true
        }
        if !kept { socket.close() }
    }

    /// The request's bytes: request line, `Host`, the request's own headers, `Content-Length`, body.
    static func serialize(_ request: LiveRequest) -> [UInt8] {
        let components = URLComponents(url: request.url, resolvingAgainstBaseURL: false)
        var target = components?.percentEncodedPath ?? "/"
        if target.isEmpty { target = "/" }
        if let query = components?.percentEncodedQuery { target += "?" + query }
        var head = "\(request.method) \(target) HTTP/1.1\r\n"
        if !request.headers.contains(where: { HTTP1.namesEqual($0.0, "Host") }) {
            let host = request.url.host ?? ""
            head += "Host: \(host)\(request.url.port.map { ":\($0)" } ?? "")\r\n"
        }
        for (name, value) in request.headers
        where !HTTP1.namesEqual(name, "Content-Length") && !HTTP1.namesEqual(name, "Transfer-Encoding") {
            head += "\(name): \(value)\r\n"
        }
        let body = request.body ?? []
        if !body.isEmpty || ["POST", "PUT", "PATCH"].contains(request.method) {
            head += "Content-Length: \(body.count)\r\n"
        }
        head += "\r\n"
        var bytes = Array(head.utf8)
        bytes.append(contentsOf: body)
        return bytes
    }

    static func isClosed(_ error: ReadFailure) -> Bool {
        switch error {
        case .failure(let kind, _): kind == .reset
        case .socket(let socket): [ECONNRESET, EPIPE, ECONNABORTED].contains(socket.code)
        case .answer: false
        }
    }

    static func classify(_ error: ConnectError, host: String, address: String, timeout: Duration) -> TransportError {
        if error.resolution != nil { return TransportError(.dns, host) }
        guard let socket = error.socket else { return TransportError(.dns, "\(host): no address") }
        if socket.timedOut { return TransportError(.timeout, "no complete response within \(HTTPTransport.seconds(timeout)), --timeout") }
        return HTTPTransport.classify(errno: socket.code, address: address, fallback: socket.description)
    }

    static func classify(_ error: ReadFailure, address: String, timeout: Duration) -> TransportError {
        switch error {
        case .answer(let kind, let detail, let status):
            return TransportError(kind, detail, status: status)
        case .failure(let kind, let detail):
            return TransportError(kind, detail.isEmpty ? address : "\(address): \(detail)")
        case .socket(let socket):
            if socket.timedOut {
                return TransportError(.timeout, "no complete response within \(HTTPTransport.seconds(timeout)), --timeout")
            }
            return HTTPTransport.classify(errno: socket.code, address: address, fallback: socket.description)
        }
    }
}

/// One request in flight: the socket it waits on, so that cancelling can wake it.
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
final class Exchange: Sendable {
    private struct State {
        var socket: Socket?
        var cancelled = false
    }

    private let state = Locked(State())

    var isCancelled: Bool { state.withLock { $0.cancelled } }

    /// Cancels: the socket in use is shut down, so that its wait ends now.
    func cancel() {
        let current = state.withLock { state in
            state.cancelled = true
            return state.socket
        }
        current?.shutdown()
    }

    /// Starts waiting on `socket`; false when already cancelled.
    func attach(_ socket: Socket) -> Bool {
        state.withLock { state in
            guard !state.cancelled else { return false }
            state.socket = socket
            return true
        }
    }

    func detach() {
        state.withLock { $0.socket = nil }
    }
}
