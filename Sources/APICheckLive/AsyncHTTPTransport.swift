import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix

/// The live runner's HTTP client: AsyncHTTPClient on SwiftNIO (chosen by measuring, see the README's
/// benchmarks: at concurrency 8 against a loopback server it answers several times the requests per
/// second of URLSession on Linux), with TLS from swift-nio-ssl.
///
/// Redirects are not followed (a 301 or 304 is itself what a contract checks), a failed connection is
/// not retried by the pool (the runner decides), and every request has one total deadline covering
/// connect, send and the whole body. No `Accept-Encoding` is sent, and a compressed answer is not
/// decompressed: it fails as ``TransportError/Kind/compressed`` without its body being read (a gzip body
/// can expand a thousandfold). A body is read up to ``maximumBodyBytes``; a larger one fails as
/// ``TransportError/Kind/tooLarge`` the moment it passes the limit, so memory stays bounded.
public final class AsyncHTTPTransport: LiveTransport {
    /// The default body limit: 50 MiB.
    public static let defaultMaximumBodyBytes = 50 << 20

    private let client: HTTPClient
    /// The largest body read.
    public let maximumBodyBytes: Int
    private let peak = PeakCounter()

    /// The most body bytes held for one response so far (for tests and the benchmark).
    package var peakBodyBytes: Int { peak.value }

    /// Creates a client with its own connection pool.
    public init(maximumBodyBytes: Int = defaultMaximumBodyBytes) {
        var configuration = HTTPClient.Configuration()
        configuration.redirectConfiguration = .disallow
        configuration.decompression = .disabled
        configuration.connectionPool.retryConnectionEstablishment = false
        configuration.connectionPool.concurrentHTTP1ConnectionsPerHostSoftLimit = 64
        configuration.httpVersion = .automatic
        client = HTTPClient(eventLoopGroupProvider: .shared(MultiThreadedEventLoopGroup.singleton), configuration: configuration)
        self.maximumBodyBytes = maximumBodyBytes
    }

    public func send(_ request: LiveRequest, deadline: ContinuousClock.Instant) async throws(TransportError) -> LiveResponse {
        var outgoing = HTTPClientRequest(url: request.url.absoluteString)
        outgoing.method = HTTPMethod(rawValue: request.method)
        for (name, value) in request.headers { outgoing.headers.add(name: name, value: value) }
        if let body = request.body { outgoing.body = .bytes(ByteBuffer(bytes: body)) }
        let remaining = ContinuousClock.now.duration(to: deadline)
        guard remaining > .zero else { throw TransportError(.timeout, "no time left before the deadline") }
        let nanoseconds = remaining.components.seconds * 1_000_000_000 + remaining.components.attoseconds / 1_000_000_000
        let limit = maximumBodyBytes
        let client = client
        let prepared = outgoing
        let peak = peak
        do {
            // The body is read inside the same deadline: a server that sends headers and then stalls times out too.
            return try await Self.withDeadline(remaining) {
                let response = try await client.execute(prepared, deadline: .now() + .nanoseconds(nanoseconds))
                let status = Int(response.status.code)
                if let encoding = response.headers["Content-Encoding"].first(where: { $0.lowercased() != "identity" }) {
                    throw TransportError(.compressed, "Content-Encoding: \(encoding), not asked for; apicheck does not decompress, so it cannot check this body", status: status)
                }
                var body = ByteBuffer()
                for try await chunk in response.body {
                    guard body.readableBytes + chunk.readableBytes <= limit else {
                        throw TransportError(.tooLarge, "\(Self.megabytes(limit)), --max-body-size; not read further", status: status)
                    }
                    body.writeImmutableBuffer(chunk)
                    peak.record(body.readableBytes)
                }
                let bytes = body.readBytes(length: body.readableBytes) ?? []
                return LiveResponse(status: status, headers: response.headers.map { ($0.name, $0.value) }, body: bytes)
            }
        } catch {
            throw Self.classify(error, request: request, timeout: remaining)
        }
    }

    public func shutdown() async {
        try? await client.shutdown()
    }

    /// Runs `body`, cancelling it when `duration` has passed.
    static func withDeadline<T: Sendable>(_ duration: Duration, _ body: @escaping @Sendable () async throws -> T) async throws -> T {
        try await withThrowingTaskGroup(of: T?.self) { group in
            group.addTask { try await body() }
            group.addTask {
                try await Task.sleep(for: duration)
                return nil
            }
            defer { group.cancelAll() }
            guard let first = try await group.next(), let value = first else { throw DeadlineExceeded() }
            return value
        }
    }

    struct DeadlineExceeded: Error {}

    /// Sorts an error of NIO or AsyncHTTPClient into the kinds a developer needs to tell apart.
    package static func classify(_ error: any Error, request: LiveRequest, timeout: Duration) -> TransportError {
        let address = "\(request.url.host ?? "?")\(request.url.port.map { ":\($0)" } ?? "")"
        if let error = error as? TransportError { return error }
        if error is DeadlineExceeded { return TransportError(.timeout, "no complete response within \(Self.seconds(timeout)), --timeout") }
        if error is CancellationError { return TransportError(.cancelled, "") }
        if let clientError = error as? HTTPClientError {
            switch clientError {
            case .deadlineExceeded, .readTimeout, .connectTimeout, .writeTimeout, .tlsHandshakeTimeout:
                return TransportError(.timeout, "no complete response within \(Self.seconds(timeout)), --timeout")
            case .remoteConnectionClosed, .uncleanShutdown:
                return TransportError(.reset, address)
            case .cancelled:
                return TransportError(.cancelled, "")
            default:
                return TransportError(.other, "\(address): \(clientError)")
            }
        }
        if let parserError = error as? HTTPParserError {
            switch parserError {
            case .invalidEOFState:
                return TransportError(.reset, "\(address): the body ended before its Content-Length")
            case .headerOverflow:
                return TransportError(.other, "\(address): the response's header section is larger than 80 KiB, the HTTP parser's limit")
            default:
                return TransportError(.other, "\(address): not a valid HTTP response (\(parserError))")
            }
        }
        if let ioError = error as? IOError { return classify(errno: ioError.errnoCode, address: address, fallback: "\(ioError)") }
        if let connection = error as? NIOConnectionError {
            if let first = connection.connectionErrors.first {
                if let ioError = first.error as? IOError { return classify(errno: ioError.errnoCode, address: address, fallback: "\(ioError)") }
                return TransportError(.other, "\(address): \(first.error)")
            }
            if connection.dnsAError != nil || connection.dnsAAAAError != nil { return TransportError(.dns, request.url.host ?? "") }
            return TransportError(.dns, "\(request.url.host ?? ""): no address")
        }
        if error is SocketAddressError { return TransportError(.dns, request.url.host ?? "") }
        if let channelError = error as? ChannelError {
            switch channelError {
            case .connectTimeout: return TransportError(.timeout, "connecting to \(address)")
            case .eof, .alreadyClosed, .ioOnClosedChannel, .outputClosed: return TransportError(.reset, address)
            default: return TransportError(.other, "\(address): \(channelError)")
            }
        }
        let typeName = String(reflecting: type(of: error))
        if typeName.contains("NIOSSL") || typeName.contains("BoringSSL") || typeName.contains("TLS") {
            return TransportError(.tls, "\(request.url.host ?? ""): \(Self.tlsReason("\(error)"))")
        }
        return TransportError(.other, "\(address): \(error)")
    }

    /// BoringSSL's reason (`CERTIFICATE_VERIFY_FAILED`), without the source path around it, and a hint
    /// for the usual mistake of https to a plain-http server.
    static func tlsReason(_ text: String) -> String {
        guard let marker = text.range(of: "OPENSSL_internal:") else { return text }
        let reason = String(text[marker.upperBound...].prefix { $0.isLetter || $0.isNumber || $0 == "_" })
        return reason == "WRONG_VERSION_NUMBER" ? "\(reason): the server does not speak TLS here (http, not https?)" : reason
    }

    static func classify(errno code: Int32, address: String, fallback: String) -> TransportError {
        switch code {
        case ECONNREFUSED: return TransportError(.refused, address)
        case ECONNRESET, EPIPE, ECONNABORTED: return TransportError(.reset, address)
        case ETIMEDOUT: return TransportError(.timeout, "connecting to \(address)")
        case EHOSTUNREACH, ENETUNREACH: return TransportError(.other, "\(address): no route to host")
        default: return TransportError(.other, "\(address): \(fallback)")
        }
    }

    /// `50 MiB`, `512 KiB`: a body limit as `--max-body-size` takes it.
    static func megabytes(_ bytes: Int) -> String {
        bytes % (1 << 20) == 0 ? "\(bytes >> 20) MiB" : "\(bytes >> 10) KiB"
    }

    /// `10 s`, `1.5 s`: the deadline as the user gave it (a remaining 0.99996 s reads as 1 s).
    static func seconds(_ duration: Duration) -> String {
        let tenths = (Double(duration.components.seconds) * 10 + Double(duration.components.attoseconds) / 1e17).rounded()
        return tenths.truncatingRemainder(dividingBy: 10) == 0 ? "\(Int(tenths / 10)) s" : String(format: "%.1f s", tenths / 10)
    }
}

/// The largest value recorded, shared by the requests of one transport.
final class PeakCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var peak = 0

    func record(_ value: Int) {
        lock.withLock { peak = max(peak, value) }
    }

    var value: Int { lock.withLock { peak } }
}
