import APICheckRecording
import Foundation

/// The schema resources of a document (JSON Schema 2020-12, section 9.1): the document itself and each schema with an
/// `$id`, each with its base URI, and the `$anchor`s declared in each; and so where a `$ref` leads.
///
/// A `$ref` is a URI reference read against the base URI of the resource it is written in: `#/$defs/a` inside a schema
/// whose `$id` is `https://example.com/tree` is a place in that schema, not in the document; `node` there names the
/// schema whose `$id` resolves to `https://example.com/node`; `#leaf` names the `$anchor: leaf` of that resource. A
/// document without `$id` is one resource, and `#/components/schemas/Todo` is a place in it, as OpenAPI reads it.
/// A URI that no schema of the document declares is not fetched: apicheck reaches no network. The meta-schemas of JSON
/// Schema 2020-12 are built in (``MetaSchemas``), and held by every document that refers to them.
package struct SchemaResources: Sendable {
    /// The base URI of the document itself, which declares none: a relative `$id` is read against it.
    static let documentURI = URIReference("apicheck:/document")

    /// Where a `$ref` leads.
    package enum Resolution: Equatable {
        /// A place in the document.
        case found(JSONPointer)
        /// A resource the document does not hold (the absolute URI, without its fragment).
        case elsewhere(String)
        /// An anchor the resource (the URI) does not declare.
        case noAnchor(String)
        /// A fragment with a malformed %-escape.
        case malformed
    }

    /// Each resource's root by its URI (without a fragment).
    private var resources: [String: JSONPointer] = [:]
    /// The base URI of each schema with an `$id`.
    private var bases: [JSONPointer: URIReference] = [:]
    /// Each anchor, by its resource's URI, `#` and its name (a `$dynamicAnchor` is also a plain one).
    private var anchors: [String: JSONPointer] = [:]
    /// Each resource's `$dynamicAnchor`s, by the resource's URI and the name.
    private var dynamicAnchors: [String: [String: JSONPointer]] = [:]

    /// Each schema whose `$schema` names a meta-schema of its own (not one of ``SchemaVocabulary/dialects``), with
    /// that meta-schema's URI.
    private var metaSchemas: [JSONPointer: URIReference] = [:]

    /// Whether any schema names a meta-schema of its own in `$schema`.
    var hasMetaSchemas: Bool { !metaSchemas.isEmpty }

    /// The names `$dynamicRef`s give in their fragments (`#item`): only an anchor of one of these names can be where a
    /// dynamic reference leads, so only these make a dynamic scope.
    private(set) var dynamicReferenceNames: Set<String> = []

    /// Every `$ref` and `$dynamicRef` of the document, where it is written (its member) and what it says, in the
    /// document's order: outside examples, enums, defaults and `x-` extensions, whose values are data.
    private(set) var references: [(pointer: JSONPointer, reference: String)] = []

    /// Whether any schema has an `$id` (a `$ref` is then read against the base URI of where it is written).
    package var hasIdentifiers: Bool { !bases.isEmpty }

    /// Whether any schema declares a `$dynamicAnchor` (without one, every `$dynamicRef` is a plain `$ref`).
    var hasDynamicAnchors: Bool { !dynamicAnchors.isEmpty && !dynamicReferenceNames.isEmpty }

    /// Members whose values are data, not schemas (a `$id` or `$anchor` key in an example is no identifier).
    private static let data: Set<String> = ["enum", "const", "default", "example", "examples"]

    /// Whether `key` is one of ``data``: hashed only when it begins as one of them does.
    private static func isData(_ key: String) -> Bool {
        switch key.utf8.first {
        case UInt8(ascii: "e"), UInt8(ascii: "c"), UInt8(ascii: "d"): data.contains(key)
        default: false
        }
    }

    /// The `$` keywords of one object that declare a resource or an anchor, or refer; the first of a repeated key, as
    /// `JSONObject`'s subscript finds it.
    private struct Keywords {
        var ref: String?
        var dynamicRef: String?
        var id: JSONValue?
        var schema: JSONValue?
        var anchor: JSONValue?
        var dynamicAnchor: JSONValue?

        mutating func take(_ member: JSONObject.Member) {
            switch member.key {
            case "$ref":
                if ref == nil, case .string(let text) = member.value { ref = text }
            case "$dynamicRef":
                if dynamicRef == nil, case .string(let text) = member.value { dynamicRef = text }
            case "$id": id = id ?? member.value
            case "$schema": schema = schema ?? member.value
            case "$anchor": anchor = anchor ?? member.value
            case "$dynamicAnchor": dynamicAnchor = dynamicAnchor ?? member.value
            default: break
            }
        }
    }

    /// Finds every resource and anchor of `document`.
    ///
    /// - Throws: ``SchemaError`` (refusing the document) for an `$id` with a fragment, a resource or anchor declared
    ///   twice: a `$ref` to it could mean either.
    package init(_ document: JSONValue) throws(SchemaError) {
        try self.init(document, roots: [(Self.documentURI, .root)])
    }

    /// Finds every resource and anchor below each of `roots` in `document`: a document that holds others, each
    /// retrieved from its URI (the JSON Schema Test Suite's remote documents, served from a local folder).
    init(_ document: JSONValue, roots: [(uri: URIReference, at: JSONPointer)]) throws(SchemaError) {
        for root in roots {
            resources[root.uri.text] = root.at
            // The base below a root is its URI (the document's own root needs no entry: it is the fallback).
            if root.uri != Self.documentURI || root.at != .root { bases[root.at] = root.uri }
            guard let value = document[pointer: root.at] else { continue }
            var path = WalkPath(root.at)
            try walk(value, at: &path, base: root.uri, inData: false)
        }
        if refersToMetaSchemas() { try holdMetaSchemas() }
    }

    /// Whether a `$ref`, `$dynamicRef` or `$schema` of the document names one of the meta-schemas of JSON Schema 2020-12
    /// (``MetaSchemas``) that the document does not declare itself.
    private func refersToMetaSchemas() -> Bool {
        func names(_ uri: URIReference) -> Bool {
            let resource = uri.withoutFragment.text
            return resources[resource] == nil && MetaSchemas.holds(resource)
        }
        if metaSchemas.values.contains(where: names) { return true }
        // A fragment alone names a place in its own resource (most `$ref`s of a vendor's description: no URI is read).
        return references.contains {
            $0.reference.first != "#" && names(URIReference($0.reference).resolved(against: base(at: $0.pointer)))
        }
    }

    /// Adds the meta-schemas of JSON Schema 2020-12, each a resource at its `$id`, at `/x-apicheck-meta-schemas/<n>`
    /// (where ``DocumentIndex`` finds them): all of them, since they refer to each other.
    private mutating func holdMetaSchemas() throws(SchemaError) {
        guard case .array(let documents) = MetaSchemas.tree else { return }
        for (index, document) in documents.enumerated() {
            var path = WalkPath(JSONPointer(tokens: [MetaSchemas.member, String(index)]))
            let uri = URIReference(MetaSchemas.uris[index])
            resources[uri.text] = path.pointer
            bases[path.pointer] = uri
            try walk(document, at: &path, base: uri, inData: false)
        }
    }

    /// A document that is one resource and declares no anchor.
    package init() {
        resources[Self.documentURI.text] = .root
    }

    /// Walks `value`, at `path` (the tokens of its pointer, pushed and popped: a pointer is made only for a schema that
    /// declares something or a reference, so that a walk of a vendor's description allocates little). `inData`: below
    /// an `x-` extension, whose `$ref`s are data (a `$id` there still counts, as it always has).
    private mutating func walk(_ value: JSONValue, at path: inout WalkPath, base: URIReference, inData: Bool) throws(SchemaError) {
        switch value {
        case .object(let object):
            var base = base
            // The keywords that declare or refer (each begins with `$`), found in one pass over the members: most
            // objects of a description have none but `$ref`, and six lookups by key compared every key six times.
            var keywords = Keywords()
            for index in object.members.indices where object.members[index].key.utf8.first == UInt8(ascii: "$") {
                keywords.take(object.members[index])
            }
            if !inData {
                if let reference = keywords.ref { references.append((path.pointer.appending("$ref"), reference)) }
                if let reference = keywords.dynamicRef { references.append((path.pointer.appending("$dynamicRef"), reference)) }
            }
            if case .string(let id)? = keywords.id {
                let pointer = path.pointer
                let uri = URIReference(id)
                guard uri.fragment?.isEmpty ?? true else {
                    throw SchemaError(
                        pointer: pointer.appending("$id"),
                        message: "$id must be a URI without a fragment (a name for one place is $anchor), found \"\(id)\"",
                        documentWide: true)
                }
                base = uri.withoutFragment.resolved(against: base)
                if let first = resources[base.text], first != pointer {
                    throw SchemaError(
                        pointer: pointer.appending("$id"),
                        message:
                            """
                            $id \(base.text) is declared twice (first at \
                            \(first.description.isEmpty ? "the root" : first.description)); a $ref to it could mean either
                            """,
                        documentWide: true)
                }
                resources[base.text] = pointer
                bases[pointer] = base
            }
            if case .string(let dialect)? = keywords.schema, !SchemaVocabulary.isKnownDialect(dialect) {
                metaSchemas[path.pointer] = URIReference(dialect).resolved(against: base)
            }
            if let reference = keywords.dynamicRef, let hash = reference.firstIndex(of: "#") {
                let name = reference[reference.index(after: hash)...]
                if !name.isEmpty, !name.hasPrefix("/") { dynamicReferenceNames.insert(String(name)) }
            }
            if keywords.anchor != nil || keywords.dynamicAnchor != nil { try declareAnchors(keywords, at: path.pointer, base: base) }
            for member in object where member.value.holdsValues && !Self.isData(member.key) {
                // The other files of a contract split across files: their `$ref`s are already places (ContractBundle).
                if path.isRoot && member.key == DocumentIndex.bundledFiles { continue }
                path.push(member.key)
                try walk(member.value, at: &path, base: base, inData: inData || member.key.hasBytePrefix("x-"))
                path.pop()
            }
        case .array(let items):
            for (index, item) in items.enumerated() where item.holdsValues {
                path.push(String(index))
                try walk(item, at: &path, base: base, inData: inData)
                path.pop()
            }
        default:
            break
        }
    }

    /// The place a walk is at: its tokens, pushed and popped, and the pointers of the places above it made so far. A
    /// pointer is made only where something is declared or referred to, from the pointer above it, which is made once
    /// for every place below it (a pointer made from all its tokens was one allocation for each).
    private struct WalkPath {
        /// The tokens below ``made``'s first pointer.
        private var tokens: [String] = []
        /// The pointers of the walk's start and of the places below it, as far as asked for: `made[k]` has the first `k`
        /// of ``tokens`` after the start's.
        private var made: [JSONPointer]

        init(_ start: JSONPointer) {
            made = [start]
        }

        /// Whether the walk is at the document's root.
        var isRoot: Bool { tokens.isEmpty && made[0].isRoot }

        mutating func push(_ token: String) { tokens.append(token) }

        mutating func pop() {
            tokens.removeLast()
            if made.count > tokens.count + 1 { made.removeLast() }
        }

        /// The pointer of the place.
        var pointer: JSONPointer {
            mutating get {
                while made.count <= tokens.count { made.append(made[made.count - 1].appending(tokens[made.count - 1])) }
                return made[tokens.count]
            }
        }
    }

    /// Records the `$anchor` and `$dynamicAnchor` of the schema at `path` in the resource `base`.
    private mutating func declareAnchors(_ keywords: Keywords, at pointer: JSONPointer, base: URIReference) throws(SchemaError) {
        for (keyword, value) in [("$anchor", keywords.anchor), ("$dynamicAnchor", keywords.dynamicAnchor)] {
            guard case .string(let name)? = value else { continue }
            let key = base.text + "#" + name
            if let first = anchors[key], first != pointer {
                throw SchemaError(
                    pointer: pointer.appending(keyword),
                    message: "\(keyword) \(name) is declared twice (first at \(first.description)); a $ref to it could mean either",
                    documentWide: true)
            }
            anchors[key] = pointer
            if keyword == "$dynamicAnchor" { dynamicAnchors[base.text, default: [:]][name] = pointer }
        }
    }

    /// The base URI at `pointer`: that of the nearest schema around it with an `$id`, or the document's.
    func base(at pointer: JSONPointer) -> URIReference {
        guard !bases.isEmpty else { return Self.documentURI }
        var here = pointer
        while true {
            if let base = bases[here] { return base }
            if here.isRoot { return Self.documentURI }
            here = here.parent
        }
    }

    /// The `$dynamicAnchor`s of the resource `pointer` is in (the nearest schema around it with an `$id`, or the
    /// document), by name: what entering that resource adds to the dynamic scope.
    func dynamicAnchors(ofResourceAt pointer: JSONPointer) -> [String: JSONPointer] {
        (dynamicAnchors[base(at: pointer).text] ?? [:]).filter { dynamicReferenceNames.contains($0.key) }
    }

    /// The meta-schema of the schema at `pointer` when one around it (or it) names its own in `$schema`: its URI and
    /// where that `$schema` is. Nil in the dialects apicheck knows.
    func metaSchema(at pointer: JSONPointer) -> (uri: URIReference, at: JSONPointer)? {
        guard !metaSchemas.isEmpty else { return nil }
        var here = pointer
        while true {
            if let uri = metaSchemas[here] { return (uri, here) }
            // A `$schema` reaches as far as its resource: no further out than the nearest `$id`.
            if bases[here] != nil || here.isRoot { return nil }
            here = here.parent
        }
    }

    /// The root of the resource `uri` names (without its fragment), if the document holds it.
    func resource(_ uri: URIReference) -> JSONPointer? {
        resources[uri.withoutFragment.text]
    }

    /// Where `reference`, written at `pointer` (its `$ref` member), leads.
    package func resolve(_ reference: String, at pointer: JSONPointer) -> Resolution {
        let resource: String
        let fragment: String
        if bases.isEmpty, reference.hasPrefix("#") {
            // A fragment in a document without `$id`: a place in it (most `$ref`s of a vendor's description), read
            // without parsing and resolving a URI.
            resource = Self.documentURI.text
            fragment = String(reference.dropFirst())
        } else {
            let uri = URIReference(reference).resolved(against: base(at: pointer))
            resource = uri.withoutFragment.text
            fragment = uri.fragment ?? ""
        }
        guard let root = resources[resource] else { return .elsewhere(resource) }
        if fragment.isEmpty { return .found(root) }
        if fragment.hasPrefix("/") {
            guard let decoded = fragment.percentDecoded else { return .malformed }
            return .found(JSONPointer(tokens: root.tokens + JSONPointer(decoded).tokens))
        }
        guard let anchored = anchors[resource + "#" + fragment] else { return .noAnchor(resource) }
        return .found(anchored)
    }
}

extension JSONValue {
    /// Whether this is an object or an array: a value that may hold a schema.
    fileprivate var holdsValues: Bool {
        switch self {
        case .object, .array: true
        default: false
        }
    }
}
