import APICheckRecording

/// Whether a schema describes what the client sends or what it reads: the same change breaks one side or the other.
enum ChangeDirection: Hashable, Sendable {
    case request
    case response
}

/// Where a comparison tells its changes, as ``FindingPlace`` is for findings: the operation, the part of it, and how
/// that part's values are judged. Each change adds the pointer of its value in the part (``ContractDiff/add``).
struct ChangePlace: Hashable {
    /// `GET /todos/{id}`.
    let operation: String
    let part: ContractChange.Part
    /// As the client sends a value (a request's) or reads it (a response's): the other way round in a webhook, whose
    /// request the API sends and the app reads.
    let direction: ChangeDirection
}

extension ChangePlace {
    /// `part` of `operation`, judged as that operation's requests or responses are.
    init(_ operation: ContractDiff.Operation, _ part: ContractChange.Part) {
        let isResponse = part.status != nil
        self.init(
            operation: operation.name, part: part,
            direction: isResponse ? operation.responseDirection : operation.requestDirection)
    }

    /// Where a pair of schemas compared on its own tells its changes, before they are told again at each place that
    /// reaches the pair (``SchemaPairs``).
    static func apart(_ direction: ChangeDirection) -> ChangePlace {
        ChangePlace(operation: "", part: .operation, direction: direction)
    }
}

/// A schema of one version, flattened for comparison: `$ref`s followed, `allOf` merged, the null alternative of a
/// `oneOf`/`anyOf` or a type list read as "nullable".
struct FlatSchema {
    /// Where the schema is written (a component's place when it is reached through `$ref`).
    var pointer: JSONPointer
    var value: JSONValue
    /// The types other than null; nil when the schema does not say (anything goes).
    var types: Set<String>?
    var nullable = false
    var properties: [(name: String, value: JSONValue, pointer: JSONPointer)] = []
    var required: Set<String> = []
    var closed = false
    var items: (value: JSONValue, pointer: JSONPointer)?
    /// Enum values other than null.
    var enumValues: Set<JSONValue>?
    var format: String?
    /// `contentMediaType` and `contentEncoding`: the form of a string's content, which a client decodes as it says.
    var contentForm: [String: String] = [:]
    var dateForm: JSONValue?
    var keyCase: JSONValue?
    /// The alternatives of a `oneOf` or `anyOf` other than null, when more than one is left.
    var alternatives: [(value: JSONValue, pointer: JSONPointer)] = []
    /// The keyword of ``alternatives`` (`oneOf` or `anyOf`).
    var alternativesKeyword: String?
    /// `discriminator` of the alternatives: its property and its mapping (a value to a schema's `$ref`).
    var discriminator: (property: String, mapping: [String: String])?
    var constraints: [String: JSONValue] = [:]
    /// `description`, `title`, `example`, `examples`: what a reader is told, not what is checked.
    var documentation: [String: JSONValue] = [:]
    /// The boolean schema `false`, or a `not: {}`: no value is valid.
    var rejectsAll = false
    /// The sub-schemas that apply to the value or to parts of it, by keyword, such that a sub-schema that accepts more
    /// makes the whole accept more (``monotoneKeywords``).
    var applied: [String: (value: JSONValue, pointer: JSONPointer)] = [:]
    var prefixItems: [(value: JSONValue, pointer: JSONPointer)] = []
    var patternProperties: [(pattern: String, value: JSONValue, pointer: JSONPointer)] = []
    var dependentRequired: [String: Set<String>] = [:]
    var dependentSchemas: [(name: String, value: JSONValue, pointer: JSONPointer)] = []
    /// `not` and `if`, whose sub-schemas' changes have no one direction, and what is compared as written (`$dynamicRef`,
    /// a `$ref` to a document apicheck does not hold, `$schema`).
    var opaque: [String: (value: JSONValue, pointer: JSONPointer)] = [:]
    var defaultValue: JSONValue?
    var readOnly = false
    var writeOnly = false

    static let documentationKeys = ["description", "title", "example", "examples"]
    static let lowerBounds = ["minLength", "minItems", "minimum", "exclusiveMinimum", "minProperties", "minContains"]
    static let upperBounds = ["maxLength", "maxItems", "maximum", "exclusiveMaximum", "maxProperties", "maxContains"]
    static let exact = ["pattern", "multipleOf", "uniqueItems"]
    /// Keywords whose sub-schema, when it accepts more, makes the schema accept more; the instance each applies to is
    /// the value itself (""), each of its items or properties ("*").
    static let monotoneKeywords: [(keyword: String, instance: String)] = [
        ("contains", "*"), ("propertyNames", ""), ("additionalProperties", "*"), ("unevaluatedProperties", "*"),
        ("unevaluatedItems", "*"), ("then", ""), ("else", ""), ("contentSchema", ""),
    ]
    /// Keywords compared as written: a change is a change, with no direction.
    static let opaqueKeywords = ["not", "if", "$dynamicRef", "$ref", "$schema"]
}

/// The pairs of schemas one comparison has compared on their own: what each finds, and the pairs below it, by number.
///
/// A walk from an operation's body meets each pair by number: the work of a pair (flattening, comparing, the places
/// below it) is done once for the whole comparison, and what an operation's walk does per pair is a few integers.
struct SchemaPairs {
    /// A pair by where each schema is written, and the direction it is judged in.
    struct Key: Hashable, Sendable {
        let old: JSONPointer
        let new: JSONPointer
        let direction: ChangeDirection
        /// Hashed once: a key is looked up in several tables, each of which hashes it again as it grows, and hashing
        /// two pointers of several tokens each was a tenth of working out a pair.
        private let hash: Int

        init(old: JSONPointer, new: JSONPointer, direction: ChangeDirection) {
            self.old = old
            self.new = new
            self.direction = direction
            var hasher = Hasher()
            hasher.combine(old)
            hasher.combine(new)
            hasher.combine(direction)
            hash = hasher.finalize()
        }

        func hash(into hasher: inout Hasher) { hasher.combine(hash) }

        static func == (left: Key, right: Key) -> Bool {
            left.hash == right.hash && left.direction == right.direction && left.old == right.old && left.new == right.new
        }
    }

    /// A pair of schemas below another, at `instance` relative to it (or, in a walk, from the body's root).
    struct Edge: Sendable {
        let instance: JSONPointer
        let before: (JSONValue?, JSONPointer)
        let after: (JSONValue?, JSONPointer)
        let direction: ChangeDirection

        /// The pair's key: where each schema is written, and the direction.
        var key: Key { Key(old: before.1, new: after.1, direction: direction) }
    }

    /// A pair as worked out (``ContractDiff/workOut(_:)``): where its two schemas are written (`$ref`s followed), its
    /// changes, the pairs below it.
    struct Found: Sendable {
        /// Where the two schemas are written, hashed here, by the thread that works the pair out.
        let places: Places
        let changes: [ContractChange]
        let below: [Edge]

        init(old: JSONPointer, new: JSONPointer, changes: [ContractChange], below: [Edge]) {
            places = Places(old: old, new: new)
            self.changes = changes
            self.below = below
        }
    }

    /// What a pair finds on its own: where the two schemas are (`$ref`s followed), its changes (no operation or part,
    /// pointers relative to the pair), and the pairs below it.
    struct Compared {
        /// The pair of places (`old`, `new`), one number however many keys lead to it.
        let place: Int
        let changes: [ContractChange]
        let below: [Edge]
    }

    /// A pair below another that a walk steps to: its number, which of the other's ``Compared/below`` leads to it, and
    /// how many tokens that edge's instance adds to the pointer.
    struct Link {
        let pair: Int
        let edge: Int
        let tokens: Int
    }

    /// A pair with changes that a walk reached, and its pointer from where the walk began.
    struct Reached {
        let pair: Int
        let pointer: String
    }

    /// A walk from a pair of places, in a direction, from a depth (the pointer's tokens, against the limit of 64).
    struct WalkKey: Hashable {
        let place: Int
        let direction: ChangeDirection
        let depth: Int
    }

    /// What a walk into a part nothing had visited found: the pairs with changes, and the places it visited.
    struct Walk {
        let reached: [Reached]
        let visited: PlaceSet
    }

    /// The walks made so far, each once for all the operations whose part starts at its pair.
    var walks: [WalkKey: Walk] = [:]

    /// The pairs compared, by number.
    var compared: [Compared] = []
    /// By the number of a pair, what a walk reads of it at every step, kept apart from ``compared`` so that a step
    /// copies no edge: its place, whether it has changes, and (once a walk has looked them up) the pairs below it.
    /// A walk from each list operation of a vendor's description crosses the whole graph of pairs: millions of steps.
    var placeOf: [Int] = []
    var hasChanges: [Bool] = []
    var links: [[Link]?] = []
    /// The links of the pairs numbered below `flatStart.count - 1` (those ``SharedPairs`` worked out before the walks),
    /// one list after another: pair `n`'s are `flatLinks[flatStart[n]..<flatStart[n + 1]]`. What a walk reads at every
    /// step, read without a list of each pair's own: two threads walking one table retained the same lists at every
    /// step, and the lists' counts went back and forth between the cores (a tenth of `breaking`'s time on Stripe's).
    var flatStart: [Int] = [0]
    var flatLinks: [Link] = []
    /// The number of the pair a key leads to; nil when neither side has a schema.
    var made: [Key: Int?] = [:]
    /// While one pair is compared on its own, the pairs below it (nil otherwise).
    var below: [Edge]?
    /// Two places, one in each version, as a key (pointers, not their text: a comparison of a vendor's versions
    /// looks up hundreds of thousands), hashed once as ``Key`` is: hashing walks both pointers' tokens, and the table
    /// hashes every key again each time it grows (numbering a vendor's 8,000 pairs took 100M instructions, on one
    /// thread while the other waited).
    struct Places: Hashable, Sendable {
        let old: JSONPointer
        let new: JSONPointer
        private let hash: Int

        init(old: JSONPointer, new: JSONPointer) {
            self.old = old
            self.new = new
            var hasher = Hasher()
            hasher.combine(old)
            hasher.combine(new)
            hash = hasher.finalize()
        }

        func hash(into hasher: inout Hasher) { hasher.combine(hash) }

        static func == (left: Places, right: Places) -> Bool { left.hash == right.hash && left.old == right.old && left.new == right.new }
    }

    /// The numbers of the pairs of places (`old` and `new` written where they are) and of the parts of operations.
    private var places: [Places: Int] = [:]
    private var scopes: [ChangePlace: Int] = [:]

    /// Makes room for `count` pairs compared on their own, and as many places.
    mutating func reserve(_ count: Int) {
        compared.reserveCapacity(count)
        placeOf.reserveCapacity(count)
        hasChanges.reserveCapacity(count)
        links.reserveCapacity(count)
        made.reserveCapacity(count)
        places.reserveCapacity(count)
    }

    /// Adds a pair compared on its own, which `key` leads to; its number.
    mutating func add(_ pair: Compared, as key: Key) -> Int {
        compared.append(pair)
        placeOf.append(pair.place)
        hasChanges.append(!pair.changes.isEmpty)
        links.append(nil)
        made[key] = compared.count - 1
        return compared.count - 1
    }

    /// The number of a pair of places.
    mutating func place(_ pair: Places) -> Int {
        Self.number(of: pair, in: &places)
    }

    /// The number of a part of an operation, within which each pair of places is told once.
    mutating func scope(_ place: ChangePlace) -> Int {
        Self.number(of: place, in: &scopes)
    }

    private static func number<Key: Hashable>(of key: Key, in numbers: inout [Key: Int]) -> Int {
        if let known = numbers[key] { return known }
        numbers[key] = numbers.count
        return numbers.count - 1
    }
}

extension ContractDiff {
    /// Flattens the schema at `pointer` of `version` (nil when there is no schema). Static: a method would be handed a
    /// copy of the whole comparison at each call.
    static func flatten(_ value: JSONValue?, at pointer: JSONPointer, in version: ContractVersion, depth: Int = 0) -> FlatSchema? {
        guard let value else { return nil }
        let (resolved, source) = version.resolve(value, at: pointer)
        var flat = FlatSchema(pointer: source, value: resolved)
        if resolved == .bool(false) { flat.rejectsAll = true }
        guard case .object(let object) = resolved, depth < 32 else { return flat }
        // allOf: every part's properties and requirements, its own keywords first.
        if case .array(let parts)? = object["allOf"] {
            for (index, part) in parts.enumerated() {
                guard let merged = Self.flatten(part, at: source.appending("allOf").appending(index), in: version, depth: depth + 1) else {
                    continue
                }
                flat.absorb(merged)
            }
        }
        var own = FlatSchema(pointer: source, value: resolved)
        switch object["type"] {
        case .string(let type)?: own.types = [type]
        case .array(let types)?: own.types = Set(types.compactMap(\.stringValue))
        default: break
        }
        if own.types?.contains("null") == true {
            own.nullable = true
            own.types?.remove("null")
        }
        if case .object(let properties)? = object["properties"] {
            own.properties = properties.map { ($0.key, $0.value, source.appending("properties").appending($0.key)) }
        }
        if case .array(let names)? = object["required"] { own.required = Set(names.compactMap(\.stringValue)) }
        own.closed = object["additionalProperties"] == .bool(false) || object["unevaluatedProperties"] == .bool(false)
        if let items = object["items"], items != .bool(true) { own.items = (items, source.appending("items")) }
        if case .array(let values)? = object["enum"] {
            own.enumValues = Set(values.filter { !$0.isNull })
            if values.contains(.null) { own.nullable = true }
        }
        // const is a one-value enum: a response const changed is a value the client never saw.
        if let value = object["const"] {
            own.enumValues = value.isNull ? [] : [value]
            if value.isNull { own.nullable = true }
        }
        Self.readKeywords(object, at: source, into: &own)
        own.format = object["format"]?.stringValue
        for key in ["contentMediaType", "contentEncoding"] {
            if let form = object[key]?.stringValue { own.contentForm[key] = form }
        }
        own.dateForm = object["x-apicheck-date"]
        own.keyCase = object["x-apicheck-key-case"]
        for key in FlatSchema.lowerBounds + FlatSchema.upperBounds + FlatSchema.exact {
            if let bound = object[key] { own.constraints[key] = bound }
        }
        Self.readSlips(object, into: &own)
        for key in FlatSchema.documentationKeys {
            if let text = object[key] { own.documentation[key] = text }
        }
        // oneOf / anyOf: a null alternative makes the schema nullable; a single other alternative is the schema.
        for keyword in ["oneOf", "anyOf"] {
            guard case .array(let options)? = object[keyword] else { continue }
            var others: [(JSONValue, JSONPointer)] = []
            for (index, option) in options.enumerated() {
                let optionPointer = source.appending(keyword).appending(index)
                let (resolvedOption, optionSource) = version.resolve(option, at: optionPointer)
                if resolvedOption["type"] == .string("null") || resolvedOption["const"] == .null {
                    own.nullable = true
                } else {
                    others.append((resolvedOption, optionSource))
                }
            }
            if others.count == 1, let single = Self.flatten(others[0].0, at: others[0].1, in: version, depth: depth + 1) {
                let nullable = own.nullable || single.nullable
                own.absorb(single)
                own.nullable = nullable
            } else {
                own.alternatives += others.map { (value: $0.0, pointer: $0.1) }
                own.alternativesKeyword = keyword
            }
        }
        flat.absorb(own)
        return flat
    }

    /// Compares the schemas `before` (old) and `after` (new) of a value at `instance` (a body pointer such as
    /// `/data/*/title`) in `part` of `operation`, and every pair of schemas below them.
    ///
    /// Each pair of places is compared once in a part of an operation, where it is first met: a schema that several
    /// fields share, or a recursive one (a comment's replies), is compared once, not at every path through it (a
    /// vendor's schemas, which refer to each other everywhere, have more paths than can be walked). And what a pair
    /// finds on its own is worked out once for the whole comparison (``SchemaPairs``) and told again, at its place, to
    /// every operation that reaches it.
    mutating func compareSchemas(
        at before: (JSONValue?, JSONPointer), _ after: (JSONValue?, JSONPointer), _ place: ChangePlace, _ instance: JSONPointer
    ) {
        if pairs.below != nil {
            // Comparing one pair on its own: the pairs below it are noted, and walked by the caller.
            pairs.below?.append(SchemaPairs.Edge(instance: instance, before: before, after: after, direction: place.direction))
            return
        }
        guard let root = pair(SchemaPairs.Edge(instance: instance, before: before, after: after, direction: place.direction)) else {
            return
        }
        let scope = pairs.scope(place)
        let pairPlace = pairs.compared[root].place
        let depth = instance.tokenCount
        let reached: [SchemaPairs.Reached]
        if visited[scope] == nil {
            // A part nothing has visited yet: the walk from this pair is the same for every operation whose part starts
            // at it (a shared response, a resource many operations answer with), so it is walked once.
            guard depth < 64 else {
                visited[scope] = PlaceSet()
                return
            }
            let key = SchemaPairs.WalkKey(place: pairPlace, direction: place.direction, depth: depth)
            if let known = pairs.walks[key] {
                reached = known.reached
                visited[scope] = known.visited
            } else {
                var seen = PlaceSet()
                seen.insert(pairPlace)
                reached = walk(from: root, depth: depth, seen: &seen)
                pairs.walks[key] = SchemaPairs.Walk(reached: reached, visited: seen)
                visited[scope] = seen
            }
        } else {
            var seen = visited[scope] ?? PlaceSet()
            defer { visited[scope] = seen }
            guard depth < 64, seen.insert(pairPlace) else { return }
            reached = walk(from: root, depth: depth, seen: &seen)
        }
        let base = instance.description
        for entry in reached {
            let prefix = base + entry.pointer
            for found in pairs.compared[entry.pair].changes {
                var change = found
                change.operation = place.operation
                change.part = place.part
                change.pointer = prefix + found.pointer
                changes.append(change)
            }
        }
    }

    /// The pairs with changes a walk from pair `root` reaches, breadth first, so that each pair is told at the shortest
    /// path that reaches it (`/customer/email`, not the same field forty expansions further down a cycle), each with
    /// its pointer from `root`; `seen` holds the places visited (a shared or recursive schema is told once).
    private mutating func walk(from root: Int, depth: Int, seen: inout PlaceSet) -> [SchemaPairs.Reached] {
        var reached: [SchemaPairs.Reached] = []
        // Read once for the walk (a step reads them without retaining anything); read again when a pair the table does
        // not hold is worked out on the way.
        let (start, flat) = (pairs.flatStart, pairs.flatLinks)
        var (hasChanges, placeOf) = (pairs.hasChanges, pairs.placeOf)
        // Each entry: its pair, the entry it was reached from and by which of that pair's edges, its depth in tokens.
        var queue = walkQueue
        walkQueue = []
        queue.removeAll(keepingCapacity: true)
        queue.append((pair: root, from: -1, edge: -1, depth: depth))
        defer { walkQueue = queue }
        var next = 0
        while next < queue.count {
            let entry = queue[next]
            next += 1
            if hasChanges[entry.pair] {
                // The pointer is each step's written one after the other (a pointer's text is its tokens' texts in turn).
                var steps: [JSONPointer] = []
                var at = next - 1
                while queue[at].from >= 0 {
                    steps.append(pairs.compared[queue[queue[at].from].pair].below[queue[at].edge].instance)
                    at = queue[at].from
                }
                reached.append(SchemaPairs.Reached(pair: entry.pair, pointer: steps.reversed().map(\.description).joined()))
            }
            func follow(_ link: SchemaPairs.Link) {
                let depth = entry.depth + link.tokens
                guard depth < 64, seen.insert(placeOf[link.pair]) else { return }
                queue.append((link.pair, next - 1, link.edge, depth))
            }
            if entry.pair + 1 < start.count {
                for index in start[entry.pair]..<start[entry.pair + 1] { follow(flat[index]) }
            } else {
                let found = links(of: entry.pair)
                (hasChanges, placeOf) = (pairs.hasChanges, pairs.placeOf)
                found.forEach(follow)
            }
        }
        return reached
    }

    /// The pairs the edges below pair `number` lead to (none where neither side has a schema), looked up once for the
    /// whole comparison.
    private mutating func links(of number: Int) -> [SchemaPairs.Link] {
        if let known = pairs.links[number] { return known }
        var found: [SchemaPairs.Link] = []
        for (index, edge) in pairs.compared[number].below.enumerated() {
            guard let target = pair(edge) else { continue }
            found.append(SchemaPairs.Link(pair: target, edge: index, tokens: edge.instance.tokenCount))
        }
        pairs.links[number] = found
        return found
    }

    /// The number of the pair of schemas `edge` leads to, compared on its own the first time (its changes at pointers
    /// relative to it, and the pairs below it); nil when neither side has a schema.
    private mutating func pair(_ edge: SchemaPairs.Edge) -> Int? {
        let key = edge.key
        if let made = pairs.made[key] { return made }
        guard let found = workOut(edge) else {
            pairs.made[key] = .some(nil)
            return nil
        }
        let place = pairs.place(found.places)
        return pairs.add(SchemaPairs.Compared(place: place, changes: found.changes, below: found.below), as: key)
    }

    /// Compares the pair of schemas `edge` leads to on its own: its changes at pointers relative to it, and the pairs
    /// below it; nil when neither side has a schema.
    mutating func workOut(_ edge: SchemaPairs.Edge) -> SchemaPairs.Found? {
        // Two schemas written alike with no `$ref` inside (most of a release: the fields no one touched): nothing
        // differs at any depth, and nothing below leads anywhere else, so there is nothing to flatten or walk.
        if let before = edge.before.0, let after = edge.after.0, Self.leadsNowhereElse(before), before == after {
            return SchemaPairs.Found(old: edge.before.1, new: edge.after.1, changes: [], below: [])
        }
        // A schema on one side only: the other side takes any value (`true`), so a schema removed is looser.
        guard edge.before.0 != nil || edge.after.0 != nil,
            let oldSchema = Self.flatten(edge.before.0 ?? .bool(true), at: edge.before.1, in: old),
            let newSchema = Self.flatten(edge.after.0 ?? .bool(true), at: edge.after.1, in: new)
        else { return nil }
        let outer = changes
        changes = []
        pairs.below = []
        compareFlat(oldSchema, newSchema, .apart(edge.direction), .root)
        let found = SchemaPairs.Found(old: oldSchema.pointer, new: newSchema.pointer, changes: changes, below: pairs.below ?? [])
        changes = outer
        pairs.below = nil
        return found
    }

    /// Whether `schema` holds no reference to another schema (`$ref`, `$dynamicRef`) at any depth.
    static func leadsNowhereElse(_ schema: JSONValue) -> Bool {
        switch schema {
        case .object(let object):
            for member in object {
                if member.key == "$ref" || member.key == "$dynamicRef" || !leadsNowhereElse(member.value) { return false }
            }
            return true
        case .array(let items):
            return items.allSatisfy(leadsNowhereElse)
        default:
            return true
        }
    }

    mutating func compareFlat(
        _ before: FlatSchema, _ after: FlatSchema, _ place: ChangePlace,
        _ instance: JSONPointer
    ) {
        let at = instance.description
        func report(_ rule: RuleID, _ message: String) {
            add(rule, place, at, old: before.pointer, new: after.pointer, message)
        }
        // What the flattened schemas tell a reader (a $ref's target's description, a oneOf's only alternative's).
        let reworded = FlatSchema.documentationKeys.filter { before.documentation[$0] != after.documentation[$0] }
        if !reworded.isEmpty { report(.breakingDocumentation, "\(reworded.joined(separator: ", ")) changed") }
        if before.rejectsAll || after.rejectsAll {
            // `false` (or `not: {}`): nothing else of the schema matters.
            if before.rejectsAll != after.rejectsAll {
                let message = after.rejectsAll ? "no value is valid any more (false)" : "values are valid again (was false)"
                self.report(
                    after.rejectsAll ? .tighter : .looser, message, place, instance, old: before.pointer,
                    new: after.pointer)
            }
            return
        }
        let wrapped = before.alternatives.isEmpty != after.alternatives.isEmpty
        if !wrapped {
            for (rule, message) in compareTypes(before, after, place.direction) { report(rule, message) }
        }
        if before.nullable != after.nullable {
            switch (place.direction, after.nullable) {
            case (.response, true): report(.breakingResponseNullable, "nullable: no -> yes")
            case (.response, false): report(.breakingResponseNotNullable, "nullable: yes -> no")
            case (.request, true): report(.breakingRequestNullable, "nullable: no -> yes")
            case (.request, false): report(.breakingRequestNotNullable, "nullable: yes -> no")
            }
        }
        if wrapped {
            // A schema wrapped into a oneOf or anyOf (or taken out of one): its old self is one of the alternatives,
            // compared with what it became; the others are added (or removed).
            compareAlternatives(before, after, place, instance)
            return
        }
        for (rule, message) in compareEnums(before, after, place.direction) { report(rule, message) }
        // format, contentMediaType, contentEncoding: what the text is (a uuid, JSON, base64) is read by the client.
        let forms =
            [("format", before.format, after.format)]
            + ["contentMediaType", "contentEncoding"].map { ($0, before.contentForm[$0], after.contentForm[$0]) }
        for (key, old, new) in forms where old != new {
            let message = "\(key): \(old ?? "none") -> \(new ?? "none")"
            if key == "contentMediaType", let tendency = Self.mediaTypeTendency(old, new) {
                self.report(tendency, message, place, instance, old: before.pointer, new: after.pointer)
                continue
            }
            switch (old, new, place.direction) {
            case (nil, _, .response): report(.breakingResponseConstraintTightened, message)
            case (_, nil, .request): report(.breakingRequestConstraintLoosened, message)
            default: report(.breakingFormatChanged, message)
            }
        }
        if before.dateForm != after.dateForm {
            report(.breakingDateForm, "x-apicheck-date: \(Self.brief(before.dateForm)) -> \(Self.brief(after.dateForm))")
        }
        if before.keyCase != after.keyCase {
            report(.breakingKeyCase, "x-apicheck-key-case: \(Self.brief(before.keyCase)) -> \(Self.brief(after.keyCase))")
        }
        for (rule, message) in compareConstraints(before, after, place.direction) { report(rule, message) }
        compareProperties(before, after, place, instance)
        // items added (`false` closing a tuple, or a schema where any item went) is tighter, removed looser.
        compareSubschema("items", before.items, after.items, place, instance.appending("*"))
        compareKeywords(before, after, place, instance)
        compareAlternatives(before, after, place, instance)
    }

    /// Whether a string's content may be of more media types (`looser`) or fewer (`tighter`) when `contentMediaType`
    /// goes from `old` to `new`; nil when neither contains the other (`application/json` to `application/xml`).
    /// `application/octet-stream` (any bytes, OpenAPI 3.0's `format: binary`) and none contain every type, `image/*`
    /// contains `image/png`.
    static func mediaTypeTendency(_ old: String?, _ new: String?) -> Tendency? {
        func contains(_ outer: String?, _ inner: String?) -> Bool {
            guard let outer = outer?.lowercased(), outer != "application/octet-stream" else { return true }
            guard let inner = inner?.lowercased() else { return false }
            return MediaType.range(outer, contains: inner)
        }
        if contains(new, old) { return .looser }
        if contains(old, new) { return .tighter }
        return nil
    }

    // MARK: Types, enums, constraints

    /// Whether `types` takes `type` (a number takes an integer).
    static func takes(_ types: Set<String>, _ type: String) -> Bool {
        types.contains(type) || (type == "integer" && types.contains("number"))
    }

    /// What changed in the types, as rules and messages.
    func compareTypes(_ before: FlatSchema, _ after: FlatSchema, _ direction: ChangeDirection) -> [(RuleID, String)] {
        var found: [(RuleID, String)] = []
        func report(_ rule: RuleID, _ message: String) { found.append((rule, message)) }
        let describe = { (types: Set<String>?) in types.map { $0.isEmpty ? "null" : $0.sorted().joined(separator: " or ") } ?? "any" }
        let message = "type: \(describe(before.types)) -> \(describe(after.types))"
        switch (before.types, after.types) {
        case (nil, nil): break
        case (nil, _?):
            report(direction == .request ? .breakingRequestTypeChanged : .breakingResponseTypeNarrowed, message)
        case (_?, nil):
            report(direction == .request ? .breakingRequestTypeWidened : .breakingResponseTypeChanged, message)
        case (let oldTypes?, let newTypes?):
            let gained = newTypes.filter { !Self.takes(oldTypes, $0) }
            let lost = oldTypes.filter { !Self.takes(newTypes, $0) }
            switch direction {
            case .response:
                if !gained.isEmpty {
                    report(.breakingResponseTypeChanged, message)
                } else if !lost.isEmpty || oldTypes != newTypes {
                    report(.breakingResponseTypeNarrowed, message)
                }
            case .request:
                if !lost.isEmpty {
                    report(.breakingRequestTypeChanged, message)
                } else if !gained.isEmpty || oldTypes != newTypes {
                    report(.breakingRequestTypeWidened, message)
                }
            }
        }
        return found
    }

    /// What changed in the enum values, as rules and messages.
    func compareEnums(_ before: FlatSchema, _ after: FlatSchema, _ direction: ChangeDirection) -> [(RuleID, String)] {
        var found: [(RuleID, String)] = []
        func report(_ rule: RuleID, _ message: String) { found.append((rule, message)) }
        let list = { (values: Set<JSONValue>) in values.map(JSONWriter.compact).sorted().joined(separator: ", ") }
        switch (before.enumValues, after.enumValues) {
        case (nil, nil): break
        case (nil, let values?):
            report(
                direction == .request ? .breakingRequestConstraintTightened : .breakingResponseConstraintTightened,
                "enum: any value -> \(list(values))")
        case (let values?, nil):
            report(
                direction == .request ? .breakingRequestConstraintLoosened : .breakingResponseEnumValueAdded,
                "enum: \(list(values)) -> any value")
        case (let oldValues?, let newValues?):
            let added = newValues.subtracting(oldValues)
            let removed = oldValues.subtracting(newValues)
            if !added.isEmpty {
                report(
                    direction == .request ? .breakingRequestEnumValueAdded : .breakingResponseEnumValueAdded,
                    "enum value added: \(list(added))")
            }
            if !removed.isEmpty {
                report(
                    direction == .request ? .breakingRequestEnumValueRemoved : .breakingResponseEnumValueRemoved,
                    "enum value removed: \(list(removed))")
            }
        }
        return found
    }

    /// What changed in the bounds, patterns and openness, as rules and messages.
    func compareConstraints(_ before: FlatSchema, _ after: FlatSchema, _ direction: ChangeDirection) -> [(RuleID, String)] {
        var found: [(RuleID, String)] = []
        func report(_ rule: RuleID, _ message: String) { found.append((rule, message)) }
        var tightened: [String] = []
        var loosened: [String] = []
        func describe(_ key: String) -> String {
            "\(key): \(Self.brief(before.constraints[key])) -> \(Self.brief(after.constraints[key]))"
        }
        func number(_ value: JSONValue?) -> Double? { value?.numberValue.flatMap { Double($0.description) } }
        for key in FlatSchema.lowerBounds + FlatSchema.upperBounds {
            let oldValue = before.constraints[key]
            let newValue = after.constraints[key]
            guard oldValue != newValue else { continue }
            let lower = FlatSchema.lowerBounds.contains(key)
            switch (number(oldValue), number(newValue)) {
            case (nil, _?): tightened.append(describe(key))
            case (_?, nil): loosened.append(describe(key))
            case (let a?, let b?):
                if (lower && b > a) || (!lower && b < a) { tightened.append(describe(key)) } else { loosened.append(describe(key)) }
            case (nil, nil): tightened.append(describe(key))
            }
        }
        var changed: [String] = []
        for key in FlatSchema.exact where before.constraints[key] != after.constraints[key] {
            switch Self.direction(of: key, before.constraints[key], after.constraints[key]) {
            case .tighter: tightened.append(describe(key))
            case .looser: loosened.append(describe(key))
            case .undecided: changed.append(describe(key))
            case .same: break
            }
        }
        if !before.closed && after.closed { tightened.append("additionalProperties: allowed -> false") }
        if before.closed && !after.closed { loosened.append("additionalProperties: false -> allowed") }
        let order: [(Tendency, [String])]
        switch direction {
        case .request: order = [(.undecided, changed), (.tighter, tightened), (.looser, loosened)]
        case .response:
            // A closed response object asks nothing of the client; a newly open one may carry keys it ignores.
            order = [
                (.undecided, changed), (.looser, loosened.filter { !$0.hasPrefix("additionalProperties") }),
                (.tighter, tightened.filter { !$0.hasPrefix("additionalProperties") }),
            ]
        }
        for (tendency, changes) in order where !changes.isEmpty {
            if let rule = tendency.rule(direction) { report(rule, changes.joined(separator: "; ")) }
        }
        return found
    }

    // MARK: Objects and alternatives

    mutating func compareProperties(
        _ before: FlatSchema, _ after: FlatSchema, _ place: ChangePlace,
        _ instance: JSONPointer
    ) {
        let oldByName = Dictionary(before.properties.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        let newNames = Set(after.properties.map(\.name))
        // A readOnly field is not sent and a writeOnly one not received: each side sees only its own fields.
        let hiddenKey = place.direction == .request ? "readOnly" : "writeOnly"
        let oldHidden = Set(before.properties.filter { old.resolve($0.value, at: $0.pointer).value[hiddenKey] == .bool(true) }.map(\.name))
        let newHidden = Set(after.properties.filter { new.resolve($0.value, at: $0.pointer).value[hiddenKey] == .bool(true) }.map(\.name))
        for property in after.properties {
            let at = instance.appending(property.name)
            let required = after.required.contains(property.name)
            if newHidden.contains(property.name) {
                if let previous = oldByName[property.name], !oldHidden.contains(property.name) {
                    add(
                        place.direction == .request ? .breakingRequestFieldRemoved : .breakingResponseFieldRemoved, place,
                        at.description, old: previous.pointer, new: property.pointer,
                        "\(hiddenKey): no -> yes (\(place.direction == .request ? "the client no longer sends it" : "no longer in responses"))"
                    )
                }
                continue
            }
            guard let previous = oldByName[property.name], !oldHidden.contains(property.name) else {
                let rule: RuleID
                switch (place.direction, required) {
                case (.response, true): rule = .breakingResponseFieldRequired
                case (.response, false): rule = .breakingResponseFieldAdded
                case (.request, true): rule = .breakingRequestFieldRequired
                case (.request, false): rule = .breakingRequestFieldAdded
                }
                let wasHidden = oldByName[property.name] != nil
                add(
                    rule, place, at.description, old: oldByName[property.name]?.pointer, new: property.pointer,
                    wasHidden ? "\(hiddenKey): yes -> no" : (required ? "a new required field" : "a new field"))
                continue
            }
            let wasRequired = before.required.contains(property.name)
            if wasRequired != required {
                let rule: RuleID
                switch (place.direction, required) {
                case (.response, true): rule = .breakingResponseFieldRequired
                case (.response, false): rule = .breakingResponseFieldOptional
                case (.request, true): rule = .breakingRequestFieldRequired
                case (.request, false): rule = .breakingRequestFieldOptional
                }
                add(
                    rule, place, at.description, old: previous.pointer, new: property.pointer,
                    required ? "required: no -> yes" : "required: yes -> no")
            }
            compareLifecycle(
                Lifecycle(of: old.resolve(previous.value, at: previous.pointer).value),
                Lifecycle(of: new.resolve(property.value, at: property.pointer).value), what: "the field", place, at.description,
                old: previous.pointer, new: property.pointer)
            compareSchemas(at: (previous.value, previous.pointer), (property.value, property.pointer), place, at)
        }
        for property in before.properties where !newNames.contains(property.name) && !oldHidden.contains(property.name) {
            reportRemoval(
                place.direction == .request ? .breakingRequestFieldRemoved : .breakingResponseFieldRemoved, "the field is gone",
                Lifecycle(of: old.resolve(property.value, at: property.pointer).value), what: "the field", place,
                instance.appending(property.name).description, old: property.pointer)
        }
        // A field only `required` names (declared by no `properties`) that became required or stopped being.
        let declared = Set(before.properties.map(\.name)).union(newNames).union(oldHidden).union(newHidden)
        for name in after.required.subtracting(before.required).subtracting(declared) {
            add(
                place.direction == .request ? .breakingRequestFieldRequired : .breakingResponseFieldRequired, place,
                instance.appending(name).description, old: before.pointer, new: after.pointer, "required: no -> yes")
        }
        for name in before.required.subtracting(after.required).subtracting(declared) {
            add(
                place.direction == .request ? .breakingRequestFieldOptional : .breakingResponseFieldOptional, place,
                instance.appending(name).description, old: before.pointer, new: after.pointer, "required: yes -> no")
        }
    }
}

extension FlatSchema {
    /// Takes in what `other` (an `allOf` part, or the schema's own keywords) says.
    mutating func absorb(_ other: FlatSchema) {
        if let types = other.types { self.types = self.types.map { $0.intersection(types) } ?? types }
        nullable = nullable || other.nullable
        for property in other.properties {
            if let index = properties.firstIndex(where: { $0.name == property.name }) {
                properties[index] = property
            } else {
                properties.append(property)
            }
        }
        required.formUnion(other.required)
        closed = closed || other.closed
        if other.items != nil { items = other.items }
        if let values = other.enumValues { enumValues = enumValues.map { $0.intersection(values) } ?? values }
        format = other.format ?? format
        contentForm.merge(other.contentForm) { _, new in new }
        dateForm = other.dateForm ?? dateForm
        keyCase = other.keyCase ?? keyCase
        alternatives += other.alternatives
        alternativesKeyword = other.alternativesKeyword ?? alternativesKeyword
        discriminator = other.discriminator ?? discriminator
        constraints.merge(other.constraints) { _, new in new }
        documentation.merge(other.documentation) { _, new in new }
        rejectsAll = rejectsAll || other.rejectsAll
        applied.merge(other.applied) { _, new in new }
        if !other.prefixItems.isEmpty { prefixItems = other.prefixItems }
        patternProperties += other.patternProperties.filter { entry in !patternProperties.contains { $0.pattern == entry.pattern } }
        dependentRequired.merge(other.dependentRequired) { $0.union($1) }
        dependentSchemas += other.dependentSchemas.filter { entry in !dependentSchemas.contains { $0.name == entry.name } }
        opaque.merge(other.opaque) { _, new in new }
        defaultValue = other.defaultValue ?? defaultValue
        readOnly = readOnly || other.readOnly
        writeOnly = writeOnly || other.writeOnly
    }
}

/// A set of places by number, a bit each: the set a walk of ``SchemaPairs`` tests and grows at every step, and copies
/// for each part of an operation it visits (a vendor's description: hundreds of parts, a thousand places).
struct PlaceSet {
    private var words: [UInt64] = []

    /// Adds `place`; whether it was not there yet.
    @discardableResult
    mutating func insert(_ place: Int) -> Bool {
        let (word, bit) = (place >> 6, UInt64(1) << UInt64(place & 63))
        if word >= words.count { words.append(contentsOf: repeatElement(0, count: word - words.count + 1)) }
        if words[word] & bit != 0 { return false }
        words[word] |= bit
        return true
    }
}
