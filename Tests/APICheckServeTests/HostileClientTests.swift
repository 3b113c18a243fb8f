import APICheckServe
import Foundation
import Sockets
import TestSupport
import Testing

/// Clients that misbehave never stop `apicheck serve` from answering the others: connections that never finish their
/// request, a head over the limit, bytes that are no HTTP, a flood of connections opened and dropped. None of them is
/// an exchange of the journal.
@Suite("apicheck serve: hostile clients")
struct HostileClientTests {
    static func exchange(_ bytes: [UInt8], port: Int) throws -> String {
        try RawHTTP.exchange(bytes, port: port)
    }

    @Test("stalled, oversized, garbage and dropped connections: the app's requests are answered meanwhile, and journaled alone")
    func others() async throws {
        let server = try ReplayServerTests.server()
        defer { Task { await server.stop() } }
        let port = try #require(server.url.port)
        // Ten connections that send half a head and wait.
        var stalled: [Socket] = []
        for _ in 0..<10 {
            let socket = try Socket.connect(host: "127.0.0.1", port: port, deadline: .after(seconds: 10))
            try socket.write(Array("GET /api/v2/todos?page=1 HTTP/1.1\r\nHost: x\r\n".utf8), deadline: .after(seconds: 10))
            stalled.append(socket)
        }
        defer { stalled.forEach { $0.close() } }
        // A flood of connections opened and dropped at once.
        for _ in 0..<200 {
            let socket = try Socket.connect(host: "127.0.0.1", port: port, deadline: .after(seconds: 10))
            socket.close()
        }
        let huge = "GET /api/v2/todos HTTP/1.1\r\nHost: a\r\nX: " + String(repeating: "x", count: 70_000) + "\r\n\r\n"
        #expect(try Self.exchange(Array(huge.utf8), port: port).hasPrefix("HTTP/1.1 431 "))
        #expect(try Self.exchange(Array("\u{0}\u{1}garbage\r\n\r\n".utf8), port: port).hasPrefix("HTTP/1.1 400 "))
        // The app is answered all the while.
        let list = try await ReplayServerTests.send(server, "GET", "/api/v2/todos?page=1")
        #expect(list.status == 200)
        #expect(server.journal.entries.count == 1)
    }
}
