import Foundation
import HTTP1
import Locking
import Sockets

/// The live runner's HTTP client: HTTP/1.1 over plain sockets for `http://` URLs (the sandbox, a
/// staging server); for `https://`, libcurl on Linux and URLSession on Apple platforms (TLS from the system, so
/// nothing builds a TLS library).
///
/// Both keep the same promises. Redirects are not followed (a 301 or 304 is itself what a contract
/// checks), and every request has one total deadline covering connect, send and the whole body. No
/// `Accept-Encoding` is asked for, and a compressed answer is not decompressed: it fails as
/// ``TransportError/Kind/compressed`` without its body being read (a gzip body can expand a
/// thousandfold). A body is read up to ``maximumBodyBytes``; a larger one fails as
/// ``TransportError/Kind/tooLarge`` before it is read when its `Content-Length` says so, and otherwise
/// the moment it passes the limit, so memory stays bounded.
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
public final class HTTPTransport: LiveTransport {
    /// The default body limit: 50 MiB.
    public static let defaultMaximumBodyBytes = 50 << 20

    /// The largest body read.
    public let maximumBodyBytes: Int
    private let peak = PeakCounter()
    private let plain: HTTP1Client
    private let secure: SecureClient

    /// The most body bytes held for one response so far (for tests and the benchmark): on the plain-HTTP side, the
    /// bytes held while a body was read (the body, and what the last read brought past it); on the https side, the body.
    package var peakBodyBytes: Int { peak.value }

    /// What ``peakBodyBytes`` never passes, whatever a server sends: ``maximumBodyBytes``, one read of the plain-HTTP
    /// side (64 KiB) and a chunk line (``HTTP1/mostBytesHeld(limit:readSize:)``).
    package var mostBodyBytesHeld: Int { Self.mostBodyBytesHeld(limit: maximumBodyBytes) }

    /// What ``peakBodyBytes`` never passes for a body limit of `limit`.
    package static func mostBodyBytesHeld(limit: Int) -> Int {
        HTTP1.mostBytesHeld(limit: limit, readSize: ResponseReader.readSize)
    }

    /// Creates a client with its own connections.
    public init(maximumBodyBytes: Int = defaultMaximumBodyBytes) {
        self.maximumBodyBytes = maximumBodyBytes
        plain = HTTP1Client(maximumBodyBytes: maximumBodyBytes, peak: peak)
        secure = SecureClient(maximumBodyBytes: maximumBodyBytes, peak: peak)
    }

    /// A client whose plain-HTTP side resolves host names with `resolver` (tests that must not use the machine's DNS).
    package init(maximumBodyBytes: Int = defaultMaximumBodyBytes, resolver: Resolver) {
        self.maximumBodyBytes = maximumBodyBytes
        plain = HTTP1Client(maximumBodyBytes: maximumBodyBytes, peak: peak, resolver: resolver)
        secure = SecureClient(maximumBodyBytes: maximumBodyBytes, peak: peak)
    }

    public func send(_ request: LiveRequest, deadline: ContinuousClock.Instant) async throws(TransportError) -> LiveResponse {
        switch request.url.scheme?.lowercased() {
        case "http": try await plain.send(request, deadline: deadline)
        case "https": try await secure.send(request, deadline: deadline)
        default: throw TransportError(.other, "\(request.url.absoluteString): only http and https URLs can be requested")
        }
    }

    /// Sends `request` through the https client whatever its scheme (the tests hold both clients to the same promises).
    package func sendThroughSecureClient(_ request: LiveRequest, deadline: ContinuousClock.Instant) async throws(TransportError)
        -> LiveResponse
    {
        try await secure.send(request, deadline: deadline)
    }

    public func shutdown() async {
        plain.shutdown()
        secure.shutdown()
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

    /// `10 s`, `1.5 s`: the deadline as the user gave it (a remaining 0.99996 s reads as 1 s).
    static func seconds(_ duration: Duration) -> String {
        let tenths = (Double(duration.components.seconds) * 10 + Double(duration.components.attoseconds) / 1e17).rounded()
        return tenths.truncatingRemainder(dividingBy: 10) == 0 ? "\(Int(tenths / 10)) s" : String(format: "%.1f s", tenths / 10)
    }
}

#if os(Linux)
    /// The `https://` client: libcurl, loaded when first used.
    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    typealias SecureClient = CurlClient
#else
    /// The `https://` client: URLSession.
    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    typealias SecureClient = URLSessionClient
#endif

/// The largest value recorded, shared by the requests of one transport.
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
final class PeakCounter: Sendable {
    private let peak = Locked(0)

    func record(_ value: Int) {
        peak.withLock { $0 = max($0, value) }
    }

    var value: Int { peak.withLock { $0 } }
}
