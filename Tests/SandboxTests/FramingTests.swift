import Foundation
import Sandbox
import Sockets
import TestSupport
import Testing

/// The sandbox's server over raw sockets: what the shared codec refuses, the server answers with the status the
/// codec suggests and closes; what it reads, the server serves.
@Suite("Sandbox HTTP/1.1 framing", timeLimit(minutes: 5))
struct FramingTests {
    /// Sends `request` as is and reads the answer to the end of the connection.
    static func exchange(_ request: [UInt8], port: Int) throws -> String {
        try RawHTTP.exchange(request, port: port)
    }

    @Test(
        "each request the codec refuses is answered with its status, then the connection closes",
        arguments: [
            ("GET /api/v2/todos HTTP/1.1\r\n\r\n", 400),
            ("GET /api/v2/todos HTTP/1.1\r\nHost: a\r\nX: a\r\n b\r\n\r\n", 400),
            ("GET /api/v2/todos HTTP/2.0\r\nHost: a\r\n\r\n", 505),
            ("PUT /api/v2/todos/4698 HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: gzip, chunked\r\n\r\n", 501),
            ("PUT /api/v2/todos/4698 HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\nContent-Length: 5\r\n\r\n0\r\n\r\n", 400),
            ("GET /api/v2/todos HTTP/1.1\r\nHost: a\r\nX: " + String(repeating: "x", count: 70_000) + "\r\n\r\n", 431),
        ])
    func refused(_ request: String, _ status: Int) async throws {
        try await withSandboxHTTP { http in
            let port = try #require(http.sandbox.baseURL.port)
            let answer = try Self.exchange(Array(request.utf8), port: port)
            #expect(answer.hasPrefix("HTTP/1.1 \(status) "), "\(answer.prefix(120))")
        }
    }

    @Test("what the codec reads is served: HTTP/1.2 as HTTP/1.1, bare LF line ends, a chunked form body, two requests on one connection")
    func served() async throws {
        try await withSandboxHTTP { http in
            let port = try #require(http.sandbox.baseURL.port)
            let lenient = try Self.exchange(Array("\r\nGET /api/v2/todos/4698 HTTP/1.2\nHost: a\nConnection: close\n\n".utf8), port: port)
            #expect(lenient.hasPrefix("HTTP/1.1 200 "), "\(lenient.prefix(120))")
            let form = "title=chunked&is_done=0"
            let chunked =
                "PUT /api/v2/todos/4698 HTTP/1.1\r\nHost: a\r\nContent-Type: application/x-www-form-urlencoded\r\nTransfer-Encoding: chunked\r\n\r\n"
                + "5\r\n\(form.prefix(5))\r\n\(String(form.utf8.count - 5, radix: 16));x=1\r\n\(form.dropFirst(5))\r\n0\r\n\r\n"
                + "GET /api/v2/todos/4698 HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n"
            let answers = try Self.exchange(Array(chunked.utf8), port: port)
            #expect(answers.components(separatedBy: "HTTP/1.1 200 ").count == 3, "\(answers.prefix(300))")
            #expect(answers.contains(#""title":"chunked""#))
        }
    }
}
