import APICheckContracts
import APICheckJSONSchema
import APICheckRecording
import Foundation
import WireFormat

/// Builds JSON values that a compiled schema allows, and notes where another allowed value could go.
///
/// One pass builds the value of a variant (minimal: required keys only; maximal: every declared key) and,
/// while it goes, lists the *variation points* of the maximal value: a nullable field, another enum value,
/// another type or `oneOf` branch, an array empty or at `maxItems`, a string or number at its bounds. The
/// generator turns each point into an example of its own. Choices are seeded by the JSON pointer, so the
/// same place gets the same value in every variant and every run with the same seed.
struct ValueSynthesizer {
    /// One place in the value where another allowed value can go.
    struct VariationPoint {
        let pointer: JSONPointer
        /// `null`, `enum "done"`, `maxItems 5`, ...
        let label: String
        let value: JSONValue
    }

    /// Why a value could not be built (a `false` schema, a pattern this cannot write).
    struct Failure: Error, CustomStringConvertible {
        let location: String
        let reason: String
        var description: String { "\(location.isEmpty ? "the schema" : location): \(reason)" }
    }

    /// An instant every date-time of a variant takes.
    struct Instant: Sendable {
        /// Seconds since 1970: of the instant, or (`localTime`) of the wall time read as UTC.
        let seconds: Int64
        /// Whether `seconds` is a wall time in the API's offset rather than an instant.
        let localTime: Bool
        /// Whether the fraction is the largest the wire form writes (…59.999999) rather than zero.
        let endOfSecond: Bool
        let label: String
    }

    /// What the variant asks of every value.
    struct Mode {
        /// Every declared property (else required ones only, and arrays at `minItems`).
        var maximal = true
        /// Free text in Korean with an emoji (else ASCII).
        var unicode = false
        /// The instant every date-time takes (else a per-field instant).
        var instant: Instant?
        /// The form of a date-time whose schema declares none (`x-apicheck-date`); else seconds and `Z`.
        var undeclaredDateForm: DateWireForm?
    }

    let mode: Mode
    let seed: UInt64
    /// Variation points found so far (only while ``collecting``).
    var points: [VariationPoint] = []
    /// Points are collected for the first item of an array only (the others repeat its shape).
    var collecting = true
    /// The most keys an object is written with to reach its `minProperties`.
    static let mostKeys = 1_000
    /// Beyond this depth only required keys are written, and arrays at `minItems` (a recursive schema ends).
    static let maximumDepth = 12
    /// The object schemas being built, from the root to here. One met again inside itself (a cycle: an invoice's
    /// lines, whose items lead back to invoices) is built as beyond ``maximumDepth`` is, and so is all below it: a
    /// vendor's schemas, which refer to each other everywhere, made values that grew with every path through them.
    private var open: Set<ObjectIdentifier> = []
    /// Places whose property another `allOf` part declares again without null (DigitalOcean's reserved IPv6 action:
    /// `resource_id` nullable in the action, an integer in the part beside it): null is no variant there.
    private var nullRefused: Set<JSONPointer> = []
    /// How many objects of ``open`` are being built again inside themselves.
    private var again = 0
    /// Above zero while an item of a `uniqueItems` array is built again because it came out equal to an earlier one:
    /// choices move, and a string is sampled from its pattern rather than taken from ``wellKnown``.
    private var distinct = 0
    /// A place the value is built to reach (a variation's, in a large body): the keys and items on the way to it are
    /// written beside what the mode writes.
    var focus: [String]?

    /// Whether every declared key and more than `minItems` items are written here.
    private func isMaximal(at depth: Int) -> Bool { mode.maximal && depth < Self.maximumDepth && again == 0 }

    /// The token after `pointer` on the way to ``focus``, if `pointer` is on that way.
    private func focusToken(after pointer: JSONPointer) -> String? {
        guard let focus, pointer.tokenCount < focus.count, focus.starts(with: pointer.tokens) else { return nil }
        return focus[pointer.tokenCount]
    }

    init(mode: Mode, seed: UInt64) {
        self.mode = mode
        self.seed = seed
    }

    // MARK: Seeded choices

    /// A number from 0 to `bound - 1`, fixed by the seed and the place.
    func choice(_ bound: Int, at pointer: JSONPointer, salt: UInt64 = 0) -> Int {
        guard bound > 1 else { return 0 }
        // FNV-1a of the pointer, then SplitMix64: stable across processes (Swift's Hasher is not).
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325 ^ salt ^ UInt64(distinct) &* 0x9e37_79b9_7f4a_7c15
        for byte in pointer.description.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        var z = hash &+ seed &* 0x9e37_79b9_7f4a_7c15 &+ 0x9e37_79b9_7f4a_7c15
        z = (z ^ (z >> 30)) &* 0xbf58_476d_1ce4_e5b9
        z = (z ^ (z >> 27)) &* 0x94d0_49bb_1331_11eb
        z ^= z >> 31
        return Int(z % UInt64(bound))
    }

    private mutating func note(_ pointer: JSONPointer, _ label: String, _ value: JSONValue) {
        if collecting { points.append(VariationPoint(pointer: pointer, label: label, value: value)) }
    }

    /// Builds a value without noting points (an alternative's own content). What only a point would hold (another
    /// branch, type, bound or count) is not built there at all: building the alternatives of alternatives grew with
    /// every path through a vendor's schemas, which refer to each other everywhere.
    private mutating func quietly(_ body: (inout ValueSynthesizer) throws(Failure) -> JSONValue) throws(Failure) -> JSONValue {
        let was = collecting
        collecting = false
        defer { collecting = was }
        return try body(&self)
    }

    // MARK: Values

    mutating func value(_ schema: CompiledSchema, at pointer: JSONPointer, depth: Int = 0) throws(Failure) -> JSONValue {
        if schema.isFalse { throw Failure(location: schema.location, reason: "the schema is false: no value is allowed") }
        if let target = schema.reference?.target, schema.mask.isEmpty, schema.propertyNames.isEmpty, schema.enumValues == nil,
            schema.constValue == nil
        {
            return try value(target, at: pointer, depth: depth + 1)
        }
        if depth > 64 {
            throw Failure(
                location: schema.location,
                reason:
                    "the value would nest more than 64 levels deep (a schema that requires itself with no way to end, or nesting that deep)"
            )
        }
        if let constant = schema.constValue { return constant }
        if let allowed = schema.enumValues ?? Self.constants(schema), !allowed.isEmpty {
            let first = ((allowed.firstIndex { $0 != .null } ?? 0) + distinct) % allowed.count
            for (index, other) in allowed.enumerated() where index != first {
                note(pointer, other == .null ? "null" : "enum \(JSONWriter.compact(other))", other)
            }
            return allowed[first]
        }
        let branches = schema.oneOf.isEmpty ? schema.anyOf : schema.oneOf
        // `type: object` beside the branches and nothing of its own (Box's `Resource`: a folder or a file) is a branch.
        let objectOfBranches = schema.mask.subtracting(.null) == .object && schema.allOf.isEmpty && !schema.describesKeys
        if !branches.isEmpty, schema.mask.isEmpty || objectOfBranches, schema.propertyNames.isEmpty {
            let keyword = schema.oneOf.isEmpty ? "anyOf" : "oneOf"
            let chosen = branches.firstIndex { !Self.onlyNull($0) } ?? 0
            for (index, branch) in branches.enumerated() where collecting && index != chosen {
                let other = try quietly { (synth: inout ValueSynthesizer) throws(Failure) in
                    try synth.value(branch, at: pointer, depth: depth + 1)
                }
                note(pointer, other == .null ? "null" : "\(keyword) branch \(index + 1)", Self.discriminated(other, schema, branch))
            }
            return Self.discriminated(try value(branches[chosen], at: pointer, depth: depth + 1), schema, branches[chosen])
        }
        // `allOf` of one schema and parts that say nothing (Box's `item`: `allOf: [{$ref: CollaborationItem}, {}]`, a
        // oneOf of a file, a folder and a web link) is that schema.
        if schema.mask.isEmpty, !schema.assertsBesidesType, schema.reference == nil, schema.anyOf.isEmpty, schema.oneOf.isEmpty,
            schema.allOf.count > 1,
            case let said = schema.allOf.filter({ !$0.saysNothing }), said.count == 1
        {
            return try value(said[0], at: pointer, depth: depth + 1)
        }
        if let first = schema.allOf.first, schema.mask.isEmpty, schema.propertyNames.isEmpty {
            // Parts that describe an object are one object together (with what `required` beside them names).
            guard schema.allOf.contains(where: { Self.isObject($0) }) else {
                return try value(first, at: pointer, depth: depth + 1)
            }
            return try object(schema, at: pointer, depth: depth)
        }
        // A type beside `allOf` parts that bound it (Plaid's nullable IBAN: `type: string` beside `allOf: [{$ref:
        // NumbersIBAN}]`, whose `minLength` is 15) is written as the first of it and its parts that the whole takes (an
        // object's parts are merged into one object instead).
        if !schema.allOf.isEmpty, Self.types(of: schema).first != .object {
            var candidates: [Candidate] = [.typed(schema)]
            for part in schema.allOf { candidates.append(.schema(part)) }
            if let taken = try firstTaken(by: [schema], candidates, at: pointer, depth: depth) { return taken }
        }
        return try typed(schema, at: pointer, depth: depth)
    }

    /// A value of the schema's own type (the first it allows), its other types and null noted as variations.
    private mutating func typed(_ schema: CompiledSchema, at pointer: JSONPointer, depth: Int) throws(Failure) -> JSONValue {
        let types = Self.types(of: schema)
        guard let type = types.first else { return .null }
        if schema.allowsNull && !schema.mask.isEmpty && type != .null && !nullRefused.contains(pointer) { note(pointer, "null", .null) }
        for other in types.dropFirst() where collecting && other != .null {
            let alternative = try quietly { (synth: inout ValueSynthesizer) throws(Failure) in
                try synth.value(schema, as: other, at: pointer, depth: depth)
            }
            note(pointer, "as \(Self.name(of: other))", alternative)
        }
        return try value(schema, as: type, at: pointer, depth: depth)
    }

    /// `value`, an object written for `branch` of `schema`'s `oneOf` or `anyOf`, with the value of `schema`'s
    /// `discriminator` property that names the branch (`petType: dog` where the mapping says `dog` is `Dog`, or the
    /// component's name), as a client generated from the contract reads it to know which branch to decode; as written
    /// when there is no discriminator or the branch does not take the value.
    static func discriminated(_ value: JSONValue, _ schema: CompiledSchema, _ branch: CompiledSchema) -> JSONValue {
        guard let discriminator = schema.discriminator, case .object(var object) = value,
            let name = discriminator.value(naming: branch)
        else { return value }
        object[discriminator.property] = .string(name)
        let named = JSONValue.object(object)
        return SchemaValidity.isValid(named, branch) ? named : value
    }

    /// The values of a `oneOf` or `anyOf` beside a `type` whose branches each have a `const`, those of them the type
    /// allows (Discord's `MessageType`: an `int32` with 37 titled constants). Built as the type alone, the value was a
    /// number no branch takes; it is built as an `enum` of the constants (a branch that refuses its own constant
    /// makes an example that does not verify, and is said so).
    static func constants(_ schema: CompiledSchema) -> [JSONValue]? {
        let branches = schema.oneOf.isEmpty ? schema.anyOf : schema.oneOf
        guard !schema.mask.isEmpty, !branches.isEmpty, schema.propertyNames.isEmpty, schema.allOf.isEmpty else { return nil }
        var values: [JSONValue] = []
        for branch in branches {
            let resolved = branch.reference?.target ?? branch
            guard let value = resolved.constValue ?? resolved.enumValues.flatMap({ $0.count == 1 ? $0[0] : nil }) else {
                return nil
            }
            if schema.mask.admits(value) { values.append(value) }
        }
        return values
    }

    /// The non-null types to build, preferred first; `null` alone when nothing else is allowed.
    static func types(of schema: CompiledSchema) -> [CompiledSchema.TypeMask] {
        let order: [CompiledSchema.TypeMask] = [.object, .array, .string, .integer, .number, .boolean]
        if schema.mask.isEmpty {
            if schema.describesKeys || !schema.required.isEmpty { return [.object] }
            if schema.items != nil || !schema.prefixItems.isEmpty { return [.array] }
            if schema.minimum != nil || schema.maximum != nil || schema.multipleOf != nil { return [.number] }
            return [.string]
        }
        let chosen = order.filter { schema.mask.contains($0) && !($0 == .number && schema.mask.contains(.integer)) }
        return chosen.isEmpty ? [.null] : chosen
    }

    /// Whether `schema` describes an object: its type or its keys say so, or, with no type of its own, one of its `allOf`
    /// parts does (through `$ref`s: DigitalOcean's `project`, an `allOf` of a base and an extension, under a request
    /// body's `allOf: [{$ref: project}]` beside `required`).
    static func isObject(_ schema: CompiledSchema) -> Bool {
        var visited: Set<ObjectIdentifier> = []
        var pending = [schema]
        while let next = pending.popLast() {
            let resolved = next.reference?.target ?? next
            guard visited.insert(ObjectIdentifier(resolved)).inserted else { continue }
            if types(of: resolved) == [.object] { return true }
            if resolved.mask.isEmpty { pending += resolved.allOf }
        }
        return false
    }

    static func onlyNull(_ schema: CompiledSchema) -> Bool {
        let resolved = schema.reference?.target ?? schema
        return resolved.mask == .null || resolved.constValue == .null
    }

    static func name(of type: CompiledSchema.TypeMask) -> String {
        CompiledSchema.TypeMask.names.first { $0.1 == type }?.0 ?? "value"
    }

    mutating func value(_ schema: CompiledSchema, as type: CompiledSchema.TypeMask, at pointer: JSONPointer, depth: Int) throws(Failure)
        -> JSONValue
    {
        switch type {
        case .object: return try object(schema, at: pointer, depth: depth)
        case .array: return try array(schema, at: pointer, depth: depth)
        case .string: return .string(try string(schema, at: pointer))
        case .integer: return .number(try integer(schema, at: pointer))
        case .number: return .number(try number(schema, at: pointer))
        case .boolean: return .bool(choice(2, at: pointer) == 0)
        default: return .null
        }
    }

    mutating func object(_ schema: CompiledSchema, at pointer: JSONPointer, depth: Int) throws(Failure) -> JSONValue {
        var members: [JSONObject.Member] = []
        let id = ObjectIdentifier(schema)
        let repeated = !open.insert(id).inserted
        if repeated { again += 1 }
        defer {
            if repeated { again -= 1 } else { open.remove(id) }
        }
        let everything = isMaximal(at: depth)
        let merged = Self.properties(of: schema)
        for (name, others) in merged.again where others.contains(where: { !($0.reference?.target ?? $0).allowsNull }) {
            nullRefused.insert(pointer.appending(name))
        }
        let required = Set(merged.required)
        let next = focus == nil ? nil : focusToken(after: pointer)
        for (name, property) in merged.declared where everything || required.contains(name) || name == next {
            let member = try value(property, declaredAgain: merged.again[name] ?? [], at: pointer.appending(name), depth: depth + 1)
            members.append(.init(key: name, value: member))
        }
        let declared = Set(merged.declared.map(\.name))
        let extra = schema.additionalSchema ?? CompiledSchema.anything()
        for name in merged.required where !declared.contains(name) {
            members.append(.init(key: name, value: try value(extra, at: pointer.appending(name), depth: depth + 1)))
        }
        // `minProperties` beyond the keys written (drf-spectacular's `dict_min_length`: any keys, at least 100): keys of
        // the map's own, `key1`, `key2`, ..., as many as it asks.
        if let least = schema.minProperties, members.count < least {
            guard schema.takesAnyOtherKey, least <= Self.mostKeys else {
                throw Failure(
                    location: schema.location,
                    reason: least > Self.mostKeys
                        ? "minProperties \(least): apicheck writes at most \(Self.mostKeys) keys"
                        : "minProperties \(least), and no key of any name may be added (additionalProperties, propertyNames)")
            }
            var names = Set(members.map(\.key))
            var number = 0
            while members.count < least {
                number += 1
                let name = "key\(number)"
                guard names.insert(name).inserted else { continue }
                members.append(.init(key: name, value: try value(extra, at: pointer.appending(name), depth: depth + 1)))
            }
        }
        return .object(JSONObject(members))
    }

    /// The properties an object of `schema` has: its own, then its `allOf` parts' (through `$ref`s, and parts of parts),
    /// a name declared twice taken where it is first; and every name `required` lists anywhere among them, in order.
    /// (`required` beside an `allOf` names properties its parts declare: read alone, they were written as any value.)
    /// A part that is null or an object counts as that object.
    /// `again`: the schemas of the names declared more than once, after the first.
    static func properties(of schema: CompiledSchema) -> (
        declared: [(name: String, schema: CompiledSchema)], required: [String], again: [String: [CompiledSchema]]
    ) {
        var declared: [(name: String, schema: CompiledSchema)] = []
        var again: [String: [CompiledSchema]] = [:]
        var required: [String] = []
        var names: Set<String> = []
        var requiredNames: Set<String> = []
        var visited: Set<ObjectIdentifier> = []
        var pending = [schema]
        while !pending.isEmpty {
            let next = pending.removeFirst()
            guard visited.insert(ObjectIdentifier(next)).inserted else { continue }
            for (name, property) in zip(next.propertyNames, next.propertySchemas) {
                if names.insert(name).inserted {
                    declared.append((name, property))
                } else {
                    again[name, default: []].append(property)
                }
            }
            for name in next.required where requiredNames.insert(name).inserted { required.append(name) }
            pending += next.allOf
            if let target = next.reference?.target { pending.append(target) }
            // A nullable part (Box's `File--Mini`: 3.0's `nullable` beside `allOf`, read as `anyOf` with null) is an
            // object when it is one: its properties are the object's.
            if let other = next.nullableAlternative { pending.append(other) }
        }
        return (declared, required, again)
    }

    /// The value of a property that several `allOf` parts declare (PagerDuty's `Service`: `type` a string in the base,
    /// `enum: [service]` in the part beside it): the first declaration's when every declaration takes it, else that of
    /// the first whose value every declaration takes; the first's when none does (the verifier then says why).
    private mutating func value(_ property: CompiledSchema, declaredAgain others: [CompiledSchema], at pointer: JSONPointer, depth: Int)
        throws(Failure) -> JSONValue
    {
        guard !others.isEmpty else { return try value(property, at: pointer, depth: depth) }
        let all = [property] + others
        if let taken = try firstTaken(by: all, all.map(Candidate.schema), at: pointer, depth: depth - 1) { return taken }
        return try value(property, at: pointer, depth: depth)
    }

    /// A way to write a value: a schema's, or a schema's own type with its `allOf` parts aside.
    private enum Candidate {
        case schema(CompiledSchema)
        case typed(CompiledSchema)
    }

    /// The value of the first of `candidates` that every schema of `all` takes, written again with its variations noted
    /// (each is tried quietly); nil when none is taken.
    private mutating func firstTaken(by all: [CompiledSchema], _ candidates: [Candidate], at pointer: JSONPointer, depth: Int)
        throws(Failure) -> JSONValue?
    {
        func write(_ candidate: Candidate, _ synth: inout ValueSynthesizer) throws(Failure) -> JSONValue {
            switch candidate {
            case .schema(let schema): return try synth.value(schema, at: pointer, depth: depth + 1)
            case .typed(let schema): return try synth.typed(schema, at: pointer, depth: depth)
            }
        }
        for candidate in candidates {
            let written = try? quietly { (synth: inout ValueSynthesizer) throws(Failure) in try write(candidate, &synth) }
            if let written, all.allSatisfy({ SchemaValidity.isValid(written, $0) }) { return try write(candidate, &self) }
        }
        return nil
    }

    mutating func array(_ schema: CompiledSchema, at pointer: JSONPointer, depth: Int) throws(Failure) -> JSONValue {
        let least = max(schema.minItems ?? 0, schema.prefixItems.count)
        var count = least
        if isMaximal(at: depth) { count = max(least, min(schema.maxItems ?? 2, 2)) }
        if focus != nil, let next = focusToken(after: pointer), let index = JSONPointer.arrayIndex(next) { count = max(count, index + 1) }
        let items = try items(schema, count: count, at: pointer, depth: depth)
        if count > 0 && least == 0 { note(pointer, "empty", .array([])) }
        if collecting, let most = schema.maxItems, most > count, most <= 50 {
            let full = try quietly { (synth: inout ValueSynthesizer) throws(Failure) in
                try synth.items(schema, count: most, at: pointer, depth: depth)
            }
            note(pointer, "maxItems \(most)", full)
        }
        return items
    }

    private mutating func items(_ schema: CompiledSchema, count: Int, at pointer: JSONPointer, depth: Int) throws(Failure) -> JSONValue {
        var values: [JSONValue] = []
        let was = collecting
        defer { collecting = was }
        let firstPoint = points.count
        for index in 0..<count {
            collecting = was && index == 0
            let itemSchema = index < schema.prefixItems.count ? schema.prefixItems[index] : (schema.items ?? CompiledSchema.anything())
            var item = try value(itemSchema, at: pointer.appending(index), depth: depth + 1)
            // `uniqueItems`: an item equal to an earlier one (Discord's role ids, each the well-known "123456") is
            // built again with other choices, a few times, before the array is said to be beyond this sampler.
            var attempt = 0
            while schema.uniqueItems, values.contains(where: { $0.isEquivalent(to: item) }) {
                attempt += 1
                guard attempt <= 8 else {
                    throw Failure(location: schema.location, reason: "no \(count) different items could be written (uniqueItems)")
                }
                let previous = distinct
                distinct = attempt
                defer { distinct = previous }
                item = try quietly { (synth: inout ValueSynthesizer) throws(Failure) in
                    try synth.value(itemSchema, at: pointer.appending(index), depth: depth + 1)
                }
            }
            values.append(item)
        }
        if schema.uniqueItems, values.count > 1, points.count > firstPoint {
            // Another value for the first item that a later item already has would break `uniqueItems`.
            let first = pointer.appending(0)
            let kept = points[firstPoint...].filter { point in
                point.pointer != first || !values.dropFirst().contains { $0.isEquivalent(to: point.value) }
            }
            points.replaceSubrange(firstPoint..., with: kept)
        }
        return .array(values)
    }

    // MARK: Numbers

    mutating func integer(_ schema: CompiledSchema, at pointer: JSONPointer) throws(Failure) -> JSONNumber {
        let low = schema.minimum.map { Self.ceiling($0) } ?? schema.exclusiveMinimum.map { Self.sum(Self.floor($0), 1) }
        let high = schema.maximum.map { Self.floor($0) } ?? schema.exclusiveMaximum.map { Self.sum(Self.ceiling($0), -1) }
        let step = schema.multipleOf?.int.map { Int(clamping: $0.magnitude) } ?? 1
        if let divisor = schema.multipleOf, divisor.int == nil, !Self.dividesOne(divisor.literal) {
            throw Failure(
                location: schema.location,
                reason: "an integer with a multipleOf that is not an integer (\(schema.multipleOf!.literal)) is not written")
        }
        // Bounds reach Int.min and Int.max (drf-spectacular writes both for every 64-bit field): the arithmetic
        // saturates rather than overflow.
        func fit(_ value: Int) -> Int? {
            var result = value
            if step > 1 {
                // Up to a multiple of step (down again where that passes Int.max).
                let remainder = result % step
                if remainder != 0 { result = remainder > 0 ? Self.sum(result, step - remainder) : result - remainder }
                result -= result % step
            }
            if let high, result > high {
                // The largest multiple of step that is not above high, if one is an Int.
                let remainder = high % step
                let (below, overflow) = high.subtractingReportingOverflow(remainder >= 0 ? remainder : remainder + step)
                guard !overflow else { return nil }
                result = below
            }
            if let low, result < low { return nil }
            return result
        }
        var typical = 1 + choice(1_000, at: pointer)
        if let low, let high {
            let span = high.subtractingReportingOverflow(low)
            typical = Self.sum(low, choice(span.overflow ? 1_000 : max(1, min(span.partialValue, 999) + 1), at: pointer))
        } else if let low {
            typical = Self.sum(low, choice(1_000, at: pointer))
        } else if let high {
            typical = Self.sum(high, -choice(1_000, at: pointer))
        }
        guard let value = fit(typical) ?? low.flatMap(fit) else {
            throw Failure(location: schema.location, reason: "no integer lies between the bounds")
        }
        if let low, low != value, let bound = fit(low) { note(pointer, "minimum", .number(JSONNumber(bound))) }
        if let high, high != value, let bound = fit(high), bound >= (low ?? bound) { note(pointer, "maximum", .number(JSONNumber(bound))) }
        return JSONNumber(value)
    }

    static func ceiling(_ bound: CompiledSchema.Bound) -> Int { bound.int ?? clamped((Double(bound.literal) ?? 0).rounded(.up)) }
    static func floor(_ bound: CompiledSchema.Bound) -> Int { bound.int ?? clamped((Double(bound.literal) ?? 0).rounded(.down)) }

    /// Whether 1 is a multiple of `literal` (`0.5`, `0.01`, `1e-9`): then every integer is one too.
    static func dividesOne(_ literal: String) -> Bool {
        guard let divisor = Double(literal), divisor > 0, divisor < 1 else { return false }
        let reciprocal = (1 / divisor).rounded()
        return reciprocal < 0x1p53 && abs(reciprocal * divisor - 1) < 1e-12
    }

    /// `value` as an `Int`, Int.min and Int.max where it lies beyond them (`1e308`, an infinity), 0 for NaN.
    static func clamped(_ value: Double) -> Int {
        if value.isNaN { return 0 }
        if value >= 0x1p63 { return .max }
        if value <= -0x1p63 { return .min }
        return Int(value)
    }

    /// `a + b`, Int.max or Int.min where it would overflow.
    static func sum(_ a: Int, _ b: Int) -> Int {
        let (result, overflow) = a.addingReportingOverflow(b)
        return overflow ? (b > 0 ? .max : .min) : result
    }

    mutating func number(_ schema: CompiledSchema, at pointer: JSONPointer) throws(Failure) -> JSONNumber {
        if schema.multipleOf != nil || (schema.minimum ?? schema.maximum ?? schema.exclusiveMinimum ?? schema.exclusiveMaximum)?.int != nil
        {
            // Integral bounds or a multipleOf: an integer is a number, and exact.
            return try integer(schema, at: pointer)
        }
        let low = (schema.minimum ?? schema.exclusiveMinimum).flatMap { Double($0.literal) }
        let high = (schema.maximum ?? schema.exclusiveMaximum).flatMap { Double($0.literal) }
        var value = Double(choice(10_000, at: pointer)) / 8 + 0.25
        if let low, let high {
            // Halves first: high - low overflows to infinity for -1e308 and 1e308.
            value = low / 2 + high / 2
        } else if let low {
            value = low + value
        } else if let high {
            value = high - value
        }
        if !value.isFinite { value = [low, high].compactMap { $0 }.first { $0.isFinite } ?? 0 }
        if let bound = schema.minimum.flatMap({ Double($0.literal) }) { note(pointer, "minimum", .number(JSONNumber(bound))) }
        if let bound = schema.maximum.flatMap({ Double($0.literal) }) { note(pointer, "maximum", .number(JSONNumber(bound))) }
        return JSONNumber(value)
    }

    // MARK: Strings

    mutating func string(_ schema: CompiledSchema, at pointer: JSONPointer) throws(Failure) -> String {
        var text = try fitted(schema, candidate: candidate(schema, at: pointer), at: pointer)
        // A text cut to maxLength moves to the middle of the bounds, so that both bounds are variants of their own.
        if let most = schema.maxLength, text.unicodeScalars.count == most, most > (schema.minLength ?? 0) + 1,
            let middle = try? fitted(
                schema, candidate: candidate(schema, at: pointer), at: pointer, length: ((schema.minLength ?? 0) + most + 1) / 2)
        {
            text = middle
        }
        let length = text.unicodeScalars.count
        if collecting, let least = schema.minLength, least != length,
            let bounded = try? fitted(schema, candidate: candidate(schema, at: pointer), at: pointer, length: least)
        {
            note(pointer, "minLength \(least)", .string(bounded))
        }
        if collecting, let most = schema.maxLength, most != length, most <= 10_000,
            let bounded = try? fitted(schema, candidate: candidate(schema, at: pointer), at: pointer, length: most)
        {
            note(pointer, "maxLength \(most)", .string(bounded))
        }
        return text
    }

    /// What a string of this schema would say, before its pattern and length are applied.
    func candidate(_ schema: CompiledSchema, at pointer: JSONPointer) -> String {
        let number = 1 + choice(999, at: pointer)
        let word = pointer.tokens.last { JSONPointer.arrayIndex($0) == nil } ?? "text"
        switch schema.formatKind {
        case .dateTime:
            return dateTime(schema.dateForm ?? mode.undeclaredDateForm ?? .secondsUTC, at: pointer)
        case .date:
            return String(dateTime(.secondsUTC, at: pointer).prefix(10))
        case .uri: return "https://example.com/\(Self.slug(word))/\(number)"
        default: break
        }
        switch schema.format {
        case "email"?: return "user\(number)@example.com"
        case "uuid"?:
            return String(
                format: "%08x-%04x-4%03x-8%03x-%012x", choice(Int(Int32.max), at: pointer), number, number, number,
                choice(Int(Int32.max), at: pointer, salt: 1))
        case "ipv4"?: return "192.0.2.\(number % 255)"
        case "ipv6"?: return "2001:db8::\(number)"
        case "hostname"?, "idn-hostname"?: return "example\(number).com"
        case "byte"?: return Data("\(word) \(number)".utf8).base64EncodedString()
        case "time"?: return "12:34:56Z"
        default: break
        }
        return mode.unicode ? "\(word) 할 일 🚀 \(number)" : "\(word) \(number)"
    }

    /// Strings tried against a pattern before it is sampled.
    static let wellKnown = [
        "Tue, 21 May 2024 06:32:19 GMT", "2024-05-21T06:32:19Z", "2024-05-21", "https://example.com/item/1",
        "user1@example.com", "65f1a2b3c4d5e6f708192a3b", "123456", "example",
    ]

    static func slug(_ word: String) -> String {
        let kept = word.lowercased().map { $0.isLetter && $0.isASCII || $0.isNumber ? $0 : "-" }
        return String(kept).isEmpty ? "item" : String(kept)
    }

    /// `candidate` made to fit the pattern and the length bounds (or exactly `length`).
    func fitted(_ schema: CompiledSchema, candidate: String, at pointer: JSONPointer, length: Int? = nil) throws(Failure) -> String {
        let least = length ?? schema.minLength ?? 0
        let most = length ?? schema.maxLength
        func fits(_ text: String) -> Bool {
            let count = text.unicodeScalars.count
            return count >= least && count <= (most ?? Int.max) && (schema.pattern?.matches(text) ?? true)
        }
        func resized(_ text: String) -> String {
            let count = text.unicodeScalars.count
            if count < least {
                // As bytes: appending a Character at a time was two thirds of writing a vendor's examples.
                var bytes = Array(text.utf8)
                let filler = mode.unicode ? Array("가".utf8) : [UInt8(ascii: "a")]
                bytes.reserveCapacity(bytes.count + filler.count * (least - count))
                for _ in count..<least { bytes += filler }
                return String(decoding: bytes, as: UTF8.self)
            }
            if let most, count > most { return String(String.UnicodeScalarView(text.unicodeScalars.prefix(most))) }
            return text
        }
        if fits(candidate) { return candidate }
        let padded = resized(candidate)
        if fits(padded) { return padded }
        // Text that patterns usually describe (an HTTP date, an id, a URL) reads better than a sample of the pattern.
        if distinct == 0, let known = Self.wellKnown.first(where: fits) { return known }
        guard let pattern = schema.pattern else {
            throw Failure(
                location: schema.location, reason: "no string of \(least)...\(most.map(String.init) ?? "") characters could be written")
        }
        let sampler: PatternSampler
        do {
            sampler = try PatternSampler(pattern.source)
        } catch {
            throw Failure(location: schema.location, reason: error.description)
        }
        for variant in 0..<24 {
            for shortest in [false, true] {
                guard let sample = sampler.sample(variant: variant &+ choice(1_000, at: pointer), shortest: shortest) else { continue }
                if fits(sample) { return sample }
                // Text around an unanchored pattern's match still matches: pad and trim, then check again.
                let padded = resized(sample)
                if fits(padded) { return padded }
            }
        }
        throw Failure(
            location: schema.location,
            reason: "no string written for the pattern \(pattern.source) has \(least)...\(most.map(String.init) ?? "") characters")
    }

    // MARK: Dates

    /// A date-time in the exact wire form: the variant's instant, or one fixed by the place.
    func dateTime(_ form: DateWireForm, at pointer: JSONPointer) -> String {
        // The largest fraction the form writes exactly (…59.999999 for six digits), so rounding never carries.
        let digits = form.fractionDigits
        let fraction = digits == 0 ? 0 : Int32((Self.power(digits) - 1) * Self.power(9 - digits))
        let seconds: Int64
        if let instant = mode.instant {
            // A local-time instant (end of a day, month or year) is that wall time in the API's offset.
            seconds = instant.localTime ? instant.seconds - Int64(form.offset.seconds) : instant.seconds
        } else {
            // 2024-05-21T06:32:19Z, moved by up to a year per field so that fields differ.
            seconds = 1_716_273_139 + Int64(choice(31_536_000, at: pointer))
        }
        let unit = Int32(Self.power(9 - digits))
        let nanoseconds =
            mode.instant.map { $0.endOfSecond ? fraction : 0 } ?? Int32(choice(1_000_000_000, at: pointer, salt: 2)) / unit * unit
        return ISO8601Timestamp(secondsSince1970: seconds, nanoseconds: nanoseconds, wireForm: form).formatted(as: form)
    }

    static func power(_ exponent: Int) -> Int {
        var result = 1
        for _ in 0..<exponent { result *= 10 }
        return result
    }
}
