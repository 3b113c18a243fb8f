import APICheckJSONSchema
import APICheckRecording
import Foundation

/// Reads an OpenAPI 3.0 document into the form of 3.1 that says the same, so that it is compiled, verified, covered
/// and compared (`breaking`) exactly as that 3.1 document would be.
///
/// Only schemas differ between the two in what apicheck checks; the reading rewrites them and nothing else:
/// - `nullable: true` beside a `type` adds `"null"` to it (`type: [string, "null"]`; an `enum` that does not list null
///   still refuses it, as OpenAPI 3.0.3 says); beside a `$ref`, a single `allOf` (`oneOf`, `anyOf`) or any other
///   applicator, the schema becomes `anyOf: [<it>, {type: "null"}]`, unless an `enum` beside leaves null out. `oneOf`
///   of bare types with `nullable` is a list of types with null.
/// - `exclusiveMinimum: true` beside `minimum: 5` is `exclusiveMinimum: 5` (and the maximum alike); `false` is dropped.
/// - `format: binary` (a file's bytes) is `contentMediaType: application/octet-stream` and `format: byte` (base64 text)
///   is `contentEncoding: base64`, as OpenAPI 3.1 says them: annotations in both, which an example writes as a file
///   part and nothing checks. `example` stays as written (3.1 still reads it).
/// - A keyword of JSON Schema 2020-12 that a 3.0 schema cannot hold (`const`, `examples`, a list of types, `if`, ...)
///   is refused with what to write instead; so is a keyword beside `$ref` other than `nullable` and the annotations,
///   which OpenAPI 3.0 ignores (its Reference Object takes nothing else) and apicheck would otherwise check.
struct OpenAPI30Reader {
    /// Pointers of the result that moved (`from`, a prefix), and where they are written (`to`).
    private(set) var moves: [(from: JSONPointer, to: JSONPointer)] = []
    /// What the reading left out as OpenAPI 3.0 says to, each once where it is written: a keyword beside `$ref`
    /// (a Reference Object takes nothing else; Twilio writes `type` beside its enums' `$ref`s). Warnings, not refusals.
    private(set) var notices: [SchemaError] = []
    /// The places in the other files of a split contract (``ContractBundle``) that a `$ref` names, and whether a schema
    /// names it (the place is a schema) or the document around schemas does (a path item, a parameter, a response).
    private var targets: [(pointer: JSONPointer, isSchema: Bool)] = []
    /// How many rewrites the reading has made so far. A part whose reading made none is returned as it was given, its
    /// storage shared with the document as written, instead of a copy that says the same: a vendor's description is
    /// mostly schemas that 3.1 reads as they are, and copying each of them cost a third more memory than its tree.
    private var rewrites = 0

    /// How many schemas `components/schemas` must hold for ``document(_:asideFrom:)`` to read them on a thread of their
    /// own: a vendor's description has thousands, and reading them was a third of its reading.
    static let schemasReadAside = 256

    /// The 3.1 form of a 3.0 document. With `asideFrom` schemas or more in `components/schemas` (and no other files),
    /// those are read on a second thread while this one reads the rest: what is read, the moves and the first error in
    /// the document's order are those of reading them in turn.
    mutating func document(_ document: JSONValue, asideFrom: Int = schemasReadAside) throws(SchemaError) -> JSONValue {
        guard case .object(var root) = document else { return document }
        for key in ["webhooks", "jsonSchemaDialect"] where root[key] != nil {
            throw SchemaError(
                pointer: JSONPointer(tokens: [key]),
                message: "\(key) is OpenAPI 3.1; a 3.0 document cannot hold it (declare openapi: 3.1.0)")
        }
        if document["components"]?["pathItems"] != nil {
            throw SchemaError(
                pointer: JSONPointer(tokens: ["components", "pathItems"]),
                message: "components/pathItems is OpenAPI 3.1; a 3.0 document cannot hold it (declare openapi: 3.1.0)")
        }
        let aside = Self.schemasAside(of: root, from: asideFrom)
        for index in root.indices {
            let member = root[index]
            guard member.key != "openapi", !member.key.hasPrefix("x-") else { continue }
            let at = JSONPointer(tokens: [member.key])
            if member.key == "components", case .object(var components) = member.value {
                for inner in components.indices where components[inner].key == "schemas" {
                    if let aside, case .object(var schemas) = components[inner].value {
                        // The earlier schemas here, then the later ones as the other thread read them.
                        let before = rewrites
                        try readSchemas(&schemas, at: at.appending("schemas"), members: 0..<aside.from)
                        let (read, reader) = try aside.result.wait().get()
                        if reader.rewrites > 0 {
                            for index in aside.from..<schemas.count { schemas.setValue(read[index].value, at: index) }
                        }
                        if rewrites != before || reader.rewrites > 0 { components.setValue(.object(schemas), at: inner) }
                        rewrites += reader.rewrites
                        moves += reader.moves
                        notices += reader.notices
                        targets += reader.targets
                    } else {
                        try rewrite(&components, at: inner) { reader, value throws(SchemaError) in
                            try reader.schemaMap(value, at: at.appending("schemas"))
                        }
                    }
                }
                // `examples` holds data: a "schema" key in an example's value is no schema.
                for inner in components.indices
                where !["schemas", "examples"].contains(components[inner].key) && !components[inner].key.hasPrefix("x-") {
                    let key = components[inner].key
                    try rewrite(&components, at: inner) { reader, value throws(SchemaError) in
                        try reader.structure(value, at: at.appending(key))
                    }
                }
                root.setValue(.object(components), at: index)
            } else {
                try rewrite(&root, at: index) { reader, value throws(SchemaError) in try reader.structure(value, at: at) }
            }
        }
        if let files = root[ContractBundle.member] { root[ContractBundle.member] = try otherFiles(files) }
        root["openapi"] = .string("3.1.0")
        return .object(root)
    }

    /// The later schemas of `components/schemas` of `root` (from `from` on: three quarters of them, about as much work
    /// as the paths and the first quarter of a vendor's description) being read on a thread of its own by a reader of
    /// its own, when it holds `count` schemas or more and the document names no other file (whose reading follows the
    /// `$ref`s of the whole); else nil.
    private static func schemasAside(of root: JSONObject, from count: Int)
        -> (from: Int, result: BackgroundResult<Result<(JSONObject, OpenAPI30Reader), SchemaError>>)?
    {
        guard root[ContractBundle.member] == nil, case .object(let schemas)? = root["components"]?["schemas"], schemas.count >= count
        else { return nil }
        let from = schemas.count - schemas.count * 3 / 4
        let result = BackgroundResult {
            var reader = OpenAPI30Reader()
            var read = schemas
            do throws(SchemaError) {
                try reader.readSchemas(&read, at: JSONPointer(tokens: ["components", "schemas"]), members: from..<read.count)
                return Result<(JSONObject, OpenAPI30Reader), SchemaError>.success((read, reader))
            } catch {
                return .failure(error)
            }
        }
        return (from, result)
    }

    /// The other files of a split contract, each place a `$ref` names read as what names it: a schema as a schema, a
    /// path item, parameter or response as the document around schemas. Every place is read once, the outermost
    /// first, and never again inside one read as a schema (the files' `$ref`s are found by reading them: a first
    /// reading, thrown away, finds them all).
    private mutating func otherFiles(_ files: JSONValue) throws(SchemaError) -> JSONValue {
        var finding = self
        var next = 0
        while next < finding.targets.count {
            let target = finding.targets[next]
            next += 1
            guard let value = files[pointer: Self.relative(target.pointer)] else { continue }
            if target.isSchema {
                _ = try finding.schema(value, written: target.pointer, at: target.pointer)
            } else {
                _ = try finding.structure(value, at: target.pointer)
            }
        }
        var read: [(pointer: JSONPointer, isSchema: Bool)] = []
        var result = files
        // The outermost first; of two at one place, the schema.
        let ordered = finding.targets.enumerated().sorted {
            ($0.element.pointer.tokenCount, $0.element.isSchema ? 0 : 1, $0.offset)
                < ($1.element.pointer.tokenCount, $1.element.isSchema ? 0 : 1, $1.offset)
        }
        for (_, target) in ordered {
            let covered = read.contains { done in
                guard target.pointer.hasPrefix(done.pointer) else { return false }
                return done.isSchema || !target.isSchema || target.pointer.tokens.dropFirst(done.pointer.tokenCount).contains("schema")
            }
            if covered { continue }
            let at = Self.relative(target.pointer)
            guard let value = result[pointer: at] else { continue }
            let done =
                target.isSchema ? try schema(value, written: target.pointer, at: target.pointer) : try structure(value, at: target.pointer)
            result.set(done, at: at)
            read.append(target)
        }
        return result
    }

    /// A pointer into the other files (`/x-apicheck-files/0/...`) as a pointer into their list (`/0/...`).
    private static func relative(_ pointer: JSONPointer) -> JSONPointer { JSONPointer(tokens: Array(pointer.tokens.dropFirst())) }

    /// Notes where a `$ref` into the other files of a split contract leads.
    private mutating func note(_ reference: JSONValue?, isSchema: Bool) {
        guard case .string(let text)? = reference, text.hasPrefix("#/\(ContractBundle.member)/"),
            let decoded = text.dropFirst().percentDecoded
        else { return }
        let target = JSONPointer(decoded)
        if !targets.contains(where: { $0.pointer == target && $0.isSchema == isSchema }) { targets.append((target, isSchema)) }
    }

    /// The parts of the document around schemas: every `schema` in them is read as a schema.
    private mutating func structure(_ value: JSONValue, at pointer: JSONPointer) throws(SchemaError) -> JSONValue {
        switch value {
        case .object(var object):
            for index in object.indices {
                let member = object[index]
                if member.key.hasBytePrefix("x-") || member.key == "example" || member.key == "examples" { continue }
                if member.key == "$ref" { note(member.value, isSchema: false) }
                // A pointer only where something may be found (a vendor's description has a million scalars).
                if member.key == "schema", member.value.objectValue != nil || member.value.boolValue != nil {
                    let at = pointer.appending(member.key)
                    try rewrite(&object, at: index) { reader, value throws(SchemaError) in try reader.schema(value, written: at, at: at) }
                } else if Self.isContainer(member.value) {
                    let at = pointer.appending(member.key)
                    try rewrite(&object, at: index) { reader, value throws(SchemaError) in try reader.structure(value, at: at) }
                }
            }
            return .object(object)
        case .array(var items):
            for index in items.indices where Self.isContainer(items[index]) {
                let before = rewrites
                let read = try structure(items[index], at: pointer.appending(index))
                if rewrites != before { items[index] = read }
            }
            return .array(items)
        default:
            return value
        }
    }

    /// Reads the value of `object`'s member at `index` with `read`, and puts what it gives in its place only when the
    /// reading rewrote something in it: an object none of whose members changed is not copied.
    private mutating func rewrite(
        _ object: inout JSONObject, at index: Int, _ read: (inout OpenAPI30Reader, JSONValue) throws(SchemaError) -> JSONValue
    ) throws(SchemaError) {
        let before = rewrites
        let value = try read(&self, object[index].value)
        if rewrites != before { object.setValue(value, at: index) }
    }

    /// Whether `value` is an object or an array (what may hold a schema).
    private static func isContainer(_ value: JSONValue) -> Bool {
        switch value {
        case .object, .array: true
        default: false
        }
    }

    private mutating func schemaMap(_ value: JSONValue, at pointer: JSONPointer) throws(SchemaError) -> JSONValue {
        guard case .object(var map) = value else { return value }
        try readSchemas(&map, at: pointer, members: map.indices)
        return .object(map)
    }

    /// Reads the schemas that are `members` of `map` (at `pointer`) in place.
    private mutating func readSchemas(_ map: inout JSONObject, at pointer: JSONPointer, members: Range<Int>) throws(SchemaError) {
        for index in members {
            let at = pointer.appending(map[index].key)
            try rewrite(&map, at: index) { reader, value throws(SchemaError) in try reader.schema(value, written: at, at: at) }
        }
    }

    // MARK: Schemas

    /// The 3.1 form of the schema written at `written`, to be placed at `pointer` of the result.
    private mutating func schema(_ value: JSONValue, written: JSONPointer, at pointer: JSONPointer) throws(SchemaError) -> JSONValue {
        guard case .object(let asWritten) = value else {
            throw SchemaError(
                pointer: written,
                message:
                    """
                    a schema of OpenAPI 3.0 is an object; true and false are schemas of 3.1 (in 3.0 write {} for any value, not: {} \
                    for none)
                    """
            )
        }
        try refuseNewKeywords(asWritten, at: written)
        let object = ignoringSiblingsOfReference(asWritten, at: written)
        note(object["$ref"], isSchema: true)
        guard try addsNull(object, at: written) else { return .object(try keywords(object, written: written, at: pointer)) }
        rewrites += 1
        if object["$ref"] == nil, case .string(let type)? = object["type"], !Self.applicators.contains(where: { object[$0] != nil }) {
            var plain = try keywords(object, written: written, at: pointer)
            plain["type"] = .array([.string(type), .string("null")])
            return .object(plain)
        }
        if let types = Self.typeAlternatives(object) {
            // `oneOf: [{type: string}, {type: integer}], nullable: true` is how 3.0 says `type: [string, integer, "null"]`.
            moves.append((pointer.appending("type"), written.appending(types.keyword)))
            var plain = JSONObject(object.filter { Self.isAnnotation($0.key) })
            plain["type"] = .array(types.names.map(JSONValue.string) + [.string("null")])
            return .object(plain)
        }
        // `anyOf: [<the schema>, {type: "null"}]`: its first alternative is where the schema (or its `$ref`, or its
        // one `allOf`) is written, the second is `nullable`.
        let alternatives = pointer.appending("anyOf")
        moves.append((alternatives, written))
        moves.append((alternatives.appending(1), written.appending("nullable")))
        let null = JSONValue.object(JSONObject([.init(key: "type", value: .string("null"))]))
        var outer = JSONObject(object.filter { Self.isAnnotation($0.key) })
        let inner: JSONValue
        if let reference = object["$ref"] {
            moves.append((alternatives.appending(0), written))
            inner = .object(JSONObject([.init(key: "$ref", value: reference)]))
        } else if let only = Self.onlyAlternative(object) {
            moves.append((alternatives.appending(0), written.appending(only.keyword).appending(0)))
            inner = try schema(only.schema, written: written.appending(only.keyword).appending(0), at: alternatives.appending(0))
        } else {
            moves.append((alternatives.appending(0), written))
            outer = JSONObject()
            inner = .object(try keywords(object, written: written, at: alternatives.appending(0)))
        }
        outer["anyOf"] = .array([inner, null])
        return .object(outer)
    }

    /// Whether `nullable: true` adds null to what the schema takes: it must have a type, a `$ref` or an applicator
    /// to add it to, and no `enum` that leaves null out.
    private func addsNull(_ object: JSONObject, at pointer: JSONPointer) throws(SchemaError) -> Bool {
        guard let nullable = object["nullable"] else { return false }
        guard case .bool(let value) = nullable else {
            throw SchemaError(pointer: pointer.appending("nullable"), message: "nullable must be true or false")
        }
        guard value else { return false }
        if object["$ref"] == nil, object["type"] != nil, !Self.applicators.contains(where: { object[$0] != nil }) {
            // `type: [string, "null"]`, where an `enum` without null still refuses null, as in 3.1.
            return true
        }
        if case .array(let values)? = object["enum"], !values.contains(.null) { return false }
        return object["$ref"] != nil || Self.applicators.contains { object[$0] != nil }
    }

    /// The schema's keywords in 3.1's form, its subschemas read in turn; `nullable` is left out (``schema`` reads it).
    private mutating func keywords(_ object: JSONObject, written: JSONPointer, at pointer: JSONPointer) throws(SchemaError) -> JSONObject {
        // A schema none of whose keys is read below (most leaves: a type, a description, an example) is kept as it is.
        guard object.members.indices.contains(where: { Self.rewrittenSieve.mayContain(object.members[$0].key) }) else { return object }
        let before = rewrites
        var result: [JSONObject.Member] = []
        result.reserveCapacity(object.count)
        // Where nothing around this schema moved (nearly everywhere), the two pointers are one (and compare at once:
        // they share their tokens), and a subschema's is made once.
        let unmoved = written == pointer
        for member in object {
            let key = member.key
            // A key the sieve stops is kept as it is, without comparing it with each case in turn (a vendor's
            // description has a hundred thousand keys here, most of them `type`, `description` and `$ref`).
            guard Self.rewrittenSieve.mayContain(key) else {
                result.append(member)
                continue
            }
            // Computed where used: most keywords hold neither a subschema nor a mistake.
            var from: JSONPointer { written.appending(key) }
            switch key {
            case "nullable":
                rewrites += 1
                continue
            case "exclusiveMinimum", "exclusiveMaximum":
                rewrites += 1
                if let bound = try Self.exclusiveBound(member, in: object, at: from) { result.append(.init(key: key, value: bound)) }
            case "minimum", "maximum":
                let exclusive = key == "minimum" ? "exclusiveMinimum" : "exclusiveMaximum"
                if object[exclusive] == .bool(true) {
                    rewrites += 1
                    continue
                }
                result.append(member)
            case "format" where member.value == .string("binary"):
                rewrites += 1
                result.append(.init(key: "contentMediaType", value: .string("application/octet-stream")))
            case "format" where member.value == .string("byte"):
                rewrites += 1
                result.append(.init(key: "contentEncoding", value: .string("base64")))
            case "properties":
                let (from, to) = Self.places(of: key, written: written, at: pointer, unmoved: unmoved)
                result.append(.init(key: key, value: try subschemaMap(member.value, written: from, at: to)))
            case "additionalProperties", "not":
                if case .bool = member.value, key == "additionalProperties" {
                    result.append(member)
                } else {
                    let (from, to) = Self.places(of: key, written: written, at: pointer, unmoved: unmoved)
                    result.append(.init(key: key, value: try schema(member.value, written: from, at: to)))
                }
            case "items":
                if case .array = member.value {
                    throw SchemaError(
                        pointer: from,
                        message: "in OpenAPI 3.0, items is one schema; a list of schemas is a tuple (prefixItems in OpenAPI 3.1)")
                }
                let (from, to) = Self.places(of: key, written: written, at: pointer, unmoved: unmoved)
                result.append(.init(key: key, value: try schema(member.value, written: from, at: to)))
            case "allOf", "anyOf", "oneOf":
                guard case .array(let list) = member.value else {
                    result.append(member)
                    continue
                }
                let (from, to) = Self.places(of: key, written: written, at: pointer, unmoved: unmoved)
                result.append(try schemaList(member, list, written: from, at: unmoved ? nil : to))
            default:
                result.append(member)
            }
        }
        return rewrites == before ? object : JSONObject(result)
    }

    /// The pointers of keyword `key` of the schema written at `written` and placed at `pointer`: as written, and where it
    /// is placed (the same one, made once, where nothing around the schema moved).
    private static func places(of key: String, written: JSONPointer, at pointer: JSONPointer, unmoved: Bool) -> (JSONPointer, JSONPointer) {
        let from = written.appending(key)
        return (from, unmoved ? from : pointer.appending(key))
    }

    /// The member `allOf`, `anyOf` or `oneOf` whose value is `list`, each schema read in turn (written at `written`, placed
    /// at `pointer`, nil where it is the same); the member as it was when none was rewritten.
    private mutating func schemaList(_ member: JSONObject.Member, _ list: [JSONValue], written: JSONPointer, at pointer: JSONPointer?)
        throws(SchemaError) -> JSONObject.Member
    {
        let listed = rewrites
        var read: [JSONValue] = []
        read.reserveCapacity(list.count)
        for (index, item) in list.enumerated() {
            let from = written.appending(index)
            read.append(try schema(item, written: from, at: pointer?.appending(index) ?? from))
        }
        return rewrites == listed ? member : .init(key: member.key, value: .array(read))
    }

    private mutating func subschemaMap(_ value: JSONValue, written: JSONPointer, at pointer: JSONPointer) throws(SchemaError) -> JSONValue {
        guard case .object(let map) = value else { return value }
        let before = rewrites
        var result: [JSONObject.Member] = []
        result.reserveCapacity(map.count)
        let unmoved = written == pointer
        for member in map {
            let (from, to) = Self.places(of: member.key, written: written, at: pointer, unmoved: unmoved)
            result.append(.init(key: member.key, value: try schema(member.value, written: from, at: to)))
        }
        return rewrites == before ? value : .object(JSONObject(result))
    }

    /// Refuses a keyword a 3.0 schema cannot hold, and one beside `$ref` that 3.0 would ignore.
    private func refuseNewKeywords(_ object: JSONObject, at pointer: JSONPointer) throws(SchemaError) {
        for member in object {
            // One lookup for most keys: the keywords 3.0 cannot hold, by their advice (none for 2020-12's own).
            guard Self.notIn30Sieve.mayContain(member.key), let advice = Self.notIn30[member.key] else { continue }
            throw SchemaError(
                pointer: pointer.appending(member.key),
                message: advice
                    ?? "\(member.key) is JSON Schema 2020-12, which an OpenAPI 3.0 schema cannot hold; declare openapi: 3.1.0 to use it")
        }
        if case .array = object["type"] {
            throw SchemaError(
                pointer: pointer.appending("type"),
                message: "a list of types is OpenAPI 3.1; in 3.0 write one type, with nullable: true to also take null (or use anyOf)")
        }
    }

    /// The keywords beside a `$ref` other than `nullable` and the annotations, which OpenAPI 3.0 ignores (its Reference
    /// Object takes nothing else): left out, as 3.0 reads them, each with a warning saying how to have it checked.
    private mutating func ignoringSiblingsOfReference(_ object: JSONObject, at pointer: JSONPointer) -> JSONObject {
        guard object["$ref"] != nil else { return object }
        let ignored = object.filter { $0.key != "$ref" && $0.key != "nullable" && !Self.isAnnotation($0.key) }
        guard !ignored.isEmpty else { return object }
        for member in ignored {
            notices.append(
                SchemaError(
                    pointer: pointer.appending(member.key),
                    message:
                        """
                        OpenAPI 3.0 ignores \(member.key) beside $ref (a Reference Object takes nothing else), and so does apicheck; \
                        to have it checked write allOf: [{$ref: ...}] beside it, or remove it
                        """))
        }
        rewrites += 1
        return JSONObject(object.filter { member in !ignored.contains { $0.key == member.key } })
    }

    /// The one schema of a schema that is nothing but `allOf`, `oneOf` or `anyOf` of one (and annotations): how 3.0
    /// writes a nullable `$ref` (`allOf: [{$ref: ...}], nullable: true`).
    private static func onlyAlternative(_ object: JSONObject) -> (keyword: String, schema: JSONValue)? {
        let keywords = object.filter { $0.key != "nullable" && !isAnnotation($0.key) }
        guard keywords.count == 1, ["allOf", "oneOf", "anyOf"].contains(keywords[0].key), case .array(let list) = keywords[0].value,
            list.count == 1
        else { return nil }
        return (keywords[0].key, list[0])
    }

    /// The types of a schema that is nothing but `oneOf` or `anyOf` of bare types (`{type: string}`), each once, and
    /// not both `integer` and `number` (for `oneOf`, a whole number would be both): a list of types said the 3.0 way.
    private static func typeAlternatives(_ object: JSONObject) -> (keyword: String, names: [String])? {
        let keywords = object.filter { $0.key != "nullable" && !isAnnotation($0.key) }
        guard keywords.count == 1, ["oneOf", "anyOf"].contains(keywords[0].key), case .array(let alternatives) = keywords[0].value,
            !alternatives.isEmpty
        else { return nil }
        var names: [String] = []
        for alternative in alternatives {
            guard case .object(let only) = alternative, only.count == 1, case .string(let type)? = only["type"], !names.contains(type),
                type != "null"
            else { return nil }
            names.append(type)
        }
        if keywords[0].key == "oneOf", names.contains("integer"), names.contains("number") { return nil }
        return (keywords[0].key, names)
    }

    private static func bound(of exclusive: String) -> String { exclusive == "exclusiveMinimum" ? "minimum" : "maximum" }

    /// 3.0's `exclusiveMinimum: true` (or `exclusiveMaximum`) at `pointer`, as 3.1 writes it: the bound it makes
    /// exclusive; nil for `false`.
    private static func exclusiveBound(_ member: JSONObject.Member, in object: JSONObject, at pointer: JSONPointer) throws(SchemaError)
        -> JSONValue?
    {
        let key = member.key
        guard case .bool(let exclusive) = member.value else {
            throw SchemaError(
                pointer: pointer,
                message:
                    """
                    in OpenAPI 3.0, \(key) is true or false beside \(bound(of: key)); a number here is 3.1 (write \
                    \(bound(of: key)): N with \(key): true)
                    """
            )
        }
        guard exclusive else { return nil }
        guard let bound = object[bound(of: key)] else {
            throw SchemaError(pointer: pointer, message: "\(key): true needs \(bound(of: key)) beside it (the bound it makes exclusive)")
        }
        return bound
    }

    /// The keywords ``keywords(_:written:at:)`` reads (its cases; add one there, add it here).
    static let rewrittenKeywords = [
        "nullable", "exclusiveMinimum", "exclusiveMaximum", "minimum", "maximum", "format", "properties", "additionalProperties",
        "not", "items", "allOf", "anyOf", "oneOf",
    ]

    /// ``rewrittenKeywords``, to pass most keys without comparing them with each.
    private static let rewrittenSieve = KeySieve(rewrittenKeywords)

    /// The keywords that hold subschemas a `nullable` cannot reach into: null must get past each of them.
    private static let applicators = ["allOf", "anyOf", "oneOf", "not"]

    /// An annotation (SchemaVocabulary's; those only 3.1 has are refused before this is asked).
    private static func isAnnotation(_ key: String) -> Bool { SchemaCompiler.isAnnotation(key) }

    /// Keywords of 3.1 with a 3.0 way to say the same.
    private static let newKeywords: [String: String] = [
        "const": "const is OpenAPI 3.1; in 3.0 write enum: [the value]",
        "examples": "examples in a schema is OpenAPI 3.1; in 3.0 write example: with one value",
        "contentMediaType": "contentMediaType is OpenAPI 3.1; in 3.0 a file is type: string, format: binary",
        "contentEncoding": "contentEncoding is OpenAPI 3.1; in 3.0 base64 text is type: string, format: byte",
        "$defs": "$defs is OpenAPI 3.1; in 3.0 put the schema in components/schemas and refer to it there",
    ]

    /// ``newKeywords`` with their advice and ``jsonSchema2020`` without: what ``refuseNewKeywords(_:at:)`` looks up.
    private static let notIn30: [String: String?] = {
        var keywords: [String: String?] = [:]
        for keyword in jsonSchema2020 { keywords[keyword] = .some(nil) }
        for (keyword, advice) in newKeywords { keywords[keyword] = .some(advice) }
        return keywords
    }()

    /// ``notIn30``'s keys, to pass most keys without a lookup.
    private static let notIn30Sieve = KeySieve(notIn30.keys)

    /// Keywords of JSON Schema 2020-12 that OpenAPI 3.0's schema object does not have.
    private static let jsonSchema2020: Set<String> = [
        "prefixItems", "if", "then", "else", "dependentRequired", "dependentSchemas", "contains", "minContains", "maxContains",
        "patternProperties", "propertyNames", "unevaluatedProperties", "unevaluatedItems", "$schema", "$id", "$anchor",
        "$dynamicRef", "$dynamicAnchor", "$vocabulary", "$comment", "contentSchema",
    ]
}
