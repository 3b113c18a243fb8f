#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Reads JSON text into a ``JSONValue``, keeping key order and number literals, at byte level.
///
/// Strict RFC 8259: no comments, no trailing commas, no `NaN`, UTF-8 only, no repeated keys.
/// Errors carry the line, column and JSON pointer; lines are only counted when an error happens,
/// so the fast path is a single pass over the bytes.
public enum JSONReader {
    /// The deepest nesting accepted; deeper documents are an error rather than a stack overflow.
    public static let maximumDepth = 512

    /// Parses JSON bytes.
    public static func parse(_ bytes: [UInt8]) throws(JSONParseError) -> JSONValue {
        let result: Result<JSONValue, JSONParseError> = bytes.withUnsafeBufferPointer { buffer in
            var parser = JSONParser(bytes: buffer)
            do throws(JSONParser.Failure) {
                let value = try parser.document()
                return .success(value)
            } catch {
                return .failure(error.public(in: buffer))
            }
        }
        return try result.get()
    }

    /// Parses JSON data.
    public static func parse(_ data: Data) throws(JSONParseError) -> JSONValue {
        try parse([UInt8](data))
    }

    /// Parses JSON text.
    public static func parse(_ text: String) throws(JSONParseError) -> JSONValue {
        try parse(Array(text.utf8))
    }

    /// The line a finding at `pointer` is reported on: the line of its place in `bytes`, or, when the place is not in
    /// the file (a required key that is missing, a header that never came), of the deepest value on the way to it that
    /// is. The one rule every report uses: verify, the live diff, `ContractExample` and `breaking`'s implied changes.
    package static func line(of pointer: JSONPointer, in bytes: [UInt8]) -> Int? {
        location(ofNearest: pointer, in: bytes)?.line
    }

    /// The location of the value at `pointer` in `bytes`, or of the deepest value on the way to it that is there.
    ///
    /// For a problem whose place may be missing from the text (a required key): it parses once per step up, so call it
    /// only when there is something to report.
    package static func location(ofNearest pointer: JSONPointer, in bytes: [UInt8]) -> TextLocation? {
        var pointer = pointer
        while true {
            if let location = location(of: pointer, in: bytes) { return location }
            if pointer.isRoot { return nil }
            pointer = pointer.parent
        }
    }

    /// The location of the value at `pointer` in `bytes` (of its key, for an object member), or nil.
    ///
    /// For reporting problems found after parsing (a wrong type, an unknown field) with a line
    /// number: it parses again, so call it only when there is something to report.
    public static func location(of pointer: JSONPointer, in bytes: [UInt8]) -> TextLocation? {
        bytes.withUnsafeBufferPointer { buffer in
            var parser = JSONParser(bytes: buffer)
            parser.target = pointer.tokens
            do throws(JSONParser.Failure) {
                _ = try parser.document()
            } catch {
                if error.isTargetFound { return TextLocation(offset: error.offset, in: buffer) }
            }
            return pointer.isRoot ? TextLocation(offset: 0, in: buffer) : nil
        }
    }
}

/// The recursive-descent parser behind ``JSONReader``.
package struct JSONParser {
    package struct Failure: Error {
        let message: String
        let offset: Int
        /// Path components from the innermost value outwards (appended while unwinding).
        var reversedPath: [String] = []
        var isTargetFound = false

        func `public`(in bytes: UnsafeBufferPointer<UInt8>) -> JSONParseError {
            JSONParseError(
                message: message, location: TextLocation(offset: offset, in: bytes),
                pointer: JSONPointer(tokens: reversedPath.reversed())
            )
        }
    }

    package let b: UnsafeBufferPointer<UInt8>
    package var i = 0
    var depth = 0
    /// In `location(of:)` mode: the tokens sought, and the path to the value being read.
    var target: [String]?
    var path: [String] = []
    /// The members of the objects being read, innermost last: an object's members are copied into an array of their
    /// own, of exactly their count, when it closes. Growing an array per object (or reserving room for eight, as this
    /// reader did) left most of a tree's object storage empty: a vendor's description averages two members an object.
    /// (Moved into a new array, ``take(_:from:leaving:)``: `Array(slice)` of a slice that spans the whole stack takes
    /// the stack's buffer, with all its spare capacity.)
    var openMembers: [JSONObject.Member] = []
    /// The elements of the arrays being read, innermost last, as ``openMembers`` for objects.
    private var openItems: [JSONValue] = []
    /// Where a second thread reads the rest of the object or array around it (``JSONApart``), or -1.
    var split = -1
    var apart: JSONApart?
    /// Whether a piece read apart was taken.
    var tookPiece = false
    /// The deepest nesting met so far: on the second thread of ``JSONApart``, how deep its piece goes below where it
    /// starts (it is taken only if that is not too deep where it is taken).
    var deepest = 0

    package init(bytes: UnsafeBufferPointer<UInt8>) {
        b = bytes
    }

    mutating func document() throws(Failure) -> JSONValue {
        // A UTF-8 byte order mark is not JSON, but some tools write one; skip it.
        if b.count >= 3, b[0] == 0xEF, b[1] == 0xBB, b[2] == 0xBF { i = 3 }
        if target == [] { throw Failure(message: "", offset: i, isTargetFound: true) }
        let value = try self.value()
        skipWhitespace()
        if i < b.count { throw fail("unexpected \(describe(i)) after the JSON value") }
        return value
    }

    func fail(_ message: String, at offset: Int? = nil) -> Failure {
        Failure(message: message, offset: offset ?? i)
    }

    func describe(_ index: Int) -> String {
        guard index < b.count else { return "the end of the text" }
        let byte = b[index]
        if byte >= 0x21 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        switch byte {
        case 0x20: return "a space"
        case 0x0A: return "a line break"
        default: return "byte 0x\(String(byte, radix: 16, uppercase: true))"
        }
    }

    @inline(__always)
    package mutating func skipWhitespace() {
        while i < b.count {
            let c = b[i]
            if c == 0x20 || c == 0x0A || c == 0x0D || c == 0x09 { i += 1 } else { return }
        }
    }

    mutating func value() throws(Failure) -> JSONValue {
        skipWhitespace()
        guard i < b.count else { throw fail("expected a value, found the end of the text") }
        switch b[i] {
        case UInt8(ascii: "{"): return try object()
        case UInt8(ascii: "["): return try array()
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): return try literal("true", .bool(true))
        case UInt8(ascii: "f"): return try literal("false", .bool(false))
        case UInt8(ascii: "n"): return try literal("null", .null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
        default: throw fail("expected a value, found \(describe(i))")
        }
    }

    package mutating func literal(_ word: StaticString, _ value: JSONValue) throws(Failure) -> JSONValue {
        let count = word.utf8CodeUnitCount
        guard i + count <= b.count else { throw fail("expected '\(word)', found the end of the text") }
        let start = word.utf8Start
        for k in 0..<count where b[i + k] != start[k] {
            throw fail("expected a value, found \(describe(i))")
        }
        i += count
        return value
    }

    mutating func enter() throws(Failure) {
        depth += 1
        deepest = max(deepest, depth)
        if depth > JSONReader.maximumDepth { throw fail("nesting deeper than \(JSONReader.maximumDepth) levels") }
    }

    mutating func object() throws(Failure) -> JSONValue {
        try enter()
        let open = i
        i += 1
        skipWhitespace()
        if i < b.count && b[i] == UInt8(ascii: "}") {
            i += 1
            depth -= 1
            return .object(JSONObject())
        }
        return .object(JSONObject(try members(opened: open)))
    }

    /// The members of the object opened at byte `opened`, from `i` (the first member, or any after it) to just past its
    /// closing brace. A member starting at ``split`` is taken with all after it from what a second thread read there
    /// (``pieceOfMembers(after:)``), when that is what reading them here would give.
    mutating func members(opened open: Int) throws(Failure) -> [JSONObject.Member] {
        let first = openMembers.count
        while true {
            skipWhitespace()
            if i == split, let piece = pieceOfMembers(after: first) {
                openMembers.append(contentsOf: piece)
            } else {
                try member(opened: open, first: first)
                skipWhitespace()
            }
            guard i < b.count else { throw fail("unterminated object (opened at byte \(open)): expected ',' or '}'") }
            if b[i] == UInt8(ascii: ",") {
                i += 1
                continue
            }
            if b[i] == UInt8(ascii: "}") {
                i += 1
                depth -= 1
                return Self.take(&openMembers, from: first, leaving: JSONObject.Member(key: "", value: .null))
            }
            throw fail("expected ',' or '}' after an object member, found \(describe(i))")
        }
    }

    /// The elements of `stack` from `first`, moved into an array of exactly their count, and the stack cut back to
    /// `first`. Moved, not copied: a copy retained each key and value, and cutting the stack released them again, a
    /// fifth of parsing a vendor's description. The places moved from are given `placeholder` (no storage of its own)
    /// before the stack is cut.
    @inline(__always)
    private static func take<Element>(_ stack: inout [Element], from first: Int, leaving placeholder: Element) -> [Element] {
        // Appended one by one into reserved room: an array made whole (`unsafeUninitializedCapacity`, `repeating:`)
        // looked its storage's type up at run time, each time, and cost more than the copy.
        var taken: [Element] = []
        taken.reserveCapacity(stack.count - first)
        stack.withUnsafeMutableBufferPointer { whole in
            guard let base = whole.baseAddress else { return }
            for index in first..<whole.count {
                taken.append((base + index).move())
                (base + index).initialize(to: placeholder)
            }
        }
        stack.removeSubrange(first...)
        return taken
    }

    /// Reads one member at `i` onto ``openMembers`` (whose members from `first` are this object's so far).
    private mutating func member(opened open: Int, first: Int) throws(Failure) {
        guard i < b.count else { throw fail("unterminated object (opened at byte \(open))") }
        guard b[i] == UInt8(ascii: "\"") else { throw fail("expected a key in double quotes, found \(describe(i))") }
        let keyStart = i
        let key = try string()
        // Duplicate keys: compare lengths first (O(1) for native strings), bytes only when they match.
        let keyLength = key.utf8.count
        if openMembers[first...].contains(where: { $0.key.utf8.count == keyLength && $0.key == key }) {
            var failure = fail("duplicate key \"\(key)\"", at: keyStart)
            failure.reversedPath.append(key)
            throw failure
        }
        skipWhitespace()
        guard i < b.count, b[i] == UInt8(ascii: ":") else { throw fail("expected ':' after the key \"\(key)\", found \(describe(i))") }
        i += 1
        let member: JSONValue
        if target != nil {
            path.append(key)
            if path == target { throw Failure(message: "", offset: keyStart, isTargetFound: true) }
        }
        do throws(Failure) {
            member = try value()
        } catch {
            var failure = error
            if !failure.isTargetFound { failure.reversedPath.append(key) }
            throw failure
        }
        if target != nil { path.removeLast() }
        openMembers.append(JSONObject.Member(key: key, value: member))
    }

    mutating func array() throws(Failure) -> JSONValue {
        try enter()
        let open = i
        i += 1
        skipWhitespace()
        if i < b.count && b[i] == UInt8(ascii: "]") {
            i += 1
            depth -= 1
            return .array([])
        }
        return .array(try elements(opened: open))
    }

    /// The elements of the array opened at byte `opened`, from `i` to just past its closing bracket; as
    /// ``members(opened:)`` for an object, an element starting at ``split`` is taken with all after it from a second
    /// thread's reading (``pieceOfElements()``) when that is what reading them here would give.
    mutating func elements(opened open: Int) throws(Failure) -> [JSONValue] {
        let first = openItems.count
        while true {
            if i == split, let piece = pieceOfElements() {
                openItems.append(contentsOf: piece)
            } else {
                try element(index: openItems.count - first)
                skipWhitespace()
            }
            guard i < b.count else { throw fail("unterminated array (opened at byte \(open)): expected ',' or ']'") }
            if b[i] == UInt8(ascii: ",") {
                i += 1
                skipWhitespace()
                continue
            }
            if b[i] == UInt8(ascii: "]") {
                i += 1
                depth -= 1
                return Self.take(&openItems, from: first, leaving: .null)
            }
            throw fail("expected ',' or ']' after an array element, found \(describe(i))")
        }
    }

    /// Reads element number `index` of an array at `i` onto ``openItems``.
    private mutating func element(index: Int) throws(Failure) {
        if target != nil {
            skipWhitespace()
            path.append(String(index))
            if path == target { throw Failure(message: "", offset: i, isTargetFound: true) }
        }
        do throws(Failure) {
            let item = try value()
            openItems.append(item)
        } catch {
            var failure = error
            if !failure.isTargetFound { failure.reversedPath.append(String(index)) }
            throw failure
        }
        if target != nil { path.removeLast() }
    }

    mutating func string() throws(Failure) -> String {
        var decoded: [UInt8] = []
        guard let text = try stringText(escaped: &decoded).range else { return String(decoding: decoded, as: UTF8.self) }
        // Validated, so decoding repairs nothing; this is String's fast path.
        return String(decoding: UnsafeBufferPointer(rebasing: b[text]), as: UTF8.self)
    }

    /// Reads the string at `i` (a quote) to just past its closing quote, validating it: where its text is in the
    /// bytes (nil when it has escapes: `escaped` then holds it, decoded), and whether that text is ASCII. The one scan
    /// of a string, for the parser and for `StreamingCheck`.
    package mutating func stringText(escaped: inout [UInt8]) throws(Failure) -> (range: Range<Int>?, isASCII: Bool) {
        let open = i
        i += 1
        let start = i
        var isASCII = true
        skipPlainWords()
        while i < b.count {
            let c = b[i]
            if c == UInt8(ascii: "\"") {
                i += 1
                return (start..<(i - 1), isASCII)
            }
            if c == UInt8(ascii: "\\") {
                escaped.removeAll(keepingCapacity: true)
                escaped.append(contentsOf: UnsafeBufferPointer(rebasing: b[start..<i]))
                try unescape(into: &escaped, open: open)
                return (nil, !escaped.contains { $0 >= 0x80 })
            }
            if c < 0x20 { throw fail("unescaped control character (byte 0x\(String(c, radix: 16, uppercase: true))) in a string") }
            if c >= 0x80 {
                isASCII = false
                try skipUTF8Sequence()
            } else {
                i += 1
            }
        }
        throw fail("unterminated string (opened at byte \(open))", at: open)
    }

    /// Moves `i` past whole 8-byte words of a string that hold no quote, backslash, control character or
    /// byte above 0x7F (each word tested at once, bit-parallel); the byte loop takes over at the first word
    /// that may hold one. The tests can flag a byte that is fine (a borrow), never miss one that is not.
    @inline(__always)
    mutating func skipPlainWords() {
        guard let base = b.baseAddress else { return }
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        let quotes = ones &* 0x22
        let backslashes = ones &* 0x5C
        let spaces = ones &* 0x20
        while i &+ 8 <= b.count {
            let word = UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)
            let quote = word ^ quotes
            let backslash = word ^ backslashes
            let special = ((quote &- ones) & ~quote) | ((backslash &- ones) & ~backslash) | ((word &- spaces) & ~word) | word
            if special & highs != 0 { return }
            i &+= 8
        }
    }

    /// Checks one multi-byte UTF-8 sequence at `i` (RFC 3629: no overlongs, no surrogates) and moves past it.
    @inline(__always)
    mutating func skipUTF8Sequence() throws(Failure) {
        let lead = b[i]
        let length: Int
        var low: UInt8 = 0x80
        var high: UInt8 = 0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0:
            length = 3
            low = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED:
            length = 3
            high = 0x9F
        case 0xF0:
            length = 4
            low = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4:
            length = 4
            high = 0x8F
        default: throw fail("the string is not valid UTF-8 (byte 0x\(String(lead, radix: 16, uppercase: true)))")
        }
        guard i + length <= b.count else { throw fail("the string is not valid UTF-8 (truncated sequence)") }
        let second = b[i + 1]
        guard second >= low && second <= high else { throw fail("the string is not valid UTF-8", at: i + 1) }
        var k = 2
        while k < length {
            guard b[i + k] & 0xC0 == 0x80 else { throw fail("the string is not valid UTF-8", at: i + k) }
            k += 1
        }
        i += length
    }

    /// Decodes the rest of a string, from `i` (where an escape or more text is) to just past its closing quote, onto
    /// `out`, which holds the text before `i`. `open` is where the string's opening quote is (for messages).
    mutating func unescape(into out: inout [UInt8], open: Int) throws(Failure) {
        while i < b.count {
            let c = b[i]
            if c == UInt8(ascii: "\"") {
                i += 1
                return
            }
            if c < 0x20 { throw fail("unescaped control character (byte 0x\(String(c, radix: 16, uppercase: true))) in a string") }
            if c != UInt8(ascii: "\\") {
                if c >= 0x80 {
                    let sequenceStart = i
                    try skipUTF8Sequence()
                    out.append(contentsOf: UnsafeBufferPointer(rebasing: b[sequenceStart..<i]))
                } else {
                    out.append(c)
                    i += 1
                }
                continue
            }
            guard i + 1 < b.count else { break }
            let escape = b[i + 1]
            i += 2
            switch escape {
            case UInt8(ascii: "\""): out.append(0x22)
            case UInt8(ascii: "\\"): out.append(0x5C)
            case UInt8(ascii: "/"): out.append(0x2F)
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "u"):
                var scalar = try hex4()
                if (0xD800...0xDBFF).contains(scalar) {
                    guard i + 1 < b.count, b[i] == UInt8(ascii: "\\"), b[i + 1] == UInt8(ascii: "u") else {
                        throw fail("unpaired UTF-16 surrogate \\u\(String(scalar, radix: 16, uppercase: true))", at: i - 6)
                    }
                    i += 2
                    let low = try hex4()
                    guard (0xDC00...0xDFFF).contains(low) else { throw fail("unpaired UTF-16 surrogate", at: i - 12) }
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                } else if (0xDC00...0xDFFF).contains(scalar) {
                    throw fail("unpaired UTF-16 surrogate \\u\(String(scalar, radix: 16, uppercase: true))", at: i - 6)
                }
                guard let unicode = Unicode.Scalar(scalar) else { throw fail("invalid \\u escape", at: i - 6) }
                out.append(contentsOf: Array(String(Character(unicode)).utf8))
            default:
                throw fail("invalid escape '\\\(Character(Unicode.Scalar(escape)))' in a string", at: i - 2)
            }
        }
        throw fail("unterminated string (opened at byte \(open))", at: open)
    }

    mutating func hex4() throws(Failure) -> UInt32 {
        guard i + 4 <= b.count else { throw fail("expected 4 hex digits after \\u") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let c = b[i]
            let digit: UInt32
            switch c {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(c - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(c - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(c - UInt8(ascii: "A") + 10)
            default: throw fail("expected 4 hex digits after \\u, found \(describe(i))")
            }
            value = value << 4 | digit
            i += 1
        }
        return value
    }

    mutating func number() throws(Failure) -> JSONNumber {
        let start = i
        _ = try skipNumber()
        return JSONNumber(literal: String(decoding: UnsafeBufferPointer(rebasing: b[start..<i]), as: UTF8.self))
    }

    /// Steps over a number's literal (RFC 8259's grammar, at a `-` or a digit); whether it is a plain integer (no
    /// fraction, no exponent).
    package mutating func skipNumber() throws(Failure) -> Bool {
        let start = i
        var integral = true
        if b[i] == UInt8(ascii: "-") { i += 1 }
        guard i < b.count, isDigit(b[i]) else { throw fail("expected a digit after '-', found \(describe(i))") }
        if b[i] == UInt8(ascii: "0") {
            i += 1
            if i < b.count && isDigit(b[i]) { throw fail("a number may not have a leading zero", at: start) }
        } else {
            while i < b.count && isDigit(b[i]) { i += 1 }
        }
        if i < b.count && b[i] == UInt8(ascii: ".") {
            integral = false
            i += 1
            guard i < b.count, isDigit(b[i]) else { throw fail("expected a digit after '.', found \(describe(i))") }
            while i < b.count && isDigit(b[i]) { i += 1 }
        }
        if i < b.count && (b[i] == UInt8(ascii: "e") || b[i] == UInt8(ascii: "E")) {
            integral = false
            i += 1
            if i < b.count && (b[i] == UInt8(ascii: "+") || b[i] == UInt8(ascii: "-")) { i += 1 }
            guard i < b.count, isDigit(b[i]) else { throw fail("expected a digit in the exponent, found \(describe(i))") }
            while i < b.count && isDigit(b[i]) { i += 1 }
        }
        return integral
    }

    @inline(__always)
    func isDigit(_ c: UInt8) -> Bool { c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9") }
}
