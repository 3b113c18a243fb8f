/// Writes ``JSONValue``s as text with a stable layout, so that a re-record is a readable diff.
///
/// Pretty output indents by two spaces, writes `"key": value`, keeps arrays of scalars on one
/// line (`["title", "Buy milk"]`), and ends with a newline. Strings escape only `"`, `\` and
/// control characters: Korean and emoji are written as they are. Numbers are written as their
/// literals, so reading what was written gives back the same value.
public enum JSONWriter {
    /// Pretty-printed text, ending with `lineEnds` newlines (a report ends in a blank line: adding it to the text
    /// after would copy the whole text again).
    public static func pretty(_ value: JSONValue, lineEnds: Int = 1) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(1024)
        writePretty(value, indent: 0, into: &out)
        out.append(contentsOf: repeatElement(0x0A, count: lineEnds))
        return String(decoding: out, as: UTF8.self)
    }

    /// Compact text, with no whitespace.
    public static func compact(_ value: JSONValue) -> String {
        var out: [UInt8] = []
        writeCompact(value, into: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Compact UTF-8 bytes, with no whitespace.
    public static func compactBytes(_ value: JSONValue) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(256)
        writeCompact(value, into: &out)
        return out
    }

    static func writeCompact(_ value: JSONValue, into out: inout [UInt8]) {
        switch value {
        case .array(let items):
            out.append(UInt8(ascii: "["))
            for (index, item) in items.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                writeCompact(item, into: &out)
            }
            out.append(UInt8(ascii: "]"))
        case .object(let object):
            out.append(UInt8(ascii: "{"))
            for (index, member) in object.members.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                writeString(member.key, into: &out)
                out.append(UInt8(ascii: ":"))
                writeCompact(member.value, into: &out)
            }
            out.append(UInt8(ascii: "}"))
        default:
            writeScalar(value, into: &out)
        }
    }

    /// Each byte is appended on its own: an array literal of two (`[",", "\n"]`) is an allocation, once per member of
    /// a report of tens of thousands of changes.
    static func writePretty(_ value: JSONValue, indent: Int, into out: inout [UInt8]) {
        switch value {
        case .array(let items) where items.isEmpty:
            out.append(UInt8(ascii: "["))
            out.append(UInt8(ascii: "]"))
        case .array(let items) where items.allSatisfy(\.isScalar):
            out.append(UInt8(ascii: "["))
            for (index, item) in items.enumerated() {
                if index > 0 {
                    out.append(UInt8(ascii: ","))
                    out.append(0x20)
                }
                writeScalar(item, into: &out)
            }
            out.append(UInt8(ascii: "]"))
        case .array(let items):
            out.append(UInt8(ascii: "["))
            for (index, item) in items.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                out.append(0x0A)
                newlineIndent(indent + 1, into: &out)
                writePretty(item, indent: indent + 1, into: &out)
            }
            out.append(0x0A)
            newlineIndent(indent, into: &out)
            out.append(UInt8(ascii: "]"))
        case .object(let object) where object.isEmpty:
            out.append(UInt8(ascii: "{"))
            out.append(UInt8(ascii: "}"))
        case .object(let object):
            out.append(UInt8(ascii: "{"))
            for (index, member) in object.members.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                out.append(0x0A)
                newlineIndent(indent + 1, into: &out)
                writeString(member.key, into: &out)
                out.append(UInt8(ascii: ":"))
                out.append(0x20)
                writePretty(member.value, indent: indent + 1, into: &out)
            }
            out.append(0x0A)
            newlineIndent(indent, into: &out)
            out.append(UInt8(ascii: "}"))
        default:
            writeScalar(value, into: &out)
        }
    }

    /// Two spaces a level, appended at once (a report of tens of thousands of changes is half indentation).
    @inline(__always)
    static func newlineIndent(_ level: Int, into out: inout [UInt8]) {
        var count = level * 2
        while count > 0 {
            let run = min(count, spaces.count)
            spaces.withUnsafeBufferPointer { out.append(contentsOf: $0[0..<run]) }
            count -= run
        }
    }

    private static let spaces = [UInt8](repeating: 0x20, count: 64)

    static func writeScalar(_ value: JSONValue, into out: inout [UInt8]) {
        switch value {
        case .null: out.append(contentsOf: "null".utf8)
        case .bool(let flag): out.append(contentsOf: (flag ? "true" : "false").utf8)
        case .number(let number): out.append(contentsOf: number.literal.utf8)
        case .string(let string): writeString(string, into: &out)
        case .array, .object: writeCompact(value, into: &out)
        }
    }

    /// Whether a string's byte is written escaped: a control character, `"` or `\`.
    @inline(__always)
    static func isEscaped(_ byte: UInt8) -> Bool { byte < 0x20 || byte == 0x22 || byte == 0x5C || byte == 0x7F }

    /// Whether a byte of `word` (eight bytes of a string) is written escaped, as ``isEscaped(_:)`` says of each: a byte
    /// below 0x20 (its high bit clear, and 0x20 subtracted from it borrows), or one equal to `"`, `\` or 0x7F (zero
    /// once that byte is subtracted). Exact for the word: a borrow runs only from a byte that is escaped.
    @inline(__always)
    static func hasEscaped(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        @inline(__always) func below(_ value: UInt64, _ limit: UInt64) -> UInt64 { (value &- ones &* limit) & ~value & highs }
        return (below(word, 0x20) | below(word ^ (ones &* 0x22), 1) | below(word ^ (ones &* 0x5C), 1) | below(word ^ (ones &* 0x7F), 1))
            != 0
    }

    /// Whether any byte of `bytes` is written escaped, read eight bytes at a time (a byte at a time, the scan was a fifth
    /// of writing a report of tens of thousands of changes).
    static func hasEscaped(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return false }
        let raw = UnsafeRawPointer(base)
        var index = 0
        while index + 8 <= bytes.count {
            if hasEscaped(raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)) { return true }
            index += 8
        }
        while index < bytes.count {
            if isEscaped(bytes[index]) { return true }
            index += 1
        }
        return false
    }

    static func writeString(_ string: String, into out: inout [UInt8]) {
        // Fast path: nothing to escape, so the bytes go out as they are, scanned and copied from the string's own
        // storage (a generic scan of its UTF-8 view was a fifth of writing a large report).
        let plain: Bool? = string.utf8.withContiguousStorageIfAvailable { bytes in
            if hasEscaped(bytes) { return false }
            out.append(UInt8(ascii: "\""))
            out.append(contentsOf: bytes)
            out.append(UInt8(ascii: "\""))
            return true
        }
        if plain == true { return }
        if plain == nil, !string.utf8.contains(where: isEscaped) {
            out.append(UInt8(ascii: "\""))
            out.append(contentsOf: string.utf8)
            out.append(UInt8(ascii: "\""))
            return
        }
        let hex = Array("0123456789abcdef".utf8)
        out.append(UInt8(ascii: "\""))
        for byte in string.utf8 {
            switch byte {
            case UInt8(ascii: "\""): out.append(contentsOf: [0x5C, 0x22])
            case UInt8(ascii: "\\"): out.append(contentsOf: [0x5C, 0x5C])
            case 0x0A: out.append(contentsOf: [0x5C, UInt8(ascii: "n")])
            case 0x0D: out.append(contentsOf: [0x5C, UInt8(ascii: "r")])
            case 0x09: out.append(contentsOf: [0x5C, UInt8(ascii: "t")])
            case 0x08: out.append(contentsOf: [0x5C, UInt8(ascii: "b")])
            case 0x0C: out.append(contentsOf: [0x5C, UInt8(ascii: "f")])
            case 0..<0x20, 0x7F:
                out.append(contentsOf: [0x5C, UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0")])
                out.append(hex[Int(byte >> 4)])
                out.append(hex[Int(byte & 0x0F)])
            default: out.append(byte)
            }
        }
        out.append(UInt8(ascii: "\""))
    }
}

extension JSONValue {
    /// Whether this is neither an array nor an object.
    public var isScalar: Bool {
        switch self {
        case .array, .object: return false
        default: return true
        }
    }
}
