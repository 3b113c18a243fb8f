import Locking

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A TCP socket (a file descriptor that it closes once), read and written with deadlines.
///
/// The descriptor is non-blocking: every read and write waits with `poll(2)` for at most the time
/// left before the deadline, so a stalled peer costs a deadline, never a hung thread. ``shutdown()``
/// may be called from another thread to end a wait at once (cancellation).
public final class Socket: Sendable {
    /// The file descriptor.
    public let descriptor: Int32
    /// Whether the descriptor is closed, behind a lock: a shutdown from another thread must never reach a descriptor number
    /// the system has reused.
    private let closed = Locked(false)

    /// Takes ownership of `descriptor`, making it non-blocking.
    public init(adopting descriptor: Int32) {
        self.descriptor = descriptor
        let flags = fcntl(descriptor, F_GETFL)
        _ = fcntl(descriptor, F_SETFL, flags | O_NONBLOCK)
        #if canImport(Darwin)
            var one: Int32 = 1
            _ = setsockopt(descriptor, SOL_SOCKET, SO_NOSIGPIPE, &one, socklen_t(MemoryLayout<Int32>.size))
        #endif
    }

    deinit {
        close()
    }

    /// Closes the descriptor (once; later calls do nothing).
    public func close() {
        closed.withLock { closed in
            guard !closed else { return }
            closed = true
            _ = systemClose(descriptor)
        }
    }

    /// Ends both directions, waking any thread waiting on this socket; the descriptor stays open until ``close()``.
    public func shutdown() {
        closed.withLock { closed in
            guard !closed else { return }
            _ = systemShutdown(descriptor, Int32(SHUT_RDWR))
        }
    }

    /// Ends the sending side and reads, discarding, what the peer still sends, until it closes its end,
    /// `limit` bytes or the deadline: a client still sending a request body the server refused then reads
    /// the answer already written instead of meeting a reset (a close with unread input sends RST, which
    /// discards what the client had not read yet). nginx calls this a lingering close.
    public func finishSending(discardingUpTo limit: Int, deadline: Deadline) {
        closed.withLock { closed in
            guard !closed else { return }
            _ = systemShutdown(descriptor, Int32(SHUT_WR))
        }
        var discarded = 0
        var buffer: [UInt8] = []
        buffer.reserveCapacity(64 * 1024)
        while discarded < limit {
            buffer.removeAll(keepingCapacity: true)
            guard let count = try? read(into: &buffer, capacity: 64 * 1024, deadline: deadline), count > 0 else { return }
            discarded += count
        }
    }

    /// Turns off Nagle's algorithm: a request or response written in one piece leaves at once.
    public func setNoDelay() {
        var one: Int32 = 1
        _ = setsockopt(descriptor, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
    }

    /// Reads at most `capacity` bytes into `buffer`'s end; returns the count, 0 at the end of the stream.
    ///
    /// - Throws: ``SocketError`` with `.timedOut` at the deadline, or the system's error.
    public func read(into buffer: inout [UInt8], capacity: Int, deadline: Deadline) throws(SocketError) -> Int {
        while true {
            let start = buffer.count
            var received = 0
            // A ready array of zeros: appended by the standard library's copy, fast in a debug build too.
            if capacity <= Self.zeros.count {
                buffer.append(contentsOf: Self.zeros[..<capacity])
            } else {
                buffer.append(contentsOf: [UInt8](repeating: 0, count: capacity))
            }
            buffer.withUnsafeMutableBytes { raw in
                received = recv(descriptor, raw.baseAddress! + start, capacity, 0)
            }
            let code = errno
            buffer.removeLast(capacity - max(received, 0))
            if received >= 0 { return received }
            guard code == EAGAIN || code == EWOULDBLOCK || code == EINTR else { throw SocketError(code: code, operation: "recv") }
            try wait(for: Int16(POLLIN), deadline: deadline)
        }
    }

    /// Writes all of `bytes`.
    ///
    /// - Throws: ``SocketError`` with `.timedOut` at the deadline, or the system's error (a peer that
    ///   closed its end is `EPIPE` or `ECONNRESET`; never a SIGPIPE).
    public func write(_ bytes: [UInt8], deadline: Deadline) throws(SocketError) {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes.withUnsafeBytes { raw in
                send(descriptor, raw.baseAddress! + offset, raw.count - offset, Self.noSignal)
            }
            if sent >= 0 {
                offset += sent
                continue
            }
            let code = errno
            guard code == EAGAIN || code == EWOULDBLOCK || code == EINTR else { throw SocketError(code: code, operation: "send") }
            try wait(for: Int16(POLLOUT), deadline: deadline)
        }
    }

    /// Whether the peer has closed its end or sent something unasked (an idle kept-alive connection
    /// that must not be reused).
    public var hasPendingInputOrClosed: Bool {
        var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        return poll(&entry, 1, 0) != 0
    }

    /// Waits until the socket is ready for `events` or the deadline passes.
    func wait(for events: Int16, deadline: Deadline) throws(SocketError) {
        while true {
            let milliseconds = min(deadline.millisecondsLeft(), Int64(Int32.max))
            guard milliseconds > 0 else { throw SocketError(code: ETIMEDOUT, operation: "poll", timedOut: true) }
            var entry = pollfd(fd: descriptor, events: events, revents: 0)
            let ready = poll(&entry, 1, Int32(milliseconds))
            if ready > 0 { return }
            if ready < 0, errno != EINTR { throw SocketError(code: errno, operation: "poll") }
        }
    }

    static let zeros = [UInt8](repeating: 0, count: 64 << 10)

    #if canImport(Darwin)
        static let noSignal: Int32 = 0
    #else
        static let noSignal = Int32(MSG_NOSIGNAL)
    #endif
}

/// A failed socket call: the `errno` and the call.
public struct SocketError: Error, Sendable, CustomStringConvertible {
    /// The system's error number.
    public let code: Int32
    /// The call that failed: `connect`, `recv`, ...
    public let operation: String
    /// Whether the deadline passed (rather than the system failing).
    public let timedOut: Bool

    /// Creates an error.
    public init(code: Int32, operation: String, timedOut: Bool = false) {
        self.code = code
        self.operation = operation
        self.timedOut = timedOut
    }

    /// `connect: Connection refused`.
    public var description: String {
        timedOut ? "\(operation): timed out" : "\(operation): \(String(cString: strerror(code)))"
    }
}

@inline(__always) func systemClose(_ descriptor: Int32) -> Int32 {
    #if canImport(Darwin)
        Darwin.close(descriptor)
    #elseif canImport(Musl)
        Musl.close(descriptor)
    #else
        Glibc.close(descriptor)
    #endif
}

@inline(__always) func systemShutdown(_ descriptor: Int32, _ how: Int32) -> Int32 {
    #if canImport(Darwin)
        Darwin.shutdown(descriptor, how)
    #elseif canImport(Musl)
        Musl.shutdown(descriptor, how)
    #else
        Glibc.shutdown(descriptor, how)
    #endif
}
