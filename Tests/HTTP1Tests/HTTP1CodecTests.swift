import HTTP1
import Testing

/// The shared HTTP/1.1 codec on messages of each kind it reads or refuses, each read whole and a byte at a time.
@Suite("HTTP/1.1 codec")
struct HTTP1CodecTests {
    enum Read: Equatable {
        case request(RequestHead, body: [UInt8])
        case response(ResponseHead, body: [UInt8])
        case refused(HTTP1Error.Kind, status: Int)
        case closed
    }

    static func request(_ text: String, limit: Int = 1 << 20, pieces: [Int]? = nil) -> Read {
        var reader = HTTP1Reader(source: MemorySource(bytes: Array(text.utf8), reads: pieces), readSize: 1 << 16)
        return read { () throws(HTTP1ReadFailure<Never>) in try reader.readRequest(limit: limit).map { .request($0.head, body: $0.body) } }
    }

    static func response(_ text: String, method: String = "GET", limit: Int = 1 << 20, pieces: [Int]? = nil) -> Read {
        var reader = HTTP1Reader(source: MemorySource(bytes: Array(text.utf8), reads: pieces), readSize: 1 << 16)
        return read { () throws(HTTP1ReadFailure<Never>) in
            try reader.readResponse(to: method, limit: limit).map { .response($0.head, body: $0.body) }
        }
    }

    static func read(_ message: () throws(HTTP1ReadFailure<Never>) -> Read?) -> Read {
        do {
            return try message() ?? .closed
        } catch {
            guard case .message(let failure) = error else { return .closed }
            return .refused(failure.kind, status: failure.suggestedStatus)
        }
    }

    /// Reads `text` whole and a byte at a time, expects the same, and returns it.
    static func both(_ read: ([Int]?) -> Read) -> Read {
        let whole = read(nil)
        #expect(read([1]) == whole, "a byte at a time reads differently")
        #expect(read([3, 1, 7]) == whole, "uneven pieces read differently")
        return whole
    }

    @Test("a request: method, target, version, fields in order with their case, a body by Content-Length")
    func plainRequest() throws {
        let read = Self.both {
            Self.request(
                "PUT /api/v2/todos/1?x=1 HTTP/1.1\r\nHost: a\r\nContent-Type:\tapplication/x-www-form-urlencoded \r\nContent-Length: 7\r\n\r\ntitle=x",
                pieces: $0)
        }
        guard case .request(let head, let body) = read else {
            Issue.record("\(read)")
            return
        }
        #expect(head.method == "PUT")
        #expect(head.target == "/api/v2/todos/1?x=1")
        #expect(head.version == HTTPVersion(major: 1, minor: 1))
        #expect(
            head.fields.lines == [
                HTTPField(name: "Host", value: "a"), HTTPField(name: "Content-Type", value: "application/x-www-form-urlencoded"),
                HTTPField(name: "Content-Length", value: "7"),
            ])
        #expect(body == Array("title=x".utf8))
        #expect(head.isPersistent)
    }

    @Test("a chunked body: hex sizes in either case, extensions and trailer fields dropped, bytes kept exactly")
    func chunkedRequest() {
        let read = Self.both {
            Self.request(
                "POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: Chunked\r\n\r\n5;a=b\r\nhello\r\nA ;x\r\n, world!\r\n\r\n0\r\nChecksum: 1\r\n\r\n",
                pieces: $0)
        }
        guard case .request(_, let body) = read else {
            Issue.record("\(read)")
            return
        }
        #expect(String(decoding: body, as: UTF8.self) == "hello, world!\r\n")
    }

    @Test("bare LF line ends in a head, empty lines before a request line, HTTP/1.0 and HTTP/1.2 are read")
    func lenientWhereTheRFCAllows() {
        guard case .request(let head, _) = Self.both({ Self.request("\r\n\nGET / HTTP/1.2\nHost: a\n\n", pieces: $0) }) else {
            Issue.record("not read")
            return
        }
        #expect(head.version == HTTPVersion(major: 1, minor: 2))
        guard case .request(let old, _) = Self.both({ Self.request("GET / HTTP/1.0\r\n\r\n", pieces: $0) }) else {
            Issue.record("HTTP/1.0 without Host not read")
            return
        }
        #expect(!old.isPersistent)
    }

    @Test(
        "requests refused, each with the status a server answers",
        arguments: [
            ("GET / HTTP/1.1\r\n\r\n", HTTP1Error.Kind.malformed, 400),  // no Host in HTTP/1.1
            ("GET / HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n", .malformed, 400),
            ("GET  / HTTP/1.1\r\nHost: a\r\n\r\n", .malformed, 400),
            ("GET / HTTP/1.1 \r\nHost: a\r\n\r\n", .malformed, 400),
            ("GET / HTTP/2.0\r\nHost: a\r\n\r\n", .unsupportedVersion, 505),
            ("GET / http/1.1\r\nHost: a\r\n\r\n", .malformed, 400),
            ("G@T / HTTP/1.1\r\nHost: a\r\n\r\n", .malformed, 400),
            ("\u{16}\u{03}\u{01}", .malformed, 400),  // a TLS handshake, refused at its first byte
            ("GET / HTTP/1.1\r\nHost: a\r\nX : b\r\n\r\n", .malformed, 400),
            ("GET / HTTP/1.1\r\nHost: a\r\n folded\r\n\r\n", .malformed, 400),
            ("GET / HTTP/1.1\r\nHost: a\r\nX: a\r\n b\r\n\r\n", .malformed, 400),  // obs-fold in a request
            ("GET / HTTP/1.1\r\nHost: a\r\nX: a\u{1}b\r\n\r\n", .malformed, 400),
            ("GET / HTTP/1.1\r\nHost: a\r\nX: a\rb\r\n\r\n", .malformed, 400),
            ("POST / HTTP/1.1\r\nHost: a\r\nContent-Length: +3\r\n\r\nabc", .malformed, 400),
            ("POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 3\r\nContent-Length: 4\r\n\r\nabcd", .malformed, 400),
            ("POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 1234567890123456789\r\n\r\n", .malformed, 400),
            ("POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n", .malformed, 400),
            ("POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: gzip, chunked\r\n\r\n", .unsupportedCoding, 501),
            ("POST / HTTP/1.0\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n", .malformed, 400),
            ("POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n5\nhello\r\n0\r\n\r\n", .malformed, 400),
            ("POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello0\r\n\r\n", .malformed, 400),
            ("POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n1 0\r\nx\r\n0\r\n\r\n", .malformed, 400),
            ("POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\n", .malformed, 400),
            ("POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n0\r\nbad trailer\r\n\r\n", .malformed, 400),
            ("POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 9\r\n\r\nabc", .truncated, 400),
            ("GET / HTTP/1.1\r\nHost: a\r\n", .truncated, 400),
        ])
    func refusedRequests(_ text: String, _ kind: HTTP1Error.Kind, _ status: Int) {
        #expect(Self.both { Self.request(text, pieces: $0) } == .refused(kind, status: status))
    }

    @Test("limits: a head of 64 KiB is read and one byte more is 431, however it arrives; a body over the limit is 413")
    func limits() {
        let head = "GET / HTTP/1.1\r\nHost: a\r\nX: "
        let fill = HTTP1.maximumHeadBytes - head.utf8.count - 4
        guard case .request = Self.request(head + String(repeating: "x", count: fill) + "\r\n\r\n") else {
            Issue.record("a head of exactly the limit was refused")
            return
        }
        #expect(
            Self.both { Self.request(head + String(repeating: "x", count: fill + 1) + "\r\n\r\n", pieces: $0) }
                == .refused(.headTooLarge, status: 431))
        #expect(
            Self.request("POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 11\r\n\r\nhello world", limit: 10)
                == .refused(.bodyTooLarge, status: 413))
        #expect(
            Self.both {
                Self.request(
                    "POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n6\r\nhello \r\n5\r\nworld\r\n0\r\n\r\n", limit: 10,
                    pieces: $0)
            }
                == .refused(.bodyTooLarge, status: 413))
        #expect(
            Self.request("POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\nfffffffffffffffffff\r\n", limit: 10)
                == .refused(.bodyTooLarge, status: 413))
        #expect(Self.request("") == .closed)
    }

    @Test("a response: status, reason (which may be missing), body by length, chunks or the end of the stream")
    func responses() {
        guard
            case .response(let head, let body) = Self.both({
                Self.response("HTTP/1.1 201 Created\r\nContent-Length: 2\r\n\r\nhi", pieces: $0)
            })
        else {
            Issue.record("not read")
            return
        }
        #expect(head.status == 201 && head.reason == "Created" && body == Array("hi".utf8))
        guard case .response(let bare, _) = Self.response("HTTP/1.1 200\r\nContent-Length: 0\r\n\r\n") else {
            Issue.record("a status line without a reason was refused")
            return
        }
        #expect(bare.reason == "")
        guard case .response(let old, let rest) = Self.both({ Self.response("HTTP/1.0 200 OK\r\n\r\nto the end", pieces: $0) }) else {
            Issue.record("a body to the end of the stream was refused")
            return
        }
        #expect(!old.isPersistent && rest == Array("to the end".utf8))
    }

    @Test("interim responses are skipped, 101 is not; HEAD, 204 and 304 have no body, but their framing fields are checked")
    func noBody() {
        guard
            case .response(let head, let body) = Self.both({
                Self.response(
                    "HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 103 Early\r\nLink: x\r\n\r\nHTTP/1.1 200 OK\r\nContent-Length: 1\r\n\r\nx",
                    pieces: $0)
            })
        else {
            Issue.record("not read")
            return
        }
        #expect(head.status == 200 && body == [UInt8(ascii: "x")])
        guard case .response(let switching, _) = Self.response("HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\n\r\n") else {
            Issue.record("101 not returned")
            return
        }
        #expect(switching.status == 101)
        guard case .response(_, let headBody) = Self.response("HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\n", method: "HEAD") else {
            Issue.record("HEAD not read")
            return
        }
        #expect(headBody.isEmpty)
        #expect(Self.response("HTTP/1.1 204 No Content\r\nContent-Length: +1\r\n\r\n") == .refused(.malformed, status: 400))
    }

    @Test("an obs-fold in a response is unfolded to one space; a control byte in a reason phrase is refused")
    func responseFields() {
        guard
            case .response(let head, _) = Self.both({
                Self.response("HTTP/1.1 200 OK\r\nX: a \r\n\t b\r\nContent-Length: 0\r\n\r\n", pieces: $0)
            })
        else {
            Issue.record("not read")
            return
        }
        #expect(head.fields.values("x") == ["a b"])
        #expect(Self.response("HTTP/1.1 200 O\u{1}K\r\nContent-Length: 0\r\n\r\n") == .refused(.malformed, status: 400))
        #expect(Self.response("HTTP/2.0 200 OK\r\n\r\n") == .refused(.unsupportedVersion, status: 505))
        #expect(Self.response("HTTP/1.1 099 X\r\n\r\n") == .refused(.malformed, status: 400))
        #expect(Self.response("HTTP/1.1 200 OK\r\nTransfer-Encoding: gzip\r\n\r\n") == .refused(.unsupportedCoding, status: 501))
    }

    /// The responses of `memory()`: each body far over a limit of 256 KiB, in each framing; for the chunked ones, the
    /// reads that make a reader hold the most, and what it then holds more than.
    static let overLimit: [(framing: String, bytes: [UInt8], worst: (reads: [Int], holds: Int)?)] = {
        let limit = 256 << 10, readSize = 1 << 16, block = [UInt8](repeating: UInt8(ascii: "a"), count: 64 << 10)
        func chunk(_ bytes: [UInt8], extensions: String = "") -> [UInt8] {
            Array((String(bytes.count, radix: 16) + extensions + "\r\n").utf8) + bytes + [13, 10]
        }
        /// Reads of `readSize` up to `offset`, then one that ends there, then whole reads.
        func reads(endingAt offset: Int) -> [Int] {
            Array(repeating: readSize, count: offset / readSize) + [offset % readSize, readSize]
        }
        let head = Array("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n".utf8)
        let chunked = head + Array("Transfer-Encoding: chunked\r\n\r\n".utf8)
        // A JSON opening of 9 bytes, then chunks of 64 KiB (a CI run saw this): the chunk that passes the limit
        // arrives with its size line in one read, held beside the body before its size is known.
        let opening = chunk(Array(#"{"data":""#.utf8)), big = chunk(block)
        // Chunks of 1000 bytes with size lines as long as allowed (extensions): 262 fit the limit; the 263rd's line
        // waits whole but for its LF when a read comes.
        let line = "3e8;x=" + String(repeating: "y", count: HTTP1.maximumChunkLineBytes - 6),
            small = chunk([UInt8](block[..<1000]), extensions: String(line.dropFirst(3)))
        let lines = chunked.count + 262 * small.count + line.utf8.count + 1
        return [
            (
                "Content-Length",
                head + Array("Content-Length: \(limit * 4)\r\n\r\n".utf8) + Array(repeating: block, count: 5).flatMap { $0 }, nil
            ),
            ("until close", head + Array("\r\n".utf8) + Array(repeating: block, count: 5).flatMap { $0 }, nil),
            (
                "chunked, 64 KiB chunks", chunked + opening + Array(repeating: big, count: 5).flatMap { $0 },
                (reads(endingAt: chunked.count + opening.count + 3 * big.count), limit)
            ),
            (
                "chunked, long chunk lines", chunked + Array(repeating: small, count: 300).flatMap { $0 },
                (reads(endingAt: lines), limit + readSize)
            ),
        ]
    }()

    @Test(
        "memory: a body over the limit is refused holding at most the limit, one read and a chunk line, whatever its framing and reads",
        arguments: overLimit.indices)
    func memory(body: Int) {
        let limit = 256 << 10, readSize = 1 << 16, (framing, bytes, worst) = Self.overLimit[body]
        for pieces in [nil, [readSize - 1], [3, 1, 7_000], worst?.reads] as [[Int]?] {
            var reader = HTTP1Reader(source: MemorySource(bytes: bytes, reads: pieces), readSize: readSize)
            let read = Self.read { () throws(HTTP1ReadFailure<Never>) in
                try reader.readResponse(to: "GET", limit: limit).map { .response($0.head, body: $0.body) }
            }
            #expect(read == .refused(.bodyTooLarge, status: 413), "\(framing), reads of \(pieces ?? [readSize])")
            #expect(
                reader.peakBodyBytes <= HTTP1.mostBytesHeld(limit: limit, readSize: readSize),
                "\(framing), reads of \(pieces ?? [readSize]): \(reader.peakBodyBytes) bytes held")
            // The measure counts what a read brought past the body (bytes held are bytes held), and each term of the
            // bound is reached: the worst reads hold more than the limit, and with a chunk line, more than a read past it.
            if let worst, pieces == worst.reads {
                #expect(reader.peakBodyBytes > worst.holds, "\(framing): \(reader.peakBodyBytes) bytes held")
            }
        }
    }

    @Test("bytes after a message stay for the next one (a kept-alive connection)")
    func pipelined() throws {
        var reader = HTTP1Reader(
            source: MemorySource(bytes: Array("GET /a HTTP/1.1\r\nHost: x\r\n\r\nGET /b HTTP/1.1\r\nHost: x\r\n\r\n".utf8), reads: [5]),
            readSize: 64)
        let first = try #require(try reader.readRequestHead())
        let second = try #require(try reader.readRequestHead())
        #expect([first.target, second.target] == ["/a", "/b"])
        #expect(try reader.readRequestHead() == nil)
    }
}
