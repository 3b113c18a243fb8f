import Foundation
import Locking

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A TCP socket listening on 127.0.0.1 on a free port, for the servers that misbehave.
///
/// Never accepting, it is a server that takes connections into its backlog and never answers (a
/// request sent to it times out); with `acceptAndClose`, every connection is closed unanswered (a
/// reset). Close it with ``close()``. For a port that refuses connections, see ``withRefusingPort(_:)``.
public final class LoopbackListener: Sendable {
    public let descriptor: Int32
    public let port: Int
    private let accepting: Bool
    /// Set by ``close()`` before it shuts the socket down: the accepting thread then closes it.
    private let stopped = Locked(false)

    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    public init(acceptAndClose: Bool = false) throws {
        let (descriptor, port) = try Self.listen()
        self.descriptor = descriptor
        self.port = port
        accepting = acceptAndClose
        if acceptAndClose {
            let stopped = stopped
            Thread.detachNewThread {
                while true {
                    let connection = accept(descriptor, nil, nil)
                    if connection >= 0 {
                        Foundation.close(connection)
                        continue
                    }
                    // Only close() ends the loop. A failed accept (EINTR, a client that reset before it was
                    // taken: ECONNABORTED) is retried: closing the descriptor here would leave close() to shut
                    // down whatever socket the number goes to next (another test's listener, which then
                    // refuses every connection).
                    if stopped.withLock({ $0 }) {
                        Foundation.close(descriptor)
                        return
                    }
                    if errno != EINTR && errno != ECONNABORTED { usleep(1_000) }
                }
            }
        }
    }

    /// A socket listening on 127.0.0.1 on a free port, and the port.
    static func listen() throws -> (descriptor: Int32, port: Int) {
        try bind(listening: true)
    }

    /// A socket bound to 127.0.0.1 on a free port (listening on it, or not), and the port.
    static func bind(listening: Bool) throws -> (descriptor: Int32, port: Int) {
        #if canImport(Glibc)
            let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
            let descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard descriptor >= 0 else { throw Failure(description: "socket() failed: errno \(errno)") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Foundation.bind(descriptor, $0, length) }
        }
        guard bound == 0, !listening || Foundation.listen(descriptor, 64) == 0 else {
            Foundation.close(descriptor)
            throw Failure(description: "bind/listen on 127.0.0.1 failed: errno \(errno)")
        }
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        return (descriptor, Int(UInt16(bigEndian: address.sin_port)))
    }

    /// Runs `body` with a port that refuses connections for as long as `body` runs: a socket is bound to it and
    /// never listens, so no other test's server can be given the port meanwhile (a port that was listened on and
    /// closed could be, and then answered the request meant to be refused).
    public static func withRefusingPort<T>(_ body: (Int) async throws -> T) async throws -> T {
        let (descriptor, port) = try bind(listening: false)
        defer { Foundation.close(descriptor) }
        return try await body(port)
    }

    /// Waits up to `seconds` for a connection to arrive (on a thread of its own, off Swift's cooperative pool).
    ///
    /// `onConnection` runs on the waiting thread the moment a connection is there, before the calling task
    /// resumes: a test that must act while the client still waits (send it SIGINT) acts then, not whenever a
    /// busy cooperative pool gets round to resuming it (in a full thread-sanitizer run that was after the
    /// client had given up and exited).
    public func waitForConnection(seconds: Int, onConnection: (@Sendable () -> Void)? = nil) async -> Bool {
        let descriptor = descriptor
        return await withCheckedContinuation { continuation in
            Thread.detachNewThread {
                var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
                // A connection, not a listener that was shut down or closed (POLLHUP, POLLERR, POLLNVAL).
                let ready = poll(&entry, 1, Int32(seconds * 1000)) == 1 && entry.revents == Int16(POLLIN)
                if ready { onConnection?() }
                continuation.resume(returning: ready)
            }
        }
    }

    /// How many connections wait in the backlog (each accepted and closed here, without blocking).
    public func acceptPending() -> Int {
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
        var count = 0
        while true {
            let connection = accept(descriptor, nil, nil)
            guard connection >= 0 else { return count }
            Foundation.close(connection)
            count += 1
        }
    }

    /// Stops listening. With a thread waiting in accept, only shuts the socket down and lets that thread
    /// close it: a descriptor closed under a waiting thread would have it accept on whatever socket the
    /// system gives the number to next (another test's server).
    public func close() {
        if accepting {
            stopped.withLock { $0 = true }
            shutdown(descriptor, Int32(SHUT_RDWR))
        } else {
            Foundation.close(descriptor)
        }
    }
}
