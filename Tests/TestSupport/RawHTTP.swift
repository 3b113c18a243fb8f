import Sockets

/// HTTP as bytes on a socket of its own, for what no well-behaved client sends.
public enum RawHTTP {
    /// Sends `request` as is to 127.0.0.1:`port` and reads the answer to the end of the connection.
    public static func exchange(_ request: [UInt8], port: Int) throws -> String {
        let deadline = Deadline.after(seconds: 30)
        let socket = try Socket.connect(host: "127.0.0.1", port: port, deadline: deadline)
        defer { socket.close() }
        try socket.write(request, deadline: deadline)
        var answer: [UInt8] = []
        while try socket.read(into: &answer, capacity: 65_536, deadline: deadline) > 0 {}
        return String(decoding: answer, as: UTF8.self)
    }
}
