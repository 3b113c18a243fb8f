import Foundation
import Locking

/// How a JSON Schema `pattern` is matched: ECMA-262's meaning (what JSON Schema says), by ICU, with a fast path for
/// the patterns contracts mostly have.
///
/// Two things differ from handing the source to `NSRegularExpression` as it is:
/// - **`$` is the end of the text.** In ECMA-262 (no `m` flag) `$` matches only at the end; in ICU it also matches
///   before a line terminator that ends the text, so `^[0-9a-f]{24}$` would accept an id followed by `"\n"`. Each `$`
///   outside a character class is compiled as ICU's `\z`.
/// - **Simple patterns skip ICU** (`ClassMatch`: one class alone, `\S`; or literals, `.` and classes with counts
///   anchored by `^`, `^[0-9a-f]{24}$`, `^(https?://.*)?$`): the text's UTF-8 is walked against a bitmap per class.
///   Each bitmap is ICU's own answer: at compile time the class, repeated (`(?:CLASS)+`), is matched once against a
///   string of every code point of the Basic Multilingual Plane, and each match is a run of members. A code point
///   above the plane (an emoji) that the answer depends on goes to ICU, so the answer is always ICU's.
///   `PatternProgramTests` compares both on random texts and on every BMP code point.
///
/// On LSLP's feed (ids are `^[0-9a-f]{24}$`, texts `\S`) `NSRegularExpression.firstMatch` was a quarter of
/// `apicheck verify`'s time; the fast path is a loop over bytes.
package struct PatternProgram: Sendable {
    private let icu: ICUProgram
    private let fast: ClassMatch?

    /// Compiles `source` (ECMA-262 syntax); throws when ICU refuses it. The empty pattern is valid ECMA-262 and
    /// matches every text; ICU refuses an empty source, so it is given the empty group instead.
    ///
    /// A pattern the fast path takes is given to ICU only when a text needs it (a code point above the BMP): its
    /// forms are ICU's syntax too (`PatternProgramTests` compiles each with ICU), and compiling a vendor's 150 URL
    /// patterns (`^/v1/customers`) with ICU was a twentieth of compiling its description.
    package init(_ source: String) throws {
        icu = ICUProgram(source.isEmpty ? "(?:)" : Self.endAnchored(source))
        fast = ClassMatch(source)
        if fast == nil { _ = try icu.regex() }
    }

    /// Whether the pattern is matched without ICU when the text stays in the BMP (for tests).
    var hasFastPath: Bool { fast != nil }

    /// Whether the class `atom`'s members are read from its text rather than matched by ICU (for tests).
    static func readsClassDirectly(_ atom: String) -> Bool { ClassBitmap.ascii(atom) != nil }

    package func matches(_ text: String) -> Bool {
        if let fast, let answer = fast.matches(text) { return answer }
        guard let regex = try? icu.regex() else {
            // Only a pattern the fast path took is compiled here, and those forms are ICU's: never reached.
            assertionFailure("ICU refused a pattern of the fast path's forms")
            return false
        }
        return regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
    }

    /// ICU's program for a source, compiled when first asked for and kept.
    private final class ICUProgram: Sendable {
        private let source: String
        private let compiled = Locked<NSRegularExpression?>(nil)

        init(_ source: String) {
            self.source = source
        }

        func regex() throws -> NSRegularExpression {
            if let made = compiled.withLock({ $0 }) { return made }
            let made = try NSRegularExpression(pattern: source)
            return compiled.withLock { kept in
                if let kept { return kept }
                kept = made
                return made
            }
        }
    }

    /// The answer for the text whose (valid) UTF-8 is `bytes` when it needs no ICU; nil when ``matches(_:)`` must
    /// be asked with a `String`.
    func matches(utf8 bytes: UnsafeBufferPointer<UInt8>) -> Bool? {
        fast?.match(bytes)
    }

    /// `source` with each `$` outside a class written `\z` (the end of the text only). A source with `\Q` (quoted
    /// literal text, where `$` is a character) is left as it is.
    static func endAnchored(_ source: String) -> String {
        guard source.contains("$"), !source.contains("\\Q") else { return source }
        var result = ""
        var depth = 0
        var escaped = false
        for character in source {
            if escaped {
                escaped = false
                result.append(character)
                continue
            }
            switch character {
            case "\\": escaped = true
            case "[": depth += 1
            case "]" where depth > 0: depth -= 1
            case "$" where depth == 0:
                result += "\\z"
                continue
            default: break
            }
            result.append(character)
        }
        return result
    }
}

/// The patterns matched without ICU (while the text stays in the BMP):
/// - one class, unanchored (`\S`): some code point of the text is in it;
/// - anchored at the start: `^` and a sequence of atoms (a literal character, `.`, a class), each with a count
///   (`?`, `*`, `+`, `{n}`, `{n,}`, `{n,m}`), then `$` or nothing (a prefix: `^https?://`); or the same with
///   alternatives in one group, `^(SEQ|SEQ)$` or `^(?:SEQ|SEQ)$`, optionally `?` after the group (`^(https?://.*)?$`),
///   and optionally after a sequence (`^[1-5](?:[0-9]{2}|XX)$`, OpenAPI's response keys).
///
/// A sequence is matched greedily, without backtracking, so it is taken only where greedy is exact: an atom whose
/// count varies shares no member with what may come right after it (the next atoms up to one that must occur, or
/// the end). `^[a-z]*a$` is left to ICU.
private struct ClassMatch: Sendable {
    struct Atom: Sendable {
        let members: ClassBitmap
        let least: Int
        let most: Int
    }

    enum Shape: Sendable {
        case anywhere(ClassBitmap)
        /// Sequences tried in order; `wholeText`: each must end where the text ends (`$`).
        case anchored([[Atom]], optional: Bool, wholeText: Bool)
    }

    let shape: Shape

    init?(_ source: String) {
        if !source.hasPrefix("^") {
            var rest = Substring(source)
            guard let atom = Self.classAtom(&rest), rest.isEmpty, let members = ClassBitmap.derived(atom) else { return nil }
            shape = .anywhere(members)
            return
        }
        var rest = Substring(source).dropFirst()
        let wholeText = rest.hasSuffix("$") && !rest.hasSuffix("\\$")
        if wholeText { rest = rest.dropLast() }
        var optional = false
        var alternatives: [Substring] = [rest]
        if let open = rest.firstIndex(of: "(") {
            // One group, last: `^(A|B)$`, `^(?:A|B)?$`, or after a sequence, `^P(?:A|B)$` (read as `^(?:PA|PB)$`).
            let prefix = rest[..<open]
            var group = rest[open...]
            var optionalGroup = false
            if group.hasSuffix(")?") {
                optionalGroup = true
                group = group.dropLast(2)
            } else if group.hasSuffix(")") {
                group = group.dropLast()
            } else {
                return nil
            }
            group = group.dropFirst()
            if group.hasPrefix("?:") { group = group.dropFirst(2) }
            // The `(` must open a group: not escaped, not inside a class.
            guard !group.contains("(") && !group.contains(")"), !prefix.contains(")"), prefix.last != "\\",
                (prefix.lastIndex(of: "[").map { opened in prefix[opened...].contains("]") } ?? true),
                let split = Self.alternatives(group)
            else { return nil }
            if prefix.isEmpty {
                optional = optionalGroup
                alternatives = split
            } else {
                // Not `^P(A|B)?$`: that is how versions are written (`^3\.1\.\d+(-.+)?$`), matched once a document, and
                // the classes such a pattern needs from ICU (`\d`, matched against the whole plane) cost a thousand
                // matches.
                guard !optionalGroup else { return nil }
                alternatives = split.map { Substring(prefix + $0) }
            }
        }
        // Every alternative read before any class is derived: a pattern that leaves the fast path further on costs
        // no bitmap.
        var written: [[(atom: WrittenAtom, count: ClosedRange<Int>)]] = []
        for alternative in alternatives {
            guard let sequence = Self.sequence(alternative) else { return nil }
            written.append(sequence)
        }
        var sequences: [[Atom]] = []
        for sequence in written {
            var atoms: [Atom] = []
            for (atom, count) in sequence {
                guard let members = atom.members else { return nil }
                atoms.append(Atom(members: members, least: count.lowerBound, most: count.upperBound))
            }
            guard Self.greedyIsExact(atoms, wholeText: wholeText) else { return nil }
            sequences.append(atoms)
        }
        shape = .anchored(sequences, optional: optional, wholeText: wholeText)
    }

    /// The answer, or nil when ICU has to give it (a code point above the BMP that the answer depends on). Reads
    /// the text's UTF-8 directly (a `String` is valid UTF-8, so the decoding needs no checks).
    func matches(_ text: String) -> Bool? {
        var text = text
        return text.withUTF8 { match($0) }
    }

    func match(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool? {
        switch shape {
        case .anywhere(let members):
            var index = 0
            var above = false
            while index < bytes.count {
                guard let (value, length) = Self.scalar(bytes, at: index) else {
                    above = true
                    index += 4
                    continue
                }
                if members.contains(value) { return true }
                index += length
            }
            return above ? nil : false
        case .anchored(let sequences, let optional, let wholeText):
            if optional && (!wholeText || bytes.isEmpty) { return true }  // `^(X)?` matches the empty start
            var unknown = false
            for sequence in sequences {
                switch Self.matches(sequence, bytes, wholeText: wholeText) {
                case true?: return true
                case nil: unknown = true
                case false?: break
                }
            }
            return unknown ? nil : false
        }
    }

    /// The BMP scalar that starts at `index` and its length in bytes; nil for one above the BMP.
    @inline(__always)
    private static func scalar(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> (UInt32, Int)? {
        let lead = bytes[index]
        if lead < 0x80 { return (UInt32(lead), 1) }
        if lead < 0xE0 { return ((UInt32(lead & 0x1F) << 6) | UInt32(bytes[index + 1] & 0x3F), 2) }
        if lead < 0xF0 {
            return ((UInt32(lead & 0x0F) << 12) | (UInt32(bytes[index + 1] & 0x3F) << 6) | UInt32(bytes[index + 2] & 0x3F), 3)
        }
        return nil
    }

    /// Greedy: each atom takes as many code points as it may, up to its most; nil when it meets one above the BMP
    /// (what it decided before that does not depend on it).
    private static func matches(_ sequence: [Atom], _ bytes: UnsafeBufferPointer<UInt8>, wholeText: Bool) -> Bool? {
        var index = 0
        for atom in sequence {
            var taken = 0
            while taken < atom.most, index < bytes.count {
                guard let (value, length) = scalar(bytes, at: index) else { return nil }
                guard atom.members.contains(value) else { break }
                taken += 1
                index += length
            }
            if taken < atom.least { return false }
        }
        return !wholeText || index == bytes.count
    }

    /// `text` split at each `|` outside a class and not escaped; nil when a class does not close.
    private static func alternatives(_ text: Substring) -> [Substring]? {
        var parts: [Substring] = []
        var start = text.startIndex
        var index = text.startIndex
        var inClass = false
        while index < text.endIndex {
            switch text[index] {
            case "\\":
                index = text.index(after: index)
                if index == text.endIndex { return nil }
            case "[": inClass = true
            case "]": inClass = false
            case "|" where !inClass:
                parts.append(text[start..<index])
                start = text.index(after: index)
            default: break
            }
            index = text.index(after: index)
        }
        if inClass { return nil }
        parts.append(text[start...])
        return parts
    }

    /// Whether greedy matching gives ICU's answer: every atom with a varying count has no member in common with
    /// the atoms that may follow it directly (up to the next that must occur).
    private static func greedyIsExact(_ sequence: [Atom], wholeText: Bool) -> Bool {
        for (index, atom) in sequence.enumerated() where atom.least != atom.most {
            for next in sequence[(index + 1)...] {
                if atom.members.intersects(next.members) { return false }
                if next.least > 0 { break }
            }
        }
        return true
    }

    /// An atom as the pattern writes it: a class (`.`, `\d`, `[a-z]`) or one literal character.
    enum WrittenAtom {
        case oneOf(String)
        case literal(UInt32)

        /// Its members (a class's derived once a process); nil when ICU refuses the class.
        var members: ClassBitmap? {
            switch self {
            case .oneOf(let atom): ClassBitmap.derived(atom)
            case .literal(let value): ClassBitmap(only: value)
            }
        }
    }

    /// A sequence of atoms with counts; nil for anything else.
    private static func sequence(_ text: Substring) -> [(atom: WrittenAtom, count: ClosedRange<Int>)]? {
        var rest = text
        var atoms: [(atom: WrittenAtom, count: ClosedRange<Int>)] = []
        while !rest.isEmpty {
            let atom: WrittenAtom
            if rest.first == "." {
                rest = rest.dropFirst()
                atom = .oneOf(".")
            } else if rest.first == "[" || (rest.first == "\\" && rest.dropFirst().first.map({ "SsDdWw".contains($0) }) == true) {
                guard let source = classAtom(&rest) else { return nil }
                atom = .oneOf(source)
            } else if let literal = literal(&rest) {
                atom = .literal(literal)
            } else {
                return nil
            }
            guard let count = quantifierPrefix(&rest) else { return nil }
            atoms.append((atom, count))
        }
        return atoms
    }

    /// A literal character from the front of `rest` (a BMP code point that is not a metacharacter, or an escaped
    /// punctuation character or `\t`, `\n`, `\r`, `\f`).
    private static func literal(_ rest: inout Substring) -> UInt32? {
        guard let first = rest.unicodeScalars.first else { return nil }
        if first == "\\" {
            guard let next = rest.unicodeScalars.dropFirst().first else { return nil }
            let controls: [Unicode.Scalar: UInt32] = ["t": 9, "n": 10, "r": 13, "f": 12]
            let value: UInt32
            if let control = controls[next] {
                value = control
            } else if next.isASCII,
                next.properties.generalCategory == .otherPunctuation || "$()*+.?[]^{|}-/\\".unicodeScalars.contains(next)
            {
                value = next.value
            } else {
                return nil
            }
            rest = Substring(rest.unicodeScalars.dropFirst(2))
            return value
        }
        guard !"\\^$.|?*+()[]{}".unicodeScalars.contains(first), first.value < 0x10000, first.properties.generalCategory != .nonspacingMark
        else { return nil }
        // One character must be one scalar (no combining sequence) for the text's view and ICU's to agree.
        guard rest.first?.unicodeScalars.count == 1 else { return nil }
        rest = rest.dropFirst()
        return first.value
    }

    /// The count after an atom (none: exactly one); nil for a lazy or possessive form or a malformed one.
    private static func quantifierPrefix(_ rest: inout Substring) -> ClosedRange<Int>? {
        let count: ClosedRange<Int>
        switch rest.first {
        case "?": count = 0...1
        case "*": count = 0...Int.max
        case "+": count = 1...Int.max
        case "{":
            guard let close = rest.firstIndex(of: "}"), let parsed = braces(rest[...close]) else { return nil }
            rest = rest[rest.index(after: close)...]
            if let next = rest.first, next == "?" || next == "+" { return nil }
            return parsed
        default:
            return 1...1
        }
        rest = rest.dropFirst()
        if let next = rest.first, next == "?" || next == "+" { return nil }  // lazy, possessive
        return count
    }

    /// `\S`, `\s`, `\d`, `\D`, `\w`, `\W`, or a bracket class of literal characters, ranges and simple escapes, taken
    /// from the front of `rest`. Anything that may match more or less than one code point is refused (nil).
    static func classAtom(_ rest: inout Substring) -> String? {
        if rest.count >= 2, rest.first == "\\", let letter = rest.dropFirst().first, "SsDdWw".contains(letter) {
            let atom = String(rest.prefix(2))
            rest = rest.dropFirst(2)
            return atom
        }
        guard rest.first == "[" else { return nil }
        var index = rest.index(after: rest.startIndex)
        if index < rest.endIndex, rest[index] == "^" { index = rest.index(after: index) }
        // A `]` first is a literal in some dialects: not on the fast path.
        guard index < rest.endIndex, rest[index] != "]" else { return nil }
        while index < rest.endIndex {
            let character = rest[index]
            switch character {
            case "]":
                let end = rest.index(after: index)
                let atom = String(rest[..<end])
                rest = rest[end...]
                return atom
            case "[", "{", "}":
                return nil  // nested classes, ICU's `{string}` members
            case "&" where rest[rest.index(after: index)...].first == "&":
                return nil  // a set operation (one `&` is a member)
            case "\\":
                index = rest.index(after: index)
                guard index < rest.endIndex else { return nil }
                // Character escapes, the class shorthands and hex escapes; not \p (properties), \N, \Q, \b.
                guard "tnrfvsSdDwWxu\\-]^[.$/ ".contains(rest[index]) || rest[index].isPunctuation else { return nil }
            default:
                break
            }
            index = rest.index(after: index)
        }
        return nil
    }

    /// The count of `{n}`, `{n,}` or `{n,m}`; nil for anything else.
    private static func braces(_ text: Substring) -> ClosedRange<Int>? {
        guard text.first == "{", text.last == "}" else { return nil }
        let inside = text.dropFirst().dropLast()
        let parts = inside.split(separator: ",", maxSplits: 1, omittingEmptySubsequences: false)
        guard let low = parts.first.flatMap({ Int($0) }), low >= 0, parts.allSatisfy({ $0.allSatisfy(\.isASCII) && !$0.contains(" ") })
        else { return nil }
        if parts.count == 1 { return low...low }
        if parts[1].isEmpty { return low...Int.max }
        guard let high = Int(parts[1]), high >= low else { return nil }
        return low...high
    }
}

/// The members of a one-code-point class among the BMP's code points, as ICU decides them.
private struct ClassBitmap: Sendable {
    /// A bitmap of the BMP, or nil for the one code point `only` (a literal character: no 8 KB bitmap for each
    /// character of `^/v1/customers`). Two fields, not an enum with two payloads: such an enum keeps its case in the
    /// array pointer's spare bits, where LeakSanitizer no longer sees the cache's bitmaps as reachable.
    private let words: [UInt64]?
    private let only: UInt32

    func contains(_ value: UInt32) -> Bool {
        guard let words else { return value == only }
        return words[Int(value >> 6)] & (1 << UInt64(value & 63)) != 0
    }

    func intersects(_ other: ClassBitmap) -> Bool {
        guard let words else { return other.contains(only) }
        guard let others = other.words else { return contains(other.only) }
        return zip(words, others).contains { $0 & $1 != 0 }
    }

    /// The class of one BMP code point (a literal character).
    init(only value: UInt32) {
        words = nil
        only = value
    }

    private init(words: [UInt64]) {
        self.words = words
        only = 0
    }

    /// Every BMP code point but the surrogates (which a `String` never holds), in order: UTF-16 offset `i` is the code
    /// point `i` below U+D800 and `i + 0x800` above.
    private static let plane: String = {
        var scalars = String.UnicodeScalarView()
        for value in UInt32(0)..<0x10000 {
            if let scalar = Unicode.Scalar(value) { scalars.append(scalar) }
        }
        return String(scalars)
    }()

    private static let cache = BitmapCache()

    /// The bitmap of `atom` (one class), derived once per process and source; nil if ICU refuses it. A bracket class
    /// of printable ASCII characters and ranges (`[a-zA-Z0-9._-]`, `[^/#?]`) is read directly, anything else matched
    /// by ICU against the whole plane (a millisecond or so each: the OpenAPI schemas' ten classes were most of the
    /// time it took to compile them). `PatternProgramTests` compares both at every BMP code point.
    static func derived(_ atom: String) -> ClassBitmap? {
        cache.bitmap(for: atom) { ascii(atom) ?? named(atom) ?? matchedByICU(atom) }
    }

    /// `.`: every code point but ICU's line terminators, made without matching ICU against the whole plane.
    private static func named(_ atom: String) -> ClassBitmap? {
        guard atom == "." else { return nil }
        var words = [UInt64](repeating: ~0, count: 1024)
        for terminator: UInt32 in [0x0A, 0x0B, 0x0C, 0x0D, 0x85, 0x2028, 0x2029] {
            words[Int(terminator >> 6)] &= ~(1 << UInt64(terminator & 63))
        }
        // No surrogate (a `String` holds none), as in ICU's answer over the plane.
        for word in (0xD800 >> 6)..<(0xE000 >> 6) { words[word] = 0 }
        return ClassBitmap(words: words)
    }

    /// The members of `atom` when it is a bracket class, perhaps negated, of printable ASCII characters (a punctuation
    /// character may be escaped) and ranges between two of them, with `-` a literal only first or last; nil for any
    /// other class.
    static func ascii(_ atom: String) -> ClassBitmap? {
        var body = Array(atom.utf8)
        guard body.count >= 3, body.first == UInt8(ascii: "["), body.last == UInt8(ascii: "]") else { return nil }
        body = Array(body[1..<(body.count - 1)])
        let negated = body.first == UInt8(ascii: "^")
        if negated { body.removeFirst() }
        // Each character as written, and whether it is an unescaped `-` (a range's, or a literal at either end).
        var written: [(value: UInt8, hyphen: Bool)] = []
        var index = 0
        while index < body.count {
            var value = body[index]
            guard value >= 0x20, value < 0x7F, !"[]{}".utf8.contains(value) else { return nil }
            if value == UInt8(ascii: "&"), index + 1 < body.count, body[index + 1] == value { return nil }  // `&&`
            if value == UInt8(ascii: "\\") {
                index += 1
                guard index < body.count, body[index] >= 0x21, body[index] < 0x7F else { return nil }
                value = body[index]
                guard !(value >= UInt8(ascii: "0") && value <= UInt8(ascii: "9")),
                    !(value | 0x20 >= UInt8(ascii: "a") && value | 0x20 <= UInt8(ascii: "z"))
                else { return nil }  // \d, \s, \x41, \t...: ICU's
                written.append((value, false))
            } else {
                written.append((value, value == UInt8(ascii: "-")))
            }
            index += 1
        }
        guard !written.isEmpty else { return nil }
        var members = [UInt64](repeating: 0, count: 2)
        var position = 0
        while position < written.count {
            let low = written[position]
            if position + 2 < written.count, written[position + 1].hyphen {
                let high = written[position + 2]
                guard !low.hyphen, !high.hyphen, low.value <= high.value else { return nil }
                for value in low.value...high.value { members[Int(value >> 6)] |= 1 << UInt64(value & 63) }
                position += 3
                continue
            }
            // A lone `-` only at either end (`[._-]`); between two members it is ambiguous: left to ICU.
            if low.hyphen, position != 0, position != written.count - 1 { return nil }
            members[Int(low.value >> 6)] |= 1 << UInt64(low.value & 63)
            position += 1
        }
        var words = [UInt64](repeating: negated ? ~0 : 0, count: 1024)
        words[0] = negated ? ~members[0] : members[0]
        words[1] = negated ? ~members[1] : members[1]
        // No surrogate (a `String` holds none), as in ICU's answer over the plane.
        for word in (0xD800 >> 6)..<(0xE000 >> 6) { words[word] = 0 }
        return ClassBitmap(words: words)
    }

    /// The members of `atom` as ICU matches `(?:atom)+` against every code point of the plane.
    private static func matchedByICU(_ atom: String) -> ClassBitmap? {
        guard let runs = try? NSRegularExpression(pattern: "(?:" + atom + ")+") else { return nil }
        var words = [UInt64](repeating: 0, count: 1024)
        for match in runs.matches(in: plane, range: NSRange(location: 0, length: plane.utf16.count)) {
            for offset in match.range.location..<(match.range.location + match.range.length) {
                let value = offset < 0xD800 ? offset : offset + 0x800
                words[value >> 6] |= 1 << UInt64(value & 63)
            }
        }
        return ClassBitmap(words: words)
    }

    private final class BitmapCache: Sendable {
        private let bitmaps = Locked<[String: ClassBitmap?]>([:])

        func bitmap(for atom: String, derive: () -> ClassBitmap?) -> ClassBitmap? {
            return bitmaps.withLock { bitmaps in
                if let known = bitmaps[atom] { return known }
                let bitmap = derive()
                bitmaps[atom] = bitmap
                return bitmap
            }
        }
    }
}
