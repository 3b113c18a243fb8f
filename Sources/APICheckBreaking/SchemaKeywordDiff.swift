import APICheckJSONSchema
import APICheckRecording

/// Whether a schema accepts more or fewer values after a change of one keyword.
enum Tendency {
    /// It accepts fewer values (or the same).
    case tighter
    /// It accepts more values.
    case looser
    /// It may accept some values it refused and refuse some it accepted (two regular expressions, two `if` schemas).
    case undecided
    case same
}

extension Tendency {
    /// The rule of a constraint change of this tendency on `direction`'s side (nil: no change): the one place that
    /// says a request that accepts less is tightened, a response that may hold more loosened.
    func rule(_ direction: ChangeDirection) -> RuleID? {
        switch (self, direction) {
        case (.same, _): nil
        case (.tighter, .request): .breakingRequestConstraintTightened
        case (.tighter, .response): .breakingResponseConstraintTightened
        case (.looser, .request): .breakingRequestConstraintLoosened
        case (.looser, .response): .breakingResponseConstraintLoosened
        case (.undecided, .request): .breakingRequestConstraintChanged
        case (.undecided, .response): .breakingResponseConstraintChanged
        }
    }
}

extension ContractDiff {
    /// Reads generators' slips as the verifier reads them (``SchemaCompiler``'s, in an OpenAPI document): OpenAPI 3.0's
    /// `nullable` (null taken, unless an enum leaves it out), a boolean `exclusiveMinimum` as the bound beside it made
    /// exclusive, `min_items` as `minItems`; so a change between the slip and what it means is no change, and a change
    /// of what it means is one.
    static func readSlips(_ object: JSONObject, into flat: inout FlatSchema) {
        if object["nullable"] == .bool(true), !(object["enum"]?.arrayValue.map { !$0.contains(.null) } ?? false) {
            flat.nullable = true
        }
        for (exclusive, bound) in [("exclusiveMinimum", "minimum"), ("exclusiveMaximum", "maximum")] {
            guard case .bool(let isExclusive)? = object[exclusive] else { continue }
            flat.constraints[exclusive] = nil
            if isExclusive, let value = object[bound] {
                flat.constraints[bound] = nil
                flat.constraints[exclusive] = value
            }
        }
        for member in object {
            guard let keyword = SchemaCompiler.snakeCaseKeywords[member.key], object[keyword] == nil,
                FlatSchema.lowerBounds.contains(keyword) || FlatSchema.upperBounds.contains(keyword) || FlatSchema.exact.contains(keyword)
            else { continue }
            flat.constraints[keyword] = member.value
        }
    }

    /// Reads the keywords of `object` (a schema written at `pointer`) that ``FlatSchema`` keeps besides types,
    /// properties, items, enums and bounds: the sub-schemas of the applicators, `dependentRequired`, `default`,
    /// `readOnly`/`writeOnly`, `discriminator`, and what is compared as written.
    static func readKeywords(_ object: JSONObject, at pointer: JSONPointer, into flat: inout FlatSchema) {
        for (keyword, _) in FlatSchema.monotoneKeywords {
            guard let value = object[keyword] else { continue }
            if (keyword == "additionalProperties" || keyword == "unevaluatedProperties") && value == .bool(false) { continue }
            if value == .bool(true) { continue }
            flat.applied[keyword] = (value, pointer.appending(keyword))
        }
        if case .array(let items)? = object["prefixItems"] {
            flat.prefixItems = items.indices.map { (items[$0], pointer.appending("prefixItems").appending($0)) }
        }
        if case .object(let patterns)? = object["patternProperties"] {
            flat.patternProperties = patterns.map { ($0.key, $0.value, pointer.appending("patternProperties").appending($0.key)) }
        }
        if case .object(let dependencies)? = object["dependentRequired"] {
            for member in dependencies {
                flat.dependentRequired[member.key] = Set(member.value.arrayValue?.compactMap(\.stringValue) ?? [])
            }
        }
        if case .object(let dependencies)? = object["dependentSchemas"] {
            flat.dependentSchemas = dependencies.map { ($0.key, $0.value, pointer.appending("dependentSchemas").appending($0.key)) }
        }
        for keyword in FlatSchema.opaqueKeywords {
            if let value = object[keyword] { flat.opaque[keyword] = (value, pointer.appending(keyword)) }
        }
        // `not: {}` (or `not: true`) refuses every value.
        if let not = object["not"], not == .bool(true) || not == .object(JSONObject()) { flat.rejectsAll = true }
        flat.defaultValue = object["default"]
        flat.readOnly = object["readOnly"] == .bool(true)
        flat.writeOnly = object["writeOnly"] == .bool(true)
        if case .object(let discriminator)? = object["discriminator"], let property = discriminator["propertyName"]?.stringValue {
            var mapping: [String: String] = [:]
            for member in discriminator["mapping"]?.objectValue ?? JSONObject() {
                if let target = member.value.stringValue { mapping[member.key] = target }
            }
            flat.discriminator = (property, mapping)
        }
    }

    /// Whether the constraint `key` (`pattern`, `multipleOf`, `uniqueItems`) accepts more or fewer values as `new` than
    /// as `old` (nil: not written).
    static func direction(of key: String, _ old: JSONValue?, _ new: JSONValue?) -> Tendency {
        switch key {
        case "pattern":
            // A pattern that matches every string constrains nothing: the same as none.
            let before = old?.stringValue.flatMap { matchesEverything($0) ? nil : $0 }
            let after = new?.stringValue.flatMap { matchesEverything($0) ? nil : $0 }
            switch (before, after) {
            case (nil, nil): return .same
            case (nil, _?): return .tighter
            case (_?, nil): return .looser
            case (let a?, let b?): return a == b ? .same : .undecided
            }
        case "multipleOf":
            let before = old?.numberValue.flatMap { Double($0.description) }
            let after = new?.numberValue.flatMap { Double($0.description) }
            switch (before, after) {
            case (nil, nil): return .same
            case (nil, _?): return .tighter
            case (_?, nil): return .looser
            case (let a?, let b?):
                if a == b { return .same }
                // Multiples of 6 are multiples of 3: a divisor that is a multiple of the old one accepts fewer values.
                if isWholeMultiple(b, of: a) { return .tighter }
                if isWholeMultiple(a, of: b) { return .looser }
                return .undecided
            }
        default:
            // uniqueItems: true asks more than false or nothing.
            let before = old == .bool(true)
            let after = new == .bool(true)
            return before == after ? .same : (after ? .tighter : .looser)
        }
    }

    static func isWholeMultiple(_ value: Double, of divisor: Double) -> Bool {
        guard divisor != 0 else { return false }
        let ratio = value / divisor
        return ratio >= 1 && abs(ratio - ratio.rounded()) < 1e-9 * ratio
    }

    /// Whether `pattern` matches every string: it matches the empty string at the start of any text, and nothing in
    /// it looks at what follows or precedes (`$`, `\b`, a lookaround) that could stop that. Conservative: a pattern that
    /// matches everything some other way is read as a constraint.
    static func matchesEverything(_ pattern: String) -> Bool {
        for marker in ["$", "\\b", "\\B", "(?=", "(?!", "(?<", "\\z", "\\Z"] where pattern.contains(marker) { return false }
        guard let program = try? PatternProgram(pattern) else { return false }
        return program.matches("")
    }

    /// Reports `tendency` (of a change described by `message`) as the rule of `direction`'s side.
    mutating func report(
        _ tendency: Tendency, _ message: String, _ place: ChangePlace,
        _ instance: JSONPointer, old oldPointer: JSONPointer?, new newPointer: JSONPointer?
    ) {
        guard let rule = tendency.rule(place.direction) else { return }
        add(rule, place, instance.description, old: oldPointer, new: newPointer, message)
    }

    /// Compares what ``readKeywords(_:at:into:)`` read: each applicator's sub-schema by direction (recursively when both
    /// versions have it), `dependentRequired`, what is compared as written, and a request's `default`.
    mutating func compareKeywords(
        _ before: FlatSchema, _ after: FlatSchema, _ place: ChangePlace,
        _ instance: JSONPointer
    ) {
        func report(_ tendency: Tendency, _ message: String, old: JSONPointer? = nil, new: JSONPointer? = nil) {
            self.report(
                tendency, message, place, instance, old: old ?? before.pointer, new: new ?? after.pointer)
        }
        for (keyword, target) in FlatSchema.monotoneKeywords {
            let at = target.isEmpty ? instance : instance.appending(target)
            compareSubschema(keyword, before.applied[keyword], after.applied[keyword], place, at)
        }
        comparePrefixItems(before, after, place, instance)
        comparePatternProperties(before, after, place, instance)
        for name in Set(before.dependentRequired.keys).union(after.dependentRequired.keys).sorted() {
            let old = before.dependentRequired[name] ?? []
            let new = after.dependentRequired[name] ?? []
            let added = new.subtracting(old).sorted()
            let removed = old.subtracting(new).sorted()
            if !added.isEmpty { report(.tighter, "dependentRequired: with \(name), also \(added.joined(separator: ", "))") }
            if !removed.isEmpty { report(.looser, "dependentRequired: with \(name), no longer \(removed.joined(separator: ", "))") }
        }
        let oldDependents = Dictionary(before.dependentSchemas.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        let newDependents = Dictionary(after.dependentSchemas.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        for name in Set(oldDependents.keys).union(newDependents.keys).sorted() {
            compareSubschema(
                "dependentSchemas/\(name)", oldDependents[name].map { ($0.value, $0.pointer) },
                newDependents[name].map { ($0.value, $0.pointer) }, place, instance)
        }
        compareOpaque(before, after, place, instance)
        if place.direction == .request, before.defaultValue != after.defaultValue {
            add(
                .breakingRequestDefaultChanged, place, instance.description, old: before.pointer, new: after.pointer,
                """
                default: \(Self.brief(before.defaultValue)) -> \(Self.brief(after.defaultValue)): the server assumes another value \
                where the client sends none
                """
            )
        }
    }

    /// A sub-schema that, accepting more, makes the schema accept more: added is tighter, removed looser, and one in both
    /// versions compared as a schema of its own (at `instance`, the value it applies to).
    mutating func compareSubschema(
        _ keyword: String, _ before: (value: JSONValue, pointer: JSONPointer)?, _ after: (value: JSONValue, pointer: JSONPointer)?,
        _ place: ChangePlace, _ instance: JSONPointer
    ) {
        // `true` and `{}` accept every value: the same as no sub-schema.
        func constrains(_ schema: (value: JSONValue, pointer: JSONPointer)?) -> (value: JSONValue, pointer: JSONPointer)? {
            guard let schema, schema.value != .bool(true), schema.value != .object(JSONObject()) else { return nil }
            return schema
        }
        switch (constrains(before), constrains(after)) {
        case (nil, nil):
            return
        case (nil, let added?):
            report(.tighter, "\(keyword): added", place, instance, old: nil, new: added.pointer)
        case (let removed?, nil):
            report(.looser, "\(keyword): removed", place, instance, old: removed.pointer, new: nil)
        case (let old?, let new?):
            compareSchemas(at: (old.value, old.pointer), (new.value, new.pointer), place, instance)
        }
    }

    /// `prefixItems`: each position in both compared. A position added was governed by `items` before (anything, without
    /// it): the new schema there is compared with that one, so a prefix entry that repeats `items` is no change; a
    /// position removed is governed by `items` from now on, compared the same way.
    mutating func comparePrefixItems(
        _ before: FlatSchema, _ after: FlatSchema, _ place: ChangePlace,
        _ instance: JSONPointer
    ) {
        for index in 0..<max(before.prefixItems.count, after.prefixItems.count) {
            let old = index < before.prefixItems.count ? before.prefixItems[index] : before.items
            let new = index < after.prefixItems.count ? after.prefixItems[index] : after.items
            let at = instance.appending(index)
            switch (old, new) {
            case (let old?, let new?):
                compareSchemas(at: (old.value, old.pointer), (new.value, new.pointer), place, at)
            case (nil, let new?) where new.value != .bool(true) && new.value != .object(JSONObject()):
                report(
                    .tighter, "prefixItems: position \(index) added", place, at, old: before.pointer, new: new.pointer)
            case (let old?, nil) where old.value != .bool(true) && old.value != .object(JSONObject()):
                report(
                    .looser, "prefixItems: position \(index) removed", place, at, old: old.pointer, new: after.pointer)
            default:
                break
            }
        }
    }

    /// `patternProperties`, by pattern: one added constrains the keys it matches (tighter), one removed frees them
    /// (looser); where `additionalProperties: false` closes the object, a pattern also lets its keys in, so either is
    /// a change with no one direction.
    mutating func comparePatternProperties(
        _ before: FlatSchema, _ after: FlatSchema, _ place: ChangePlace,
        _ instance: JSONPointer
    ) {
        let old = Dictionary(before.patternProperties.map { ($0.pattern, $0) }, uniquingKeysWith: { first, _ in first })
        let new = Dictionary(after.patternProperties.map { ($0.pattern, $0) }, uniquingKeysWith: { first, _ in first })
        for pattern in Set(old.keys).union(new.keys).sorted() {
            switch (old[pattern], new[pattern]) {
            case (nil, let added?):
                report(
                    after.closed ? .undecided : .tighter, "patternProperties: \(pattern) added", place, instance,
                    old: before.pointer, new: added.pointer)
            case (let removed?, nil):
                report(
                    before.closed ? .undecided : .looser, "patternProperties: \(pattern) removed", place, instance,
                    old: removed.pointer, new: after.pointer)
            case (let a?, let b?):
                compareSchemas(at: (a.value, a.pointer), (b.value, b.pointer), place, instance.appending("*"))
            default:
                break
            }
        }
    }

    /// `not`, `if` (where `then` or `else` gives it a meaning), `$dynamicRef`, a `$ref` apicheck cannot follow and
    /// `$schema`: compared as written. `not` added is tighter and removed looser; any other change of `not` or `if`
    /// has no one direction; one of the others changes what the schema is (`breaking.schema-changed`).
    mutating func compareOpaque(
        _ before: FlatSchema, _ after: FlatSchema, _ place: ChangePlace,
        _ instance: JSONPointer
    ) {
        // An `if` means something only beside `then` or `else`; one added with them is judged by their addition.
        func isConditional(_ schema: FlatSchema) -> Bool { schema.applied["then"] != nil || schema.applied["else"] != nil }
        let conditional = isConditional(before) && isConditional(after)
        for keyword in FlatSchema.opaqueKeywords {
            // `not` and `if` by what they lead to, one `$ref` deep (a schema moved into components is no change).
            let follow = keyword == "not" || keyword == "if"
            let old = before.opaque[keyword].map { follow ? self.old.resolve($0.value, at: $0.pointer) : $0 }
            let new = after.opaque[keyword].map { follow ? self.new.resolve($0.value, at: $0.pointer) : $0 }
            guard old?.value != new?.value else { continue }
            let oldPointer = old?.pointer ?? before.pointer
            let newPointer = new?.pointer ?? after.pointer
            let message = "\(keyword): \(Self.brief(old?.value)) -> \(Self.brief(new?.value))"
            switch keyword {
            case "not":
                let tendency: Tendency = old == nil ? .tighter : (new == nil ? .looser : .undecided)
                report(tendency, message, place, instance, old: oldPointer, new: newPointer)
            case "if":
                if conditional { report(.undecided, message, place, instance, old: oldPointer, new: newPointer) }
            default:
                add(.breakingSchemaChanged, place, instance.description, old: oldPointer, new: newPointer, message)
            }
        }
    }
}
