/// Text as Kakao sends it in `title` and `contents`: HTML in which the words that match the query are
/// wrapped in `<b>...</b>`, and `&`, `<`, `>`, quotes and other characters are written as entities.
///
/// ``plain`` is the text to show (tags gone, entities decoded); ``segments`` keep which parts were
/// highlighted, for bold runs in a view. The JSON escapes `\u003c` and `\u0026` on the wire are the
/// JSON decoder's business: this type sees `<b>` and `&quot;`.
///
/// ```swift
/// let title = HighlightedText(html: "&quot;<b>Swift</b>&quot; &amp; 스위프트")
/// title.plain          // "\"Swift\" & 스위프트"
/// title.highlighted    // ["Swift"]
/// ```
public struct HighlightedText: Sendable, Hashable, Decodable, CustomStringConvertible {
    /// A run of text, highlighted or not, with its entities decoded.
    public struct Segment: Sendable, Hashable {
        /// The text, tags removed and entities decoded.
        public let text: String
        /// Whether it was inside `<b>...</b>`.
        public let isHighlighted: Bool
    }

    /// The text as sent.
    public let html: String
    /// The runs of the text in order; adjacent runs differ in ``Segment/isHighlighted``.
    public let segments: [Segment]

    /// Reads Kakao's HTML.
    public init(html: String) {
        self.html = html
        segments = Self.parse(html)
    }

    public init(from decoder: any Decoder) throws {
        self.init(html: try decoder.singleValueContainer().decode(String.self))
    }

    /// The text to show: tags removed, entities decoded.
    public var plain: String { segments.map(\.text).joined() }

    /// The highlighted words, in order.
    public var highlighted: [String] { segments.filter(\.isHighlighted).map(\.text) }

    /// ``plain``.
    public var description: String { plain }

    /// `html` with its tags removed and its entities decoded: the helper for text that is not in a model.
    public static func plainText(fromHTML html: String) -> String {
        HighlightedText(html: html).plain
    }

    // MARK: Reading

    private static func parse(_ html: String) -> [Segment] {
        var segments: [Segment] = []
        var bold = 0
        var pending = ""
        func flush() {
            guard !pending.isEmpty else { return }
            let text = HTMLEntities.decode(pending)
            let highlighted = bold > 0
            if let last = segments.last, last.isHighlighted == highlighted {
                segments[segments.count - 1] = Segment(text: last.text + text, isHighlighted: highlighted)
            } else {
                segments.append(Segment(text: text, isHighlighted: highlighted))
            }
            pending = ""
        }
        var index = html.startIndex
        while index < html.endIndex {
            let character = html[index]
            if character == "<", let end = tagEnd(in: html, from: index) {
                let name = tagName(html[html.index(after: index)..<html.index(before: end)])
                flush()
                if name == "b" { bold += 1 } else if name == "/b" { bold = max(0, bold - 1) }
                index = end
                continue
            }
            pending.append(character)
            index = html.index(after: index)
        }
        flush()
        return segments
    }

    /// Where a tag that starts at `start` ends (after its `>`), or nil when `<` does not start a tag
    /// (`a < b` written without an entity).
    private static func tagEnd(in html: String, from start: String.Index) -> String.Index? {
        let next = html.index(after: start)
        guard next < html.endIndex, html[next].isLetter || html[next] == "/" else { return nil }
        guard let close = html[next...].firstIndex(of: ">") else { return nil }
        return html.index(after: close)
    }

    /// `b`, `/b`, `br`: the tag's name, lower-cased, without attributes.
    private static func tagName(_ inside: Substring) -> String {
        let closing = inside.first == "/"
        let name = (closing ? inside.dropFirst() : inside).prefix { $0.isLetter || $0.isNumber }.lowercased()
        return closing ? "/" + name : name
    }
}

/// Decodes HTML character references: named ones (`&amp;`, `&quot;`, `&nbsp;`, ...) and numeric ones
/// (`&#39;`, `&#x27;`). A reference it does not know is left as written.
public enum HTMLEntities {
    static let named: [String: String] = [
        "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": "\u{00A0}", "copy": "©", "reg": "®",
        "trade": "™", "middot": "·", "hellip": "…", "ndash": "–", "mdash": "—", "lsquo": "‘", "rsquo": "’",
        "ldquo": "“", "rdquo": "”", "laquo": "«", "raquo": "»", "bull": "•", "deg": "°", "times": "×", "divide": "÷",
        "euro": "€", "yen": "¥", "pound": "£", "cent": "¢", "sect": "§", "para": "¶", "plusmn": "±", "larr": "←",
        "rarr": "→", "uarr": "↑", "darr": "↓", "hearts": "♥", "star": "☆",
    ]

    /// `text` with every character reference it knows replaced by its character.
    public static func decode(_ text: String) -> String {
        guard text.contains("&") else { return text }
        var result = ""
        var index = text.startIndex
        while index < text.endIndex {
            guard text[index] == "&", let semicolon = text[index...].prefix(12).firstIndex(of: ";") else {
                result.append(text[index])
                index = text.index(after: index)
                continue
            }
            let name = text[text.index(after: index)..<semicolon]
            if let character = character(for: name) {
                result += character
                index = text.index(after: semicolon)
            } else {
                result.append("&")
                index = text.index(after: index)
            }
        }
        return result
    }

    private static func character(for name: Substring) -> String? {
        if name.hasPrefix("#") {
            let digits = name.dropFirst()
            let value: UInt32?
            if digits.first == "x" || digits.first == "X" {
                value = UInt32(digits.dropFirst(), radix: 16)
            } else {
                value = UInt32(digits, radix: 10)
            }
            guard let value, value != 0, let scalar = Unicode.Scalar(value) else { return nil }
            return String(Character(scalar))
        }
        return named[String(name)]
    }
}
