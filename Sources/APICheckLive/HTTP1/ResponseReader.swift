import Sockets

/// Reads one HTTP/1.1 response from a connection (RFC 9112): the head, then the body framed by
/// `Content-Length`, chunked transfer coding, or the end of the connection.
///
/// It never holds more than the body limit plus one read, and refuses what it will not check
/// before reading it: a compressed body, a body whose announced length is over the limit.
struct ResponseReader {
    /// The largest header section read (llhttp's limit, as AsyncHTTPClient had it).
    static let maximumHeadBytes = 80 << 10
    /// One read.
    static let readSize = 64 << 10

    let socket: Socket
    let deadline: ContinuousClock.Instant
    let maximumBodyBytes: Int
    let peak: PeakCounter
    /// Bytes read but not consumed yet.
    var buffer: [UInt8] = []
    /// Where the unconsumed bytes start in ``buffer``.
    var start = 0
    /// Whether any byte of a response arrived (a kept-alive connection closed before one is safe to retry).
    var receivedAnything = false

    init(socket: Socket, deadline: ContinuousClock.Instant, maximumBodyBytes: Int, peak: PeakCounter) {
        self.socket = socket
        self.deadline = deadline
        self.maximumBodyBytes = maximumBodyBytes
        self.peak = peak
        buffer.reserveCapacity(Self.readSize)
    }

    /// What was read, and whether the connection can carry another request.
    struct Result {
        var status: Int
        var headers: [(String, String)]
        var body: [UInt8]
        var reusable: Bool
    }

    /// Reads the response to a request with `method`.
    mutating func read(method: String) throws(ReadFailure) -> Result {
        var head = try readHead()
        while (100...199).contains(head.status), head.status != 101 {
            head = try readHead()
        }
        let status = head.status
        if let encoding = head.values("Content-Encoding").first(where: { $0.lowercased() != "identity" }) {
            throw .answer(.compressed, "Content-Encoding: \(encoding), not asked for; apicheck does not decompress, so it cannot check this body", status: status)
        }
        let codings = head.values("Transfer-Encoding").flatMap { $0.split(separator: ",") }.map { $0.trimmed.lowercased() }
        if let coding = codings.first(where: { $0 != "chunked" }) {
            throw .answer(.compressed, "Transfer-Encoding: \(coding), not asked for; apicheck does not decompress, so it cannot check this body", status: status)
        }
        let persistent = head.isPersistent
        if method == "HEAD" || status == 204 || status == 304 || (100...199).contains(status) {
            return Result(status: status, headers: head.fields, body: [], reusable: persistent)
        }
        if !codings.isEmpty {
            let body = try readChunked(status: status)
            return Result(status: status, headers: head.fields, body: body, reusable: persistent)
        }
        let lengths = Set(head.values("Content-Length").flatMap { $0.split(separator: ",") }.map { $0.trimmed })
        if let text = lengths.first {
            guard lengths.count == 1, let length = Int(text), length >= 0, text.allSatisfy(\.isASCIIDigit) else {
                throw .failure(.other, "not a valid HTTP response (Content-Length: \(lengths.sorted().joined(separator: ", ")))")
            }
            guard length <= maximumBodyBytes else {
                throw .answer(.tooLarge, "\(Megabytes(maximumBodyBytes)), --max-body-size; not read: Content-Length is \(length)", status: status)
            }
            let body = try readExactly(length, status: status)
            return Result(status: status, headers: head.fields, body: body, reusable: persistent)
        }
        // No length: the body runs to the end of the connection (HTTP/1.0 style).
        let body = try readToEnd(status: status)
        return Result(status: status, headers: head.fields, body: body, reusable: false)
    }

    // MARK: - The head

    struct Head {
        var version: (major: Int, minor: Int)
        var status: Int
        var fields: [(String, String)]

        func values(_ name: String) -> [String] {
            fields.filter { $0.0.caseInsensitiveEquals(name) }.map(\.1)
        }

        /// Whether the connection stays open after this response (RFC 9112, 9.3).
        var isPersistent: Bool {
            let options = values("Connection").flatMap { $0.split(separator: ",") }.map { $0.trimmed.lowercased() }
            if options.contains("close") { return false }
            if version.major == 1, version.minor >= 1 { return true }
            return options.contains("keep-alive")
        }
    }

    /// Reads up to the blank line that ends the header section and parses it.
    mutating func readHead() throws(ReadFailure) -> Head {
        // How far past `start` the search got (a read may move the bytes to the front).
        var scanned = 0
        while true {
            if let end = endOfHTTPHead(buffer, from: start + scanned) {
                let lines = Array(buffer[start..<end.lines])
                start = end.body
                return try Self.parseHead(lines)
            }
            scanned = max(0, buffer.count - start - 3)
            guard buffer.count - start <= Self.maximumHeadBytes else {
                throw .failure(.other, "the response's header section is larger than 80 KiB, the HTTP parser's limit")
            }
            let count = try fill()
            if count == 0 {
                throw receivedAnything && buffer.count > start
                    ? .failure(.reset, "the connection closed in the middle of the response's head")
                    : .failure(.reset, "")
            }
        }
    }

    static func parseHead(_ bytes: [UInt8]) throws(ReadFailure) -> Head {
        var lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false).map { line in
            line.last == 0x0D ? line.dropLast() : line
        }
        guard !lines.isEmpty else { throw .failure(.other, "not a valid HTTP response (no status line)") }
        let statusLine = String(decoding: lines.removeFirst(), as: UTF8.self)
        let parts = statusLine.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count >= 2, parts[0].hasPrefix("HTTP/"), parts[0].count == 8,
            let major = parts[0].dropFirst(5).first?.wholeNumberValue, let minor = parts[0].last?.wholeNumberValue,
            parts[0].dropFirst(6).first == ".", major == 1,
            parts[1].count == 3, parts[1].allSatisfy(\.isASCIIDigit), let status = Int(parts[1]), status >= 100
        else {
            throw .failure(.other, "not a valid HTTP response (status line \"\(statusLine.prefix(80))\")")
        }
        var fields: [(String, String)] = []
        fields.reserveCapacity(lines.count)
        for line in lines where !line.isEmpty {
            guard line.first != 0x20, line.first != 0x09, let colon = line.firstIndex(of: 0x3A), colon > line.startIndex else {
                throw .failure(.other, "not a valid HTTP response (header line \"\(String(decoding: line.prefix(80), as: UTF8.self))\")")
            }
            let name = String(decoding: line[line.startIndex..<colon], as: UTF8.self)
            guard name.utf8.allSatisfy(isTokenByte) else {
                throw .failure(.other, "not a valid HTTP response (header name \"\(name.prefix(80))\")")
            }
            var value = line[(colon + 1)...]
            while let first = value.first, first == 0x20 || first == 0x09 { value = value.dropFirst() }
            while let last = value.last, last == 0x20 || last == 0x09 { value = value.dropLast() }
            fields.append((name, String(decoding: value, as: UTF8.self)))
        }
        return Head(version: (major, minor), status: status, fields: fields)
    }

    // MARK: - The body

    mutating func readExactly(_ length: Int, status: Int) throws(ReadFailure) -> [UInt8] {
        while buffer.count - start < length {
            if try fill(status: status) == 0 {
                throw .failure(.reset, "the body ended before its Content-Length")
            }
        }
        return take(length)
    }

    mutating func readToEnd(status: Int) throws(ReadFailure) -> [UInt8] {
        while try fill(status: status) > 0 {}
        return take(buffer.count - start)
    }

    mutating func readChunked(status: Int) throws(ReadFailure) -> [UInt8] {
        var body: [UInt8] = []
        while true {
            let line = try readLine(status: status)
            let sizeText = line.prefix { $0 != 0x3B }.filter { $0 != 0x20 && $0 != 0x09 }
            guard !sizeText.isEmpty, sizeText.count <= 16, let size = Int(String(decoding: sizeText, as: UTF8.self), radix: 16) else {
                throw .failure(.other, "not a valid HTTP response (chunk size \"\(String(decoding: line.prefix(40), as: UTF8.self))\")")
            }
            if size == 0 { break }
            guard body.count + size <= maximumBodyBytes else {
                throw .answer(.tooLarge, "\(Megabytes(maximumBodyBytes)), --max-body-size; not read further", status: status)
            }
            while buffer.count - start < size + 2 {
                if try fill(status: status, held: body.count) == 0 {
                    throw .failure(.reset, "the connection closed in the middle of a chunked body")
                }
            }
            body.append(contentsOf: buffer[start..<(start + size)])
            peak.record(body.count)
            guard buffer[start + size] == 0x0D, buffer[start + size + 1] == 0x0A else {
                throw .failure(.other, "not a valid HTTP response (a chunk does not end with CRLF)")
            }
            start += size + 2
            compact()
        }
        // Trailer fields, then the blank line.
        while try !readLine(status: status).isEmpty {}
        return body
    }

    /// One line of a chunked body (without its line end), at most 4 KiB.
    mutating func readLine(status: Int) throws(ReadFailure) -> ArraySlice<UInt8> {
        var scanned = 0
        while true {
            if let newline = buffer[(start + scanned)...].firstIndex(of: 0x0A) {
                var line = buffer[start..<newline]
                if line.last == 0x0D { line = line.dropLast() }
                start = newline + 1
                return line
            }
            scanned = buffer.count - start
            guard buffer.count - start <= 4096 else {
                throw .failure(.other, "not a valid HTTP response (a chunk line longer than 4 KiB)")
            }
            if try fill(status: status) == 0 {
                throw .failure(.reset, "the connection closed in the middle of a chunked body")
            }
        }
    }

    /// The next `count` unconsumed bytes.
    mutating func take(_ count: Int) -> [UInt8] {
        let taken = Array(buffer[start..<(start + count)])
        start += count
        return taken
    }

    /// Drops consumed bytes once they are most of the buffer.
    mutating func compact() {
        if start > 0, start >= buffer.count / 2 {
            buffer.removeSubrange(0..<start)
            start = 0
        }
    }

    /// Reads more bytes; 0 at the end of the stream. With a status, the body limit applies to what is held.
    mutating func fill(status: Int? = nil, held: Int = 0) throws(ReadFailure) -> Int {
        compact()
        if let status, held + buffer.count - start > maximumBodyBytes {
            throw .answer(.tooLarge, "\(Megabytes(maximumBodyBytes)), --max-body-size; not read further", status: status)
        }
        let count: Int
        do {
            count = try socket.read(into: &buffer, capacity: Self.readSize, deadline: deadline)
        } catch {
            throw .socket(error)
        }
        if count > 0 {
            receivedAnything = true
            if status != nil { peak.record(held + buffer.count - start) }
        }
        if let status, held + buffer.count - start > maximumBodyBytes {
            throw .answer(.tooLarge, "\(Megabytes(maximumBodyBytes)), --max-body-size; not read further", status: status)
        }
        return count
    }
}

/// Why a response could not be read: an answer apicheck will not read, a broken one, or a socket error.
enum ReadFailure: Error {
    case answer(TransportError.Kind, String, status: Int)
    case failure(TransportError.Kind, String)
    case socket(SocketError)
}

/// `50 MiB`, `512 KiB`: a body limit as `--max-body-size` takes it.
struct Megabytes: CustomStringConvertible {
    let bytes: Int
    init(_ bytes: Int) { self.bytes = bytes }
    var description: String { bytes % (1 << 20) == 0 ? "\(bytes >> 20) MiB" : "\(bytes >> 10) KiB" }
}

/// A `tchar` of RFC 9110's token.
func isTokenByte(_ byte: UInt8) -> Bool {
    switch byte {
    case 0x30...0x39, 0x41...0x5A, 0x61...0x7A: true
    case UInt8(ascii: "!"), UInt8(ascii: "#"), UInt8(ascii: "$"), UInt8(ascii: "%"), UInt8(ascii: "&"), UInt8(ascii: "'"),
        UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "^"), UInt8(ascii: "_"),
        UInt8(ascii: "`"), UInt8(ascii: "|"), UInt8(ascii: "~"): true
    default: false
    }
}

extension Substring {
    var trimmed: String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}

extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
}

extension String {
    func caseInsensitiveEquals(_ other: String) -> Bool {
        utf8.count == other.utf8.count && zip(utf8, other.utf8).allSatisfy { a, b in
            (a | 0x20) == (b | 0x20) && ((a | 0x20) >= 0x61 && (a | 0x20) <= 0x7A || a == b)
        }
    }
}
