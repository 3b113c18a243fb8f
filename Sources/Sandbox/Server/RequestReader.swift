import Foundation
import Sockets

/// Reads requests from one connection (RFC 9112): the head, then a body framed by `Content-Length`
/// or chunked transfer coding.
struct RequestReader {
    let socket: Socket
    private var buffer: [UInt8] = []
    private var start = 0

    init(socket: Socket) {
        self.socket = socket
        buffer.reserveCapacity(16 << 10)
    }

    /// A request's head.
    struct Head {
        var method: String
        var path: String
        var query: String?
        var headers: [(String, String)]
        var keepAlive: Bool
        var expectsContinue: Bool
        var chunked: Bool
        var announcedLength: Int?
    }

    /// Why a request cannot be read; `status` is the answer, nil when the connection is simply gone.
    struct Failure: Error {
        var status: Int?
        var isTooLarge = false

        static let gone = Failure(status: nil)
        static let malformed = Failure(status: 400)
        static let tooLarge = Failure(status: 413, isTooLarge: true)
    }

    /// The next request's head; nil when the peer closed the connection between requests.
    mutating func readHead(deadline: ContinuousClock.Instant) throws(Failure) -> Head? {
        // How far past `start` the search got (a read may move the bytes to the front).
        var scanned = 0
        while true {
            if let end = endOfHTTPHead(buffer, from: start + scanned) {
                let lines = buffer[start..<end.lines]
                start = end.body
                return try Self.parseHead(lines)
            }
            scanned = max(0, buffer.count - start - 3)
            // Not HTTP at all (a TLS handshake to a plain-HTTP port): answer 400 now, not at the timeout.
            if let first = buffer[start...].first(where: { $0 != 0x0D && $0 != 0x0A }), !Self.isToken(first) { throw .malformed }
            guard buffer.count - start <= HTTPServer.maximumHeadBytes else { throw Failure(status: 431) }
            let count = try fill(deadline: deadline)
            if count == 0 {
                if buffer.count == start { return nil }
                throw .gone
            }
        }
    }

    /// The body `head` announces, at most `limit` bytes.
    mutating func readBody(of head: Head, limit: Int, deadline: ContinuousClock.Instant) throws(Failure) -> [UInt8] {
        if head.chunked { return try readChunked(limit: limit, deadline: deadline) }
        guard let length = head.announcedLength, length > 0 else { return [] }
        guard length <= limit else { throw .tooLarge }
        while buffer.count - start < length {
            if try fill(deadline: deadline) == 0 { throw .gone }
        }
        return take(length)
    }

    private mutating func readChunked(limit: Int, deadline: ContinuousClock.Instant) throws(Failure) -> [UInt8] {
        var body: [UInt8] = []
        while true {
            let line = try readLine(deadline: deadline)
            let digits = line.prefix { $0 != UInt8(ascii: ";") }.filter { $0 != 0x20 && $0 != 0x09 }
            guard !digits.isEmpty, digits.count <= 16, let size = Int(String(decoding: digits, as: UTF8.self), radix: 16) else { throw .malformed }
            if size == 0 { break }
            guard body.count + size <= limit else { throw .tooLarge }
            while buffer.count - start < size + 2 {
                if try fill(deadline: deadline) == 0 { throw .gone }
            }
            body.append(contentsOf: buffer[start..<(start + size)])
            guard buffer[start + size] == 0x0D, buffer[start + size + 1] == 0x0A else { throw .malformed }
            start += size + 2
        }
        while try !readLine(deadline: deadline).isEmpty {}
        return body
    }

    private mutating func readLine(deadline: ContinuousClock.Instant) throws(Failure) -> ArraySlice<UInt8> {
        var scanned = 0
        while true {
            if let newline = buffer[(start + scanned)...].firstIndex(of: 0x0A) {
                var line = buffer[start..<newline]
                if line.last == 0x0D { line = line.dropLast() }
                start = newline + 1
                return line
            }
            scanned = buffer.count - start
            guard buffer.count - start <= 4096 else { throw .malformed }
            if try fill(deadline: deadline) == 0 { throw .gone }
        }
    }

    private mutating func take(_ count: Int) -> [UInt8] {
        let taken = Array(buffer[start..<(start + count)])
        start += count
        return taken
    }

    private mutating func fill(deadline: ContinuousClock.Instant) throws(Failure) -> Int {
        if start > 0, start == buffer.count {
            buffer.removeAll(keepingCapacity: true)
            start = 0
        } else if start > 4096, start >= buffer.count / 2 {
            buffer.removeSubrange(0..<start)
            start = 0
        }
        do {
            return try socket.read(into: &buffer, capacity: 16 << 10, deadline: deadline)
        } catch {
            throw .gone
        }
    }

    static func parseHead(_ bytes: ArraySlice<UInt8>) throws(Failure) -> Head {
        var lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false).map { $0.last == 0x0D ? $0.dropLast() : $0 }
        // A client may send empty lines before a request (RFC 9112, 2.2).
        while lines.first?.isEmpty == true { lines.removeFirst() }
        guard !lines.isEmpty else { throw .malformed }
        let parts = lines.removeFirst().split(separator: 0x20, omittingEmptySubsequences: false)
        guard parts.count == 3, !parts[0].isEmpty, parts[0].allSatisfy(isToken), !parts[1].isEmpty,
            parts[1].allSatisfy({ $0 > 0x20 && $0 < 0x7F })
        else { throw .malformed }
        let version = String(decoding: parts[2], as: UTF8.self)
        guard version == "HTTP/1.1" || version == "HTTP/1.0" else { throw Failure(status: version.hasPrefix("HTTP/") ? 505 : 400) }
        var headers: [(String, String)] = []
        for line in lines where !line.isEmpty {
            guard line.first != 0x20, line.first != 0x09, let colon = line.firstIndex(of: 0x3A), colon > line.startIndex,
                line[line.startIndex..<colon].allSatisfy(isToken)
            else { throw .malformed }
            var value = line[(colon + 1)...]
            while let first = value.first, first == 0x20 || first == 0x09 { value = value.dropFirst() }
            while let last = value.last, last == 0x20 || last == 0x09 { value = value.dropLast() }
            headers.append((String(decoding: line[line.startIndex..<colon], as: UTF8.self), String(decoding: value, as: UTF8.self)))
        }
        func values(_ name: String) -> [String] {
            headers.filter { $0.0.lowercased() == name }.flatMap { $0.1.split(separator: ",") }.map {
                $0.trimmingCharacters(in: .whitespaces).lowercased()
            }
        }
        let codings = values("transfer-encoding")
        let lengths = Set(values("content-length"))
        guard codings.isEmpty || codings == ["chunked"], codings.isEmpty || lengths.isEmpty, lengths.count <= 1 else { throw .malformed }
        var length: Int?
        if let text = lengths.first {
            guard !text.isEmpty, text.utf8.count <= 18, text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), let value = Int(text) else { throw .malformed }
            length = value
        }
        let connection = values("connection")
        let keepAlive = version == "HTTP/1.1" ? !connection.contains("close") : connection.contains("keep-alive")

        // The target: origin form (/path?query) or absolute form (http://host/path?query).
        var target = String(decoding: parts[1], as: UTF8.self)
        if let fragment = target.firstIndex(of: "#") { target = String(target[..<fragment]) }
        if !target.hasPrefix("/"), let scheme = target.range(of: "://") {
            let rest = target[scheme.upperBound...]
            target = rest.firstIndex(where: { $0 == "/" || $0 == "?" }).map { String(rest[$0...]) } ?? "/"
            if target.hasPrefix("?") { target = "/" + target }
        }
        let method = String(decoding: parts[0], as: UTF8.self)
        let query = target.firstIndex(of: "?").map { String(target[target.index(after: $0)...]) }
        let path = target.firstIndex(of: "?").map { String(target[..<$0]) } ?? target
        return Head(
            method: method, path: path, query: query, headers: headers, keepAlive: keepAlive,
            expectsContinue: values("expect").contains("100-continue"), chunked: !codings.isEmpty, announcedLength: length
        )
    }

    /// A `tchar` of RFC 9110's token.
    static func isToken(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A: true
        case 0x21, 0x23, 0x24, 0x25, 0x26, 0x27, 0x2A, 0x2B, 0x2D, 0x2E, 0x5E, 0x5F, 0x60, 0x7C, 0x7E: true
        default: false
        }
    }
}
