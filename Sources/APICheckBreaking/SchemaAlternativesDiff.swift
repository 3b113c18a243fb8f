import APICheckRecording

extension ContractDiff {
    typealias Alternative = (value: JSONValue, pointer: JSONPointer)

    /// The alternatives of a `oneOf` or `anyOf`, by side: each alternative of the new version is paired with one of the
    /// old (the same value, the same place, the same types, or the same position among those left) and the two are
    /// compared; one left unpaired was added or removed. A response that may be a new alternative breaks the client (a
    /// Swift enum with an associated value per kind does not decode it); a request that accepts a new one asks the
    /// server to. A schema that becomes one of several alternatives (or stops being one) is compared with the one that
    /// is itself.
    mutating func compareAlternatives(
        _ before: FlatSchema, _ after: FlatSchema, _ place: ChangePlace,
        _ instance: JSONPointer
    ) {
        guard !before.alternatives.isEmpty || !after.alternatives.isEmpty else { return }
        let oldOptions = before.alternatives.isEmpty ? [(before.value, before.pointer)] : before.alternatives
        let newOptions = after.alternatives.isEmpty ? [(after.value, after.pointer)] : after.alternatives
        let (pairs, added, removed) = Self.pair(oldOptions, newOptions)
        for (old, new) in pairs {
            compareSchemas(
                at: (oldOptions[old].value, oldOptions[old].pointer), (newOptions[new].value, newOptions[new].pointer), place,
                instance)
        }
        let keyword = after.alternativesKeyword ?? before.alternativesKeyword ?? "oneOf"
        for (indices, options, isAdded) in [(added, newOptions, true), (removed, oldOptions, false)] {
            let rule: RuleID
            switch (place.direction, isAdded) {
            case (.request, true): rule = .breakingRequestAlternativeAdded
            case (.request, false): rule = .breakingRequestAlternativeRemoved
            case (.response, true): rule = .breakingResponseAlternativeAdded
            case (.response, false): rule = .breakingResponseAlternativeRemoved
            }
            for option in indices.map({ options[$0] }) {
                add(
                    rule, place, instance.description, old: isAdded ? before.pointer : option.pointer,
                    new: isAdded ? option.pointer : after.pointer,
                    "\(keyword): an alternative \(isAdded ? "added" : "removed") (\(Self.describe(option)))")
            }
        }
        if place.direction == .request, keyword == "oneOf" {
            // A value must match exactly one alternative of a oneOf: a new one that takes values of the same type as
            // another may make a value the client sends match two, which is then refused.
            let kept = newOptions.indices.filter { !added.contains($0) }
            for index in added {
                guard let other = kept.first(where: { Self.mayOverlap(newOptions[index].value, newOptions[$0].value) }) else { continue }
                add(
                    .breakingRequestConstraintChanged, place, instance.description, old: before.pointer,
                    new: newOptions[index].pointer,
                    "oneOf: the new alternative (\(Self.describe(newOptions[index]))) may match values of another "
                        + "(\(Self.describe(newOptions[other]))): a value that matches both is refused")
            }
        }
        if let old = before.alternativesKeyword, let new = after.alternativesKeyword, old != new {
            // A value that matches two alternatives passes anyOf and fails oneOf.
            report(
                new == "oneOf" ? .tighter : .looser, "\(old) -> \(new)", place, instance, old: before.pointer,
                new: after.pointer)
        }
        compareDiscriminators(before, after, place, instance)
    }

    /// Pairs the alternatives `new` with those of `old`: the same value first, then the same place (a `$ref` to the same
    /// schema, or an inline one at the same position), then the same `type`, then by position when as many are left
    /// on both sides. Returns the pairs (old, new) and the unpaired of each side.
    static func pair(_ old: [Alternative], _ new: [Alternative]) -> (pairs: [(Int, Int)], added: [Int], removed: [Int]) {
        var leftOld = Array(old.indices)
        var leftNew = Array(new.indices)
        var pairs: [(Int, Int)] = []
        func match(_ same: (Alternative, Alternative) -> Bool) {
            for index in leftNew {
                guard let partner = leftOld.first(where: { same(old[$0], new[index]) }) else { continue }
                pairs.append((partner, index))
                leftOld.removeAll { $0 == partner }
                leftNew.removeAll { $0 == index }
            }
        }
        match { $0.value == $1.value }
        match { $0.pointer == $1.pointer }
        match { a, b in
            // The same types, when no other alternative left on either side has them.
            guard let types = a.value["type"], types == b.value["type"] else { return false }
            return leftOld.filter { old[$0].value["type"] == types }.count == 1
                && leftNew.filter { new[$0].value["type"] == types }.count == 1
        }
        if leftOld.count == leftNew.count {
            pairs += zip(leftOld, leftNew).map { ($0, $1) }
            leftOld = []
            leftNew = []
        }
        return (pairs.sorted { $0.1 < $1.1 }, leftNew, leftOld)
    }

    /// Whether two alternatives may both match one value, as far as their `type` tells: either says no type, or
    /// they share one (a number takes an integer).
    static func mayOverlap(_ a: JSONValue, _ b: JSONValue) -> Bool {
        func types(_ schema: JSONValue) -> Set<String>? {
            switch schema["type"] {
            case .string(let type)?: return [type]
            case .array(let types)?: return Set(types.compactMap(\.stringValue))
            default: return nil
            }
        }
        guard let first = types(a), let second = types(b) else { return true }
        return first.contains { takes(second, $0) } || second.contains { takes(first, $0) }
    }

    /// An alternative in a message: its schema's name (`Dog`), its type, or its place.
    static func describe(_ option: Alternative) -> String {
        let tokens = option.pointer.tokens
        if tokens.count == 3, tokens[0] == "components", tokens[1] == "schemas" { return tokens[2] }
        if let type = option.value["type"] { return "type \(brief(type))" }
        return option.pointer.description
    }

    /// `discriminator`: its property renamed breaks the client either side; its mapping's values are the property's
    /// enum (a value added to a response's mapping is a kind the client does not know).
    mutating func compareDiscriminators(
        _ before: FlatSchema, _ after: FlatSchema, _ place: ChangePlace,
        _ instance: JSONPointer
    ) {
        guard let old = before.discriminator, let new = after.discriminator else {
            if (before.discriminator == nil) != (after.discriminator == nil) {
                let message = "discriminator: \(before.discriminator?.property ?? "none") -> \(after.discriminator?.property ?? "none")"
                add(.breakingDiscriminatorChanged, place, instance.description, old: before.pointer, new: after.pointer, message)
            }
            return
        }
        let at = instance.appending(new.property).description
        guard old.property == new.property else {
            add(
                .breakingDiscriminatorChanged, place, at, old: before.pointer, new: after.pointer,
                "discriminator: propertyName \(old.property) -> \(new.property)")
            return
        }
        let added = Set(new.mapping.keys).subtracting(old.mapping.keys).sorted()
        let removed = Set(old.mapping.keys).subtracting(new.mapping.keys).sorted()
        let moved = Set(old.mapping.keys).intersection(new.mapping.keys).filter { old.mapping[$0] != new.mapping[$0] }.sorted()
        if !added.isEmpty {
            add(
                place.direction == .request ? .breakingRequestEnumValueAdded : .breakingResponseEnumValueAdded, place, at,
                old: before.pointer, new: after.pointer, "discriminator mapping: \(added.joined(separator: ", ")) added")
        }
        if !removed.isEmpty {
            add(
                place.direction == .request ? .breakingRequestEnumValueRemoved : .breakingResponseEnumValueRemoved, place, at,
                old: before.pointer, new: after.pointer, "discriminator mapping: \(removed.joined(separator: ", ")) removed")
        }
        for value in moved {
            add(
                .breakingDiscriminatorChanged, place, at, old: before.pointer, new: after.pointer,
                "discriminator mapping: \(value) -> \(new.mapping[value] ?? "") (was \(old.mapping[value] ?? ""))")
        }
    }
}
