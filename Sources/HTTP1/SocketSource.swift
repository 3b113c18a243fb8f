import Sockets

/// A socket as a reader's source: each read waits until ``deadline`` at most.
package struct SocketSource: HTTP1Source {
    package let socket: Socket
    /// When a read gives up (``SocketError/timedOut``); a server moves it between a request's head and its body.
    package var deadline: Deadline

    package init(socket: Socket, deadline: Deadline) {
        self.socket = socket
        self.deadline = deadline
    }

    package func read(into buffer: inout [UInt8], capacity: Int) throws(SocketError) -> Int {
        try socket.read(into: &buffer, capacity: capacity, deadline: deadline)
    }
}
