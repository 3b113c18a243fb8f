import Foundation

/// An RFC 6901 JSON pointer, such as `/data/3/created_at`; `~` and `/` in keys are escaped as `~0` and `~1`.
///
/// Kept as its last token and the pointer before it, which it shares with every pointer made from the same one: a
/// token appended is one small object, where a list of tokens copied and retained every token, and released each
/// again when the pointer went (compiling a vendor's description appends tens of thousands of tokens).
public struct JSONPointer: Hashable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral, Comparable {
    /// The last token, and the pointer before it; nil for the root.
    private let last: Link?

    /// `@unchecked Sendable`: ``parent`` is set once, and let go of only by `deinit`, when nothing else holds the link.
    private final class Link: @unchecked Sendable {
        private(set) var parent: Link?
        let token: String
        /// How many tokens the pointer that ends here has.
        let count: Int

        init(parent: Link?, token: String) {
            self.parent = parent
            self.token = token
            count = (parent?.count ?? 0) + 1
        }

        deinit {
            // The links above that only this one held are let go of one after another, not each inside the last's
            // release: a pointer thousands of tokens deep would release its chain thousands of frames deep.
            var next = parent.take()
            while var link = next.take() {
                guard isKnownUniquelyReferenced(&link) else { break }
                next = link.parent.take()
            }
        }
    }

    private init(last: Link?) {
        self.last = last
    }

    /// The unescaped reference tokens: `["data", "3", "created_at"]`.
    public var tokens: [String] {
        guard let last else { return [] }
        var tokens = [String](repeating: "", count: last.count)
        var link: Link? = last
        while let current = link {
            tokens[current.count - 1] = current.token
            link = current.parent
        }
        return tokens
    }

    /// The whole document.
    public static let root = JSONPointer(last: nil)

    /// A pointer from unescaped tokens.
    public init(tokens: [String]) {
        var last: Link?
        for token in tokens { last = Link(parent: last, token: token) }
        self.last = last
    }

    /// Parses `/a/b~1c`; text that does not start with `/` is taken as a single token path for convenience.
    ///
    /// Split at each `/` byte, not character by character (a `/` is never part of another character's UTF-8): every
    /// `$ref` of a vendor's description is read this way.
    public init(_ text: String) {
        guard !text.isEmpty else {
            self.init(last: nil)
            return
        }
        let utf8 = text.utf8
        var start = utf8.first == UInt8(ascii: "/") ? utf8.index(after: utf8.startIndex) : utf8.startIndex
        let escaped = utf8[start...].contains(UInt8(ascii: "~"))
        var last: Link?
        func append(_ token: Substring) {
            last = Link(
                parent: last,
                token: escaped ? token.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~") : String(token))
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
        self.init(last: last)
    }

    /// Parses a string literal pointer.
    public init(stringLiteral value: String) { self.init(value) }

    /// This pointer with one more token.
    public func appending(_ token: String) -> JSONPointer {
        JSONPointer(last: Link(parent: last, token: token))
    }

    /// Whether this pointer is `prefix` or lies below it (`/a/b` lies below `/a`; `/ab` does not).
    public func hasPrefix(_ prefix: JSONPointer) -> Bool {
        guard prefix.tokenCount <= tokenCount else { return false }
        var link = last
        while let current = link, current.count > prefix.tokenCount { link = current.parent }
        return Self.same(link, prefix.last)
    }

    /// How many tokens the pointer has (0 for the root).
    public var tokenCount: Int { last?.count ?? 0 }

    /// The last token; nil for the root.
    public var lastToken: String? { last?.token }

    /// Whether this is the root (no token).
    public var isRoot: Bool { last == nil }

    /// This pointer with an array index appended.
    public func appending(_ index: Int) -> JSONPointer { appending(String(index)) }

    /// The pointer without its last token (the root stays the root).
    public var parent: JSONPointer { JSONPointer(last: last?.parent) }

    /// Whether two chains of tokens of the same length hold the same tokens (they meet where one was made from the
    /// other's pointer: there the rest is the same).
    private static func same(_ a: Link?, _ b: Link?) -> Bool {
        var a = a
        var b = b
        while let left = a, let right = b {
            if left === right { return true }
            guard left.token == right.token else { return false }
            a = left.parent
            b = right.parent
        }
        return a == nil && b == nil
    }

    public static func == (lhs: JSONPointer, rhs: JSONPointer) -> Bool {
        lhs.tokenCount == rhs.tokenCount && same(lhs.last, rhs.last)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(tokenCount)
        var link = last
        while let current = link {
            hasher.combine(current.token)
            link = current.parent
        }
    }

    /// `/data/3/created_at`, or the empty string for the root.
    ///
    /// Written at once into a string of its final size where no token needs escaping (nearly always): appending a
    /// token at a time grew the string again and again, and a vendor's description asks for tens of thousands.
    public var description: String {
        var size = 0
        var link = last
        while let current = link {
            guard !Self.needsEscape(current.token) else { return tokens.reduce(into: "") { $0 += "/" + Self.escape($1) } }
            size += 1 + current.token.utf8.count
            link = current.parent
        }
        guard size > 0 else { return "" }
        // Filled from its end, as the tokens are met from the last.
        return String(unsafeUninitializedCapacity: size) { buffer in
            var end = size
            var link = last
            while let current = link {
                let start = end - current.token.utf8.count
                _ = Self.copyUTF8(of: current.token, into: buffer, at: start)
                buffer[start - 1] = UInt8(ascii: "/")
                end = start - 1
                link = current.parent
            }
            return size
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
        // From the token's storage where it has one (a loop over a string's UTF-8 view asks for each byte in turn).
        let escaped = { (byte: UInt8) in byte == UInt8(ascii: "~") || byte == UInt8(ascii: "/") }
        return token.utf8.withContiguousStorageIfAvailable { $0.contains(where: escaped) } ?? token.utf8.contains(where: escaped)
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
