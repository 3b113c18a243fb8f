/// HTTP/1.1 message framing (RFC 9112), shared by the live runner's client and the sandbox's server: the head
/// (request line or status line, and the field lines), the body's framing, the chunked transfer coding and the
/// limits. Each side keeps only its policy: what it answers (the server) or reports (the client).
///
/// Where it is stricter than RFC 9112 allows a recipient to be, or than h11 (the outside parser
/// `Scripts/http-differential.py` compares it with), it says so at the place; docs/RELIABILITY.md lists every
/// such difference with its reason.
package enum HTTP1 {
    /// The largest header section either side reads: the start line, the field lines and the blank line. 64 KiB,
    /// as nginx's and h11's limits are of that order (8 KiB lines, 16 KiB events) and no API the tool talks to
    /// sends a tenth of it; a larger head is refused before more is read (the server answers 431).
    package static let maximumHeadBytes = 64 << 10
    /// The longest line of a chunked body (a chunk-size line with its extensions, a trailer field line).
    package static let maximumChunkLineBytes = 4096

    /// The most bytes a reader holds while it reads a body of at most `limit` (``HTTP1Reader/peakBodyBytes``): the
    /// body (taken, or waiting in the buffer), one read that may bring bytes past it, and before that read at most a
    /// chunk line without its LF (a chunk-size or trailer line of ``HTTP1/maximumChunkLineBytes`` and its CR). A body
    /// that passes the limit is refused within this, whatever its framing and however its bytes arrive.
    package static func mostBytesHeld(limit: Int, readSize: Int) -> Int {
        limit + readSize + HTTP1.maximumChunkLineBytes + 1
    }

    /// A `tchar` of RFC 9110's token (methods, field names, transfer codings).
    package static func isToken(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A: true
        case 0x21, 0x23, 0x24, 0x25, 0x26, 0x27, 0x2A, 0x2B, 0x2D, 0x2E, 0x5E, 0x5F, 0x60, 0x7C, 0x7E: true
        default: false
        }
    }

    /// Whether two field names are the same, ASCII letters compared without case (a token has no other letters):
    /// no string is made, as every lookup of every message does this.
    package static func namesEqual(_ a: String, _ b: String) -> Bool {
        a.utf8.count == b.utf8.count
            && zip(a.utf8, b.utf8).allSatisfy { x, y in
                x == y || (x | 0x20 == y | 0x20 && (0x61...0x7A).contains(x | 0x20))
            }
    }

    /// Whether `byte` may stand in a field value or a reason phrase: VCHAR, obs-text, SP and HTAB (RFC 9110, 5.5).
    /// Every other control byte (NUL, a bare CR, DEL...) is refused, where h11 lets them through.
    package static func isFieldValueByte(_ byte: UInt8) -> Bool {
        byte >= 0x20 && byte != 0x7F || byte == 0x09
    }

    /// Where a head ends in `bytes`, searching from `from`: the end of its last line and the start of what follows
    /// the blank line (`\r\n\r\n`, or a bare `\n` ending a line, as RFC 9112, 2.2, allows a recipient to accept).
    package static func endOfHead(_ bytes: [UInt8], from: Int) -> (lines: Int, body: Int)? {
        var index = from
        while index < bytes.count {
            if bytes[index] == 0x0A {
                if index + 1 < bytes.count, bytes[index + 1] == 0x0A { return (index, index + 2) }
                if index + 2 < bytes.count, bytes[index + 1] == 0x0D, bytes[index + 2] == 0x0A { return (index, index + 3) }
            }
            index += 1
        }
        return nil
    }
}

/// An HTTP version, `HTTP/1.1`: one digit each (RFC 9112, 2.3).
package struct HTTPVersion: Sendable, Hashable, CustomStringConvertible {
    package let major: Int
    package let minor: Int

    package init(major: Int, minor: Int) {
        self.major = major
        self.minor = minor
    }

    /// `HTTP/1.1` and the like; nil for anything else (`HTTP/1.1 `, `HTTP/11`, `http/1.1`).
    package init?(_ bytes: ArraySlice<UInt8>) {
        let text = Array(bytes)
        guard text.count == 8, text[0..<5].elementsEqual("HTTP/".utf8), text[6] == UInt8(ascii: "."),
            (0x30...0x39).contains(text[5]), (0x30...0x39).contains(text[7])
        else { return nil }
        major = Int(text[5] - 0x30)
        minor = Int(text[7] - 0x30)
    }

    package var description: String { "HTTP/\(major).\(minor)" }
}

/// A message's field lines, in order, names as sent.
package struct HTTPFields: Sendable, Hashable {
    package var lines: [HTTPField]

    package init(_ lines: [HTTPField] = []) {
        self.lines = lines
    }

    /// The values of every line named `name` (ASCII case-insensitive), in order.
    package func values(_ name: String) -> [String] {
        lines.filter { HTTP1.namesEqual($0.name, name) }.map(\.value)
    }

    /// The comma-separated elements of every line named `name`, trimmed and lowercased (`Connection`,
    /// `Transfer-Encoding`, `Content-Length`), empty elements dropped.
    package func list(_ name: String) -> [String] {
        values(name).flatMap { $0.split(separator: ",") }.map { element in
            String(element.drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed()).lowercased()
        }.filter { !$0.isEmpty }
    }

    /// The lines as `(name, value)` pairs.
    package var pairs: [(String, String)] { lines.map { ($0.name, $0.value) } }
}

/// One field line: its name as sent and its value without the whitespace around it.
package struct HTTPField: Sendable, Hashable {
    package let name: String
    package let value: String

    package init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}
