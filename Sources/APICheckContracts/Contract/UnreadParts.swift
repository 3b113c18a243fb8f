import APICheckJSONSchema
import APICheckRecording
import Foundation

/// What a document the judge refuses (``OpenAPIStructure``) says in places apicheck never reads: said once at its
/// line (a warning), and left out of the copy judged, so that no document is refused for it. A problem in an operation
/// refuses that operation (``refusedOperations``); what is left is the document's structure error, in a place apicheck
/// reads outside the operations.
///
/// - A key OpenAPI does not have, left over in an object apicheck reads (NestJS's Swagger 2.0 `produces` in one
///   operation; Kubernetes' `uniqueItems` beside a parameter): OpenAPI's schema refuses any key without `x-`; apicheck
///   reads only the keys it knows.
/// - A key beside a `$ref` to a parameter, a response, a request body or a header (springdoc's `in: header` beside a
///   parameter's `$ref`): OpenAPI says it is ignored, and apicheck ignores it, though OpenAPI's schema refuses it.
/// - A security requirement naming a scheme `components` lacks (L5-Swagger): apicheck does not read `security`.
/// - Whatever else the judge finds wrong in what apicheck does not read (``unread(at:in:)``): `info`, `servers` (a
///   server variable's enum of numbers), `tags`, `externalDocs`, descriptions, examples, links, callbacks, security
///   schemes. Each is judged again without it, until the judge finds nothing or a problem in a place apicheck reads.
///
/// Two slips of what apicheck does read are read as their authors meant, with a warning that says what to write, and
/// judged as that: a path key without its leading `/` (read with one), and an operation's `responses` that lists none
/// (every answer undescribed; the schema wants one at least).
///
/// The document is compiled as written; only the copy the structure is judged on leaves these out. That copy also gives
/// a parameter or header with neither `schema` nor `content` an empty schema: that is wrong in every reading, and the
/// compiler refuses the operations that reach it with the contract's own error (`contract.invalid`), so the judge
/// need not refuse the whole document for it.
struct UnreadParts {
    /// One warning's worth each: where and why.
    let notices: [SchemaError]
    /// The structure's problem in a place apicheck reads outside any operation (a component, the document's own
    /// keys), if any: the document is refused with it.
    let problem: SchemaError?
    /// The operations whose structure is wrong where apicheck reads it (`in: body`, `responses: 5`, a request body's
    /// `required: 'no'`), each with the judge's problem: wrong in every reading, so each is refused with the contract's
    /// own error (`contract.invalid`), and the document's other operations are still checked. A problem in a path
    /// item's `parameters` refuses each operation of the path item.
    let refusedOperations: [(method: String, template: String, error: SchemaError)]

    /// How often the document is judged again for what it says wrong where apicheck does not read: each round leaves
    /// out the first such problem of every part the judge judges apart (a path item, a component).
    static let rounds = 16

    init(_ document: JSONValue, edition: OpenAPIEdition) {
        let judged = OpenAPIStructure.Inlined(document)
        var scan = Scan(document: judged.document)
        scan.root()
        var notices = scan.found.map(\.notice)
        var structure = judged.document
        // Removed from the deepest first, so that a pointer never names a place an earlier removal moved.
        for removal in scan.found.compactMap(\.remove).sorted(by: { $0.tokenCount > $1.tokenCount }) {
            structure.set(nil, at: removal)
        }
        for described in scan.undescribed where structure[pointer: described] != nil {
            structure.set(.object(JSONObject()), at: described.appending("schema"))
        }
        // A path key without its slash is judged as the key it is read as (unless the document has that one too).
        if case .object(var paths)? = structure["paths"], !scan.unslashed.isEmpty {
            for key in scan.unslashed where paths[key] != nil {
                if paths["/" + key] == nil { paths["/" + key] = paths[key] }
                paths[key] = nil
            }
            structure.set(.object(paths), at: JSONPointer(tokens: ["paths"]))
        }
        var problem: SchemaError?
        var refused: [(method: String, template: String, error: SchemaError)] = []
        var round = 0
        judging: while true {
            let problems = OpenAPIStructure.problems(inJudged: structure, edition: edition)
            guard let first = problems.first else { break }
            // A document still wrong after this many rounds is refused with its first problem, read or not.
            guard round < Self.rounds else {
                problem = first
                break
            }
            round += 1
            for found in problems {
                // The judge's words without its prefix, for a warning or a refusal's reason.
                let why = found.message.replacingOccurrences(of: OpenAPIStructure.invalid(edition), with: "")
                if let (member, replacement) = Self.unread(at: found.pointer, in: structure) {
                    notices.append(
                        SchemaError(
                            pointer: found.pointer,
                            message: why + "; apicheck does not read \(member.lastToken ?? "") here, and leaves it out"))
                    structure.set(replacement, at: member)
                    continue
                }
                guard let (operations, removed) = Self.operations(at: found.pointer, in: structure) else {
                    problem = found
                    break judging
                }
                if operations.isEmpty {
                    // A component no operation uses: apicheck reads nothing of it.
                    notices.append(
                        SchemaError(
                            pointer: found.pointer,
                            message: why
                                + "; no operation uses \(removed.lastToken ?? ""), so apicheck does not read it, and leaves it out"))
                    structure.set(nil, at: removed)
                    continue
                }
                let error = SchemaError(
                    pointer: judged.placed(found).pointer, message: "what OpenAPI \(edition.name) does not allow here (\(why))",
                    invalid: true)
                refused += operations.map { ($0.method, $0.template, error) }
                structure.set(nil, at: removed)
            }
        }
        self.notices = notices.map(judged.placed)
        self.problem = problem.map(judged.placed)
        refusedOperations = refused
    }

    /// The operations a problem at `pointer` (in a place apicheck reads) lies in: one under `paths`' operation, each
    /// operation of a path item whose `parameters` it is in, or each operation that a `$ref` leads to a component it is
    /// in (a path parameter in `components/parameters` with `required: false`, micronaut's test document), none when no
    /// operation uses that component; and what the judged copy leaves out for them. Nil for a problem elsewhere.
    static func operations(
        at pointer: JSONPointer, in document: JSONValue
    ) -> (operations: [(method: String, template: String)], removed: JSONPointer)? {
        let tokens = pointer.tokens
        if tokens.count > 2, tokens[0] == "components", componentKinds.contains(tokens[1]) {
            let component = Array(tokens.prefix(3))
            return (operations(reaching: component, in: document), JSONPointer(tokens: component))
        }
        guard tokens.count > 2, tokens[0] == "paths", case .object(let item)? = document["paths"]?[tokens[1]], item["$ref"] == nil
        else { return nil }
        let template = ContractCompiler.template(tokens[1])
        let place = JSONPointer(tokens: Array(tokens.prefix(3)))
        if ContractCompiler.methods.contains(tokens[2]) {
            return ([(tokens[2].uppercased(), template)], place)
        }
        guard tokens[2] == "parameters" else { return nil }
        let methods = ContractCompiler.methods.filter { item[$0] != nil }
        return methods.isEmpty ? nil : (methods.map { ($0.uppercased(), template) }, place)
    }

    /// The components whose problems refuse the operations that use them.
    static let componentKinds: Set<String> = ["schemas", "parameters", "requestBodies", "responses", "headers", "pathItems"]

    /// The operations of `paths` from which local `$ref`s lead, one after another, to the component at `component`
    /// (`components`, its kind, its name).
    static func operations(reaching component: [String], in document: JSONValue) -> [(method: String, template: String)] {
        guard case .object(let paths)? = document["paths"] else { return [] }
        var found: [(method: String, template: String)] = []
        for path in paths {
            guard case .object(let item) = path.value else { continue }
            for method in ContractCompiler.methods where item[method] != nil {
                var reached: Set<[String]> = []
                var pending = [item[method], item["parameters"]].compactMap { $0 }
                while let next = pending.popLast() {
                    for target in references(in: next) where reached.insert(target).inserted {
                        if let value = document[pointer: JSONPointer(tokens: target)] { pending.append(value) }
                    }
                }
                if reached.contains(component) { found.append((method.uppercased(), ContractCompiler.template(path.key))) }
            }
        }
        return found
    }

    /// The places of the document that the local `$ref`s in `value` name (the first three tokens of each: a component).
    private static func references(in value: JSONValue) -> [[String]] {
        switch value {
        case .object(let object):
            if case .string(let reference)? = object["$ref"], reference.hasPrefix("#/"),
                let decoded = reference.dropFirst().percentDecoded
            {
                return [Array(JSONPointer(decoded).tokens.prefix(3))]
            }
            return object.flatMap { references(in: $0.value) }
        case .array(let items):
            return items.flatMap { references(in: $0) }
        default:
            return []
        }
    }

    /// The member of an object apicheck does not read that `pointer` (a problem's place) is in, and what the judged
    /// copy holds there instead (nil: nothing; an empty `info` or description where OpenAPI requires one); nil when
    /// apicheck reads every member on the way.
    static func unread(at pointer: JSONPointer, in document: JSONValue) -> (member: JSONPointer, replacement: JSONValue?)? {
        let tokens = pointer.tokens
        var kind = "root"
        var index = 0
        while index < tokens.count {
            let at = JSONPointer(tokens: Array(tokens.prefix(index)))
            let key = tokens[index]
            let member = at.appending(key)
            if let name = Self.unreadMember(key, of: kind, in: document[pointer: at]) {
                let replacement: JSONValue? =
                    switch (kind, name) {
                    case ("root", "info"):
                        .object(JSONObject([.init(key: "title", value: .string("")), .init(key: "version", value: .string(""))]))
                    case ("response", "description"): .string("")
                    default: nil
                    }
                return (member, replacement)
            }
            guard let (next, width) = Self.step(from: kind, tokens[index...]) else { return nil }
            kind = next
            index += width
        }
        return nil
    }

    /// The kind of object the members `tokens` starts with lead to from an object of `kind`, and how many tokens that
    /// takes; nil where apicheck reads no further (a schema, an example's value).
    private static func step(from kind: String, _ tokens: ArraySlice<String>) -> (String, Int)? {
        let key = tokens.first ?? ""
        let hasNext = tokens.count > 1
        switch (kind, key) {
        case ("root", "paths"), ("root", "webhooks"): return hasNext ? ("path item", 2) : nil
        case ("root", "components"): return ("components", 1)
        case ("components", "pathItems"): return hasNext ? ("path item", 2) : nil
        case ("components", "parameters"), ("path item", "parameters"), ("operation", "parameters"): return hasNext ? ("parameter", 2) : nil
        case ("components", "headers"), ("response", "headers"): return hasNext ? ("header", 2) : nil
        case ("components", "requestBodies"): return hasNext ? ("request body", 2) : nil
        case ("operation", "requestBody"): return ("request body", 1)
        case ("components", "responses"), ("operation", "responses"): return hasNext ? ("response", 2) : nil
        case ("parameter", "content"), ("header", "content"), ("request body", "content"), ("response", "content"):
            return hasNext ? ("media type", 2) : nil
        case ("path item", _) where (ContractCompiler.methods + ["query"]).contains(key): return ("operation", 1)
        default: return nil
        }
    }

    /// What members of each kind of object apicheck does not read, besides the keys OpenAPI does not give it.
    private static let unreadKeys: [String: Set<String>] = [
        "root": ["info", "servers", "security", "tags", "externalDocs"],
        "components": ["securitySchemes", "links", "examples", "callbacks"],
        "path item": ["servers", "summary", "description"],
        "operation": ["tags", "summary", "description", "externalDocs", "operationId", "security", "servers", "deprecated", "callbacks"],
        "parameter": ["description", "deprecated", "example", "examples"],
        "header": ["description", "deprecated", "example", "examples"],
        "request body": ["description"],
        "response": ["description", "links", "summary"],
        "media type": ["example", "examples"],
    ]

    /// `key` when it names a member of `object` (of `kind`) that apicheck does not read: one listed in ``unreadKeys``,
    /// one OpenAPI does not give the object (``keys``), or one beside a `$ref`.
    private static func unreadMember(_ key: String, of kind: String, in object: JSONValue?) -> String? {
        if !["root", "components", "path item"].contains(kind), object?["$ref"] != nil {
            return key == "$ref" ? nil : key
        }
        if unreadKeys[kind]?.contains(key) == true { return key }
        // OpenAPI gives these to query parameters only (Box writes allowEmptyValue: false on a header parameter), and
        // apicheck reads them of no other.
        if ["allowEmptyValue", "allowReserved"].contains(key),
            kind == "header" || kind == "parameter" && object?["in"]?.stringValue != "query"
        {
            return key
        }
        if let known = keys[kind], !known.contains(key) { return key }
        return nil
    }

    /// The keys OpenAPI 3.0, 3.1 and 3.2 give each object apicheck reads (a key of a later version is left to the
    /// structure's judge, which knows the document's version).
    static let keys: [String: Set<String>] = [
        "root": [
            "openapi", "$self", "info", "jsonSchemaDialect", "servers", "paths", "webhooks", "components", "security", "tags",
            "externalDocs",
        ],
        "components": [
            "schemas", "responses", "parameters", "examples", "requestBodies", "headers", "securitySchemes", "links", "callbacks",
            "pathItems", "mediaTypes",
        ],
        "path item": [
            "$ref", "summary", "description", "get", "put", "post", "delete", "options", "head", "patch", "trace", "query",
            "additionalOperations", "servers", "parameters",
        ],
        "operation": [
            "tags", "summary", "description", "externalDocs", "operationId", "parameters", "requestBody", "responses", "callbacks",
            "deprecated", "security", "servers",
        ],
        "parameter": [
            "name", "in", "description", "required", "deprecated", "allowEmptyValue", "style", "explode", "allowReserved", "schema",
            "example", "examples", "content",
        ],
        "request body": ["description", "content", "required"],
        "response": ["description", "headers", "content", "links", "summary"],
        "media type": ["schema", "example", "examples", "encoding", "itemSchema", "prefixEncoding", "itemEncoding"],
        "header": [
            "description", "required", "deprecated", "allowEmptyValue", "style", "explode", "allowReserved", "schema", "example",
            "examples", "content",
        ],
    ]

    private struct Scan {
        let document: JSONValue
        /// What is noted, and what the judged copy leaves out for it (nothing, for a slip judged as read).
        var found: [(notice: SchemaError, remove: JSONPointer?)] = []
        /// The parameters and headers with neither `schema` nor `content`.
        var undescribed: [JSONPointer] = []
        /// The keys of `paths` without their leading `/`.
        var unslashed: [String] = []
        /// The security schemes `components` declares.
        lazy var schemes: Set<String> = {
            guard case .object(let schemes)? = document["components"]?["securitySchemes"] else { return [] }
            return Set(schemes.map(\.key))
        }()

        mutating func root() {
            security(document["security"], at: JSONPointer(tokens: ["security"]))
            for section in ["paths", "webhooks"] {
                guard case .object(let items)? = document[section] else { continue }
                for item in items {
                    let at = JSONPointer(tokens: [section, item.key])
                    if section == "paths", !item.key.hasPrefix("/"), !item.key.hasPrefix("x-") {
                        unslashed.append(item.key)
                        found.append(
                            (
                                SchemaError(
                                    pointer: at,
                                    message: "a path starts with /: apicheck reads \(item.key) as /\(item.key); write /\(item.key)"),
                                nil
                            ))
                    }
                    pathItem(item.value, at: at)
                }
            }
            guard case .object(let components)? = document["components"] else { return }
            let sections: [(String, String)] = [
                ("parameters", "parameter"), ("requestBodies", "request body"), ("responses", "response"), ("headers", "header"),
                ("pathItems", "path item"),
            ]
            for (section, kind) in sections {
                guard case .object(let entries)? = components[section] else { continue }
                for entry in entries {
                    let at = JSONPointer(tokens: ["components", section, entry.key])
                    switch kind {
                    case "parameter": parameter(entry.value, at: at)
                    case "request body": requestBody(entry.value, at: at)
                    case "response": response(entry.value, at: at)
                    case "header": header(entry.value, at: at)
                    default: pathItem(entry.value, at: at)
                    }
                }
            }
        }

        /// Notes the keys of `value` (a `kind` object at `pointer`) OpenAPI does not give it, and those beside a `$ref`
        /// (a path item's `$ref` has its own keys beside it); what a `$ref` names is not looked into here.
        mutating func keys(_ value: JSONValue, _ kind: String, at pointer: JSONPointer) -> JSONObject? {
            guard case .object(let object) = value, let known = UnreadParts.keys[kind] else { return nil }
            if object["$ref"] != nil {
                guard kind != "path item" else { return nil }
                for member in object where !["$ref", "summary", "description"].contains(member.key) {
                    let at = pointer.appending(member.key)
                    found.append(
                        (
                            SchemaError(
                                pointer: at,
                                message:
                                    "\(member.key) is beside a $ref: OpenAPI ignores what a reference object says besides $ref, summary and description, and apicheck does too; remove it"
                            ), at
                        ))
                }
                return nil
            }
            for member in object where !member.key.hasPrefix("x-") && !known.contains(member.key) {
                let at = pointer.appending(member.key)
                let leftover = ["produces", "consumes", "schemes"].contains(member.key) ? " (a Swagger 2.0 leftover)" : ""
                found.append(
                    (
                        SchemaError(
                            pointer: at,
                            message:
                                "\(member.key) is no key of an OpenAPI \(kind)\(leftover): apicheck does not read it; remove it or write x-\(member.key)"
                        ), at
                    ))
            }
            return object
        }

        mutating func pathItem(_ value: JSONValue, at pointer: JSONPointer) {
            guard let item = keys(value, "path item", at: pointer) else { return }
            parameters(item["parameters"], at: pointer.appending("parameters"))
            for method in ContractCompiler.methods + ["query"] {
                guard let operation = keys(item[method] ?? .null, "operation", at: pointer.appending(method)) else { continue }
                let at = pointer.appending(method)
                security(operation["security"], at: at.appending("security"))
                parameters(operation["parameters"], at: at.appending("parameters"))
                if let body = operation["requestBody"] { requestBody(body, at: at.appending("requestBody")) }
                if case .object(let responses)? = operation["responses"], responses.isEmpty {
                    let empty = at.appending("responses")
                    found.append(
                        (
                            SchemaError(
                                pointer: empty,
                                message:
                                    "responses lists no response; OpenAPI wants one at least (write the status codes it answers with): every answer of this operation is undescribed"
                            ), empty
                        ))
                }
                if case .object(let responses)? = operation["responses"] {
                    for entry in responses where !entry.key.hasPrefix("x-") {
                        response(entry.value, at: at.appending("responses").appending(entry.key))
                    }
                }
            }
        }

        mutating func parameters(_ value: JSONValue?, at pointer: JSONPointer) {
            guard case .array(let list)? = value else { return }
            for index in list.indices { parameter(list[index], at: pointer.appending(index)) }
        }

        mutating func parameter(_ value: JSONValue, at pointer: JSONPointer) {
            guard let object = keys(value, "parameter", at: pointer) else { return }
            if object["schema"] == nil && object["content"] == nil { undescribed.append(pointer) }
            content(object["content"], at: pointer.appending("content"))
        }

        mutating func requestBody(_ value: JSONValue, at pointer: JSONPointer) {
            guard let object = keys(value, "request body", at: pointer) else { return }
            content(object["content"], at: pointer.appending("content"))
        }

        mutating func response(_ value: JSONValue, at pointer: JSONPointer) {
            guard let object = keys(value, "response", at: pointer) else { return }
            content(object["content"], at: pointer.appending("content"))
            if case .object(let headers)? = object["headers"] {
                for entry in headers { header(entry.value, at: pointer.appending("headers").appending(entry.key)) }
            }
        }

        mutating func header(_ value: JSONValue, at pointer: JSONPointer) {
            guard let object = keys(value, "header", at: pointer) else { return }
            if object["schema"] == nil && object["content"] == nil { undescribed.append(pointer) }
            content(object["content"], at: pointer.appending("content"))
        }

        mutating func content(_ value: JSONValue?, at pointer: JSONPointer) {
            guard case .object(let types)? = value else { return }
            for entry in types { _ = keys(entry.value, "media type", at: pointer.appending(entry.key)) }
        }

        /// A security requirement naming a scheme `components` lacks: the whole `security` list is left out.
        mutating func security(_ value: JSONValue?, at pointer: JSONPointer) {
            guard case .array(let requirements)? = value else { return }
            for (index, requirement) in requirements.enumerated() {
                guard case .object(let names) = requirement else { continue }
                for name in names.map(\.key) where !schemes.contains(name) {
                    found.append(
                        (
                            SchemaError(
                                pointer: pointer.appending(index).appending(name),
                                message:
                                    "the security scheme \(name) is not among components/securitySchemes: apicheck does not read security, and leaves it out"
                            ), pointer
                        ))
                    return
                }
            }
        }
    }
}
