/// Where a reader's bytes come from: a socket, or memory in the fuzz targets and the differential test.
package protocol HTTP1Source {
    associatedtype Failure: Error
    /// Appends at most `capacity` bytes to `buffer`; 0 at the end of the stream.
    mutating func read(into buffer: inout [UInt8], capacity: Int) throws(Failure) -> Int
}

/// Why a reader stopped: the message (``HTTP1Error``) or the source's own failure (a socket error, a deadline).
package enum HTTP1ReadFailure<SourceFailure: Error>: Error {
    case message(HTTP1Error)
    case source(SourceFailure)
}

/// Reads messages from a stream of bytes: heads, then bodies by their framing, never holding more than the head
/// limit, or while reading a body more than ``HTTP1/mostBytesHeld(limit:readSize:)``: the body limit, one read, and the line of a
/// chunk that will be refused. Bytes past a message stay for the next one (a kept-alive connection).
package struct HTTP1Reader<Source: HTTP1Source> {
    package typealias Failure = HTTP1ReadFailure<Source.Failure>

    package var source: Source
    /// The most bytes read at once.
    private let readSize: Int
    /// Bytes read but not consumed yet start at ``start``.
    private var buffer: [UInt8] = []
    private var start = 0
    /// Whether any byte arrived (a kept-alive connection closed before one is safe to retry).
    package private(set) var receivedAnything = false
    /// The most bytes held at once while reading the last body (taken and buffered, framing and bytes past the
    /// body included), for memory figures; at most ``HTTP1/mostBytesHeld(limit:readSize:)``.
    package private(set) var peakBodyBytes = 0

    package init(source: Source, readSize: Int) {
        self.source = source
        self.readSize = readSize
        buffer.reserveCapacity(readSize)
    }

    /// The next request's head; nil when the stream ended before any byte of one (a client closing a kept-alive
    /// connection). Bytes that cannot start a request line (a TLS handshake on a plain-HTTP port) are refused at
    /// once, not once a head would be complete.
    package mutating func readRequestHead() throws(Failure) -> RequestHead? {
        guard let bytes = try readHead(request: true) else { return nil }
        do {
            return try RequestHead.parse(bytes)
        } catch {
            throw .message(error)
        }
    }

    /// The next response's head; nil when the stream ended before any byte of one.
    package mutating func readResponseHead() throws(Failure) -> ResponseHead? {
        guard let bytes = try readHead(request: false) else { return nil }
        do {
            return try ResponseHead.parse(bytes)
        } catch {
            throw .message(error)
        }
    }

    /// The next final response's head: interim (1xx) responses before it are read and dropped, except
    /// `101 Switching Protocols`, after which the connection no longer speaks HTTP/1.1. Nil when the stream ended
    /// before any byte of a response.
    package mutating func readFinalResponseHead() throws(Failure) -> ResponseHead? {
        var head = try readResponseHead()
        while let interim = head, (100...199).contains(interim.status), interim.status != 101 {
            guard let next = try readResponseHead() else {
                throw .message(HTTP1Error(.truncated, "the connection closed after an interim \(interim.status) response"))
            }
            head = next
        }
        return head
    }

    /// The next request whole: its head and its body (at most `limit` bytes); nil when the stream ended before any
    /// byte of one. For a reader with nothing to do between the head and the body (a server answering
    /// `Expect: 100-continue` reads them apart).
    package mutating func readRequest(limit: Int) throws(Failure) -> (head: RequestHead, body: [UInt8])? {
        guard let head = try readRequestHead() else { return nil }
        return (head, try readBody(Self.framing { () throws(HTTP1Error) in try head.framing() }, limit: limit))
    }

    /// The next final response to a request with `method` whole: its head and its body (at most `limit` bytes);
    /// nil when the stream ended before any byte of one.
    package mutating func readResponse(to method: String, limit: Int) throws(Failure) -> (head: ResponseHead, body: [UInt8])? {
        guard let head = try readFinalResponseHead() else { return nil }
        let framing = try Self.framing { () throws(HTTP1Error) in try head.framing(requestMethod: method) }
        return (head, try readBody(framing, limit: limit))
    }

    private static func framing(_ decide: () throws(HTTP1Error) -> HTTPFraming) throws(Failure) -> HTTPFraming {
        do {
            return try decide()
        } catch {
            throw .message(error)
        }
    }

    /// The bytes of the next head, without the blank line that ends it.
    private mutating func readHead(request: Bool) throws(Failure) -> ArraySlice<UInt8>? {
        // How far past `start` the search got (a read may move the bytes to the front).
        var scanned = 0
        while true {
            if request {
                // Empty lines before a request line are ignored (RFC 9112, 2.2).
                while start < buffer.count, buffer[start] == 0x0D || buffer[start] == 0x0A { start += 1 }
                if let first = buffer[start...].first, !HTTP1.isToken(first) {
                    throw .message(.malformed("request line", buffer[start...]))
                }
            }
            let end = HTTP1.endOfHead(buffer, from: start + scanned)
            // The limit holds however the bytes arrived: a head found whole in one read is measured too.
            guard (end?.body ?? buffer.count) - start <= HTTP1.maximumHeadBytes else {
                throw .message(HTTP1Error(.headTooLarge, "header section is larger than \(HTTP1.maximumHeadBytes >> 10) KiB"))
            }
            if let end {
                let head = buffer[start..<end.lines]
                start = end.body
                return head
            }
            scanned = max(0, buffer.count - start - 3)
            let before = buffer.count - start
            if try fill() == 0 {
                if before == 0 { return nil }
                throw .message(HTTP1Error(.truncated, "the connection closed in the middle of the head"))
            }
        }
    }

    /// The body `framing` delimits, at most `limit` bytes: over it, ``HTTP1Error/Kind/bodyTooLarge`` (before
    /// reading it when its length is announced).
    package mutating func readBody(_ framing: HTTPFraming, limit: Int) throws(Failure) -> [UInt8] {
        peakBodyBytes = 0
        switch framing {
        case .none:
            return []
        case .length(let length):
            guard length <= limit else {
                throw .message(HTTP1Error(.bodyTooLarge, "Content-Length is \(length)", announcedLength: length))
            }
            while buffer.count - start < length {
                if try fill(held: 0) == 0 { throw .message(HTTP1Error(.truncated, "the body ended before its Content-Length")) }
            }
            return take(length)
        case .untilClose:
            while try fill(held: 0) > 0 {
                if buffer.count - start > limit { throw .message(HTTP1Error(.bodyTooLarge, "the body is larger")) }
            }
            return take(buffer.count - start)
        case .chunked:
            return try readChunked(limit: limit)
        }
    }

    /// A chunked body (RFC 9112, 7.1): chunk-size lines and chunk data each end with CRLF exactly (a bare LF, which
    /// parsers read differently, is how requests are smuggled); the size is 1 to 20 hex digits, then optional
    /// whitespace and extensions (ignored); the trailer fields are checked as field lines and dropped.
    private mutating func readChunked(limit: Int) throws(Failure) -> [UInt8] {
        var body: [UInt8] = []
        while true {
            let line = try readChunkLine(held: body.count)
            let digits = line.prefix { HTTP1.hexValue($0) != nil }
            let rest = trimmed(line[digits.endIndex...])
            guard !digits.isEmpty, digits.count <= 20, rest.isEmpty || rest.first == UInt8(ascii: ";"),
                rest.allSatisfy(HTTP1.isFieldValueByte)
            else { throw .message(.malformed("chunk size", line)) }
            var size = 0
            for digit in digits {
                let (shifted, overflow) = size.multipliedReportingOverflow(by: 16)
                guard !overflow, shifted <= limit else { throw .message(HTTP1Error(.bodyTooLarge, "a chunk is larger")) }
                size = shifted + Int(HTTP1.hexValue(digit)!)
            }
            if size == 0 { break }
            guard body.count + size <= limit else { throw .message(HTTP1Error(.bodyTooLarge, "the chunks are larger")) }
            while buffer.count - start < size + 2 {
                if try fill(held: body.count) == 0 {
                    throw .message(HTTP1Error(.truncated, "the connection closed in the middle of a chunked body"))
                }
            }
            guard buffer[start + size] == 0x0D, buffer[start + size + 1] == 0x0A else {
                throw .message(HTTP1Error(.malformed, "a chunk does not end with CRLF"))
            }
            body.append(contentsOf: buffer[start..<(start + size)])
            start += size + 2
        }
        // The trailer section: field lines, then an empty line; at most a header section's worth.
        var trailer = 0
        while true {
            let line = try readChunkLine(held: body.count)
            if line.isEmpty { break }
            trailer += line.count + 2
            guard trailer <= HTTP1.maximumHeadBytes else {
                throw .message(HTTP1Error(.headTooLarge, "trailer section is larger than \(HTTP1.maximumHeadBytes >> 10) KiB"))
            }
            var lines = HeadLines(line)
            do {
                _ = try parseFields(&lines, unfolding: false)
            } catch {
                throw .message(error)
            }
        }
        return body
    }

    /// One line of a chunked body, without its CRLF; at most ``HTTP1/maximumChunkLineBytes``.
    private mutating func readChunkLine(held: Int) throws(Failure) -> ArraySlice<UInt8> {
        var scanned = 0
        while true {
            let newline = buffer[(start + scanned)...].firstIndex(of: 0x0A)
            // The limit holds however the bytes arrived: a line found whole in one read is measured too.
            guard (newline ?? buffer.count) - start <= HTTP1.maximumChunkLineBytes + 1 else {
                throw .message(HTTP1Error(.malformed, "a line of the chunked body is longer than 4 KiB"))
            }
            if let newline {
                guard newline > start, buffer[newline - 1] == 0x0D else {
                    throw .message(HTTP1Error(.malformed, "a line of the chunked body ends with a bare LF"))
                }
                let line = buffer[start..<(newline - 1)]
                start = newline + 1
                return line
            }
            scanned = buffer.count - start
            if try fill(held: held) == 0 {
                throw .message(HTTP1Error(.truncated, "the connection closed in the middle of a chunked body"))
            }
        }
    }

    /// The next `count` unconsumed bytes.
    private mutating func take(_ count: Int) -> [UInt8] {
        let taken = Array(buffer[start..<(start + count)])
        start += count
        return taken
    }

    /// Reads more bytes; 0 at the end of the stream. While a body is read, `held` is how much of it was taken.
    private mutating func fill(held: Int? = nil) throws(Failure) -> Int {
        if start > 0, start == buffer.count {
            buffer.removeAll(keepingCapacity: true)
            start = 0
        } else if start > 4096, start >= buffer.count / 2 {
            buffer.removeSubrange(0..<start)
            start = 0
        }
        let count: Int
        do {
            count = try source.read(into: &buffer, capacity: readSize)
        } catch {
            throw .source(error)
        }
        if count > 0 { receivedAnything = true }
        if let held { peakBodyBytes = max(peakBodyBytes, held + buffer.count - start) }
        return count
    }
}

extension HTTP1 {
    /// The value of a hex digit.
    static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case 0x30...0x39: byte - 0x30
        case 0x41...0x46: byte - 0x37
        case 0x61...0x66: byte - 0x57
        default: nil
        }
    }
}
