import APICheckRecording
import Foundation
import WireFormat

/// Checks a JSON body against a ``StreamingProgram`` while it reads the body's bytes: one pass, no `JSONValue`, and
/// no `String` made unless a pattern needs ICU, an enum value is not ASCII or a number is compared exactly. For `apicheck verify`, where
/// almost every body is
/// valid and building each as a tree, checking the tree and freeing it was most of the time.
///
/// It answers only "valid" (the end of the value, and the coverage items it exercised in ``exercised``) or "not sure"
/// (nil): at the first thing that is not plainly fine (a value the schema refuses, an extra key, an escape in a key, a
/// key that is not ASCII, bad JSON, nesting deeper than ``maximumDepth``) it stops, and the caller parses the body
/// and checks it the usual way, which finds the same thing and says where. So it never reports, and what it accepts
/// the usual way accepts too, with the same coverage (`StreamingCheckTests` holds the two equal on the repository's
/// recordings, on thousands of damaged copies, and on bodies of one fault each for every keyword it checks).
///
/// Keys and enum values are compared as bytes only when ASCII: a `String` compares by canonical equivalence, so a
/// key written with U+212A KELVIN SIGN equals one written with `K` (the parser refuses the two in one object). A key
/// that is not ASCII goes the usual way; an enum value that is not is compared as a `String`, as the usual way does.
package struct StreamingCheck {
    /// The deepest nesting read here: the usual checker reports a cycle at 400 applied schemas, and a recursive
    /// schema applies two per level (its `$ref`, then its target).
    static let maximumDepth = 128

    /// Coverage items already counted; they are not noted again.
    package var counted = CoverageBits()
    /// Items the last body found valid exercised and ``counted`` did not hold.
    private(set) var exercised: [Int] = []

    /// The parser's cursor over the body (its steps for whitespace, strings, numbers and literals are the reader's).
    private var p = JSONParser(bytes: UnsafeBufferPointer(start: nil, count: 0))
    private var nodes = UnsafeBufferPointer<StreamingProgram.Node>(start: nil, count: 0)
    private var names = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
    private var patterns = UnsafeBufferPointer<CompiledSchema.Pattern>(start: nil, count: 0)
    /// The program's ``StreamingProgram/extraItems``.
    private var extraItems: [[Int]] = []
    private var depth = 0
    /// The keys of the objects being read whose keys are not all declared (repeated keys are refused by the parser).
    private var keys: [Range<Int>] = []
    /// A string with escapes, decoded.
    private var decoded: [UInt8] = []
    /// The last string read: its text in the body (or in ``decoded`` when it had escapes), and whether it is ASCII.
    private var textStart = 0
    private var textEnd = 0
    private var textDecoded = false
    private var textIsASCII = true

    package init() {}

    /// The end of the JSON value at `start` in `buffer` when `program` accepts it (``exercised`` then holds what it
    /// set); nil when not sure. What follows the value is not looked at.
    package mutating func check(_ buffer: UnsafeBufferPointer<UInt8>, from start: Int, _ program: StreamingProgram) -> Int? {
        exercised.removeAll(keepingCapacity: true)
        keys.removeAll(keepingCapacity: true)
        return program.nodes.withUnsafeBufferPointer { nodes in
            program.names.withUnsafeBufferPointer { names in
                program.patterns.withUnsafeBufferPointer { patterns in
                    self.nodes = nodes
                    self.names = names
                    self.patterns = patterns
                    extraItems = program.extraItems
                    p = JSONParser(bytes: buffer)
                    p.i = start
                    depth = 0
                    defer {
                        self.nodes = UnsafeBufferPointer(start: nil, count: 0)
                        self.names = UnsafeBufferPointer(start: nil, count: 0)
                        self.patterns = UnsafeBufferPointer(start: nil, count: 0)
                        p = JSONParser(bytes: UnsafeBufferPointer(start: nil, count: 0))
                    }
                    return value(program.start) ? p.i : nil
                }
            }
        }
    }

    /// Counts what the last valid body exercised.
    package mutating func commit() {
        for item in exercised { counted.set(item) }
        exercised.removeAll(keepingCapacity: true)
    }

    @inline(__always)
    private mutating func note(_ item: Int) {
        if item >= 0 {
            if !counted.contains(item) { exercised.append(item) }
        } else if item < -1 {
            for extra in extraItems[-2 - item] where !counted.contains(extra) { exercised.append(extra) }
        }
    }

    /// At `p.i`, after whitespace: `byte`, stepped over.
    @inline(__always)
    private mutating func step(over byte: UInt8) -> Bool {
        p.skipWhitespace()
        guard p.i < p.b.count, p.b[p.i] == byte else { return false }
        p.i += 1
        return true
    }

    // MARK: Values against the program

    private mutating func value(_ n: Int) -> Bool {
        p.skipWhitespace()
        guard p.i < p.b.count else { return false }
        let mask = nodes[n].mask
        switch p.b[p.i] {
        case UInt8(ascii: "{"):
            guard mask.isEmpty || mask.contains(.object), nodes[n].allowed.isEmpty else { return false }
            return object(n)
        case UInt8(ascii: "["):
            guard mask.isEmpty || mask.contains(.array), nodes[n].allowed.isEmpty else { return false }
            return array(n)
        case UInt8(ascii: "\""):
            guard mask.isEmpty || mask.contains(.string), string() else { return false }
            return !nodes[n].needsText || text(n)
        case UInt8(ascii: "t"):
            guard mask.isEmpty || mask.contains(.boolean), (try? p.literal("true", .bool(true))) != nil else { return false }
            return otherScalar(n)
        case UInt8(ascii: "f"):
            guard mask.isEmpty || mask.contains(.boolean), (try? p.literal("false", .bool(false))) != nil else { return false }
            return otherScalar(n)
        case UInt8(ascii: "n"):
            guard mask.isEmpty || mask.contains(.null), (try? p.literal("null", .null)) != nil else { return false }
            return otherScalar(n)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return number(n)
        default:
            return false
        }
    }

    /// A scalar that is not a string: fine unless an `enum` or `const` (of strings) asks, or a coverage enum value
    /// that is not a string is declared here (its comparison is left to the usual walk).
    @inline(__always)
    private func otherScalar(_ n: Int) -> Bool {
        nodes[n].allowed.isEmpty && !nodes[n].hasOtherEnumItems
    }

    private mutating func object(_ n: Int) -> Bool {
        depth += 1
        guard depth <= Self.maximumDepth else { return false }
        p.i += 1
        var seen = PropertyBits()
        var count = 0
        let keyBase = keys.count
        p.skipWhitespace()
        if p.i < p.b.count && p.b[p.i] == UInt8(ascii: "}") {
            p.i += 1
        } else {
            members: while true {
                p.skipWhitespace()
                guard let key = key(), step(over: UInt8(ascii: ":")) else { return false }
                if let position = position(of: key, in: n, hint: count) {
                    guard !seen.contains(position), nodes[n].conforming.contains(position) else { return false }
                    seen.insert(position)
                    note(nodes[n].fieldItems[position])
                    guard value(nodes[n].children[position]) else { return false }
                } else {
                    guard isNew(key, since: keyBase) else { return false }
                    if let keyCase = nodes[n].keyCase {
                        guard keyCase.matches(utf8: UnsafeBufferPointer(rebasing: p.b[key])) else { return false }
                    }
                    keys.append(key)
                    // Evaluated by `additionalProperties`; or by nothing, which the usual checker reports as added
                    // (or unexpected) where the schema lists keys, and otherwise walks for the key case alone.
                    let additional = nodes[n].additional
                    if additional < 0 {
                        guard !nodes[n].describesKeys, !nodes[n].additionalForbidden else { return false }
                    }
                    guard value(additional >= 0 ? additional : nodes[n].free) else { return false }
                }
                count += 1
                switch next(UInt8(ascii: "}")) {
                case true?: continue members
                case false?: break members
                case nil: return false
                }
            }
        }
        keys.removeSubrange(keyBase...)
        depth -= 1
        guard seen.isSuperset(of: nodes[n].required) else { return false }
        if let minimum = nodes[n].minProperties, count < minimum { return false }
        if let maximum = nodes[n].maxProperties, count > maximum { return false }
        return true
    }

    private mutating func array(_ n: Int) -> Bool {
        depth += 1
        guard depth <= Self.maximumDepth else { return false }
        p.i += 1
        var count = 0
        let items = nodes[n].items >= 0 ? nodes[n].items : nodes[n].free
        p.skipWhitespace()
        if p.i < p.b.count && p.b[p.i] == UInt8(ascii: "]") {
            p.i += 1
        } else {
            elements: while true {
                guard value(items) else { return false }
                count += 1
                switch next(UInt8(ascii: "]")) {
                case true?: continue elements
                case false?: break elements
                case nil: return false
                }
            }
        }
        depth -= 1
        if let minimum = nodes[n].minItems, count < minimum { return false }
        if let maximum = nodes[n].maxItems, count > maximum { return false }
        return true
    }

    /// After a member or an item: true at a comma, false at `closing` (each stepped over), nil at anything else.
    @inline(__always)
    private mutating func next(_ closing: UInt8) -> Bool? {
        p.skipWhitespace()
        guard p.i < p.b.count else { return nil }
        let c = p.b[p.i]
        guard c == UInt8(ascii: ",") || c == closing else { return nil }
        p.i += 1
        return c == UInt8(ascii: ",")
    }

    /// The declared property `key` is, trying `hint` (members usually come in declared order) first.
    @inline(__always)
    private func position(of key: Range<Int>, in n: Int, hint: Int) -> Int? {
        let declared = nodes[n].names
        if hint < declared.count, equal(key, declared[hint]) { return hint }
        for (position, name) in declared.enumerated() where equal(key, name) { return position }
        return nil
    }

    @inline(__always)
    private func equal(_ key: Range<Int>, _ name: Range<Int>) -> Bool {
        key.count == name.count && memcmp(p.b.baseAddress! + key.lowerBound, names.baseAddress! + name.lowerBound, key.count) == 0
    }

    /// Whether `key` differs from the keys read since `base` (in the object being read).
    private func isNew(_ key: Range<Int>, since base: Int) -> Bool {
        guard keys.count - base < 256 else { return false }
        for other in keys[base...]
        where other.count == key.count && memcmp(p.b.baseAddress! + other.lowerBound, p.b.baseAddress! + key.lowerBound, key.count) == 0 {
            return false
        }
        return true
    }

    /// A key in quotes, as the range of its bytes: printable ASCII without escapes, or nil.
    @inline(__always)
    private mutating func key() -> Range<Int>? {
        guard p.i < p.b.count, p.b[p.i] == UInt8(ascii: "\"") else { return nil }
        let start = p.i + 1
        var k = start
        while k < p.b.count {
            let c = p.b[k]
            if c == UInt8(ascii: "\"") {
                p.i = k + 1
                return start..<k
            }
            guard c >= 0x20 && c < 0x7F && c != UInt8(ascii: "\\") else { return nil }
            k += 1
        }
        return nil
    }

    // MARK: Strings

    /// Reads a string at `p.i` (a quote) as the parser does; its text is left in ``textStart``..``textEnd`` (of the
    /// body, or of ``decoded`` when it had escapes).
    private mutating func string() -> Bool {
        guard let (range, isASCII) = try? p.stringText(escaped: &decoded) else { return false }
        textIsASCII = isASCII
        textDecoded = range == nil
        textStart = range?.lowerBound ?? 0
        textEnd = range?.upperBound ?? decoded.count
        return true
    }

    /// The last string's checks against node `n`: `enum`/`const`, lengths, pattern, format, and its coverage enum values.
    private mutating func text(_ n: Int) -> Bool {
        let start = textStart
        let count = textEnd - textStart
        if textDecoded {
            return decoded.withUnsafeBufferPointer { all in checkText(n, UnsafeBufferPointer(rebasing: all[start..<(start + count)])) }
        }
        return checkText(n, UnsafeBufferPointer(rebasing: p.b[start..<(start + count)]))
    }

    private mutating func checkText(_ n: Int, _ text: UnsafeBufferPointer<UInt8>) -> Bool {
        // Enum values compare as bytes when both sides are ASCII, else as `String`s (as the usual checker compares).
        let asBytes = textIsASCII && nodes[n].enumsAreASCII
        let string = asBytes || (nodes[n].allowed.isEmpty && nodes[n].enumItems.isEmpty) ? "" : String(decoding: text, as: UTF8.self)
        if !nodes[n].allowed.isEmpty {
            for list in nodes[n].allowed where !list.contains(where: { asBytes ? Self.same($0, text) : $0 == string }) { return false }
        }
        if nodes[n].minLength != nil || nodes[n].maxLength != nil {
            // Code points, as JSON Schema counts: every byte that does not continue a UTF-8 sequence.
            var length = 0
            for byte in text where byte & 0xC0 != 0x80 { length += 1 }
            if let minimum = nodes[n].minLength, length < minimum { return false }
            if let maximum = nodes[n].maxLength, length > maximum { return false }
        }
        let pattern = nodes[n].pattern
        if pattern >= 0 {
            if let answer = patterns[pattern].program.matches(utf8: text) {
                guard answer else { return false }
            } else {
                guard patterns[pattern].matches(String(decoding: text, as: UTF8.self)) else { return false }
            }
        }
        switch nodes[n].formatKind {
        case .dateTime:
            guard let stamp = ISO8601Timestamp.parse(utf8: text) else { return false }
            if let form = nodes[n].dateForm {
                guard stamp.wireForm.fractionDigits == form.fractionDigits, stamp.wireForm.offset == form.offset else { return false }
            }
        case .date:
            // As the usual check reads a date: the text followed by a midnight time.
            var day = Array(text)
            day += Array("T00:00:00Z".utf8)
            guard day.withUnsafeBufferPointer({ ISO8601Timestamp.parse(utf8: $0) }) != nil else { return false }
        case .uri:
            guard URIForm.isAbsoluteURI(utf8: text) else { return false }
        case .none, .annotation:
            break
        }
        for entry in nodes[n].enumItems where asBytes ? Self.same(entry.text, text) : entry.text == string { note(entry.item) }
        return true
    }

    /// Whether `value`'s UTF-8 is `text`, byte for byte (read in place: a contract's strings are native).
    @inline(__always)
    private static func same(_ value: String, _ text: UnsafeBufferPointer<UInt8>) -> Bool {
        value.utf8.count == text.count
            && (text.isEmpty
                || value.utf8.withContiguousStorageIfAvailable { memcmp($0.baseAddress!, text.baseAddress!, text.count) == 0 }
                    ?? value.utf8.elementsEqual(text))
    }

    // MARK: Numbers

    private mutating func number(_ n: Int) -> Bool {
        let start = p.i
        guard let integral = try? p.skipNumber() else { return false }
        let mask = nodes[n].mask
        let anyNumber = mask.isEmpty || mask.contains(.number)
        guard anyNumber || mask.contains(.integer), otherScalar(n) else { return false }
        // The usual case: a plain integer, or any number where any is allowed, and no bound.
        if !nodes[n].hasBounds && (integral || anyNumber) { return true }
        // As the usual checker reads a number: an `Int` when the literal is a plain integer that fits, else the exact
        // decimal (`1.0` is an integer; `0.1` is compared with a bound exactly, never through a `Double`).
        var int: Int?
        if integral, p.i - start <= 18 {
            let negative = p.b[start] == UInt8(ascii: "-")
            var magnitude = 0
            for k in (negative ? start + 1 : start)..<p.i { magnitude = magnitude * 10 + Int(p.b[k] - UInt8(ascii: "0")) }
            int = negative ? -magnitude : magnitude
        }
        var exact: ExactDecimal?
        if int == nil || !nodes[n].boundsAreInts {
            exact = ExactDecimal(String(decoding: UnsafeBufferPointer(rebasing: p.b[start..<p.i]), as: UTF8.self))
            guard exact != nil else { return false }
        }
        if !anyNumber && !integral { guard exact?.isInteger == true else { return false } }
        func compare(_ bound: CompiledSchema.Bound) -> Int {
            if let int, let limit = bound.int { return int < limit ? -1 : (int == limit ? 0 : 1) }
            return exact!.compare(bound.exact)
        }
        if let bound = nodes[n].minimum, compare(bound) < 0 { return false }
        if let bound = nodes[n].maximum, compare(bound) > 0 { return false }
        if let bound = nodes[n].exclusiveMinimum, compare(bound) <= 0 { return false }
        if let bound = nodes[n].exclusiveMaximum, compare(bound) >= 0 { return false }
        return true
    }
}
