import APICheckRecording

/// Whether a value is valid against a compiled schema, and nothing else: ``SchemaChecker``'s verdict (its soft findings,
/// an added key or a key's case, aside) without its findings, paths and messages, for a value too large to check the
/// usual way (a vendor's whole description against the OpenAPI Initiative's schema of its version,
/// ``OpenAPIStructure``).
///
/// It follows the checker keyword by keyword, and `JSONSchemaTestSuiteTests` holds the two equal on every case of
/// the official suite. What a string or a number must be beyond its type is asked of the checker itself, so that the
/// formats, patterns and exact bounds are written once.
package struct SchemaValidity {
    /// What the keywords applied to one value evaluated, for `unevaluatedProperties` and `unevaluatedItems` (collected only
    /// under such a schema).
    private struct Evaluated {
        /// The members evaluated, by position: every keyword applied in place sees the one object (a set of names
        /// was a hash for each member of each object the OpenAPI schemas judge, most of them under
        /// `unevaluatedProperties`).
        var members = Positions()
        var prefix = 0
        var indices: Set<Int> = []

        mutating func merge(_ other: Evaluated) {
            members.formUnion(other.members)
            prefix = max(prefix, other.prefix)
            indices.formUnion(other.indices)
        }
    }

    /// A set of positions: a bit each, the first 64 without an allocation; or every position.
    private struct Positions {
        private var low: UInt64 = 0
        private var high: [UInt64] = []
        private var all = false

        mutating func insert(_ position: Int) {
            if position < 64 {
                low |= 1 << UInt64(position)
                return
            }
            let word = position / 64 - 1
            if word >= high.count { high += Array(repeating: 0, count: word - high.count + 1) }
            high[word] |= 1 << UInt64(position % 64)
        }

        /// Every position there is.
        mutating func insertAll() { all = true }

        func contains(_ position: Int) -> Bool {
            if all { return true }
            if position < 64 { return low & 1 << UInt64(position) != 0 }
            let word = position / 64 - 1
            return word < high.count && high[word] & 1 << UInt64(position % 64) != 0
        }

        mutating func formUnion(_ other: Positions) {
            low |= other.low
            all = all || other.all
            if other.high.count > high.count { high += Array(repeating: 0, count: other.high.count - high.count) }
            for (word, bits) in other.high.enumerated() { high[word] |= bits }
        }
    }

    /// How many schemas are applied at once; past ``SchemaChecker/maximumDepth`` a `$ref` cycle that never descends is
    /// invalid, as the checker says.
    private var depth = 0

    /// Whether `value` is valid against `schema`.
    package static func isValid(_ value: JSONValue, _ schema: CompiledSchema) -> Bool {
        var validity = SchemaValidity()
        var evaluated = Evaluated()
        return validity.valid(value, schema, tracking: false, &evaluated)
    }

    private mutating func valid(_ value: JSONValue, _ schema: CompiledSchema, tracking: Bool, _ evaluated: inout Evaluated) -> Bool {
        depth += 1
        defer { depth -= 1 }
        guard depth < SchemaChecker.maximumDepth, !schema.isFalse, schema.mask.admits(value) else { return false }
        if let allowed = schema.enumValues, !allowed.contains(where: { $0.isEquivalent(to: value) }) { return false }
        if let constant = schema.constValue, !constant.isEquivalent(to: value) { return false }
        if case .object(let object) = value, schema.judgesUnevaluatedProperties {
            return unevaluatedProperties(object, schema, tracking: tracking, &evaluated)
        }
        if case .array(let items) = value, schema.judgesUnevaluatedItems {
            return unevaluatedItems(items, schema, tracking: tracking, &evaluated)
        }
        switch value {
        case .string(let text):
            guard stringIsValid(text, schema) else { return false }
        case .number(let number):
            guard numberIsValid(number, schema) else { return false }
        case .object(let object):
            guard objectIsValid(object, schema, tracking: tracking, &evaluated) else { return false }
        case .array(let items):
            guard arrayIsValid(items, schema, tracking: tracking, &evaluated) else { return false }
        default:
            break
        }
        return !schema.hasInPlaceApplicators || inPlace(value, schema, tracking: tracking, &evaluated)
    }

    /// Lengths, `pattern` and the asserted formats, judged by the checker (only where the schema says one).
    private func stringIsValid(_ text: String, _ schema: CompiledSchema) -> Bool {
        let formatted = schema.formatKind != .none && schema.formatKind != .annotation
        guard schema.minLength != nil || schema.maxLength != nil || schema.pattern != nil || formatted else { return true }
        var checker = SchemaChecker(strict: false)
        checker.checkString(text, schema)
        return checker.findings.isEmpty
    }

    /// The numeric bounds, judged by the checker (only where the schema says one).
    private func numberIsValid(_ number: JSONNumber, _ schema: CompiledSchema) -> Bool {
        guard
            schema.minimum != nil || schema.maximum != nil || schema.exclusiveMinimum != nil || schema.exclusiveMaximum != nil
                || schema.multipleOf != nil
        else { return true }
        var checker = SchemaChecker(strict: false)
        checker.checkNumber(number, schema)
        return checker.findings.isEmpty
    }

    private mutating func objectIsValid(_ object: JSONObject, _ schema: CompiledSchema, tracking: Bool, _ evaluated: inout Evaluated)
        -> Bool
    {
        // A bit per declared property while there are at most 64 (no allocation per object), as the checker does.
        var seenBits: UInt64 = 0
        var seenMore = schema.propertyNames.count > 64 ? [Bool](repeating: false, count: schema.propertyNames.count) : []
        // By position, not `enumerated()`: each member copied (its key and value retained and released) was a sixth
        // of judging a vendor's description.
        let members = object.members
        for offset in members.indices {
            var done = false
            if let position = schema.propertyPosition(members[offset].key, hint: offset) {
                if position < 64 { seenBits |= 1 << UInt64(position) } else { seenMore[position] = true }
                done = true
                guard nested(members[offset].value, schema.propertySchemas[position]) else { return false }
            }
            for entry in schema.patternProperties where entry.pattern.matches(members[offset].key) {
                done = true
                guard nested(members[offset].value, entry.schema) else { return false }
            }
            if !done {
                if let additional = schema.additionalSchema {
                    done = true
                    guard nested(members[offset].value, additional) else { return false }
                } else if schema.additionalForbidden {
                    return false
                }
            }
            if done && tracking { evaluated.members.insert(offset) }
        }
        for position in schema.propertyNames.indices
        where schema.propertyIsRequired(position) && !(position < 64 ? seenBits & (1 << UInt64(position)) != 0 : seenMore[position]) {
            return false
        }
        for name in schema.undeclaredRequired where object[name] == nil { return false }
        if let minimum = schema.minProperties, object.count < minimum { return false }
        if let maximum = schema.maxProperties, object.count > maximum { return false }
        for (name, requires) in schema.dependentRequired where object[name] != nil {
            if requires.contains(where: { object[$0] == nil }) { return false }
        }
        if let names = schema.propertyNamesSchema {
            for member in object where !probe(.string(member.key), names).valid { return false }
        }
        return true
    }

    /// A member's or an item's value: a value of its own, whatever evaluated the one that holds it.
    private mutating func nested(_ value: JSONValue, _ schema: CompiledSchema) -> Bool {
        var own = Evaluated()
        return valid(value, schema, tracking: false, &own)
    }

    private mutating func arrayIsValid(_ items: [JSONValue], _ schema: CompiledSchema, tracking: Bool, _ evaluated: inout Evaluated)
        -> Bool
    {
        let prefix = schema.prefixItems
        for (index, item) in items.enumerated() {
            guard let itemSchema = index < prefix.count ? prefix[index] : schema.items else { continue }
            guard nested(item, itemSchema) else { return false }
        }
        if tracking { evaluated.prefix = max(evaluated.prefix, schema.items != nil ? Int.max : min(prefix.count, items.count)) }
        if let minimum = schema.minItems, items.count < minimum { return false }
        if let maximum = schema.maxItems, items.count > maximum { return false }
        if schema.uniqueItems, SchemaChecker.firstDuplicate(items) != nil { return false }
        if let contains = schema.contains {
            var count = 0
            for (index, item) in items.enumerated() where probe(item, contains).valid {
                count += 1
                if tracking { evaluated.indices.insert(index) }
            }
            if count < schema.minContains ?? 1 { return false }
            if let maximum = schema.maxContains, count > maximum { return false }
        }
        return true
    }

    /// Whether `value` is valid against `schema`, and what it evaluated there when `tracking` (for a branch that may not
    /// match).
    private mutating func probe(_ value: JSONValue, _ schema: CompiledSchema, tracking: Bool = false) -> (valid: Bool, evaluated: Evaluated)
    {
        var evaluated = Evaluated()
        let valid = valid(value, schema, tracking: tracking, &evaluated)
        return (valid, evaluated)
    }

    /// `$ref`, `allOf`, `anyOf`, `oneOf`, `not`, `if`/`then`/`else` and `dependentSchemas`.
    private mutating func inPlace(_ value: JSONValue, _ schema: CompiledSchema, tracking: Bool, _ evaluated: inout Evaluated) -> Bool {
        if let target = schema.reference?.target, !valid(value, target, tracking: tracking, &evaluated) { return false }
        for sub in schema.allOf where !valid(value, sub, tracking: tracking, &evaluated) { return false }
        let nullable = schema.anyOf.count + schema.oneOf.count == 2 ? schema.nullableAlternative : nil
        if let other = nullable {
            if !value.isNull, !valid(value, other, tracking: tracking, &evaluated) { return false }
        } else if !schema.anyOf.isEmpty {
            var any = false
            for option in schema.anyOf {
                let result = probe(value, option, tracking: tracking)
                if result.valid {
                    any = true
                    if tracking { evaluated.merge(result.evaluated) } else { break }
                }
            }
            if !any { return false }
        }
        if !schema.oneOf.isEmpty, nullable == nil {
            var matched: Evaluated?
            for option in schema.oneOf {
                let result = probe(value, option, tracking: tracking)
                guard result.valid else { continue }
                if matched != nil { return false }
                matched = result.evaluated
            }
            guard let matched else { return false }
            if tracking { evaluated.merge(matched) }
        }
        if let not = schema.not, probe(value, not).valid { return false }
        if let condition = schema.ifSchema {
            let result = probe(value, condition, tracking: tracking)
            if result.valid, tracking { evaluated.merge(result.evaluated) }
            if let branch = result.valid ? schema.thenSchema : schema.elseSchema, !valid(value, branch, tracking: tracking, &evaluated) {
                return false
            }
        }
        if case .object(let object) = value {
            for (name, dependent) in schema.dependentSchemas where object[name] != nil {
                guard valid(value, dependent, tracking: tracking, &evaluated) else { return false }
            }
        }
        return true
    }

    /// An object under `unevaluatedProperties`: what its own keywords and the subschemas applied in place evaluated is
    /// left alone, every other key is judged by it; then every key counts as evaluated.
    private mutating func unevaluatedProperties(
        _ object: JSONObject, _ schema: CompiledSchema, tracking: Bool, _ evaluated: inout Evaluated
    ) -> Bool {
        var own = Evaluated()
        guard objectIsValid(object, schema, tracking: true, &own),
            !schema.hasInPlaceApplicators || inPlace(.object(object), schema, tracking: true, &own)
        else { return false }
        for (offset, member) in object.enumerated() where !own.members.contains(offset) {
            guard let unevaluated = schema.unevaluatedPropertiesSchema, nested(member.value, unevaluated) else { return false }
        }
        if tracking { evaluated.members.insertAll() }
        return true
    }

    /// An array under `unevaluatedItems`, as ``unevaluatedProperties(_:_:tracking:_:)`` for an object's keys.
    private mutating func unevaluatedItems(_ items: [JSONValue], _ schema: CompiledSchema, tracking: Bool, _ evaluated: inout Evaluated)
        -> Bool
    {
        var own = Evaluated()
        guard arrayIsValid(items, schema, tracking: true, &own),
            !schema.hasInPlaceApplicators || inPlace(.array(items), schema, tracking: true, &own)
        else { return false }
        for (index, item) in items.enumerated() where index >= own.prefix && !own.indices.contains(index) {
            guard let unevaluated = schema.unevaluatedItemsSchema, nested(item, unevaluated) else { return false }
        }
        if tracking { evaluated.prefix = Int.max }
        return true
    }
}
