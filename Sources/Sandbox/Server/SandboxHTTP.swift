import Foundation

/// An answer: a status, a body (JSON, other bytes, or none) and extra headers.
struct SandboxResponse {
    let status: Int
    let content: Content
    /// Headers beside `Content-Type` and `Content-Length` (a 405's `Allow`, GitHub's `ETag`).
    var headers: [(String, String)] = []

    /// What the body is.
    enum Content {
        /// A JSON body with its media type (`application/json`, GitHub's `application/json; charset=utf-8`).
        case json(JSON, contentType: String)
        /// Other bytes with their media type (GitHub's form-encoded OAuth answer).
        case bytes([UInt8], contentType: String)
        /// No body and no `Content-Type` (a 304).
        case none
    }

    /// A JSON answer as Laravel sends it (`application/json`).
    init(status: Int, body: JSON, headers: [(String, String)] = []) {
        self.init(status: status, content: .json(body, contentType: "application/json"), headers: headers)
    }

    init(status: Int, content: Content, headers: [(String, String)] = []) {
        self.status = status
        self.content = content
        self.headers = headers
    }

    /// The JSON body, when it is one.
    var body: JSON? {
        if case .json(let json, _) = content { return json }
        return nil
    }

    static func message(_ status: Int, _ text: String) -> SandboxResponse {
        SandboxResponse(status: status, body: .object([("message", .string(text))]))
    }

    /// Laravel's validation failure: 422 with the first message and the per-field `errors`.
    static func validation(_ errors: [(String, String)]) -> SandboxResponse {
        let first = errors.first?.1 ?? "The given data was invalid."
        let extra = errors.count > 1 ? " (and \(errors.count - 1) more error\(errors.count > 2 ? "s" : ""))" : ""
        return SandboxResponse(
            status: 422,
            body: .object([
                ("message", .string(first + extra)),
                ("errors", .object(errors.map { ($0.0, JSON.array([.string($0.1)])) })),
            ])
        )
    }
}
