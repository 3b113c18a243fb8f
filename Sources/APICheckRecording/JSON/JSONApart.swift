import Foundation

extension JSONReader {
    /// Parses JSON bytes, a text of `apartFrom` bytes or more on two threads (a contract of megabytes): a second thread
    /// reads from a line near the middle to the end of the object or array that line is in (``JSONApart``), while this
    /// one reads the text from its start and takes that part of the tree when it gets there. The tree, and any error
    /// (its message, line and pointer), are those ``parse(_:)`` gives: whatever the second thread could not read
    /// exactly as this one would have (an error, a line that does not start a member or an element, nesting too deep
    /// from where it is taken, a key its part repeats) is read by this thread itself.
    package static func parse(_ bytes: [UInt8], apartFrom size: Int) throws(JSONParseError) -> JSONValue {
        guard bytes.count >= size else { return try parse(bytes) }
        let split = bytes.withUnsafeBufferPointer { JSONApart.split(in: $0) }
        return try parse(bytes, splitAt: split)
    }

    /// Parses JSON bytes, a second thread reading from byte `split` (any offset: one that starts no member or element
    /// is read by this thread, as is everything when it is nil).
    package static func parse(_ bytes: [UInt8], splitAt split: Int?) throws(JSONParseError) -> JSONValue {
        try outcome(bytes, splitAt: split).result.get()
    }

    /// What ``parse(_:splitAt:)`` gives, and whether this thread took what the second one read.
    static func outcome(_ bytes: [UInt8], splitAt split: Int?) -> (result: Result<JSONValue, JSONParseError>, taken: Bool) {
        bytes.withUnsafeBufferPointer { buffer in
            var parser = JSONParser(bytes: buffer)
            guard let split, split >= 0, split < buffer.count else { return (Self.document(&parser, in: buffer), false) }
            let apart = JSONApart(JSONApart.Bytes(buffer: buffer), at: split)
            parser.split = split
            parser.apart = apart
            // The second thread reads `buffer`: it is done before the buffer goes, whether its part was taken or not.
            defer { _ = apart.wait() }
            let result = Self.document(&parser, in: buffer)
            return (result, parser.tookPiece)
        }
    }

    private static func document(_ parser: inout JSONParser, in buffer: UnsafeBufferPointer<UInt8>) -> Result<JSONValue, JSONParseError> {
        do throws(JSONParser.Failure) {
            return .success(try parser.document())
        } catch {
            return .failure(error.public(in: buffer))
        }
    }
}

/// The part of a JSON text a second thread reads for ``JSONReader/parse(_:apartFrom:)``: the members (or elements) from
/// a place near the middle of the text to the end of the object (or array) they are in.
package struct JSONApart: Sendable {
    /// The text, read by both threads and written by neither.
    struct Bytes: @unchecked Sendable {
        let buffer: UnsafeBufferPointer<UInt8>
    }

    /// What the second thread read: the members or elements, the offset of the brace or bracket that closes them, and
    /// how deep it went below them.
    enum Piece: Sendable {
        case members([JSONObject.Member], end: Int, deepest: Int)
        case elements([JSONValue], end: Int, deepest: Int)
    }

    /// What the second thread read; nil when it met anything it could not read.
    private let piece: BackgroundResult<Piece?>

    init(_ bytes: Bytes, at start: Int) {
        // Nesting is read recursively, as on the thread that parses the rest (up to JSONReader.maximumDepth levels).
        piece = BackgroundResult(stackSize: 16 << 20) { Self.read(bytes.buffer, at: start) }
    }

    /// The piece, once the second thread is done.
    func wait() -> Piece? { piece.wait() }

    /// How far after the middle of the text ``split(in:)`` looks for the line to start at: an eighth of the text.
    static let searchedFraction = 8

    /// Where the second thread starts: the first token of a line after the middle of the text that may start a member
    /// or an element, the least indented one within ``searchedFraction`` of the text (pretty-printed JSON indents by
    /// depth, and a shallow member, such as one of a description's schemas, is followed by much of its object). A raw
    /// line break is never inside a JSON string, so a line's first token is one; nil for a text without lines there.
    static func split(in text: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let base = text.baseAddress else { return nil }
        let count = text.count
        var at = count / 2
        let stop = min(count, at + max(1, count / searchedFraction))
        var best: (start: Int, indent: Int)?
        while at < stop, let found = memchr(base + at, 0x0A, stop - at) {
            let newline = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
            var start = newline + 1
            while start < count, text[start] == UInt8(ascii: " ") || text[start] == UInt8(ascii: "\t") { start += 1 }
            let indent = start - newline - 1
            if start < count, startsValue(text[start]), indent < (best?.indent ?? .max) {
                best = (start, indent)
                if indent <= 2 { break }
            }
            at = start
        }
        return best?.start
    }

    private static func startsValue(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "{"), UInt8(ascii: "["), UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
            true
        default: false
        }
    }

    /// Reads from `start` to the brace or bracket that closes what it is in: members when a key and a colon are there,
    /// elements otherwise; nil at the first thing that is not JSON.
    static func read(_ text: UnsafeBufferPointer<UInt8>, at start: Int) -> Piece? {
        var parser = JSONParser(bytes: text)
        parser.i = start
        do throws(JSONParser.Failure) {
            if text[start] == UInt8(ascii: "\"") {
                _ = try parser.string()
                parser.skipWhitespace()
                let isMember = parser.i < text.count && text[parser.i] == UInt8(ascii: ":")
                parser.i = start
                if isMember {
                    let members = try parser.members(opened: start)
                    return .members(members, end: parser.i - 1, deepest: parser.deepest)
                }
            }
            let elements = try parser.elements(opened: start)
            return .elements(elements, end: parser.i - 1, deepest: parser.deepest)
        } catch {
            return nil
        }
    }
}

extension JSONParser {
    /// The members the second thread read from ``split`` to the end of the object being read (whose members so far
    /// are ``openMembers`` from `first`), with `i` moved to its closing brace; nil (and `i` unmoved) unless they are what
    /// reading them here would give: read without error, as members, no deeper than allowed from here, and no key of
    /// theirs also among this object's members before them (a repeated key is an error where the second is written).
    mutating func pieceOfMembers(after first: Int) -> [JSONObject.Member]? {
        split = -1
        guard case .members(let members, let end, let below)? = apart?.wait(), depth + below <= JSONReader.maximumDepth,
            target == nil
        else { return nil }
        let before = Set(openMembers[first...].map(\.key))
        guard !members.contains(where: { before.contains($0.key) }) else { return nil }
        i = end
        tookPiece = true
        return members
    }

    /// The elements the second thread read from ``split`` to the end of the array being read, with `i` moved to its
    /// closing bracket; nil unless they are what reading them here would give (as ``pieceOfMembers(after:)``).
    mutating func pieceOfElements() -> [JSONValue]? {
        split = -1
        guard case .elements(let elements, let end, let below)? = apart?.wait(), depth + below <= JSONReader.maximumDepth,
            target == nil
        else { return nil }
        i = end
        tookPiece = true
        return elements
    }
}
