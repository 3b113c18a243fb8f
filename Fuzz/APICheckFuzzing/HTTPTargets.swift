import HTTP1

/// The HTTP/1.1 codec's fuzz targets and the description the differential test (`Scripts/http-differential.py`)
/// compares with h11's.
///
/// Invariants on any bytes: the reader never traps; the same bytes give the same outcome whether they arrive in
/// one read or a few bytes at a time (the reader is resumable at any byte); a body is never over the limit; and a
/// message that reads writes back (head re-serialized, body as `Content-Length`) and reads back to the same message.
enum HTTPTargets {
    /// The body limit of the targets: small, so that the limit's paths are reached.
    static let limit = 1 << 12

    static func request(_ bytes: [UInt8]) throws(FuzzInvariantViolation) {
        let whole = readRequest(bytes, reads: nil)
        let pieces = readRequest(bytes, reads: pieceSizes(bytes))
        try FuzzTarget.check(whole == pieces, "one read and many reads disagree: \(whole) against \(pieces)")
        guard case .message(let head, let body) = whole else { return }
        try FuzzTarget.check(body.count <= limit, "a body over the limit was read")
        var written = "\(head.method) \(head.target) HTTP/1.\(head.version.minor)\r\n"
        for field in head.fields.lines where !["content-length", "transfer-encoding"].contains(field.name.lowercased()) {
            written += "\(field.name): \(field.value)\r\n"
        }
        written += "Content-Length: \(body.count)\r\n\r\n"
        let again = readRequest(Array(written.utf8) + body, reads: nil)
        guard case .message(let head2, let body2) = again else {
            throw FuzzInvariantViolation("a request read does not read back once written: \(again)\n\(written)")
        }
        try FuzzTarget.check(
            head2.method == head.method && head2.target == head.target && body2 == body, "a written request reads back different")
        try FuzzTarget.check(
            head2.fields.lines.filter { $0.name.lowercased() != "content-length" && $0.name.lowercased() != "transfer-encoding" }
                == head.fields.lines.filter { $0.name.lowercased() != "content-length" && $0.name.lowercased() != "transfer-encoding" },
            "a written request's fields read back different")
    }

    static func response(_ bytes: [UInt8]) throws(FuzzInvariantViolation) {
        // The first byte picks the request's method (HEAD has no body), the rest is the response.
        let method = bytes.first.map { $0 & 1 == 0 ? "GET" : "HEAD" } ?? "GET"
        let input = Array(bytes.dropFirst())
        let whole = readResponse(input, method: method, reads: nil)
        let pieces = readResponse(input, method: method, reads: pieceSizes(input))
        try FuzzTarget.check(whole == pieces, "one read and many reads disagree: \(whole) against \(pieces)")
        guard case .message(let head, let body) = whole else { return }
        try FuzzTarget.check(body.count <= limit, "a body over the limit was read")
        try FuzzTarget.check(method != "HEAD" || body.isEmpty, "a response to HEAD has a body")
        try FuzzTarget.check(!(100...199).contains(head.status) || head.status == 101, "an interim response was returned as final")
        var written = "HTTP/1.\(head.version.minor) \(head.status) \(head.reason)\r\n"
        for field in head.fields.lines where !["content-length", "transfer-encoding"].contains(field.name.lowercased()) {
            written += "\(field.name): \(field.value)\r\n"
        }
        written += "Content-Length: \(body.count)\r\n\r\n"
        let again = readResponse(Array(written.utf8) + body, method: "GET", reads: nil)
        guard case .message(let head2, let body2) = again else {
            throw FuzzInvariantViolation("a response read does not read back once written: \(again)\n\(written)")
        }
        try FuzzTarget.check(
            head2.status == head.status && (head2.status == 101 || head2.status == 204 || head2.status == 304 || body2 == body),
            "a written response reads back different")
    }

    /// What reading one message gave.
    enum Outcome: Equatable, CustomStringConvertible {
        case message(head: MessageHead, body: [UInt8])
        case refused(HTTP1Error.Kind)
        case closed

        var description: String {
            switch self {
            case .message(let head, let body): "message \(head) with \(body.count) body bytes"
            case .refused(let kind): "refused (\(kind))"
            case .closed: "closed before a message"
            }
        }
    }

    /// A request's or a response's head, for comparing outcomes.
    enum MessageHead: Equatable {
        case request(RequestHead)
        case response(ResponseHead)

        var method: String { if case .request(let head) = self { head.method } else { "" } }
        var target: String { if case .request(let head) = self { head.target } else { "" } }
        var status: Int { if case .response(let head) = self { head.status } else { 0 } }
        var reason: String { if case .response(let head) = self { head.reason } else { "" } }
        var version: HTTPVersion {
            switch self {
            case .request(let head): head.version
            case .response(let head): head.version
            }
        }
        var fields: HTTPFields {
            switch self {
            case .request(let head): head.fields
            case .response(let head): head.fields
            }
        }
    }

    static func readRequest(_ bytes: [UInt8], reads: [Int]?) -> Outcome {
        var reader = HTTP1Reader(source: MemorySource(bytes: bytes, reads: reads), readSize: 1 << 16)
        return outcome { () throws(HTTP1ReadFailure<Never>) in try reader.readRequest(limit: limit).map { (.request($0.head), $0.body) } }
    }

    static func readResponse(_ bytes: [UInt8], method: String, reads: [Int]?) -> Outcome {
        var reader = HTTP1Reader(source: MemorySource(bytes: bytes, reads: reads), readSize: 1 << 16)
        return outcome { () throws(HTTP1ReadFailure<Never>) in
            try reader.readResponse(to: method, limit: limit).map { (.response($0.head), $0.body) }
        }
    }

    private static func outcome(_ read: () throws(HTTP1ReadFailure<Never>) -> (MessageHead, [UInt8])?) -> Outcome {
        do {
            guard let (head, body) = try read() else { return .closed }
            return .message(head: head, body: body)
        } catch {
            guard case .message(let message) = error else { return .closed }
            return .refused(message.kind)
        }
    }

    /// Read sizes from 1 to 8 bytes, taken from the input itself (so a crash reproduces from the file alone).
    static func pieceSizes(_ bytes: [UInt8]) -> [Int] {
        var sizes: [Int] = []
        var state: UInt32 = 2_166_136_261
        for byte in bytes.prefix(256) {
            state = (state ^ UInt32(byte)) &* 16_777_619
            sizes.append(Int(state >> 29) + 1)
        }
        return sizes.isEmpty ? [1] : sizes
    }

    /// One line of JSON per message, for `Scripts/http-differential.py`: `{"ok": true, ...}` with the start line,
    /// the fields and the body in hex, or `{"ok": false, "kind": "malformed"}`.
    static func describe(_ bytes: [UInt8], response: Bool, method: String) -> String {
        let outcome = response ? readResponse(bytes, method: method, reads: nil) : readRequest(bytes, reads: nil)
        switch outcome {
        case .closed: return #"{"ok": false, "kind": "closed"}"#
        case .refused(let kind): return #"{"ok": false, "kind": "\#(kind)"}"#
        case .message(let head, let body):
            let fields = head.fields.lines.map { "[\(hex($0.name)), \(hex($0.value))]" }.joined(separator: ", ")
            let start = response ? #""status": \#(head.status)"# : #""method": \#(hex(head.method)), "target": \#(hex(head.target))"#
            return
                #"{"ok": true, \#(start), "version": "\#(head.version.major).\#(head.version.minor)", "fields": [\#(fields)], "body": "\#(hexBytes(body))"}"#
        }
    }

    private static func hex(_ text: String) -> String { "\"\(hexBytes(Array(text.utf8)))\"" }

    private static func hexBytes(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count * 2)
        for byte in bytes {
            out.append(digits[Int(byte >> 4)])
            out.append(digits[Int(byte & 15)])
        }
        return String(decoding: out, as: UTF8.self)
    }
}
