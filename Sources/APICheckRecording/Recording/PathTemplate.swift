/// A path template such as `/api/v2/todos/{id}`, split once into segments of literal text and named parameters.
///
/// The one matcher of paths to templates: the contract's operations, `infer`'s known templates and the replay's
/// routes all use it, so a path reads as the same operation everywhere (literal segments win over parameters).
///
/// A segment may hold literal text beside parameters, as vendors write them: Twilio's `/Accounts/{Sid}.json`,
/// `thumbnail.{extension}`, `{name}.{format}`. A parameter stands for one or more characters of one segment, the
/// fewest that let the rest of the segment match (as path-to-regexp and most routers read it). A `#fragment` in a
/// key (`/rpc#create`, written to tell two operations on one path apart) is no part of what a client sends: it is
/// left out of the matching.
package struct PathTemplate: Sendable {
    /// A piece of a segment: literal text or a parameter.
    package enum Piece: Sendable, Equatable {
        case literal(String)
        case parameter(String)
    }

    /// One segment between slashes: its pieces in order, never empty (two parameters may be adjacent, `{a}{b}`).
    package struct Segment: Sendable {
        package let pieces: [Piece]
        /// The literal text when the segment is nothing else, and the parameter's name when it is one parameter alone:
        /// worked out once, since every lookup of a path matches every template.
        package let literal: String?
        let parameter: String?

        init(pieces: [Piece]) {
            self.pieces = pieces
            switch pieces.count == 1 ? pieces[0] : nil {
            case .literal(let text)?: (literal, parameter) = (text, nil)
            case .parameter(let name)?: (literal, parameter) = (nil, name)
            case nil: (literal, parameter) = (nil, nil)
            }
        }
    }

    /// How closely a template fits a path: more whole literal segments first, then more literal characters in
    /// segments that also hold parameters (`{id}.json` is closer than `{id}` to `7.json`).
    package struct Specificity: Sendable, Hashable, Comparable {
        package let segments: Int
        package let characters: Int

        package static func < (lhs: Self, rhs: Self) -> Bool {
            (lhs.segments, lhs.characters) < (rhs.segments, rhs.characters)
        }
    }

    package let segments: [Segment]

    package init(_ template: String) {
        let path = template.utf8.firstIndex(of: UInt8(ascii: "#")).map { template[..<$0] } ?? Substring(template)
        segments = Self.slashSeparated(path).map { Segment(pieces: Self.pieces(of: $0)) }
    }

    /// `text` split at each `/`, empty pieces left out. A `/`, `{`, `}` or `#` is one byte of UTF-8 and never part of
    /// another character, so templates and paths are read byte by byte (character by character, reading a vendor's
    /// 500 path templates was a tenth of compiling its description).
    static func slashSeparated(_ text: Substring) -> [Substring] {
        let utf8 = text.utf8
        var pieces: [Substring] = []
        var start = utf8.startIndex
        var index = start
        while index < utf8.endIndex {
            if utf8[index] == UInt8(ascii: "/") {
                if start < index { pieces.append(text[start..<index]) }
                start = utf8.index(after: index)
            }
            index = utf8.index(after: index)
        }
        if start < utf8.endIndex { pieces.append(text[start...]) }
        return pieces
    }

    /// The parameters the template names, in order.
    package var parameterNames: [String] {
        segments.flatMap { segment in
            segment.pieces.compactMap { piece in
                if case .parameter(let name) = piece { return name }
                return nil
            }
        }
    }

    /// A segment's text read as pieces: `{name}` a parameter, anything else literal (a `{` never closed is literal).
    private static func pieces(of component: Substring) -> [Piece] {
        let utf8 = component.utf8
        var pieces: [Piece] = []
        var literal = ""
        var rest = utf8.startIndex
        while let open = utf8[rest...].firstIndex(of: UInt8(ascii: "{")) {
            guard let close = utf8[open...].firstIndex(of: UInt8(ascii: "}")) else { break }
            literal += component[rest..<open]
            if !literal.isEmpty { pieces.append(.literal(literal)) }
            literal = ""
            pieces.append(.parameter(String(component[utf8.index(after: open)..<close])))
            rest = utf8.index(after: close)
        }
        literal += component[rest...]
        if !literal.isEmpty || pieces.isEmpty { pieces.append(.literal(literal)) }
        return pieces
    }

    /// A path's segments, split as ``match(_:)`` wants them.
    package static func parts(of path: String) -> [String] {
        slashSeparated(path[...]).map(String.init)
    }

    /// The parameters' values (percent-decoded) and how closely the template fits, or nil when `parts` do not fit.
    package func match(_ parts: [String]) -> (parameters: [String: String], specificity: Specificity)? {
        guard parts.count == segments.count else { return nil }
        var parameters: [String: String] = [:]
        var literalSegments = 0
        var literalCharacters = 0
        for (segment, part) in zip(segments, parts) {
            if let text = segment.literal {
                guard text == part else { return nil }
                literalSegments += 1
            } else if let name = segment.parameter {
                parameters[name] = part.percentDecoded ?? part
            } else {
                var found: [String: String] = [:]
                guard Self.match(segment.pieces[...], part[...], into: &found) else { return nil }
                for (name, value) in found { parameters[name] = value.percentDecoded ?? value }
                for case .literal(let text) in segment.pieces { literalCharacters += text.count }
            }
        }
        return (parameters, Specificity(segments: literalSegments, characters: literalCharacters))
    }

    /// Whether `text` is `pieces`, each parameter taking the fewest characters (at least one) that let the rest match.
    private static func match(_ pieces: ArraySlice<Piece>, _ text: Substring, into found: inout [String: String]) -> Bool {
        guard let first = pieces.first else { return text.isEmpty }
        let rest = pieces.dropFirst()
        switch first {
        case .literal(let literal):
            guard text.hasPrefix(literal) else { return false }
            return match(rest, text.dropFirst(literal.count), into: &found)
        case .parameter(let name):
            guard !text.isEmpty else { return false }
            if rest.isEmpty {
                found[name] = String(text)
                return true
            }
            var end = text.index(after: text.startIndex)
            while true {
                if match(rest, text[end...], into: &found) {
                    found[name] = String(text[..<end])
                    return true
                }
                guard end < text.endIndex else { return false }
                end = text.index(after: end)
            }
        }
    }

    /// Of `templates`, the one `path` fits most closely (the first of equals), or nil.
    package static func best<T>(_ templates: [T], for path: String, template: (T) -> PathTemplate) -> (
        element: T, parameters: [String: String]
    )? {
        let parts = parts(of: path)
        var best: (element: T, parameters: [String: String], specificity: Specificity)?
        for element in templates {
            if let (parameters, specificity) = template(element).match(parts), best.map({ specificity > $0.specificity }) ?? true {
                best = (element, parameters, specificity)
            }
        }
        return best.map { ($0.element, $0.parameters) }
    }
}
