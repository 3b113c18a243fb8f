import Foundation
import HTTPTypes
import Hummingbird

/// The Hummingbird responder: reads the body (413 past 1 MiB), journals, dispatches, writes JSON.
struct SandboxResponder: HTTPResponder {
    typealias Context = BasicRequestContext

    /// Bodies over this many bytes are answered 413.
    static let maxBodySize = 1 << 20

    let routes: SandboxServerRoutes
    let journal: RequestJournal

    func respond(to request: Request, context: Context) async throws -> Response {
        if let length = request.headers[.contentLength].flatMap({ Int($0) }), length > Self.maxBodySize {
            return Self.render(.message(413, "The request body is \(length) bytes; the limit is 1 MiB (1048576 bytes)."))
        }
        let body: [UInt8]
        do {
            var buffer = try await request.body.collect(upTo: Self.maxBodySize)
            body = buffer.readBytes(length: buffer.readableBytes) ?? []
        } catch let error as any HTTPResponseError where error.status == .contentTooLarge {
            return Self.render(.message(413, "The request body is over the limit of 1 MiB (1048576 bytes)."))
        }

        var headers = request.headers.map { ($0.name.rawName, $0.value) }
        // HTTP/1.1's Host arrives as the :authority pseudo-header; the GitHub replica builds its Link URLs from it.
        if let authority = request.head.authority, !headers.contains(where: { $0.0.lowercased() == "host" }) {
            headers.append(("Host", authority))
        }
        journal.append(
            ReceivedRequest(
                method: request.method.rawValue, path: request.uri.path, query: request.uri.query,
                headers: headers.map { ReceivedRequest.Header(name: $0.0, value: $0.1) }, body: body
            )
        )

        let query = PercentDecoding.pairs(Array((request.uri.query ?? "").utf8))
        let sandboxRequest = SandboxRequest(
            method: request.method.rawValue, path: request.uri.path, query: query, headers: headers, body: body
        )
        return Self.render(routes.respond(to: sandboxRequest), head: request.method == .head)
    }

    /// The response; to a HEAD, the same headers (the length of the body a GET would get) and no body.
    static func render(_ response: SandboxResponse, head: Bool = false) -> Response {
        var headers: HTTPFields = [:]
        let bytes: [UInt8]
        switch response.content {
        case .json(let json, let contentType):
            bytes = json.bytes
            headers[.contentType] = contentType
        case .bytes(let raw, let contentType):
            bytes = raw
            headers[.contentType] = contentType
        case .none:
            bytes = []
        }
        // A 304 has no body and says no length (RFC 9110, 15.4.5); every other answer states it.
        if response.status != 304 { headers[.contentLength] = String(bytes.count) }
        for (name, value) in response.headers {
            if let field = HTTPField.Name(name) { headers.append(HTTPField(name: field, value: value)) }
        }
        return Response(
            status: HTTPResponse.Status(code: response.status),
            headers: headers,
            body: head || bytes.isEmpty ? ResponseBody() : ResponseBody(byteBuffer: ByteBuffer(bytes: bytes))
        )
    }
}
