/// A request's head: the request line and the field lines.
package struct RequestHead: Sendable, Hashable {
    package var method: String
    /// The request-target as sent: origin form (`/path?query`), absolute form (`http://host/path`), `*`.
    package var target: String
    package var version: HTTPVersion
    package var fields: HTTPFields

    package init(method: String, target: String, version: HTTPVersion, fields: HTTPFields) {
        self.method = method
        self.target = target
        self.version = version
        self.fields = fields
    }

    /// Parses a request head (without its blank line). Empty lines before the request line are skipped (RFC 9112,
    /// 2.2; h11 refuses them). A field line folded onto the next (obs-fold) is refused, as RFC 9112, 5.2, lets a
    /// server (h11 unfolds it). HTTP/1.1 needs exactly one `Host` (RFC 9112, 3.2), any version at most one.
    package static func parse(_ bytes: ArraySlice<UInt8>) throws(HTTP1Error) -> RequestHead {
        var lines = HeadLines(bytes)
        while lines.peek()?.isEmpty == true { _ = lines.next() }
        guard let line = lines.next() else { throw HTTP1Error(.malformed, "no request line") }
        let parts = line.split(separator: 0x20, maxSplits: 3, omittingEmptySubsequences: false)
        guard parts.count == 3, !parts[0].isEmpty, parts[0].allSatisfy(HTTP1.isToken), !parts[1].isEmpty,
            parts[1].allSatisfy({ $0 > 0x20 && $0 < 0x7F })
        else { throw .malformed("request line", line) }
        guard let version = HTTPVersion(parts[2]) else { throw .malformed("request line", line) }
        guard version.major == 1 else { throw HTTP1Error(.unsupportedVersion, "\(version) is not HTTP/1.x") }
        let fields = try parseFields(&lines, unfolding: false)
        let hosts = fields.values("Host").count
        if hosts > 1 || (hosts == 0 && version.minor >= 1) {
            throw HTTP1Error(.malformed, hosts > 1 ? "more than one Host field" : "an HTTP/1.1 request without Host")
        }
        return RequestHead(
            method: String(decoding: parts[0], as: UTF8.self), target: String(decoding: parts[1], as: UTF8.self), version: version,
            fields: fields)
    }

    /// How the body is framed (RFC 9112, 6.3): chunked, a `Content-Length`, or none. A request with both
    /// `Transfer-Encoding` and `Content-Length` is refused, as RFC 9112, 6.3, lets a server (request smuggling
    /// rides on it; h11 lets the coding win); so is `Transfer-Encoding` in HTTP/1.0 (RFC 9112, 6.1).
    package func framing() throws(HTTP1Error) -> HTTPFraming {
        if !fields.values("Transfer-Encoding").isEmpty {
            guard fields.values("Content-Length").isEmpty else { throw HTTP1Error(.malformed, "both Transfer-Encoding and Content-Length") }
            return try chunkedFraming(fields, version: version)
        }
        return try lengthFraming(fields) ?? .none
    }

    /// Whether the connection stays open after this exchange (RFC 9112, 9.3).
    package var isPersistent: Bool { persistent(fields, version: version) }
}

/// A response's head: the status line and the field lines.
package struct ResponseHead: Sendable, Hashable {
    package var version: HTTPVersion
    package var status: Int
    package var reason: String
    package var fields: HTTPFields

    package init(version: HTTPVersion, status: Int, reason: String, fields: HTTPFields) {
        self.version = version
        self.status = status
        self.reason = reason
        self.fields = fields
    }

    /// Parses a response head (without its blank line). The reason phrase may be missing, with or without its
    /// space, as h11 and browsers take it. A field line folded onto the next (obs-fold) is unfolded to one space,
    /// as RFC 9112, 5.2, has a user agent do.
    package static func parse(_ bytes: ArraySlice<UInt8>) throws(HTTP1Error) -> ResponseHead {
        var lines = HeadLines(bytes)
        guard let line = lines.next() else { throw HTTP1Error(.malformed, "no status line") }
        let parts = line.split(separator: 0x20, maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count >= 2, let version = HTTPVersion(parts[0]) else { throw .malformed("status line", line) }
        guard version.major == 1 else { throw HTTP1Error(.unsupportedVersion, "\(version) is not HTTP/1.x") }
        guard parts[1].count == 3, parts[1].allSatisfy({ (0x30...0x39).contains($0) }), parts[1].first != 0x30,
            parts.count == 2 || parts[2].allSatisfy(HTTP1.isFieldValueByte)
        else { throw .malformed("status line", line) }
        let status = parts[1].reduce(0) { $0 * 10 + Int($1 - 0x30) }
        let fields = try parseFields(&lines, unfolding: true)
        return ResponseHead(
            version: version, status: status, reason: parts.count == 3 ? String(decoding: parts[2], as: UTF8.self) : "", fields: fields)
    }

    /// How the body is framed, for a response to `method` (RFC 9112, 6.3): none (`HEAD`, 1xx, 204, 304),
    /// chunked (which wins over a `Content-Length`), a `Content-Length`, or the end of the connection. The framing
    /// fields are checked even where there is no body: a broken one is a broken message, as h11 reads it too.
    package func framing(requestMethod method: String) throws(HTTP1Error) -> HTTPFraming {
        let length = try lengthFraming(fields)
        let framing = fields.values("Transfer-Encoding").isEmpty ? length ?? .untilClose : try chunkedFraming(fields, version: version)
        if method == "HEAD" || (100...199).contains(status) || status == 204 || status == 304 { return .none }
        return framing
    }

    /// Whether the connection stays open after this exchange (RFC 9112, 9.3).
    package var isPersistent: Bool { persistent(fields, version: version) }
}

/// How a message's body is delimited.
package enum HTTPFraming: Sendable, Hashable {
    /// No body.
    case none
    /// Exactly this many bytes.
    case length(Int)
    /// The chunked transfer coding.
    case chunked
    /// Up to the end of the connection (a response only).
    case untilClose
}

/// `Transfer-Encoding`: only `chunked`, alone, is read (a compressed or unknown coding would be a body nobody
/// can check); in HTTP/1.0 the framing is faulty (RFC 9112, 6.1).
private func chunkedFraming(_ fields: HTTPFields, version: HTTPVersion) throws(HTTP1Error) -> HTTPFraming {
    let codings = fields.list("Transfer-Encoding")
    guard codings == ["chunked"] else {
        throw HTTP1Error(.unsupportedCoding, "Transfer-Encoding: \(fields.values("Transfer-Encoding").joined(separator: ", "))")
    }
    guard version.minor >= 1 else { throw HTTP1Error(.malformed, "Transfer-Encoding in an HTTP/1.0 message") }
    return .chunked
}

/// `Content-Length`: one decimal number; repeated (in one line or several) only as the same number (RFC 9110,
/// 8.6). At most 18 digits, so that it fits an `Int`.
private func lengthFraming(_ fields: HTTPFields) throws(HTTP1Error) -> HTTPFraming? {
    let values = fields.values("Content-Length")
    guard !values.isEmpty else { return nil }
    let elements = values.flatMap { Array($0.utf8).split(separator: UInt8(ascii: ","), omittingEmptySubsequences: false).map(trimmed) }
    guard let first = elements.first, elements.allSatisfy({ $0.elementsEqual(first) }), !first.isEmpty, first.count <= 18,
        first.allSatisfy({ (0x30...0x39).contains($0) })
    else { throw HTTP1Error(.malformed, "Content-Length: \(values.joined(separator: ", "))") }
    let length = first.reduce(0) { $0 * 10 + Int($1 - 0x30) }
    return .length(length)
}

private func persistent(_ fields: HTTPFields, version: HTTPVersion) -> Bool {
    let options = fields.list("Connection")
    if options.contains("close") { return false }
    return version.minor >= 1 || options.contains("keep-alive")
}

/// The lines of a head, each without its line end (`\r\n`, or a bare `\n`).
struct HeadLines {
    private var rest: ArraySlice<UInt8>
    private var done = false

    init(_ bytes: ArraySlice<UInt8>) {
        rest = bytes
    }

    func peek() -> ArraySlice<UInt8>? {
        var copy = self
        return copy.next()
    }

    mutating func next() -> ArraySlice<UInt8>? {
        guard !done else { return nil }
        var line: ArraySlice<UInt8>
        if let newline = rest.firstIndex(of: 0x0A) {
            line = rest[..<newline]
            rest = rest[(newline + 1)...]
        } else {
            line = rest
            done = true
        }
        if line.last == 0x0D { line = line.dropLast() }
        return line
    }
}

/// The field lines up to the end of the head: `name: value`, the name a token right before the colon, the value
/// without the whitespace around it and with no control byte. A line starting with whitespace continues the one
/// before (obs-fold): unfolded when `unfolding`, else refused; before any field it is always refused.
func parseFields(_ lines: inout HeadLines, unfolding: Bool) throws(HTTP1Error) -> HTTPFields {
    var fields: [HTTPField] = []
    while let line = lines.next() {
        if line.isEmpty { continue }
        if line.first == 0x20 || line.first == 0x09 {
            guard unfolding, let last = fields.popLast() else { throw .malformed("field line", line) }
            let more = trimmed(line)
            guard more.allSatisfy(HTTP1.isFieldValueByte) else { throw .malformed("field line", line) }
            let joined = more.isEmpty ? last.value : (last.value.isEmpty ? "" : last.value + " ") + String(decoding: more, as: UTF8.self)
            fields.append(HTTPField(name: last.name, value: joined))
            continue
        }
        guard let colon = line.firstIndex(of: 0x3A), colon > line.startIndex, line[..<colon].allSatisfy(HTTP1.isToken) else {
            throw .malformed("field line", line)
        }
        let value = trimmed(line[(colon + 1)...])
        guard value.allSatisfy(HTTP1.isFieldValueByte) else { throw .malformed("field line", line) }
        fields.append(HTTPField(name: String(decoding: line[..<colon], as: UTF8.self), value: String(decoding: value, as: UTF8.self)))
    }
    return HTTPFields(fields)
}

/// `bytes` without the spaces and tabs at either end.
func trimmed(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
    var value = bytes
    while let first = value.first, first == 0x20 || first == 0x09 { value = value.dropFirst() }
    while let last = value.last, last == 0x20 || last == 0x09 { value = value.dropLast() }
    return value
}
