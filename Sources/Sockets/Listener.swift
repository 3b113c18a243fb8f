import Locking

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A TCP socket listening for connections.
public final class Listener: Sendable {
    /// The listening descriptor.
    public let descriptor: Int32
    /// The port it listens on (the one the system chose, for port 0).
    public let port: Int
    private let closed = Locked(false)

    /// Listens on `host` (a name or an address; the first address it resolves to) and `port` (0 for a free one).
    ///
    /// - Throws: ``ConnectError`` when the host does not resolve or the address cannot be bound.
    public init(host: String, port: Int, backlog: Int32 = 512, resolver: Resolver = .system) throws(ConnectError) {
        (descriptor, self.port) = try resolver.firstStream(host, port) { address, descriptor throws(SocketError) in
            var one: Int32 = 1
            _ = setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
            let bound = address.bytes.withUnsafeBytes { raw in
                bind(descriptor, raw.baseAddress!.assumingMemoryBound(to: sockaddr.self), socklen_t(raw.count))
            }
            guard bound == 0, listen(descriptor, backlog) == 0 else {
                let error = SocketError(code: errno, operation: bound == 0 ? "listen" : "bind")
                _ = systemClose(descriptor)
                throw error
            }
            var storage = sockaddr_storage()
            var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
            _ = withUnsafeMutablePointer(to: &storage) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
            }
            let chosen = withUnsafeBytes(of: &storage) { raw -> UInt16 in
                // sin_port and sin6_port sit at the same offset, after the family.
                UInt16(raw[2]) << 8 | UInt16(raw[3])
            }
            return (descriptor, Int(chosen))
        }
    }

    /// Waits for the next connection; nil once the listener is shut down.
    public func accept() -> Socket? {
        while true {
            if closed.withLock({ $0 }) { return nil }
            let connection = systemAccept(descriptor)
            if connection >= 0 {
                _ = fcntl(connection, F_SETFD, FD_CLOEXEC)
                let socket = Socket(adopting: connection)
                socket.setNoDelay()
                return socket
            }
            switch errno {
            case EINTR, ECONNABORTED, EPROTO: continue
            case EMFILE, ENFILE, ENOBUFS, ENOMEM:
                // Out of descriptors: wait for connections to close rather than spin.
                usleep(10_000)
                continue
            default: return nil
            }
        }
    }

    /// Stops accepting: a thread waiting in ``accept()`` returns nil. The descriptor stays open until
    /// ``close()``, which the accepting thread calls once it is out of `accept` (closing it under a
    /// waiting thread would let it accept on whatever socket the system gives the number to next).
    public func shutdown() {
        closed.withLock { closed in
            guard !closed else { return }
            _ = systemShutdown(descriptor, Int32(SHUT_RDWR))
        }
    }

    /// Closes the descriptor (once).
    public func close() {
        closed.withLock { closed in
            guard !closed else { return }
            closed = true
            _ = systemClose(descriptor)
        }
    }
}

@inline(__always) func systemAccept(_ descriptor: Int32) -> Int32 {
    #if canImport(Darwin)
        Darwin.accept(descriptor, nil, nil)
    #elseif canImport(Musl)
        Musl.accept(descriptor, nil, nil)
    #else
        Glibc.accept(descriptor, nil, nil)
    #endif
}
