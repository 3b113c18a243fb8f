/// Writes strings that a `pattern` matches, for contract examples.
///
/// Reads the part of ECMA-262 regular expressions that contracts use: literals, `.`, classes (`[a-z0-9_]`,
/// `[^,]`, `\d \w \s \S \D \W`), groups (`( )`, `(?: )`) with `|`, the quantifiers `? * + {n} {n,} {n,m}`
/// (lazy or not), the anchors `^ $` and the word boundaries `\b \B` (written as nothing: the caller checks every sample
/// against the pattern itself, so a boundary the characters around it do not make is a sample refused). Anything else
/// (look-around, back-references) is refused with the reason: the caller then says it cannot write an example, never
/// writes one that does not match.
import APICheckRecording

package struct PatternSampler {
    package struct Unsupported: Error, CustomStringConvertible {
        let pattern: String
        let reason: String
        package var description: String { "cannot write a string for the pattern \(pattern): \(reason)" }
    }

    indirect enum Node {
        case literal(Character)
        case characterClass(CharacterSet)
        case sequence([Node])
        case alternatives([Node])
        case repeated(Node, min: Int, max: Int?)
        case anchor
    }

    /// A set of characters as ranges of Unicode scalars, negated or not.
    struct CharacterSet {
        var ranges: [ClosedRange<UInt32>] = []
        var negated = false

        func contains(_ scalar: Unicode.Scalar) -> Bool {
            let inside = ranges.contains { $0.contains(scalar.value) }
            return negated ? !inside : inside
        }

        /// The characters tried first, in order: the readable ones.
        static let preferred: [Unicode.Scalar] = Array("aeinorst0123456789AEXZbcdfghjklmpquvwxyz_-.:/ ".unicodeScalars)

        /// A member: a readable one chosen by `pick` when there is one.
        func sample(_ pick: Int) -> Character? {
            let readable = Self.preferred.filter(contains)
            if !readable.isEmpty { return Character(readable[pick % readable.count]) }
            for range in ranges where !negated {
                if let scalar = Unicode.Scalar(range.lowerBound) { return Character(scalar) }
            }
            return nil
        }
    }

    let source: String
    let root: Node

    package init(_ source: String) throws(Unsupported) {
        self.source = source
        var parser = Parser(characters: Array(source), source: source)
        root = try parser.alternatives()
        if parser.position < parser.characters.count {
            throw Unsupported(pattern: source, reason: "an unbalanced ')' at character \(parser.position + 1)")
        }
    }

    /// A string the pattern matches; `variant` picks among choices (alternatives, class members, repeat counts)
    /// and `shortest` takes every repeat at its minimum.
    package func sample(variant: Int, shortest: Bool) -> String? {
        var output = ""
        var state = UInt64(truncatingIfNeeded: variant) &* 0x9e37_79b9_7f4a_7c15 | 1
        guard write(root, into: &output, state: &state, shortest: shortest) else { return nil }
        return output
    }

    /// The next choice below `bound` (a 64-bit LCG: deterministic and cheap).
    private func next(_ state: inout UInt64, below bound: Int) -> Int {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Int((state >> 33) % UInt64(max(bound, 1)))
    }

    private func write(_ node: Node, into output: inout String, state: inout UInt64, shortest: Bool) -> Bool {
        switch node {
        case .literal(let character):
            output.append(character)
        case .characterClass(let set):
            guard let character = set.sample(next(&state, below: 1 << 20)) else { return false }
            output.append(character)
        case .sequence(let nodes):
            for item in nodes where !write(item, into: &output, state: &state, shortest: shortest) { return false }
        case .alternatives(let nodes):
            return write(nodes[next(&state, below: nodes.count)], into: &output, state: &state, shortest: shortest)
        case .repeated(let item, let min, let max):
            var count = min
            if !shortest {
                let extra = 1 + next(&state, below: 3)
                count = Swift.min(min + extra, max ?? (min + extra))
                if min == 0 && max == 1 { count = 1 }
            }
            for _ in 0..<count where !write(item, into: &output, state: &state, shortest: shortest) { return false }
        case .anchor:
            break
        }
        return true
    }

    struct Parser {
        let characters: [Character]
        let source: String
        var position = 0

        func fail(_ reason: String) -> Unsupported { Unsupported(pattern: source, reason: reason) }

        mutating func alternatives() throws(Unsupported) -> Node {
            var branches = [try sequence()]
            while position < characters.count, characters[position] == "|" {
                position += 1
                branches.append(try sequence())
            }
            return branches.count == 1 ? branches[0] : .alternatives(branches)
        }

        mutating func sequence() throws(Unsupported) -> Node {
            var items: [Node] = []
            while position < characters.count, characters[position] != "|", characters[position] != ")" {
                var atom = try self.atom()
                atom = try quantified(atom)
                items.append(atom)
            }
            return .sequence(items)
        }

        mutating func atom() throws(Unsupported) -> Node {
            let character = characters[position]
            position += 1
            switch character {
            case "^", "$":
                return .anchor
            case ".":
                return .characterClass(CharacterSet(ranges: [10...10, 13...13], negated: true))
            case "[":
                return .characterClass(try characterClass())
            case "(":
                if position < characters.count, characters[position] == "?" {
                    guard position + 1 < characters.count, characters[position + 1] == ":" else {
                        throw fail("look-around and named groups ((?=, (?!, (?<) are not supported")
                    }
                    position += 2
                }
                let inner = try alternatives()
                guard position < characters.count, characters[position] == ")" else { throw fail("a '(' without its ')'") }
                position += 1
                return inner
            case "\\":
                return try escape(inClass: false)
            case "*", "+", "?", "{":
                if character == "{", !(position < characters.count && characters[position].isNumber) { return .literal("{") }
                throw fail("a quantifier '\(character)' with nothing before it")
            default:
                return .literal(character)
            }
        }

        mutating func escape(inClass: Bool) throws(Unsupported) -> Node {
            guard position < characters.count else { throw fail("a '\\' at the end") }
            let character = characters[position]
            position += 1
            switch character {
            case "d": return .characterClass(CharacterSet(ranges: [48...57]))
            case "D": return .characterClass(CharacterSet(ranges: [48...57], negated: true))
            case "w": return .characterClass(CharacterSet(ranges: [48...57, 65...90, 95...95, 97...122]))
            case "W": return .characterClass(CharacterSet(ranges: [48...57, 65...90, 95...95, 97...122], negated: true))
            case "s": return .characterClass(CharacterSet(ranges: Self.whiteSpace))
            case "S": return .characterClass(CharacterSet(ranges: Self.whiteSpace, negated: true))
            case "n": return .literal("\n")
            case "t": return .literal("\t")
            case "r": return .literal("\r")
            case "b" where !inClass, "B" where !inClass:
                // A word boundary (DigitalOcean's UUIDs: `[0-9a-f]{8}\\b-...`) writes nothing; whether the characters
                // around it make one is decided by the pattern itself, which every sample is checked against.
                return .anchor
            case "B":
                throw fail("\\B in a character class is not supported")
            case "u":
                let digits = String(characters[position..<min(position + 4, characters.count)])
                guard digits.count == 4, let value = UInt32(digits, radix: 16), let scalar = Unicode.Scalar(value) else {
                    throw fail("a \\u escape without four hex digits")
                }
                position += 4
                return .literal(Character(scalar))
            default:
                if character.isNumber { throw fail("back-references (\\\(character)) are not supported") }
                if character.isLetter { throw fail("the escape \\\(character) is not supported") }
                return .literal(character)
            }
        }

        static let whiteSpace: [ClosedRange<UInt32>] = [
            9...13, 32...32, 160...160, 0x1680...0x1680, 0x2000...0x200A, 0x2028...0x2029, 0x202F...0x202F, 0x205F...0x205F,
            0x3000...0x3000, 0xFEFF...0xFEFF,
        ]

        mutating func characterClass() throws(Unsupported) -> CharacterSet {
            var set = CharacterSet()
            if position < characters.count, characters[position] == "^" {
                set.negated = true
                position += 1
            }
            while position < characters.count, characters[position] != "]" {
                var low: UInt32
                if characters[position] == "\\" {
                    position += 1
                    switch try escape(inClass: true) {
                    case .characterClass(let inner):
                        guard !inner.negated else { throw fail("a negated escape (\\D, \\S, \\W) inside a class is not supported") }
                        set.ranges += inner.ranges
                        continue
                    case .literal(let character):
                        low = character.unicodeScalars.first!.value
                    default:
                        throw fail("an escape inside a class that is not supported")
                    }
                } else {
                    low = characters[position].unicodeScalars.first!.value
                    position += 1
                }
                if position + 1 < characters.count, characters[position] == "-", characters[position + 1] != "]" {
                    position += 1
                    var high: UInt32
                    if characters[position] == "\\" {
                        position += 1
                        guard case .literal(let character) = try escape(inClass: true) else { throw fail("a range that ends in a class") }
                        high = character.unicodeScalars.first!.value
                    } else {
                        high = characters[position].unicodeScalars.first!.value
                        position += 1
                    }
                    guard low <= high else { throw fail("a range out of order") }
                    set.ranges.append(low...high)
                } else {
                    set.ranges.append(low...low)
                }
            }
            guard position < characters.count else { throw fail("a '[' without its ']'") }
            position += 1
            return set
        }

        mutating func quantified(_ atom: Node) throws(Unsupported) -> Node {
            guard position < characters.count else { return atom }
            var node = atom
            switch characters[position] {
            case "?":
                node = .repeated(atom, min: 0, max: 1)
                position += 1
            case "*":
                node = .repeated(atom, min: 0, max: nil)
                position += 1
            case "+":
                node = .repeated(atom, min: 1, max: nil)
                position += 1
            case "{":
                guard let close = characters[position...].firstIndex(of: "}") else { return atom }
                let body = String(characters[(position + 1)..<close])
                let parts = body.split(separator: ",", omittingEmptySubsequences: false)
                guard let low = Int(parts[0]), parts.count <= 2 else { return atom }
                let high = parts.count == 1 ? low : (parts[1].isEmpty ? nil : Int(parts[1]))
                if parts.count == 2 && !parts[1].isEmpty && high == nil { return atom }
                if let high, high < low { throw fail("a {\(low),\(high)} out of order") }
                node = .repeated(atom, min: low, max: high)
                position = close + 1
            default:
                return atom
            }
            if position < characters.count, characters[position] == "?" { position += 1 }
            if position < characters.count, "*+?".contains(characters[position]) { throw fail("a quantifier after a quantifier") }
            return node
        }
    }
}
