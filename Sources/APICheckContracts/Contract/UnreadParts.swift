import APICheckRecording
import Foundation

/// What a document says in places apicheck never reads, found wrong before the structure is judged: said once at its
/// line (a warning), and left out of what OpenAPIKit decodes, so that no document is refused for it.
///
/// - A key OpenAPI does not have, left over in an object apicheck reads (NestJS's Swagger 2.0 `produces` in one
///   operation; Kubernetes' `uniqueItems` beside a parameter): OpenAPIKit refuses any key without `x-`; apicheck reads
///   only the keys it knows.
/// - A security requirement naming a scheme `components` lacks (L5-Swagger): apicheck does not read `security`.
/// - A server URL that is no URL template (Scribe's unrendered `{{ config("app.url") }}`): apicheck does not read
///   `servers`; the app's base URL is `apicheck.yml`'s.
///
/// The document is compiled as written; only the copy the structure is judged on leaves these out. That copy also gives
/// a parameter or header with neither `schema` nor `content` an empty schema: that is wrong in every reading, and the
/// compiler refuses the operations that reach it with the contract's own error (`contract.invalid`), so the judge
/// need not refuse the whole document for it.
struct UnreadParts {
    /// The document with what is listed in ``notices`` left out (the document itself when nothing is).
    let structure: JSONValue
    /// One warning's worth each: where and why.
    let notices: [SchemaError]
    /// Whether ``structure`` differs from the document (something left out, or a schema given for the judge).
    let changed: Bool

    init(_ document: JSONValue) {
        var scan = Scan(document: document)
        scan.root()
        notices = scan.found.map(\.notice)
        var structure = document
        // Removed from the deepest first, so that a pointer never names a place an earlier removal moved.
        for removal in scan.found.map(\.remove).sorted(by: { $0.tokens.count > $1.tokens.count }) {
            structure.set(nil, at: removal)
        }
        for described in scan.undescribed where structure[pointer: described] != nil {
            structure.set(.object(JSONObject()), at: described.appending("schema"))
        }
        self.structure = structure
        changed = !scan.found.isEmpty || !scan.undescribed.isEmpty
    }

    /// The keys OpenAPI 3.0, 3.1 and 3.2 give each object apicheck reads (a key of a later version is left to the
    /// structure's judge, which knows the document's version).
    static let keys: [String: Set<String>] = [
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
        var found: [(notice: SchemaError, remove: JSONPointer)] = []
        /// The parameters and headers with neither `schema` nor `content`.
        var undescribed: [JSONPointer] = []
        /// The security schemes `components` declares.
        lazy var schemes: Set<String> = {
            guard case .object(let schemes)? = document["components"]?["securitySchemes"] else { return [] }
            return Set(schemes.map(\.key))
        }()

        mutating func root() {
            servers(document["servers"], at: JSONPointer(tokens: ["servers"]))
            security(document["security"], at: JSONPointer(tokens: ["security"]))
            for section in ["paths", "webhooks"] {
                guard case .object(let items)? = document[section] else { continue }
                for item in items { pathItem(item.value, at: JSONPointer(tokens: [section, item.key])) }
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

        /// Notes the keys of `value` (a `kind` object at `pointer`) OpenAPI does not give it; a `$ref` is not looked into.
        mutating func keys(_ value: JSONValue, _ kind: String, at pointer: JSONPointer) -> JSONObject? {
            guard case .object(let object) = value, object["$ref"] == nil, let known = UnreadParts.keys[kind] else { return nil }
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
            servers(item["servers"], at: pointer.appending("servers"))
            parameters(item["parameters"], at: pointer.appending("parameters"))
            for method in ContractCompiler.methods + ["query"] {
                guard let operation = keys(item[method] ?? .null, "operation", at: pointer.appending(method)) else { continue }
                let at = pointer.appending(method)
                servers(operation["servers"], at: at.appending("servers"))
                security(operation["security"], at: at.appending("security"))
                parameters(operation["parameters"], at: at.appending("parameters"))
                if let body = operation["requestBody"] { requestBody(body, at: at.appending("requestBody")) }
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

        /// A server whose URL is no URL template (a placeholder of a template engine left unrendered): `servers` is
        /// left out.
        mutating func servers(_ value: JSONValue?, at pointer: JSONPointer) {
            guard case .array(let servers)? = value else { return }
            for (index, server) in servers.enumerated() {
                guard let url = server["url"]?.stringValue, !Self.isURLTemplate(url) else { continue }
                found.append(
                    (
                        SchemaError(
                            pointer: pointer.appending(index).appending("url"),
                            message:
                                "\"\(url)\" is no URL template (a placeholder left unrendered?): apicheck does not read servers (apicheck.yml's base_url is the API's address), and leaves them out"
                        ), pointer
                    ))
                return
            }
        }

        /// Whether `url` is a URL once each `{variable}` is a plain word: no braces left, no spaces or quotes.
        static func isURLTemplate(_ url: String) -> Bool {
            var plain = ""
            var inside = false
            for character in url {
                switch character {
                case "{":
                    if inside { return false }
                    inside = true
                    plain += "x"
                case "}":
                    if !inside { return false }
                    inside = false
                default:
                    if !inside { plain.append(character) }
                }
            }
            return !inside && !plain.contains(where: { $0.isWhitespace || $0 == "\"" || $0 == "'" || $0 == "<" || $0 == ">" })
        }
    }
}
