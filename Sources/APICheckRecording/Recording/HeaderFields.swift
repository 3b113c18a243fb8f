import Foundation

/// HTTP headers as a recording stores them: names as sent, sorted and compared case-insensitively.
///
/// A repeated header is one entry with its values joined by `, `, whatever HTTP client saw it.
public struct HeaderFields: Hashable, Sendable, Sequence {
    /// One header.
    public struct Field: Hashable, Sendable {
        /// The name, as the sender wrote it.
        public var name: String
        /// The value (repeated headers joined with `, `).
        public var value: String

        /// Creates a header field.
        public init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    /// The fields, sorted case-insensitively by name.
    public private(set) var fields: [Field] = []

    /// No headers.
    public init() {}

    /// Headers from name-value pairs in any order; repeated names (in any case) are joined with `, `.
    public init(_ pairs: [(String, String)]) {
        for (name, value) in pairs { add(name: name, value: value) }
    }

    /// Appends a value; a name already present (case-insensitively) gets `, value` added to it.
    public mutating func add(name: String, value: String) {
        if let index = fields.firstIndex(where: { Self.compare($0.name, name) == 0 }) {
            fields[index].value += ", " + value
            return
        }
        let field = Field(name: name, value: value)
        let index = fields.firstIndex { Self.compare($0.name, name) > 0 } ?? fields.endIndex
        fields.insert(field, at: index)
    }

    /// The value of `name`, compared case-insensitively; setting nil removes it.
    public subscript(name: String) -> String? {
        get {
            fields.first { Self.compare($0.name, name) == 0 }?.value
        }
        set {
            fields.removeAll { Self.compare($0.name, name) == 0 }
            if let newValue { add(name: name, value: newValue) }
        }
    }

    /// `a.lowercased()` compared with `b.lowercased()` (-1, 0 or 1), without making either when both are ASCII (a
    /// header name always is): the bytes, `A`-`Z` folded. Anything else is compared as `lowercased()` compares it
    /// (U+212A KELVIN SIGN lower-cases to `k`). Headers are looked up for every interaction verified or replayed.
    static func compare(_ a: String, _ b: String) -> Int {
        guard isASCII(a), isASCII(b) else { return slowCompare(a, b) }
        var left = a.utf8.makeIterator()
        var right = b.utf8.makeIterator()
        while true {
            switch (left.next(), right.next()) {
            case (nil, nil): return 0
            case (nil, _): return -1
            case (_, nil): return 1
            case (let x?, let y?):
                let (p, q) = (folded(x), folded(y))
                if p != q { return p < q ? -1 : 1 }
            }
        }
    }

    @inline(__always)
    private static func folded(_ byte: UInt8) -> UInt8 { byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte }

    private static func isASCII(_ text: String) -> Bool { text.utf8.allSatisfy { $0 < 0x80 } }

    private static func slowCompare(_ a: String, _ b: String) -> Int {
        let (x, y) = (a.lowercased(), b.lowercased())
        return x == y ? 0 : (x < y ? -1 : 1)
    }

    /// Removes every field whose name is in `names` (case-insensitively).
    public mutating func remove(_ names: Set<String>) {
        fields.removeAll { names.contains($0.name.lowercased()) }
    }

    /// Whether there are no headers.
    public var isEmpty: Bool { fields.isEmpty }

    /// Iterates the fields in order.
    public func makeIterator() -> IndexingIterator<[Field]> { fields.makeIterator() }

    /// Equal when they hold the same names (case-insensitively) with the same values.
    public static func == (lhs: HeaderFields, rhs: HeaderFields) -> Bool {
        lhs.fields.count == rhs.fields.count
            && zip(lhs.fields, rhs.fields).allSatisfy { compare($0.name, $1.name) == 0 && $0.value == $1.value }
    }

    /// Hashes the lower-cased names and values.
    public func hash(into hasher: inout Hasher) {
        for field in fields {
            hasher.combine(field.name.lowercased())
            hasher.combine(field.value)
        }
    }

    /// The media type of `Content-Type`, lower-cased, without parameters: `application/json`.
    public var mediaType: String? {
        self["Content-Type"].map { MediaType.essence(of: $0) }
    }
}

/// Small helpers for `Content-Type` values.
public enum MediaType {
    /// `application/json; charset=UTF-8` gives `application/json`.
    public static func essence(of contentType: String) -> String {
        // Header values are ASCII: trimmed and lower-cased byte by byte (this runs for every body checked).
        let bytes = contentType.utf8
        let end = bytes.firstIndex(of: UInt8(ascii: ";")) ?? bytes.endIndex
        let head = bytes[..<end]
        guard head.allSatisfy({ $0 < 0x80 }) else {
            return String(contentType[..<end]).trimmingCharacters(in: .whitespaces).lowercased()
        }
        let isBlank = { (byte: UInt8) in byte == 0x20 || byte == 0x09 }
        guard let first = head.firstIndex(where: { !isBlank($0) }), let last = head.lastIndex(where: { !isBlank($0) }) else { return "" }
        let trimmed = head[first...last]
        if trimmed.contains(where: { $0 >= 0x41 && $0 <= 0x5A }) {
            return String(decoding: trimmed.map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 0x20 : $0 }, as: UTF8.self)
        }
        return String(Substring(trimmed))
    }

    /// Whether the media type is JSON: `application/json` or any `+json` suffix.
    public static func isJSON(_ contentType: String) -> Bool {
        let essence = essence(of: contentType)
        return essence == "application/json" || essence.hasSuffix("+json")
    }

    /// The value of a parameter such as `boundary`, unquoted (RFC 9110, section 5.6.6: a token, or a quoted
    /// string in which a backslash escapes the next character). A `;` inside quotes belongs to the value
    /// (`filename="a;b.jpg"`); the first parameter of a name wins.
    /// Whether the media range `range` (a type, `image/*` or `*/*`; an essence) takes the media type `type` (an essence).
    package static func range(_ range: String, contains type: String) -> Bool {
        range == type || range == "*/*" || (range.hasSuffix("/*") && type.hasPrefix(range.dropLast()))
    }

    public static func parameter(_ name: String, in contentType: String) -> String? {
        let wanted = name.lowercased()
        return parameters(in: contentType).first { $0.name == wanted }?.value
    }

    /// Every parameter after the first `;`, names lower-cased, values unquoted.
    package static func parameters(in value: String) -> [(name: String, value: String)] {
        // Unicode scalars, not characters: a combining mark after a quote must not hide the quote.
        let characters = Array(value.unicodeScalars)
        var result: [(name: String, value: String)] = []
        guard var i = characters.firstIndex(of: ";") else { return result }
        while i < characters.count {
            // Past the `;` and any space before the name.
            while i < characters.count, characters[i] == ";" || characters[i] == " " || characters[i] == "\t" { i += 1 }
            var parameterName = String.UnicodeScalarView()
            while i < characters.count, characters[i] != "=", characters[i] != ";" {
                parameterName.append(characters[i])
                i += 1
            }
            guard i < characters.count, characters[i] == "=" else { continue }
            i += 1
            while i < characters.count, characters[i] == " " || characters[i] == "\t" { i += 1 }
            var parameterValue = String.UnicodeScalarView()
            if i < characters.count, characters[i] == "\"" {
                i += 1
                while i < characters.count, characters[i] != "\"" {
                    if characters[i] == "\\", i + 1 < characters.count { i += 1 }
                    parameterValue.append(characters[i])
                    i += 1
                }
                // Past the closing quote and anything up to the next `;`.
                while i < characters.count, characters[i] != ";" { i += 1 }
            } else {
                while i < characters.count, characters[i] != ";" {
                    parameterValue.append(characters[i])
                    i += 1
                }
                parameterValue = String(parameterValue).trimmingCharacters(in: .whitespaces).unicodeScalars
            }
            result.append((String(parameterName).trimmingCharacters(in: .whitespaces).lowercased(), String(parameterValue)))
        }
        return result
    }

    /// `value` as a quoted string for a header parameter: `"` and `\` escaped with a backslash, and CR and LF
    /// (which no header line may hold) written as `%0D` and `%0A`, as browsers write them in form-data names.
    public static func quoted(_ value: String) -> String {
        var result = "\""
        for character in value.unicodeScalars {
            switch character {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\r": result += "%0D"
            case "\n": result += "%0A"
            default: result.unicodeScalars.append(character)
            }
        }
        return result + "\""
    }

    /// The content type without one parameter (`multipart/form-data; boundary=x` without `boundary`).
    public static func removingParameter(_ name: String, from contentType: String) -> String {
        let parts = contentType.split(separator: ";", omittingEmptySubsequences: false)
        let kept = parts.enumerated().filter { index, part in
            index == 0
                || part.split(separator: "=", maxSplits: 1).first?.trimmingCharacters(in: .whitespaces).lowercased() != name.lowercased()
        }
        // The other bytes stay as sent (`application/json;charset=UTF-8` keeps its missing space).
        guard kept.count < parts.count else { return contentType }
        return kept.map { String($0.element) }.joined(separator: ";").trimmingCharacters(in: .whitespaces)
    }
}
