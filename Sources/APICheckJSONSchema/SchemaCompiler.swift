import APICheckRecording
import Foundation
import WireFormat

/// A schema keyword that was refused, or a value wrong in every reading: where (a JSON Pointer into the document) and why.
package struct SchemaError: Error, Sendable, Equatable {
    /// Where in the document: `/components/schemas/Todo/properties/id/minimum`.
    package let pointer: JSONPointer
    package let message: String
    /// A mistake of the document as a whole (a chain of `$ref`s that loops), which refuses the document; any other
    /// problem (a construct apicheck does not check) refuses only the operations that reach it.
    ///
    /// apicheck's own words wrong (an `x-apicheck-*` extension misspelled, a key of one unknown, a value it cannot
    /// read) are always a mistake of the document: the author is told at the line, and the run stops with exit 2, as
    /// for a mistake in apicheck.yml; refusing only the operations that reach it would leave a contract with no
    /// recording on them wrong and unsaid.
    package var isDocumentWide = false
    /// Other reasons the same operation is refused, found in its other parts (``ContractCompiler``): a refusal names
    /// them all at once.
    package var also: [SchemaError] = []
    /// A value wrong in every reading (a pattern that is no regular expression, a type no JSON Schema has): the
    /// operations that reach it are refused as for any construct apicheck does not check, and the contract itself gets
    /// an error at its line (`contract.invalid`), so a run fails even when no recording reaches it.
    package var isInvalid = false

    package init(pointer: JSONPointer, message: String, documentWide: Bool = false, invalid: Bool = false) {
        self.pointer = pointer
        self.message = message
        isInvalid = invalid
        // The other files of a contract split across files sit at /x-apicheck-files/N: apicheck's place, not words.
        isDocumentWide =
            documentWide
            || pointer.tokens.dropFirst(pointer.tokens.first == DocumentIndex.bundledFiles ? 2 : 0).contains {
                $0.hasPrefix("x-apicheck-")
            }
    }
}

/// Compiles JSON Schema 2020-12 (the dialect of OpenAPI 3.1) from a document's own JSON tree.
///
/// Works on the tree as written, not on a model of schemas (OpenAPIKit's, once, dropped the keywords it did not
/// model: `if`, `prefixItems`, `dependentRequired`, ...; and could not dereference a recursive schema).
/// Every keyword is enforced, read as an annotation, or refused with a ``SchemaError``: none is ignored.
/// `$ref`s are local JSON Pointers (`#/components/schemas/Todo`, `#/$defs/node`); recursive ones are
/// compiled once and closed with a ``SchemaReference``.
package final class SchemaCompiler {
    /// The whole document the `$ref`s point into.
    let document: DocumentIndex
    /// What the compiled schemas' recursive `$ref`s lead back to: whoever keeps the compiled schemas keeps this.
    package let graph = SchemaGraph()
    /// Every schema met, by key: finished, being compiled, or refused. One table, so that a schema compiled costs one
    /// lookup and two writes (four tables, each looked up and written in turn, were a sixth of compiling a vendor's
    /// description).
    private var entries: [Key: Entry] = [:]
    /// The entries a ``fork()`` shares with the compiler it was forked from, as they were then: read by both, written by
    /// neither (each writes its own ``entries``), so that neither copies a table of tens of thousands.
    private var inherited: [Key: Entry] = [:]

    /// The entry of `key`: this compiler's own, or one it shares with its fork.
    private func entry(_ key: Key) -> Entry? {
        if let own = entries[key] { return own }
        return inherited.isEmpty ? nil : inherited[key]
    }
    private enum Entry {
        case done(CompiledSchema)
        /// Being compiled: how many keywords that apply a schema inside the value led to it (``valueDepth``), and the
        /// references to it handed out meanwhile (a cycle).
        case open(valueDepth: Int, references: [SchemaReference])
        /// Refused, with why.
        case failed(SchemaError)
    }
    /// How many keywords that apply a schema to a value inside the value (`properties`, `items`, ...) lead from the
    /// schema compiled first to the one being compiled now. A schema met again, while open, at the same count applies
    /// itself to the same value, endlessly.
    private var valueDepth = 0
    /// How many schemas are open (being compiled).
    private var openCount = 0
    /// The keys of the schemas finished, in the order they were finished, and of those refused.
    private var completed: [Key] = []
    private var refused: [Key] = []
    /// Where each `$ref` leads, by its text, in a document with no `$id` (``target(of:at:)``).
    private var targets: [String: JSONPointer] = [:]
    /// Each pattern compiled, by its text: a vendor's description writes a few patterns thousands of times.
    private var patterns: [String: CompiledSchema.Pattern] = [:]

    /// A schema as compiled in one dynamic scope. A `$dynamicRef` to a `$dynamicAnchor` leads to the anchor of that
    /// name in the outermost schema resource the evaluation entered on its way there (JSON Schema 2020-12, 8.2.3.2),
    /// so a schema that holds one compiles to a schema per set of anchors in force: `scope` numbers that set
    /// (``scopes``). In a document without `$dynamicAnchor` every scope is 0, and each schema is compiled once.
    ///
    /// The pointer's hash is computed once, when the key is made: a schema compiled looks its key up in five tables,
    /// and hashing every token of a pointer seven deep each time was a tenth of compiling a vendor's description.
    private struct Key: Hashable {
        let pointer: JSONPointer
        let scope: Int
        private let hash: Int

        init(pointer: JSONPointer, scope: Int) {
            self.pointer = pointer
            self.scope = scope
            hash = pointer.hashValue
        }

        static func == (a: Key, b: Key) -> Bool { a.hash == b.hash && a.scope == b.scope && a.pointer == b.pointer }

        func hash(into hasher: inout Hasher) {
            hasher.combine(hash)
            hasher.combine(scope)
        }
    }
    /// The dynamic scopes met, each the `$dynamicAnchor`s in force by name: for each, the one of the outermost
    /// resource entered that declares it. Scope 0 is empty.
    private var scopes: [[String: JSONPointer]] = [[:]]
    private var scopeNumbers: [[String: JSONPointer]: Int] = [[:]: 0]
    /// The scope of the schema being compiled.
    private var scope = 0
    /// How many dynamic scopes a document may have: each compiles the schemas reached in it once more, and a few
    /// resources that each declare an anchor and `$ref` two others make one scope for every path through them
    /// (2^18 from 150 lines took 37 s and 4 GB).
    static let scopeLimit = 128
    /// Whether the document declares a `$dynamicAnchor` that a `$dynamicRef` names (known once the resources are).
    private var dynamic: Bool?
    /// Whether a schema of the document names a meta-schema of its own in `$schema` (known with ``dynamic``).
    private var metaSchemas = false
    /// The document's schema resources (`$id`) and anchors, once found.
    private var resourceTable: SchemaResources?

    /// The document's schema resources and anchors (found when the first schema is compiled).
    private func resources() throws(SchemaError) -> SchemaResources {
        if let resourceTable { return resourceTable }
        let table = try SchemaResources(document.document, roots: roots)
        resourceTable = table
        return table
    }

    /// The document's schema resources and anchors, if a compile has found them.
    package var foundResources: SchemaResources? { resourceTable }

    /// Where the resources of the document start, each with the URI it was retrieved from (the document itself, by
    /// default).
    let roots: [(uri: URIReference, at: JSONPointer)]

    /// Whether generators' slips are read as their authors meant, each with a warning in ``notices`` (an OpenAPI
    /// document: `nullable`, a boolean `exclusiveMinimum`, a name twice in `required`, `min_items`); a schema standing
    /// alone is JSON Schema, and refuses them.
    let readsSlips: Bool
    /// The slips read so far (``readsSlips``), once each, in the order met: warnings, never refusals.
    package private(set) var notices: [SchemaError] = []
    private var noticed: Set<JSONPointer> = []

    package init(
        document: DocumentIndex, roots: [(uri: URIReference, at: JSONPointer)] = [(SchemaResources.documentURI, .root)],
        readsSlips: Bool = false
    ) {
        self.document = document
        self.roots = roots
        self.readsSlips = readsSlips
    }

    /// How many schemas are being compiled one inside another (``compile(at:)``), and how many may be: each level is a
    /// few frames of the stack (contracts compile on a ``LargeStack``). A schema nested deeper (a thousand levels of
    /// `properties`, or of `$ref`s each first met inside the last) is refused, never a stack overflow.
    private var depth = 0
    static let maximumDepth = 1_024

    /// Records a slip read as meant (once per place).
    private func notice(_ pointer: JSONPointer, _ message: String) {
        if noticed.insert(pointer).inserted { notices.append(SchemaError(pointer: pointer, message: message)) }
    }

    /// How many reference tokens the deepest `$ref` of the document names, when its text tells (a JSON document
    /// with no `$id`, `$anchor` or `$dynamicAnchor`: ``ContractSource``); `Int.max` when unknown. A schema nested
    /// deeper than this inside the one being compiled is named by no `$ref` and compiled once, as part of the schema
    /// around it: it takes no entry in the table (a vendor's description nests tens of thousands of schemas in a few
    /// thousand that `$ref`s name, and their entries were a fifth of compiling it).
    package var deepestTarget = Int.max

    /// Compiles the schema at `pointer` in the document; `known` is what the document holds there, when the caller
    /// has it in hand (a member of the schema being compiled): found again from the root otherwise.
    package func compile(at pointer: JSONPointer, known: JSONValue? = nil) throws(SchemaError) -> CompiledSchema {
        if depth > 0, pointer.tokenCount > deepestTarget, dynamic == false {
            let node = try self.node(at: pointer, known: known)
            depth += 1
            defer { depth -= 1 }
            return try compile(node, at: pointer)
        }
        let key = Key(pointer: pointer, scope: try scope(entering: pointer))
        switch entry(key) {
        case .done(let schema)?:
            return schema
        case .open(let openedAt, var references)?:
            // Met again inside itself, and applied to the same value (through `$ref`, `allOf`, `oneOf`, ... only):
            // checking a value would never end, and the checker would stop at its depth on every value.
            if openedAt == valueDepth {
                throw SchemaError(
                    pointer: pointer,
                    message: """
                        this schema applies itself to the same value again (through $ref, allOf, anyOf, oneOf, not, if or \
                        dependentSchemas), endlessly: no value is ever done being checked. A base schema whose oneOf lists \
                        schemas that allOf it back does this: move the oneOf to a schema of its own, and refer to that
                        """)
            }
            // A cycle: hand out a reference, closed when the schema at `pointer` is done.
            let reference = SchemaReference(reference: "#" + pointer.description)
            references.append(reference)
            entries[key] = .open(valueDepth: openedAt, references: references)
            var parts = CompiledSchema.Parts()
            parts.reference = reference
            return CompiledSchema(location: pointer, parts)
        case .failed(let error)?:
            // It was there when it was refused: refused again.
            throw error
        case nil:
            break
        }
        let node = try self.node(at: pointer, known: known)
        depth += 1
        defer { depth -= 1 }
        entries[key] = .open(valueDepth: valueDepth, references: [])
        openCount += 1
        defer { openCount -= 1 }
        let mark = completed.count
        let schema: CompiledSchema
        let outer = scope
        scope = key.scope
        defer { scope = outer }
        var references: [SchemaReference] = []
        do throws(SchemaError) {
            schema = try compile(node, at: pointer)
            if case .open(_, let handedOut)? = entries[key] { references = handedOut }
            // `{$ref: "#", type: object}` applies itself to the same value forever.
            if references.contains(where: { schema.reference === $0 }) {
                throw SchemaError(pointer: pointer, message: "this schema applies itself to the same value through $ref, endlessly")
            }
        } catch {
            // Refused: every operation that reaches this schema is refused with the same error. A later compile
            // must not take the schema for one still open (a cycle: it would get a reference never closed, and check
            // nothing), nor use a schema finished meanwhile, which may hold a reference to this one that will never be
            // closed: those are compiled again if asked for.
            entries[key] = .failed(error)
            refused.append(key)
            for finished in completed[mark...] { entries[finished] = nil }
            completed.removeSubrange(mark...)
            throw error
        }
        for reference in references { reference.resolve(recursivelyTo: schema, in: graph) }
        entries[key] = .done(schema)
        completed.append(key)
        return schema
    }

    /// The schema at `pointer` (`known`, when the caller has it in hand), to be compiled one level deeper than the
    /// schemas open: refused where there is none, or where ``maximumDepth`` schemas are open.
    private func node(at pointer: JSONPointer, known: JSONValue?) throws(SchemaError) -> JSONValue {
        assert(known == nil || known == document[pointer: pointer], "the node handed in is not the document's at \(pointer)")
        guard let node = known ?? document[pointer: pointer] else {
            throw SchemaError(
                pointer: pointer, message: "there is no schema at \(pointer.description.isEmpty ? "the root" : pointer.description)",
                documentWide: true)
        }
        guard depth < Self.maximumDepth else {
            throw SchemaError(
                pointer: pointer,
                message:
                    """
                    this schema is nested more than \(Self.maximumDepth) levels deep (through properties, items, combinators and \
                    $refs, each met first inside the last): apicheck does not check deeper
                    """)
        }
        return node
    }

    /// A compiler for more of the same document on another thread: it starts with every schema this one has finished
    /// or refused and the slips it has noticed, and keeps tables, a graph and notices of its own. Nil while a schema
    /// is being compiled, before the document's resources are known, or where the document declares a
    /// `$dynamicAnchor` (its scopes are numbered in the order met).
    package func fork() -> SchemaCompiler? {
        guard openCount == 0, dynamic == false, let resourceTable else { return nil }
        let other = SchemaCompiler(document: document, roots: roots, readsSlips: readsSlips)
        if inherited.isEmpty {
            inherited = entries
        } else {
            inherited.merge(entries) { _, own in own }
        }
        entries = [:]
        other.inherited = inherited
        other.targets = targets
        other.patterns = patterns
        other.noticed = noticed
        other.resourceTable = resourceTable
        other.dynamic = dynamic
        other.metaSchemas = metaSchemas
        other.deepestTarget = deepestTarget
        return other
    }

    /// Takes in what `other`, a ``fork()`` of this compiler, compiled once its thread is done, as though this compiler
    /// had gone on to compile it: the schemas its recursive `$ref`s lead back to are kept with this one's; a schema both
    /// compiled is two copies, and this one's stands for `other`'s wherever schemas are told apart by identity
    /// (``SchemaGraph/same(_:)``: coverage counts a schema that several responses reach once); and the slips it noticed
    /// that this one did not follow this one's.
    ///
    /// Returns false, taking nothing, where the two disagree on a schema both met: one finished it and the other refused
    /// it, or they refused it for different reasons. Each compiled it from where its own work first met it, and where a
    /// nesting too deep or a schema that applies itself to the same value is found depends on that; one compiler goes on
    /// from what it found first, so what `other` compiled is then compiled again by this one.
    package func join(_ other: SchemaCompiler) -> Bool {
        var copies: [(kept: CompiledSchema, copy: CompiledSchema)] = []
        // What the fork met itself (what it inherited is this one's).
        for key in other.completed {
            guard case .done(let copy)? = other.entries[key] else { continue }
            switch entry(key) {
            case .failed?: return false
            case .done(let mine)? where mine !== copy: copies.append((mine, copy))
            default: break
            }
        }
        for key in other.refused {
            guard case .failed(let error)? = other.entries[key] else { continue }
            switch entry(key) {
            case .done?: return false
            case .failed(let mine)? where mine != error: return false
            default: break
            }
        }
        graph.keep(other.graph)
        graph.keep(copies: copies)
        for notice in other.notices where noticed.insert(notice.pointer).inserted { notices.append(notice) }
        return true
    }

    /// Every `$ref` or `$dynamicRef` of the document that leads nowhere (a place that holds nothing, a resource or
    /// anchor no schema declares), reached by an operation or not, each where it is written: the contract's own errors
    /// (`contract.invalid`), found the same for a document compiled only where recordings reach it
    /// (``ReachedOperations``) as for one compiled whole. A URL or a malformed escape refuses only what reaches it, when
    /// it is compiled; what refuses the document (an `$id` named twice) is thrown.
    package func checkReferences() throws(SchemaError) -> [SchemaError] {
        try Self.brokenReferences(in: try resources(), document: document)
    }

    /// ``checkReferences()`` of `document`, whose resources are `table`, without a compiler: on a thread of its own while
    /// one compiles (``presetResources(_:)``).
    package static func brokenReferences(in table: SchemaResources, document: DocumentIndex) throws(SchemaError) -> [SchemaError] {
        // Where no schema has an `$id`, a reference leads to the same place wherever it is written: each is resolved
        // once (a vendor's description writes 11,000 `$ref`s to 2,600 places).
        // Each reference resolved so far, with why it leads nowhere (nil: it leads somewhere).
        var resolved: [String: String?] = [:]
        var targets: [String: JSONPointer] = [:]
        var broken: [SchemaError] = []
        for (pointer, reference) in table.references {
            if !table.hasIdentifiers, let known = resolved[reference] {
                // The same reference written elsewhere leads nowhere too: each place is the contract's error.
                if let message = known { broken.append(SchemaError(pointer: pointer, message: message, invalid: true)) }
                continue
            }
            do {
                _ = try target(of: reference, at: pointer, in: table, document: document, known: &targets)
                resolved[reference] = .some(nil)
            } catch  where error.isDocumentWide {
                throw error
            } catch  where error.isInvalid {
                broken.append(error)
                resolved[reference] = .some(error.message)
            } catch {
                resolved[reference] = .some(nil)
            }
        }
        return broken
    }

    /// Takes `table` as the document's resources rather than finding them (before anything is compiled): a document
    /// known to declare no resource, anchor or meta-schema of its own and to refer only within itself has those of
    /// ``SchemaResources/init()``, whatever its `$ref`s (its walk, for ``brokenReferences(in:document:)``, is done
    /// elsewhere meanwhile). ``foundResources`` is then `table` until the walk's is handed in the same way.
    package func presetResources(_ table: SchemaResources) {
        resourceTable = table
    }

    /// The dynamic scope of the schema at `pointer`, reached from the schema being compiled: the anchors in force
    /// there, with those of `pointer`'s resource added where an outer resource declared none of the name.
    private func scope(entering pointer: JSONPointer) throws(SchemaError) -> Int {
        if dynamic == nil {
            let table = try resources()
            dynamic = table.hasDynamicAnchors
            metaSchemas = table.hasMetaSchemas
        }
        guard dynamic == true else { return 0 }
        let declared = try resources().dynamicAnchors(ofResourceAt: pointer)
        var anchors = scopes[scope]
        for (name, at) in declared where anchors[name] == nil { anchors[name] = at }
        if anchors.count == scopes[scope].count { return scope }
        if let number = scopeNumbers[anchors] { return number }
        guard scopes.count < Self.scopeLimit else {
            throw SchemaError(
                pointer: pointer,
                message:
                    """
                    the $dynamicAnchors of this document combine in more than \(Self.scopeLimit) ways along the $refs that reach this \
                    schema; apicheck compiles the schemas once for each and refuses beyond that
                    """
            )
        }
        scopes.append(anchors)
        scopeNumbers[anchors] = scopes.count - 1
        return scopes.count - 1
    }

    private func compile(_ node: JSONValue, at pointer: JSONPointer) throws(SchemaError) -> CompiledSchema {
        switch node {
        case .bool(let value):
            var parts = CompiledSchema.Parts()
            parts.isFalse = !value
            return CompiledSchema(location: pointer, parts)
        case .object(let object):
            return try compile(object, at: pointer)
        default:
            throw SchemaError(
                pointer: pointer, message: "expected a schema (an object, true or false), found \(SchemaChecker.describe(node))")
        }
    }

    private func compile(_ object: JSONObject, at pointer: JSONPointer) throws(SchemaError) -> CompiledSchema {
        // A `$ref` with nothing but annotations beside it is its target.
        if case .string(let reference)? = object["$ref"], object.allSatisfy({ $0.key == "$ref" || Self.isAnnotation($0.key) }) {
            return try follow(reference, at: pointer.appending("$ref"))
        }
        if object["$ref"] == nil, case .string(let reference)? = object["$dynamicRef"],
            object.allSatisfy({ $0.key == "$dynamicRef" || Self.isAnnotation($0.key) })
        {
            return try followDynamic(reference, at: pointer.appending("$dynamicRef"))
        }
        var parts = CompiledSchema.Parts()
        if metaSchemas, let (uri, at) = try resources().metaSchema(at: pointer) {
            try refuseKeywordsOutside(try vocabularies(of: uri, at: at.appending("$schema")), in: object, at: pointer)
        }
        for member in object {
            let keyword = SchemaKeyword.named(member.key)
            // An annotation (`description`, an `x-` extension) is read by no keyword and needs no place.
            if keyword == nil, !readsSlips, Self.isAnnotation(member.key) { continue }
            // The keyword's pointer is made only where it is needed (a schema it holds, an error): a vendor's
            // description has hundreds of thousands of keywords, most of them a value read in place.
            let at = KeywordPlace(schema: pointer, key: member.key)
            if readsSlips, try readSlip(keyword, member.key, member.value, at: at, into: &parts, in: object) { continue }
            try read(keyword, member.key, member.value, at: at, into: &parts, in: object)
        }
        parts.discriminator = Self.discriminator(object["discriminator"])
        if readsSlips, let message = Self.enumOutsideType(parts) { notice(pointer.appending("enum"), message) }
        if readsSlips, case .bool(true)? = object["nullable"] {
            if let nullable = try nullable(object, parts, at: pointer) { return nullable }
        }
        if object["$ref"] != nil, case .string(let reference)? = object["$dynamicRef"] {
            // Both apply their targets to the same value, as allOf's branches do (annotations included).
            parts.allOf.append(try followDynamic(reference, at: pointer.appending("$dynamicRef")))
        }
        if parts.dateForm != nil && parts.format != "date-time" {
            throw SchemaError(
                pointer: pointer.appending("x-apicheck-date"),
                message: "x-apicheck-date describes a date-time string: add format: date-time beside it")
        }
        return CompiledSchema(location: pointer, parts)
    }

    /// What to say of an `enum` that lists values its own `type` refuses (Plaid's `type: string` beside `enum: [true,
    /// false]`, YAML booleans where strings were meant): those values can never be valid; nil when every value can be.
    static func enumOutsideType(_ parts: CompiledSchema.Parts) -> String? {
        guard let values = parts.enumValues, !parts.types.isEmpty else { return nil }
        let refused = values.filter { !parts.types.admits($0) }
        guard !refused.isEmpty else { return nil }
        let listed = refused.map { JSONWriter.compact($0) }.joined(separator: ", ")
        let types = CompiledSchema.TypeMask.names.filter { parts.types.contains($0.1) }.map(\.0).joined(separator: ", ")
        let quote =
            parts.types.contains(.string) && refused.allSatisfy({ $0.boolValue != nil || $0.numberValue != nil })
            ? " (quoted, they would be strings)" : ""
        let left = refused.count == values.count ? "no value is valid here" : "only the others can be valid"
        return "enum lists \(listed), which its type (\(types)) refuses\(quote): \(left)"
    }

    /// OpenAPI's `discriminator`, as examples write it (an annotation: one that is not well formed is left out). A mapping
    /// value is a `$ref` into the document or the name of a schema of `components`.
    static func discriminator(_ value: JSONValue?) -> CompiledSchema.Discriminator? {
        guard case .object(let object)? = value, case .string(let property)? = object["propertyName"] else { return nil }
        var mapping: [(value: String, location: String)] = []
        for member in object["mapping"]?.objectValue ?? JSONObject() {
            guard case .string(let target) = member.value else { continue }
            if target.hasPrefix("#"), let decoded = target.dropFirst().percentDecoded {
                mapping.append((member.key, JSONPointer(decoded).description))
            } else if !target.contains("/"), !target.contains("#") {
                mapping.append((member.key, JSONPointer(tokens: ["components", "schemas", target]).description))
            }
        }
        return CompiledSchema.Discriminator(property: property, mapping: mapping)
    }

    // MARK: Slips

    /// The keywords of JSON Schema written in snake case (`min_items`, as OpenAI's description has it once).
    package static let snakeCaseKeywords: [String: String] = {
        var names: [String: String] = [:]
        for keyword in SchemaVocabulary.enforced where keyword.contains(where: \.isUppercase) && !keyword.hasPrefix("$") {
            let snake = keyword.reduce(into: "") { result, character in
                result += character.isUppercase ? "_" + character.lowercased() : String(character)
            }
            names[snake] = keyword
        }
        return names
    }()

    /// Reads keyword `key` (`keyword`, when it is one of JSON Schema's) when it is a slip a generator writes, as its
    /// author meant, with a warning; false for any other keyword. `nullable` is read after the others
    /// (``nullable(_:_:at:)``). Told apart by the keyword, not by comparing the key with each slip's: this runs for
    /// every keyword of every schema of a description.
    private func readSlip(
        _ keyword: SchemaKeyword?, _ key: String, _ value: JSONValue, at place: KeywordPlace, into parts: inout CompiledSchema.Parts,
        in object: JSONObject
    ) throws(SchemaError) -> Bool {
        var pointer: JSONPointer { place.pointer }
        switch (keyword, value) {
        case (nil, .bool(let nullable)) where key == "nullable":
            if !nullable { notice(pointer, "nullable is OpenAPI 3.0; nullable: false says nothing in OpenAPI 3.1: remove it") }
            return true
        case (.exclusiveMinimum?, .bool(let exclusive)), (.exclusiveMaximum?, .bool(let exclusive)):
            let bound = key == "exclusiveMinimum" ? "minimum" : "maximum"
            guard let limit = object[bound] else {
                throw SchemaError(
                    pointer: pointer, message: "\(key): \(exclusive) needs \(bound) beside it (the boolean form is OpenAPI 3.0's)")
            }
            if exclusive {
                let read = try self.bound(limit, at: pointer, key)
                if key == "exclusiveMinimum" { parts.exclusiveMinimum = read } else { parts.exclusiveMaximum = read }
            }
            notice(
                pointer,
                exclusive
                    ? "the boolean \(key) is OpenAPI 3.0's; read as \(key): \(JSONWriter.compact(limit)) in place of \(bound), as OpenAPI 3.1 writes it"
                    : "the boolean \(key) is OpenAPI 3.0's; \(key): false says nothing in OpenAPI 3.1: remove it")
            return true
        case (.minimum?, _) where object["exclusiveMinimum"] == .bool(true), (.maximum?, _) where object["exclusiveMaximum"] == .bool(true):
            // Read as the exclusive bound above.
            return true
        case (.required?, .array(let items)):
            guard items.count > 1, Self.hasRepeated(items) else { return false }
            let names = items.compactMap(\.stringValue)
            guard names.count == items.count else { return false }
            var unique: [String] = []
            for name in names where !unique.contains(name) { unique.append(name) }
            parts.required = unique
            let twice = unique.filter { name in names.count { $0 == name } > 1 }
            notice(
                pointer,
                "required lists \(twice.map { "\"\($0)\"" }.joined(separator: ", ")) more than once; read once: list each name once")
            return true
        case (nil, _):
            // Every snake-case keyword has an underscore: the others (nearly every key) are not looked up.
            guard key.utf8.contains(UInt8(ascii: "_")), let keyword = Self.snakeCaseKeywords[key], object[keyword] == nil else {
                return false
            }
            notice(pointer, "\(key) is no keyword of JSON Schema; read as \(keyword), as its author meant: write \(keyword)")
            try read(SchemaKeyword.named(keyword), keyword, value, at: place, into: &parts, in: object)
            return true
        default:
            return false
        }
    }

    /// Whether a value of `items` is there twice (compared pairwise for a short list, as `required` mostly is: no set
    /// made for each schema).
    static func hasRepeated(_ items: [JSONValue]) -> Bool {
        guard items.count <= 16 else { return Set(items).count < items.count }
        for index in items.indices.dropFirst() where items[..<index].contains(items[index]) { return true }
        return false
    }

    /// The schema `nullable: true` makes of `object` (read into `parts` without it), as OpenAPI 3.0 reads it: null
    /// added to its `type`, or, beside a `$ref` or a combinator, `anyOf` of it and null; an `enum` without null
    /// still refuses null (OpenAPI 3.0.3). Nil when `parts` stand as they are.
    private func nullable(_ object: JSONObject, _ parts: CompiledSchema.Parts, at pointer: JSONPointer) throws(SchemaError)
        -> CompiledSchema?
    {
        let at = pointer.appending("nullable")
        if case .array(let values)? = object["enum"], !values.contains(.null) {
            notice(at, "nullable is OpenAPI 3.0, and its enum leaves null out, so null is refused: remove nullable")
            return nil
        }
        let applicators = ["$ref", "allOf", "anyOf", "oneOf"].filter { object[$0] != nil }
        if object["type"] != nil && applicators.isEmpty {
            var parts = parts
            parts.types.insert(.null)
            let types = TypeMaskNames.names(parts.types)
            notice(at, "nullable is OpenAPI 3.0; read as type: [\(types)], as OpenAPI 3.1 writes it")
            return CompiledSchema(location: pointer, parts)
        }
        var outer = CompiledSchema.Parts()
        var null = CompiledSchema.Parts()
        null.types = .null
        outer.anyOf = [CompiledSchema(location: pointer, parts), CompiledSchema(location: at, null)]
        notice(at, "nullable is OpenAPI 3.0; read as anyOf: [<this schema>, {type: \"null\"}], as OpenAPI 3.1 writes it")
        return CompiledSchema(location: pointer, outer)
    }

    /// Why a `$ref` to a URL that no schema of the document declares is refused (one to a file beside a contract was
    /// made local by ``ContractBundle``).
    package static func urlReference(_ reference: String) -> String {
        """
        \"\(reference)\" is a URL, and apicheck reaches no network while it checks: save that document beside the contract and refer \
        to it by a relative path (schemas/todo.yaml#/Todo)
        """
    }

    package static func isAnnotation(_ key: String) -> Bool {
        SchemaVocabulary.annotationTable.contains(key) || (key.hasBytePrefix("x-") && !key.hasBytePrefix("x-apicheck-"))
    }

    // MARK: Keywords

    /// Where a keyword is written: its schema's pointer and its key, the keyword's own pointer made when asked for (a
    /// schema the keyword holds, an error, a warning), not for each of the tens of thousands of values read in place.
    private struct KeywordPlace {
        let schema: JSONPointer
        let key: String

        var pointer: JSONPointer { schema.appending(key) }
    }

    /// Reads keyword `key` of a schema object into `parts`: its structure (objects and arrays), its values (strings,
    /// numbers, combinators), its core (`$ref`, `$schema`, ...) and apicheck's extensions, in that order; an annotation
    /// is accepted, and any other keyword refused with what to write instead.
    private func read(
        _ keyword: SchemaKeyword?, _ key: String, _ value: JSONValue, at place: KeywordPlace, into parts: inout CompiledSchema.Parts,
        in object: JSONObject
    ) throws(SchemaError) {
        if let keyword {
            if try readStructure(keyword, value, at: place, into: &parts) { return }
            if try readValues(keyword, value, at: place, into: &parts) { return }
            if try readCore(keyword, value, at: place, into: &parts, in: object) { return }
        }
        func fail(_ message: String) -> SchemaError { SchemaError(pointer: place.pointer, message: message) }
        if Self.isAnnotation(key) { return }
        if let advice = SchemaVocabulary.refused[key] { throw fail(advice) }
        if key.hasBytePrefix("x-apicheck-") {
            throw fail("unknown extension \(key); the schema extensions are \(SchemaVocabulary.extensions.joined(separator: " and "))")
        }
        throw fail(
            "unknown keyword \"\(key)\": apicheck would not check it (a misspelling? docs/RULES.md lists the keywords it enforces)")
    }

    /// The keywords of objects and arrays, and `type`, `enum`, `const`; false for another keyword.
    private func readStructure(
        _ keyword: SchemaKeyword, _ value: JSONValue, at place: KeywordPlace, into parts: inout CompiledSchema.Parts
    ) throws(SchemaError) -> Bool {
        var pointer: JSONPointer { place.pointer }
        func fail(_ message: String) -> SchemaError { SchemaError(pointer: pointer, message: message) }
        let key = keyword.rawValue
        let inside = keyword.appliesInsideValue
        if inside { valueDepth += 1 }
        defer { if inside { valueDepth -= 1 } }
        switch keyword {
        case .type:
            parts.types = try types(value, at: pointer)
        case .enum:
            guard case .array(let values) = value else { throw fail("enum must be a list of values") }
            parts.enumValues = values
        case .const:
            parts.constValue = value
        case .properties:
            for member in try schemaMap(value, at: pointer) { parts.properties.append(member) }
        case .required:
            parts.required = try uniqueStrings(value, at: pointer, what: "required")
        case .additionalProperties:
            if case .bool(false) = value {
                parts.additionalForbidden = true
            } else {
                parts.additionalSchema = try compile(at: pointer, known: value)
            }
        case .unevaluatedItems:
            if case .bool(false) = value {
                parts.unevaluatedItemsForbidden = true
            } else {
                parts.unevaluatedItemsSchema = try compile(at: pointer, known: value)
            }
        case .unevaluatedProperties:
            if case .bool(false) = value {
                parts.unevaluatedPropertiesForbidden = true
            } else {
                parts.unevaluatedPropertiesSchema = try compile(at: pointer, known: value)
            }
        case .patternProperties:
            guard case .object(let members) = value else { throw fail("patternProperties must map patterns to schemas") }
            for member in members {
                let pattern = try pattern(member.key, at: pointer.appending(member.key))
                parts.patternProperties.append((pattern, try compile(at: pointer.appending(member.key), known: member.value)))
            }
        case .propertyNames:
            parts.propertyNamesSchema = try compile(at: pointer, known: value)
        case .minProperties: parts.minProperties = try count(value, at: pointer, key)
        case .maxProperties: parts.maxProperties = try count(value, at: pointer, key)
        case .dependentRequired:
            guard case .object(let members) = value else { throw fail("dependentRequired must map a key to the keys it requires") }
            for member in members {
                parts.dependentRequired.append(
                    (
                        member.key,
                        try uniqueStrings(member.value, at: pointer.appending(member.key), what: "dependentRequired/\(member.key)")
                    ))
            }
        case .dependentSchemas:
            for (name, schema) in try schemaMap(value, at: pointer) { parts.dependentSchemas.append((name, schema)) }
        case .items:
            if case .array = value {
                throw fail("items must be one schema in JSON Schema 2020-12; for a list of schemas by position write prefixItems")
            }
            parts.items = try compile(at: pointer, known: value)
        case .prefixItems: parts.prefixItems = try schemaList(value, at: pointer, key)
        case .contains: parts.contains = try compile(at: pointer, known: value)
        case .minContains: parts.minContains = try count(value, at: pointer, key)
        case .maxContains: parts.maxContains = try count(value, at: pointer, key)
        case .minItems: parts.minItems = try count(value, at: pointer, key)
        case .maxItems: parts.maxItems = try count(value, at: pointer, key)
        case .uniqueItems:
            guard case .bool(let flag) = value else { throw fail("uniqueItems must be true or false") }
            parts.uniqueItems = flag
        default: return false
        }
        return true
    }

    /// The keywords of strings and numbers, `format`, and the combinators; false for another keyword.
    private func readValues(_ keyword: SchemaKeyword, _ value: JSONValue, at place: KeywordPlace, into parts: inout CompiledSchema.Parts)
        throws(SchemaError) -> Bool
    {
        var pointer: JSONPointer { place.pointer }
        func fail(_ message: String) -> SchemaError { SchemaError(pointer: pointer, message: message) }
        let key = keyword.rawValue
        switch keyword {
        case .minLength: parts.minLength = try count(value, at: pointer, key)
        case .maxLength: parts.maxLength = try count(value, at: pointer, key)
        case .pattern:
            guard case .string(let source) = value else { throw fail("pattern must be a string (a regular expression)") }
            parts.pattern = try pattern(source, at: pointer)
        case .format:
            guard case .string(let format) = value else { throw fail("format must be a string") }
            parts.format = format
        case .contentMediaType:
            guard case .string(let type) = value else { throw fail("contentMediaType must be a string (a media type)") }
            parts.contentMediaType = type
        case .minimum: parts.minimum = try bound(value, at: pointer, key)
        case .maximum: parts.maximum = try bound(value, at: pointer, key)
        case .exclusiveMinimum: parts.exclusiveMinimum = try bound(value, at: pointer, key)
        case .exclusiveMaximum: parts.exclusiveMaximum = try bound(value, at: pointer, key)
        case .multipleOf:
            let divisor = try bound(value, at: pointer, key)
            guard !divisor.exact.negative, !divisor.exact.isZero else { throw fail("multipleOf must be greater than 0") }
            guard divisor.exact.significand != nil else { throw fail("multipleOf with more than 19 significant digits is not supported") }
            parts.multipleOf = divisor
        case .allOf: parts.allOf = try schemaList(value, at: pointer, key)
        case .anyOf: parts.anyOf = try schemaList(value, at: pointer, key)
        case .oneOf: parts.oneOf = try schemaList(value, at: pointer, key)
        case .not: parts.not = try compile(at: pointer, known: value)
        case .if: parts.ifSchema = try compile(at: pointer, known: value)
        case .then: parts.thenSchema = try compile(at: pointer, known: value)
        case .else: parts.elseSchema = try compile(at: pointer, known: value)
        default: return false
        }
        return true
    }

    /// The core keywords (`$ref`, `$dynamicRef`, `$schema`, `$defs`, ...) and apicheck's extensions; false for another.
    private func readCore(
        _ keyword: SchemaKeyword, _ value: JSONValue, at place: KeywordPlace, into parts: inout CompiledSchema.Parts,
        in object: JSONObject
    ) throws(SchemaError) -> Bool {
        var pointer: JSONPointer { place.pointer }
        func fail(_ message: String) -> SchemaError { SchemaError(pointer: pointer, message: message) }
        let key = keyword.rawValue
        switch keyword {
        case .ref:
            guard case .string(let reference) = value else { throw fail("$ref must be a string") }
            // Beside other keywords, a $ref applies its target to the same value (2020-12), like allOf.
            parts.reference = Self.reference(to: try follow(reference, at: pointer), written: reference)
        case .dynamicRef:
            guard case .string(let reference) = value else { throw fail("$dynamicRef must be a string") }
            // Beside a `$ref` (a schema holds one reference), it is one more branch of allOf (``compile(_:at:)``).
            guard object["$ref"] == nil else { return true }
            parts.reference = Self.reference(to: try followDynamic(reference, at: pointer), written: reference)
        case .vocabulary:
            // What a schema that names this one in `$schema` means (``vocabularies(of:at:)``); nothing for a value.
            guard case .object(let declared) = value, declared.allSatisfy({ $0.value.boolValue != nil }) else {
                throw fail("$vocabulary must map vocabulary URIs to true (required) or false (optional)")
            }
        case .defs:
            // Compiled now, so that a mistake in a definition is found even before anything refers to it; not applied
            // to this value, so a definition that refers back here is no endless application (``valueDepth``).
            valueDepth += 1
            defer { valueDepth -= 1 }
            _ = try schemaMap(value, at: pointer)
        case .schema:
            guard case .string(let dialect) = value else { throw fail("$schema must be a string (a URI)") }
            if SchemaVocabulary.isKnownDialect(dialect) { return true }
            // A meta-schema the document holds (with its `$id`): its vocabularies say what the keywords mean.
            _ = try vocabularies(of: URIReference(dialect).resolved(against: try resources().base(at: pointer)), at: pointer)
        case .keyCase:
            guard case .string(let name) = value, let keyCase = KeyCase.named(name) else {
                throw fail("x-apicheck-key-case must be snake_case, camelCase or any, found \(JSONWriter.compact(value))")
            }
            parts.keyCase = keyCase
        case .date:
            parts.dateForm = try Self.dateForm(value, at: pointer)
        case .anchor, .dynamicAnchor:
            // A name for this schema, for `$ref: "#name"`, and for a `$dynamicRef` in the dynamic scope (their places
            // were found by `SchemaResources`).
            guard case .string(let name) = value, DocumentIndex.isAnchorName(name) else {
                throw fail("\(key) must be a name (a letter or _, then letters, digits, -, _ or .), found \(JSONWriter.compact(value))")
            }
        case .id:
            // This schema's URI, the base of the `$ref`s in it (read by `SchemaResources`).
            guard case .string = value else { throw fail("$id must be a string (a URI)") }
        default: return false
        }
        return true
    }

    /// The reference a schema holds to `target`, written as `reference`: the target's own when it is a bare reference
    /// (a cycle still open, or closed), else one resolved to it.
    private static func reference(to target: CompiledSchema, written reference: String) -> SchemaReference {
        let box = target.reference.flatMap { target.hasOtherKeywords ? nil : $0 } ?? SchemaReference(reference: reference)
        if box.target == nil, target.reference !== box { box.resolve(to: target) }
        return box
    }

    /// The vocabularies the meta-schema `uri` (named in the `$schema` at `pointer`) declares in its `$vocabulary`.
    ///
    /// - Throws: ``SchemaError`` for a meta-schema the document does not hold (apicheck reaches no network), one
    ///   without `$vocabulary`, or one that requires (`true`) a vocabulary apicheck does not know, which JSON Schema
    ///   says must not be processed.
    private func vocabularies(of uri: URIReference, at pointer: JSONPointer) throws(SchemaError) -> Set<String> {
        let known = SchemaVocabulary.dialects.sorted().joined(separator: " and ")
        guard let root = try resources().resource(uri), let metaSchema = document[pointer: root] else {
            throw SchemaError(
                pointer: pointer, message: "$schema names a dialect whose meaning apicheck does not enforce; it knows \(known)")
        }
        guard case .object(let declared)? = metaSchema["$vocabulary"] else {
            throw SchemaError(
                pointer: pointer,
                message:
                    """
                    $schema names \(uri.text), a meta-schema without $vocabulary: its keywords' meaning is not stated; apicheck knows \
                    \(known)
                    """
            )
        }
        var vocabularies: Set<String> = []
        for entry in declared {
            if SchemaVocabulary.knownVocabularies.contains(entry.key) {
                vocabularies.insert(entry.key)
            } else if entry.value == .bool(true) {
                throw SchemaError(
                    pointer: pointer,
                    message:
                        """
                        $schema names \(uri.text), which requires the vocabulary \(entry.key); apicheck does not know what its \
                        keywords mean
                        """
                )
            }
        }
        return vocabularies
    }

    /// Refuses each assertion keyword of `object` whose vocabulary is not among `vocabularies`: in that dialect it is
    /// an unknown word, which apicheck would check all the same.
    private func refuseKeywordsOutside(_ vocabularies: Set<String>, in object: JSONObject, at pointer: JSONPointer) throws(SchemaError) {
        for (vocabulary, keywords) in SchemaVocabulary.assertionVocabularies where !vocabularies.contains(vocabulary) {
            for member in object where keywords.contains(member.key) {
                throw SchemaError(
                    pointer: pointer.appending(member.key),
                    message:
                        """
                        \(member.key) belongs to the vocabulary \(vocabulary), which this schema's meta-schema leaves out \
                        ($vocabulary), so its dialect does not check it; apicheck would: remove it, or name a meta-schema with that \
                        vocabulary
                        """
                )
            }
        }
    }

    /// The target of a `$dynamicRef`: that of a `$ref` (``follow(_:at:)``), unless it is a `$dynamicAnchor` of the
    /// name the reference's fragment gives; then the anchor of that name in the outermost resource of the dynamic
    /// scope (``scope``) that declares one.
    private func followDynamic(_ reference: String, at pointer: JSONPointer) throws(SchemaError) -> CompiledSchema {
        if let name = URIReference(reference).fragment, !name.isEmpty, !name.hasPrefix("/"), let outermost = scopes[scope][name],
            case .found(let initial) = try resources().resolve(reference, at: pointer), initial != outermost,
            case .string(name)? = document[pointer: initial]?["$dynamicAnchor"]
        {
            return try compile(at: outermost)
        }
        return try follow(reference, at: pointer)
    }

    /// The target of a `$ref`: a URI reference read against the base URI of the schema resource it is in (the
    /// document's, unless a schema around it has an `$id`).
    private func follow(_ reference: String, at pointer: @autoclosure () -> JSONPointer) throws(SchemaError) -> CompiledSchema {
        try compile(at: target(of: reference, at: pointer()))
    }

    /// Where `reference`, written at `pointer` (its member), leads: a place in the document that holds a value.
    private func target(of reference: String, at pointer: @autoclosure () -> JSONPointer) throws(SchemaError) -> JSONPointer {
        try Self.target(of: reference, at: pointer(), in: try resources(), document: document, known: &targets)
    }

    /// Where `reference`, written at `written`, leads in `document`, whose resources are `table`; `known` holds the places
    /// references led to so far where no schema has an `$id` (a reference then leads to the same place wherever it is
    /// written: a vendor's description writes a few thousand, tens of thousands of times), and the place it is written
    /// is made only for one not followed before.
    private static func target(
        of reference: String, at written: @autoclosure () -> JSONPointer, in table: SchemaResources, document: DocumentIndex,
        known: inout [String: JSONPointer]
    ) throws(SchemaError) -> JSONPointer {
        if !table.hasIdentifiers, let found = known[reference] { return found }
        let pointer = written()
        switch table.resolve(reference, at: pointer) {
        case .found(let target):
            guard document[pointer: target] != nil else {
                throw SchemaError(pointer: pointer, message: "\"\(reference)\" points at nothing in this document", invalid: true)
            }
            if !table.hasIdentifiers { known[reference] = target }
            return target
        case .elsewhere(let uri):
            // A URL no schema here declares is never fetched: it refuses what reaches it. A relative one that leads
            // nowhere is the contract's own error, as a pointer to nothing is.
            if URIReference(reference).scheme != nil {
                throw SchemaError(pointer: pointer, message: Self.urlReference(reference))
            }
            throw SchemaError(
                pointer: pointer, message: "\"\(reference)\" names \(uri), which no schema of this document declares ($id)",
                invalid: true)
        case .noAnchor(let resource):
            let name = URIReference(reference).fragment ?? ""
            let whose = resource == SchemaResources.documentURI.text ? "this document" : resource
            throw SchemaError(
                pointer: pointer, message: "\"\(reference)\" names an anchor no schema of \(whose) declares ($anchor: \(name))",
                invalid: true)
        case .malformed:
            throw SchemaError(pointer: pointer, message: "\"\(reference)\" has a malformed %-escape")
        }
    }

    private func types(_ value: JSONValue, at pointer: @autoclosure () -> JSONPointer) throws(SchemaError) -> CompiledSchema.TypeMask {
        let names: [JSONValue]
        switch value {
        case .string: names = [value]
        case .array(let list): names = list
        default: throw SchemaError(pointer: pointer(), message: "type must be a type name or a list of them")
        }
        var mask = CompiledSchema.TypeMask()
        for name in names {
            guard case .string(let text) = name, let bit = CompiledSchema.TypeMask.names.first(where: { $0.0 == text })?.1 else {
                if name == .null {
                    // `type: [array, null]` in YAML: the unquoted null is YAML's null value, not the type's name.
                    throw SchemaError(
                        pointer: pointer(),
                        message: "type lists YAML's null value (an unquoted null), not the type name; write \"null\" in quotes",
                        invalid: true)
                }
                let known = CompiledSchema.TypeMask.names.map(\.0).joined(separator: ", ")
                throw SchemaError(
                    pointer: pointer(), message: "unknown type \(JSONWriter.compact(name)); the types are \(known)", invalid: true)
            }
            mask.insert(bit)
        }
        if names.isEmpty { throw SchemaError(pointer: pointer(), message: "type must name at least one type", invalid: true) }
        return mask
    }

    private func schemaMap(_ value: JSONValue, at pointer: JSONPointer) throws(SchemaError) -> [(String, CompiledSchema)] {
        guard case .object(let members) = value else {
            throw SchemaError(pointer: pointer, message: "expected a mapping from names to schemas")
        }
        var result: [(String, CompiledSchema)] = []
        for member in members { result.append((member.key, try compile(at: pointer.appending(member.key), known: member.value))) }
        return result
    }

    private func schemaList(_ value: JSONValue, at pointer: JSONPointer, _ key: String) throws(SchemaError) -> [CompiledSchema] {
        guard case .array(let items) = value, !items.isEmpty else {
            throw SchemaError(pointer: pointer, message: "\(key) must be a non-empty list of schemas")
        }
        var result: [CompiledSchema] = []
        for index in items.indices { result.append(try compile(at: pointer.appending(index), known: items[index])) }
        return result
    }

    private func uniqueStrings(_ value: JSONValue, at pointer: @autoclosure () -> JSONPointer, what: String) throws(SchemaError) -> [String]
    {
        guard case .array(let items) = value else { throw SchemaError(pointer: pointer(), message: "\(what) must be a list of key names") }
        var names: [String] = []
        for item in items {
            guard case .string(let name) = item else {
                throw SchemaError(pointer: pointer(), message: "\(what) must list key names (strings), found \(JSONWriter.compact(item))")
            }
            guard !names.contains(name) else { throw SchemaError(pointer: pointer(), message: "\(what) lists \"\(name)\" twice") }
            names.append(name)
        }
        return names
    }

    private func count(_ value: JSONValue, at pointer: @autoclosure () -> JSONPointer, _ key: String) throws(SchemaError) -> Int {
        guard case .number(let number) = value, let exact = number.exact, exact.isInteger, !exact.negative,
            let int = Int(exactly: exact)
        else {
            throw SchemaError(pointer: pointer(), message: "\(key) must be a whole number, 0 or more, found \(JSONWriter.compact(value))")
        }
        return int
    }

    private func bound(_ value: JSONValue, at pointer: @autoclosure () -> JSONPointer, _ key: String) throws(SchemaError)
        -> CompiledSchema.Bound
    {
        guard case .number(let number) = value, let exact = number.exact else {
            let hint = value.boolValue != nil ? " (the boolean form is draft 4; in 2020-12 write exclusiveMinimum: <number>)" : ""
            throw SchemaError(pointer: pointer(), message: "\(key) must be a number, found \(JSONWriter.compact(value))\(hint)")
        }
        return CompiledSchema.Bound(literal: number.literal, exact: exact, int: Int(exactly: exact))
    }

    /// Compiles a pattern as ``pattern(_:at:)`` does, each text once.
    private func pattern(_ source: String, at pointer: @autoclosure () -> JSONPointer) throws(SchemaError) -> CompiledSchema.Pattern {
        if let known = patterns[source] { return known }
        // Made only when the text is new (a vendor's description writes a few patterns thousands of times).
        let compiled = try Self.pattern(source, at: pointer())
        patterns[source] = compiled
        return compiled
    }

    /// Compiles a `pattern` or a `patternProperties` key; a pattern that does not compile is refused.
    static func pattern(_ source: String, at pointer: JSONPointer) throws(SchemaError) -> CompiledSchema.Pattern {
        do {
            return CompiledSchema.Pattern(source: source, program: try PatternProgram(source))
        } catch {
            throw SchemaError(pointer: pointer, message: "the pattern \"\(source)\" is not a valid regular expression", invalid: true)
        }
    }

    /// `{fraction-digits: 6, offset: Z}` as a wire form; anything else is refused.
    static func dateForm(_ value: JSONValue, at pointer: JSONPointer) throws(SchemaError) -> DateWireForm {
        guard case .object(let members) = value else {
            throw SchemaError(pointer: pointer, message: "x-apicheck-date must be a mapping such as {fraction-digits: 6, offset: Z}")
        }
        var digits: Int?
        var offset: UTCOffset?
        for member in members {
            let at = pointer.appending(member.key)
            switch member.key {
            case "fraction-digits":
                guard case .number(let number) = member.value, let value = number.intValue, (0...9).contains(value) else {
                    throw SchemaError(
                        pointer: at,
                        message: "fraction-digits must be a whole number from 0 to 9, found \(JSONWriter.compact(member.value))")
                }
                digits = value
            case "offset":
                guard case .string(let text) = member.value else {
                    throw SchemaError(
                        pointer: at, message: "offset must be Z or +hh:mm / -hh:mm, found \(JSONWriter.compact(member.value))")
                }
                if text == "Z" {
                    offset = .zulu
                } else if text.utf8.count == 6, let stamp = try? ISO8601Timestamp(parsing: "2000-01-01T00:00:00" + text) {
                    offset = stamp.wireForm.offset
                } else {
                    throw SchemaError(pointer: at, message: "offset must be Z or +hh:mm / -hh:mm, found \"\(text)\"")
                }
            default:
                throw SchemaError(
                    pointer: at, message: "unknown key \"\(member.key)\" in x-apicheck-date (allowed: fraction-digits, offset)")
            }
        }
        guard let digits else { throw SchemaError(pointer: pointer, message: "x-apicheck-date needs fraction-digits (0 to 9)") }
        guard let offset else { throw SchemaError(pointer: pointer, message: "x-apicheck-date needs offset (Z or +hh:mm)") }
        return DateWireForm(fractionDigits: digits, offset: offset)
    }
}

extension Int {
    /// The value when the decimal is a whole number that fits.
    init?(exactly decimal: ExactDecimal) {
        guard decimal.isInteger, decimal.digits.count + decimal.exponent <= 19 else { return nil }
        // Gathered as a negative number, which reaches Int.min (drf-spectacular's bounds of a 64-bit integer).
        var value = 0
        for digit in decimal.digits + repeatElement(0, count: decimal.exponent) {
            let (times, overflow) = value.multipliedReportingOverflow(by: 10)
            let (next, under) = times.subtractingReportingOverflow(Int(digit))
            guard !overflow, !under else { return nil }
            value = next
        }
        guard decimal.negative || value != .min else { return nil }
        self = decimal.negative ? value : -value
    }
}

extension CompiledSchema {
    /// Whether the schema says anything besides its `$ref` (a placeholder for a cycle says nothing else).
    /// The schema of `oneOf` (or `anyOf`) of `{type: "null"}` and a schema that refuses null, with nothing beside them: the
    /// way OpenAPI 3.1 descriptions such as GitHub's write a nullable object (and a 3.0 `nullable` beside `$ref` or
    /// `allOf` reads). A value is null, or that schema judges it: the checker reports what that schema finds, as the
    /// same schema with `type: [object, "null"]` would, rather than "none of 2 schemas matched".
    package var nullableAlternative: CompiledSchema? {
        let branches = oneOf.isEmpty ? anyOf : oneOf
        guard branches.count == 2, oneOf.isEmpty || anyOf.isEmpty, mask.isEmpty, !assertsBesidesType, reference == nil, allOf.isEmpty,
            not == nil, ifSchema == nil
        else { return nil }
        func isNull(_ branch: CompiledSchema) -> Bool {
            branch.mask == .null && !branch.assertsBesidesType && branch.reference == nil && !branch.hasInPlaceApplicators
        }
        guard let nullAt = branches.firstIndex(where: isNull) else { return nil }
        let other = branches[1 - nullAt]
        return !other.mask.isEmpty && !other.mask.contains(.null) ? other : nil
    }

    /// Whether the schema takes every value and says so with nothing (`{}`, or one with annotations only).
    package var saysNothing: Bool { !hasOtherKeywords && reference == nil }

    var hasOtherKeywords: Bool {
        !mask.isEmpty || assertsBesidesType || !allOf.isEmpty || !anyOf.isEmpty || !oneOf.isEmpty || not != nil || ifSchema != nil
    }

    /// Whether the schema says anything besides its `type`, its `$ref` and its applicators (`allOf`, `anyOf`, `oneOf`,
    /// `not`, `if`).
    package var assertsBesidesType: Bool {
        isFalse || enumValues != nil || constValue != nil || !propertyNames.isEmpty || !required.isEmpty
            || additionalForbidden || additionalSchema != nil || judgesUnevaluatedProperties || judgesUnevaluatedItems
            || !patternProperties.isEmpty
            || propertyNamesSchema != nil
            || minProperties != nil || maxProperties != nil || !dependentRequired.isEmpty || !dependentSchemas.isEmpty
            || !prefixItems.isEmpty || items != nil || contains != nil || minItems != nil || maxItems != nil || uniqueItems
            || minLength != nil || maxLength != nil || pattern != nil || format != nil || minimum != nil || maximum != nil
            || exclusiveMinimum != nil || exclusiveMaximum != nil || multipleOf != nil || keyCase != nil
    }
}

/// Type names for messages: `integer, "null"`.
enum TypeMaskNames {
    static func names(_ mask: CompiledSchema.TypeMask) -> String {
        CompiledSchema.TypeMask.names.filter { mask.contains($0.1) }.map { $0.0 == "null" ? "\"null\"" : $0.0 }.joined(separator: ", ")
    }
}
