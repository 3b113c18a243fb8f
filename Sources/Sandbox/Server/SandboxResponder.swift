import Foundation

/// Turns an HTTP request into the replicas' terms: journals it, dispatches it, writes the answer.
struct SandboxResponder: Sendable {
    /// Bodies over this many bytes are answered 413.
    static let maxBodySize = 1 << 20

    let routes: SandboxServerRoutes
    let journal: RequestJournal

    func respond(to request: ReceivedRequest) -> HTTPServer.Response {
        journal.append(request)
        return Self.render(routes.respond(to: request))
    }

    /// The answer to a body over the limit, in Laravel's words.
    static func tooLarge(announced: Int?) -> HTTPServer.Response {
        let text =
            announced.map { "The request body is \($0) bytes; the limit is 1 MiB (1048576 bytes)." }
            ?? "The request body is over the limit of 1 MiB (1048576 bytes)."
        return render(.message(413, text))
    }

    /// The status, `Content-Type`, the extra headers and the body (the server adds `Content-Length`, and drops the body for a HEAD).
    static func render(_ response: SandboxResponse) -> HTTPServer.Response {
        var headers: [(String, String)] = []
        let bytes: [UInt8]
        switch response.content {
        case .json(let json, let contentType):
            bytes = json.bytes
            headers.append(("Content-Type", contentType))
        case .bytes(let raw, let contentType):
            bytes = raw
            headers.append(("Content-Type", contentType))
        case .none:
            bytes = []
        }
        headers += response.headers
        return HTTPServer.Response(status: response.status, headers: headers, body: bytes)
    }
}
