import Foundation

/// An RFC 6901 JSON pointer, such as `/data/3/created_at`; `~` and `/` in keys are escaped as `~0` and `~1`.
public struct JSONPointer: Hashable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral, Comparable {
    /// The unescaped reference tokens: `["data", "3", "created_at"]`.
    public var tokens: [String]

    /// The whole document.
    public static let root = JSONPointer(tokens: [])

    /// A pointer from unescaped tokens.
    public init(tokens: [String]) {
        self.tokens = tokens
    }

    /// Parses `/a/b~1c`; text that does not start with `/` is taken as a single token path for convenience.
    ///
    /// Split at each `/` byte, not character by character (a `/` is never part of another character's UTF-8): every
    /// `$ref` of a vendor's description is read this way.
    public init(_ text: String) {
        guard !text.isEmpty else {
            tokens = []
            return
        }
        let utf8 = text.utf8
        var start = utf8.first == UInt8(ascii: "/") ? utf8.index(after: utf8.startIndex) : utf8.startIndex
        let escaped = utf8[start...].contains(UInt8(ascii: "~"))
        var tokens: [String] = []
        func append(_ token: Substring) {
            tokens.append(
                escaped ? token.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~") : String(token))
        }
        var index = start
        while index < utf8.endIndex {
            if utf8[index] == UInt8(ascii: "/") {
                append(text[start..<index])
                start = utf8.index(after: index)
            }
            index = utf8.index(after: index)
        }
        append(text[start...])
        self.tokens = tokens
    }

    /// Parses a string literal pointer.
    public init(stringLiteral value: String) { self.init(value) }

    /// This pointer with one more token (one allocation: `tokens + [token]` made two, and compiling or comparing a
    /// vendor's description appends a token for each of its tens of thousands of schemas).
    public func appending(_ token: String) -> JSONPointer {
        var longer: [String] = []
        longer.reserveCapacity(tokens.count + 1)
        longer.append(contentsOf: tokens)
        longer.append(token)
        return JSONPointer(tokens: longer)
    }

    /// Whether this pointer is `prefix` or lies below it (`/a/b` lies below `/a`; `/ab` does not).
    public func hasPrefix(_ prefix: JSONPointer) -> Bool { tokens.starts(with: prefix.tokens) }

    /// How many tokens the pointer has (0 for the root).
    public var tokenCount: Int { tokens.count }

    /// The last token; nil for the root.
    public var lastToken: String? { tokens.last }

    /// Whether this is the root (no token).
    public var isRoot: Bool { tokens.isEmpty }

    /// This pointer with an array index appended.
    public func appending(_ index: Int) -> JSONPointer { appending(String(index)) }

    /// The pointer without its last token (the root stays the root).
    public var parent: JSONPointer { JSONPointer(tokens: Array(tokens.dropLast())) }

    /// `/data/3/created_at`, or the empty string for the root.
    ///
    /// Written at once into a string of its final size where no token needs escaping (nearly always): appending a
    /// token at a time grew the string again and again, and a vendor's description asks for tens of thousands.
    public var description: String {
        var size = 0
        for token in tokens {
            guard !Self.needsEscape(token) else { return tokens.reduce(into: "") { $0 += "/" + Self.escape($1) } }
            size += 1 + token.utf8.count
        }
        guard size > 0 else { return "" }
        return String(unsafeUninitializedCapacity: size) { buffer in
            var at = 0
            for token in tokens {
                buffer[at] = UInt8(ascii: "/")
                at += 1
                at = Self.copyUTF8(of: token, into: buffer, at: at)
            }
            return at
        }
    }

    /// Copies `token`'s UTF-8 into `buffer` from `at`; the index after it.
    private static func copyUTF8(of token: String, into buffer: UnsafeMutableBufferPointer<UInt8>, at: Int) -> Int {
        let copied: Int? = token.utf8.withContiguousStorageIfAvailable { bytes in
            guard let source = bytes.baseAddress, let target = buffer.baseAddress else { return at }
            (target + at).update(from: source, count: bytes.count)
            return at + bytes.count
        }
        if let copied { return copied }
        var at = at
        for byte in token.utf8 {
            buffer[at] = byte
            at += 1
        }
        return at
    }

    /// Whether a token holds `~` or `/`, which a pointer escapes.
    private static func needsEscape(_ token: String) -> Bool {
        token.utf8.contains { $0 == UInt8(ascii: "~") || $0 == UInt8(ascii: "/") }
    }

    /// A token as a pointer writes it: `~` as `~0`, `/` as `~1`.
    ///
    /// A token with neither is returned as it is, without Foundation's `replacingOccurrences` (which bridges through
    /// `NSString`): compiling a vendor's description writes a pointer for each of its tens of thousands of schemas,
    /// and the two searches were a fifth of the time.
    public static func escape(_ token: String) -> String {
        guard needsEscape(token) else { return token }
        var escaped = ""
        for character in token.unicodeScalars {
            switch character {
            case "~": escaped += "~0"
            case "/": escaped += "~1"
            default: escaped.unicodeScalars.append(character)
            }
        }
        return escaped
    }

    public static func < (lhs: JSONPointer, rhs: JSONPointer) -> Bool { lhs.description < rhs.description }

    /// The array index a token denotes: digits without a leading zero (RFC 6901), or nil.
    package static func arrayIndex(_ token: String) -> Int? {
        guard let first = token.utf8.first, token.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }) else { return nil }
        if first == 48 && token.utf8.count > 1 { return nil }
        return Int(token)
    }
}
