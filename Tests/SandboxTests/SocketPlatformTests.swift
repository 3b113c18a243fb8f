import Foundation
import Sockets
import Testing

/// What the Sockets module does differently on Darwin and Linux (docs/ARCHITECTURE.md, "Platforms"), checked on
/// the platform the suite runs on: CI runs it on Linux and on macOS.
@Suite("Sockets on this platform")
struct SocketPlatformTests {
    /// A listener on a free port, a socket connected to it and the one it accepted (closed by the caller).
    static func connectedPair() throws -> (listener: Listener, client: Socket, accepted: Socket) {
        let listener = try Listener(host: "127.0.0.1", port: 0)
        let client = try Socket.connect(host: "127.0.0.1", port: listener.port, deadline: .after(seconds: 30))
        return (listener, client, try #require(listener.accept()))
    }

    @Test("a listener's, a connected and an accepted socket are all close-on-exec (Linux: SOCK_CLOEXEC; Darwin: fcntl)")
    func closeOnExec() throws {
        let (listener, client, accepted) = try Self.connectedPair()
        defer {
            listener.close()
            client.close()
            accepted.close()
        }
        for (name, descriptor) in [("listener", listener.descriptor), ("connected", client.descriptor), ("accepted", accepted.descriptor)] {
            #expect(fcntl(descriptor, F_GETFD) & FD_CLOEXEC != 0, "the \(name) socket is inherited by child processes")
        }
    }

    @Test("the port a listener on port 0 reports is the one it is bound to (sin_port's offset on both platforms)")
    func boundPort() throws {
        let listener = try Listener(host: "127.0.0.1", port: 0)
        defer { listener.close() }
        #expect((1...65_535).contains(listener.port))
        // Connecting to the reported port reaches this listener: what it accepts is that connection.
        let client = try Socket.connect(host: "127.0.0.1", port: listener.port, deadline: .after(seconds: 30))
        defer { client.close() }
        let accepted = try #require(listener.accept())
        accepted.close()
    }

    @Test("writing to a peer that closed is an error, not SIGPIPE (Linux: MSG_NOSIGNAL; Darwin: SO_NOSIGPIPE)")
    func noSignalOnClosedPeer() throws {
        let (listener, client, accepted) = try Self.connectedPair()
        defer {
            listener.close()
            client.close()
        }
        let deadline = Deadline.after(seconds: 30)
        accepted.close()
        // The first write may still be taken by the kernel; a later one meets the reset. Without the platform's
        // guard the process would die of SIGPIPE here and the test runner with it.
        var failure: (any Error)?
        for _ in 0..<50 where failure == nil {
            do { try client.write([UInt8](repeating: 0x61, count: 65_536), deadline: deadline) } catch { failure = error }
            usleep(2_000)
        }
        #expect(failure != nil, "50 writes of 64 KiB to a closed peer all succeeded")
    }
}
