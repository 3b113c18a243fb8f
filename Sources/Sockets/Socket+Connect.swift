#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Why a connection could not be made.
public struct ConnectError: Error, Sendable, CustomStringConvertible {
    /// The host name did not resolve: `getaddrinfo`'s message.
    public var resolution: String?
    /// The last socket error (refused, unreachable, timed out).
    public var socket: SocketError?

    /// Creates an error: a resolver's message, or a socket error.
    public init(resolution: String? = nil, socket: SocketError? = nil) {
        self.resolution = resolution
        self.socket = socket
    }

    /// What went wrong, in words.
    public var description: String { resolution ?? socket?.description ?? "no address" }
}

/// The addresses a host name resolves to; replaceable in tests that must not use the machine's resolver.
public struct Resolver: Sendable {
    /// Resolves `host` and `port` to socket addresses, or throws the reason.
    public let resolve: @Sendable (_ host: String, _ port: Int) throws(ConnectError) -> [SocketAddress]

    /// Creates a resolver from a function.
    public init(_ resolve: @escaping @Sendable (_ host: String, _ port: Int) throws(ConnectError) -> [SocketAddress]) {
        self.resolve = resolve
    }

    /// The system's resolver (`getaddrinfo`), IPv4 and IPv6.
    public static let system = Resolver { host, port throws(ConnectError) in
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        #if canImport(Glibc)
            hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        #else
            hints.ai_socktype = SOCK_STREAM
        #endif
        hints.ai_flags = AI_NUMERICSERV
        var list: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, String(port), &hints, &list)
        guard status == 0, let first = list else {
            throw ConnectError(resolution: String(cString: gai_strerror(status)))
        }
        defer { freeaddrinfo(first) }
        var addresses: [SocketAddress] = []
        var entry: UnsafeMutablePointer<addrinfo>? = first
        while let current = entry {
            if let address = current.pointee.ai_addr {
                addresses.append(
                    SocketAddress(
                        family: current.pointee.ai_family,
                        bytes: Array(UnsafeRawBufferPointer(start: address, count: Int(current.pointee.ai_addrlen)))))
            }
            entry = current.pointee.ai_next
        }
        return addresses
    }
}

/// A resolved address: its family and the bytes of its `sockaddr`.
public struct SocketAddress: Sendable, Hashable {
    /// `AF_INET` or `AF_INET6`.
    public var family: Int32
    /// The `sockaddr_in` or `sockaddr_in6`.
    public var bytes: [UInt8]

    /// Creates an address.
    public init(family: Int32, bytes: [UInt8]) {
        self.family = family
        self.bytes = bytes
    }
}

extension SocketAddress {
    /// A new TCP socket of this address's family, closed on exec.
    func openStream() throws(SocketError) -> Int32 {
        #if canImport(Glibc)
            // Glibc imports the socket types as an enum; SOCK_CLOEXEC makes it close-on-exec atomically.
            let descriptor = socket(family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        #else
            // Darwin has no SOCK_CLOEXEC (and imports SOCK_STREAM as an Int32): the flag is set right after.
            let descriptor = socket(family, SOCK_STREAM, 0)
            if descriptor >= 0 { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
        #endif
        guard descriptor >= 0 else { throw SocketError(code: errno, operation: "socket") }
        return descriptor
    }
}

extension Resolver {
    /// Resolves `host`:`port` and runs `attempt` on a new stream socket for each address in turn, until one
    /// succeeds. `attempt` owns the descriptor: it closes it when it throws. A timed-out attempt ends the search.
    func firstStream<T>(
        _ host: String, _ port: Int, _ attempt: (SocketAddress, Int32) throws(SocketError) -> T
    ) throws(ConnectError) -> T {
        var last: SocketError?
        for address in try resolve(host, port) {
            do throws(SocketError) {
                return try attempt(address, try address.openStream())
            } catch {
                last = error
                if error.timedOut { break }
            }
        }
        throw ConnectError(socket: last)
    }
}

extension Socket {
    /// Connects to `host`:`port`, trying each address in turn, within the deadline.
    public static func connect(
        host: String, port: Int, deadline: Deadline, resolver: Resolver = .system
    ) throws(ConnectError) -> Socket {
        try resolver.firstStream(host, port) { address, descriptor throws(SocketError) in
            let connection = Socket(adopting: descriptor)
            let started = address.bytes.withUnsafeBytes { raw in
                systemConnect(descriptor, raw.baseAddress!.assumingMemoryBound(to: sockaddr.self), socklen_t(raw.count))
            }
            do throws(SocketError) {
                if started != 0 {
                    let code = errno
                    guard code == EINPROGRESS || code == EINTR else { throw SocketError(code: code, operation: "connect") }
                    try connection.wait(for: Int16(POLLOUT), deadline: deadline)
                    var failure: Int32 = 0
                    var length = socklen_t(MemoryLayout<Int32>.size)
                    _ = getsockopt(descriptor, SOL_SOCKET, SO_ERROR, &failure, &length)
                    if failure != 0 { throw SocketError(code: failure, operation: "connect") }
                }
                connection.setNoDelay()
                return connection
            } catch {
                connection.close()
                throw error
            }
        }
    }
}

@inline(__always) func systemConnect(_ descriptor: Int32, _ address: UnsafePointer<sockaddr>, _ length: socklen_t) -> Int32 {
    #if canImport(Darwin)
        Darwin.connect(descriptor, address, length)
    #elseif canImport(Musl)
        Musl.connect(descriptor, address, length)
    #else
        Glibc.connect(descriptor, address, length)
    #endif
}
