import APICheckRecording
import WireFormat

/// A response body's schema compiled together with its coverage tree, for ``StreamingCheck``: what a body must be,
/// and which coverage items each place of it sets, as flat nodes that a reader of the JSON bytes follows while it
/// reads, so that a valid body is checked and counted without becoming a `JSONValue`.
///
/// Only schemas whose every check can be made on the bytes in one pass compile (nil otherwise, and the body is
/// checked the usual way): types, `properties` and `required` (at most 128 properties, ASCII names),
/// `additionalProperties`, `items`, string `enum` and `const`, lengths, `pattern`, the asserted formats,
/// `x-apicheck-date`, numeric bounds, counts of items and keys, the key case, a `$ref` alone (a recursive schema), and
/// `oneOf`/`anyOf` of `{type: "null"}` and one other schema. No other applicator (`allOf`, `$ref` beside other
/// keywords, `oneOf`, ...), no `patternProperties`, `prefixItems`, `contains`, `uniqueItems`, `multipleOf`,
/// `dependentRequired`, `propertyNames`, a `false` schema, or a coverage tree
/// that does not follow the schema (a field another media type declares where this schema declares none).
///
/// A program never decides that a body is invalid: it says "valid, and here is what it exercised" or "look the
/// usual way" (``StreamingCheck``), so a program that is missing a check can only cost time, and one that has a
/// check wrong is caught by `StreamingCheckTests`, which holds it equal to ``SchemaChecker`` and the coverage walk.
package final class StreamingProgram: Sendable {
    /// One place of the body: what the schema there asks, and what coverage items a value there sets.
    struct Node: Sendable {
        var mask: CompiledSchema.TypeMask = []
        /// `enum` and `const` of strings: each list must hold the value.
        var allowed: [[String]] = []

        // Objects.
        /// Declared property names (their bytes in ``StreamingProgram/names``), and for each its node and field item
        /// (-1: none; below -1, several: ``StreamingProgram/extraItems``).
        var names: [Range<Int>] = []
        var children: [Int] = []
        var fieldItems: [Int] = []
        /// The required properties, and the declared names that follow ``keyCase``, as bits.
        var required = PropertyBits()
        var conforming = PropertyBits()
        /// The key case in force for this value's keys (nil: none, or `any`).
        var keyCase: KeyCase?
        var describesKeys = false
        var additionalForbidden = false
        /// The node of undeclared members' values (`additionalProperties` as a schema); -1: none.
        var additional = -1
        /// The node of a value no schema describes here (an undeclared member, an item without `items`): any valid
        /// JSON whose keys follow ``keyCase``, as the usual checker's key walk asks.
        var free = -1
        var minProperties: Int?
        var maxProperties: Int?

        // Arrays.
        /// The node of every item; -1: items are not described (their keys still follow the key case).
        var items = -1
        var minItems: Int?
        var maxItems: Int?

        // Strings.
        var minLength: Int?
        var maxLength: Int?
        /// The `pattern`, an index into ``StreamingProgram/patterns`` (-1: none): a pattern is a few references,
        /// and copying one out of a node for every string was a tenth of the check's time in retains and releases.
        var pattern = -1
        var formatKind: CompiledSchema.FormatKind = .none
        var dateForm: DateWireForm?

        // Numbers.
        var minimum: CompiledSchema.Bound?
        var maximum: CompiledSchema.Bound?
        var exclusiveMinimum: CompiledSchema.Bound?
        var exclusiveMaximum: CompiledSchema.Bound?
        var hasBounds = false
        /// Whether every bound is an `Int` (an `Int` value is then compared without the exact decimal).
        var boundsAreInts = true

        /// Coverage: string enum values declared at this place with their items, and whether one that
        /// is not a string is declared here too (a scalar that is not a string then goes the usual way).
        var enumItems: [(text: String, item: Int)] = []
        var hasOtherEnumItems = false
        /// Whether every string of ``allowed`` and ``enumItems`` is ASCII: an ASCII value then compares as bytes
        /// (else as `String`s, which compare by canonical equivalence: U+212A KELVIN SIGN equals `K`).
        var enumsAreASCII = true

        /// Whether a string here must be decoded and looked at (else it is only validated).
        var needsText = false
    }

    let nodes: [Node]
    /// The body's node: the first one compiled, except where the body's schema is a nullable `oneOf`/`anyOf`, whose node
    /// (its other branch's, taking null too) comes after that branch's.
    let start: Int
    /// Every declared property name's UTF-8, one after another.
    let names: [UInt8]
    /// The patterns the nodes match.
    let patterns: [CompiledSchema.Pattern]
    /// The field items of properties that set several (``Node/fieldItems`` below -1).
    let extraItems: [[Int]]

    /// Compiles `schema` (a response body's) with `keyCase` in force from its operation, and the coverage tree
    /// below `root`; nil when some check cannot be made while reading.
    package init?(schema: CompiledSchema, keyCase: KeyCase?, coverage: [CoverageTree.Node], root: Int?) {
        var compiler = Compiler(coverage: coverage)
        guard let start = compiler.compile(schema, keyCase: keyCase, coverage: root.map { [$0] } ?? []) else { return nil }
        self.start = start
        nodes = compiler.nodes
        extraItems = compiler.extraItems
        names = compiler.names
        patterns = compiler.patterns
    }

    private struct Compiler {
        let coverage: [CoverageTree.Node]
        var nodes: [Node] = []
        var names: [UInt8] = []
        var patterns: [CompiledSchema.Pattern] = []
        var extraItems: [[Int]] = []
        /// Nodes already compiled, by schema, coverage place and key case (a recursive schema reuses them).
        var made: [Key: Int] = [:]
        /// The free node of each key case (see ``Node/free``).
        var freeNodes: [KeyCase?: Int] = [:]
        /// Nodes being compiled (a recursive schema meets its own node before it is filled in).
        var open: Set<Int> = []

        struct Key: Hashable {
            let schema: ObjectIdentifier
            let place: [Int]
            let keyCase: KeyCase?
        }

        init(coverage: [CoverageTree.Node]) {
            self.coverage = coverage
        }

        mutating func compile(_ schema: CompiledSchema, keyCase inherited: KeyCase?, coverage place: [Int]) -> Int? {
            let memo = Key(schema: ObjectIdentifier(schema), place: place, keyCase: inherited)
            if let index = made[memo] { return index }
            // A `$ref` that closes a cycle stands alone in its schema: its target, applied to the same value, decides
            // just as the target in its place would (the usual checker judges keys once over both).
            if let target = schema.reference?.target, !schema.hasOtherKeywords {
                return compile(target, keyCase: inherited, coverage: place)
            }
            // `oneOf` (or `anyOf`) of `{type: "null"}` and a schema that refuses null: null, or what that schema accepts
            // (the way OpenAPI 3.1 descriptions such as GitHub's write a nullable object). The usual checker judges the
            // keys once over the branch that matched, as the branch would alone.
            if let other = schema.nullableAlternative {
                guard let index = compile(other, keyCase: inherited, coverage: place), !open.contains(index) else { return nil }
                var node = nodes[index]
                node.mask.insert(.null)
                made[memo] = nodes.count
                nodes.append(node)
                return nodes.count - 1
            }
            guard Self.isStreamable(schema) else { return nil }
            let index = nodes.count
            made[memo] = index
            nodes.append(Node())
            open.insert(index)
            defer { open.remove(index) }
            var node = Node()
            node.mask = schema.mask
            for list in [schema.enumValues, schema.constValue.map { [$0] }].compactMap({ $0 }) {
                var texts: [String] = []
                for value in list {
                    guard case .string(let text) = value else { return nil }
                    texts.append(text)
                }
                node.allowed.append(texts)
            }
            let keyCase = schema.keyCase ?? inherited
            node.keyCase = keyCase.flatMap { $0.acceptsEveryKey ? nil : $0 }
            node.free = freeNode(node.keyCase)
            node.describesKeys = schema.describesKeys
            node.additionalForbidden = schema.additionalForbidden
            node.minProperties = schema.minProperties
            node.maxProperties = schema.maxProperties
            let here = merged(place)
            guard compileStructure(schema, keyCase: keyCase, here: here, into: &node) else { return nil }
            setValueKeywords(schema, here: here, of: &node)
            nodes[index] = node
            return index
        }

        /// The node's members and items: each declared property (its name, its node, whether it is required and follows
        /// the key case), the schema of other keys and of items; false when one of them cannot be streamed.
        private mutating func compileStructure(
            _ schema: CompiledSchema, keyCase: KeyCase?, here: Coverage, into node: inout Node
        ) -> Bool {
            // Every coverage child must be reached through a declared property, and elements through `items`.
            guard here.children.keys.allSatisfy({ schema.propertyPosition($0, hint: 0) != nil }),
                here.elements.isEmpty || schema.items != nil
            else {
                return false
            }
            for (position, name) in schema.propertyNames.enumerated() {
                guard name.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") }) else {
                    return false
                }
                let childPlace = here.children[name] ?? []
                guard let child = compile(schema.propertySchemas[position], keyCase: keyCase, coverage: childPlace) else { return false }
                node.names.append(names.count..<(names.count + name.utf8.count))
                names += Array(name.utf8)
                node.children.append(child)
                node.fieldItems.append(fieldItem(childPlace.compactMap { coverage[$0].field }))
                if schema.propertyIsRequired(position) { node.required.insert(position) }
                if keyCase.map({ schema.propertyName(at: position, follows: $0) }) ?? true { node.conforming.insert(position) }
            }
            if let additional = schema.additionalSchema {
                // The usual coverage walk does not follow undeclared keys, so neither does this.
                guard let child = compile(additional, keyCase: keyCase, coverage: []) else { return false }
                node.additional = child
            }
            if let items = schema.items {
                guard let child = compile(items, keyCase: keyCase, coverage: here.elements) else { return false }
                node.items = child
            }
            return true
        }

        /// The node's value keywords: lengths, pattern, format, bounds, and the enum values coverage counts.
        private mutating func setValueKeywords(_ schema: CompiledSchema, here: Coverage, of node: inout Node) {
            node.minItems = schema.minItems
            node.maxItems = schema.maxItems
            node.minLength = schema.minLength
            node.maxLength = schema.maxLength
            if let pattern = schema.pattern {
                node.pattern = patterns.count
                patterns.append(pattern)
            }
            node.formatKind = schema.formatKind
            node.dateForm = schema.dateForm
            node.minimum = schema.minimum
            node.maximum = schema.maximum
            node.exclusiveMinimum = schema.exclusiveMinimum
            node.exclusiveMaximum = schema.exclusiveMaximum
            let bounds = [schema.minimum, schema.maximum, schema.exclusiveMinimum, schema.exclusiveMaximum].compactMap { $0 }
            node.hasBounds = !bounds.isEmpty
            node.boundsAreInts = bounds.allSatisfy { $0.int != nil }
            for entry in here.enums {
                if let value = try? JSONReader.parse(entry.text), case .string(let text) = value {
                    node.enumItems.append((text, entry.item))
                } else {
                    node.hasOtherEnumItems = true
                }
            }
            node.enumsAreASCII = (node.allowed.joined() + node.enumItems.map(\.text)).allSatisfy { $0.utf8.allSatisfy { $0 < 0x80 } }
            node.needsText =
                !node.allowed.isEmpty || node.minLength != nil || node.maxLength != nil || node.pattern >= 0
                || [.dateTime, .date, .uri].contains(node.formatKind) || !node.enumItems.isEmpty
        }

        /// The coverage of one place of a body: the children, elements and enum values of its coverage nodes and
        /// their links'.
        struct Coverage {
            var children: [String: [Int]] = [:]
            var elements: [Int] = []
            var enums: [(text: String, item: Int)] = []
        }

        /// The coverage at the nodes of `place` (``CoverageTree/Node/links`` followed).
        func merged(_ place: [Int]) -> Coverage {
            var merged = Coverage()
            var seen: Set<Int> = []
            for start in place {
                for index in CoverageTree.place(start, in: coverage) where seen.insert(index).inserted {
                    let node = coverage[index]
                    for (name, child) in node.children { merged.children[name, default: []].append(child) }
                    if let elements = node.elements { merged.elements.append(elements) }
                    merged.enums += node.enums
                }
            }
            return merged
        }

        /// A property's field items as one number: -1 for none, the item for one, and for several `-2 - k`, where `k`
        /// is their place in ``extraItems`` (a field two media types, or two linked schemas, declare).
        mutating func fieldItem(_ items: [Int]) -> Int {
            switch items.count {
            case 0: return -1
            case 1: return items[0]
            default:
                extraItems.append(items)
                return -2 - (extraItems.count - 1)
            }
        }

        /// The node that accepts any value whose keys follow `keyCase`: its members and items are checked by itself.
        mutating func freeNode(_ keyCase: KeyCase?) -> Int {
            if let index = freeNodes[keyCase] { return index }
            let index = nodes.count
            var node = Node()
            node.keyCase = keyCase
            node.additional = index
            node.items = index
            node.free = index
            nodes.append(node)
            freeNodes[keyCase] = index
            return index
        }

        /// Whether every keyword of `schema` is one a program checks (its subschemas are asked when they are compiled).
        static func isStreamable(_ schema: CompiledSchema) -> Bool {
            !schema.isFalse && !schema.hasInPlaceApplicators && !schema.judgesUnevaluatedProperties && !schema.judgesUnevaluatedItems
                && schema.patternProperties.isEmpty
                && schema.propertyNamesSchema == nil
                && schema.undeclaredRequired.isEmpty && schema.dependentRequired.isEmpty
                && schema.propertyNames.count <= PropertyBits.capacity && schema.prefixItems.isEmpty && schema.contains == nil
                && !schema.uniqueItems
                && schema.multipleOf == nil && !(schema.items?.isFalse ?? false)
        }
    }
}

/// A set of property positions below 128 (GitHub's repository objects declare about 80): two words, no allocation.
struct PropertyBits: Sendable, Equatable {
    static let capacity = 128
    private var low: UInt64 = 0
    private var high: UInt64 = 0

    @inline(__always)
    func contains(_ position: Int) -> Bool {
        position < 64 ? low & (1 << UInt64(position)) != 0 : high & (1 << UInt64(position - 64)) != 0
    }

    @inline(__always)
    mutating func insert(_ position: Int) {
        if position < 64 { low |= 1 << UInt64(position) } else { high |= 1 << UInt64(position - 64) }
    }

    /// Whether every member of `other` is a member of this set.
    @inline(__always)
    func isSuperset(of other: PropertyBits) -> Bool {
        low & other.low == other.low && high & other.high == other.high
    }
}
