import APICheckRecording
import Foundation

/// Compiles an OpenAPI 3.1 document (already validated by OpenAPIKit) from its own JSON tree.
///
/// The operations, parameters, bodies, responses and headers are read from the tree so that every
/// schema keeps every keyword it was written with (``SchemaCompiler``), and so that `$ref`s to
/// parameters, request bodies, responses, headers and path items resolve the same way schemas do.
/// What a contract says that apicheck would not check is refused with a ``SchemaError``.
struct ContractCompiler {
    let document: JSONValue
    let schemas: SchemaCompiler

    init(document: JSONValue) {
        self.document = document
        schemas = SchemaCompiler(document: document)
    }

    static let methods = ["get", "put", "post", "delete", "options", "head", "patch", "trace"]

    func compile(path: String) throws(SchemaError) -> CompiledContract {
        let root = JSONPointer.root
        try refuseUnknownExtensions(in: document, at: root, allowed: ["x-apicheck-key-case"])
        if let dialect = document["jsonSchemaDialect"] {
            guard case .string(let text) = dialect, SchemaVocabulary.dialects.contains(text) else {
                throw SchemaError(
                    pointer: root.appending("jsonSchemaDialect"),
                    message:
                        "jsonSchemaDialect names a dialect whose meaning apicheck does not enforce; it knows \(SchemaVocabulary.dialects.sorted().joined(separator: " and "))"
                )
            }
        }
        let documentKeyCase = try keyCase(in: document, at: root)
        // Every schema of components is compiled, so that a mistake is found before anything refers to it.
        if case .object(let components)? = document["components"]?["schemas"] {
            for member in components { _ = try schemas.compile(at: JSONPointer(tokens: ["components", "schemas", member.key])) }
        }
        var operations: [CompiledContract.Operation] = []
        guard case .object(let paths)? = document["paths"] else {
            return CompiledContract(path: path, operations: [])
        }
        for route in paths {
            let routePointer = JSONPointer(tokens: ["paths", route.key])
            let (item, itemPointer) = try resolve(route.value, at: routePointer, what: "path item")
            try refuseUnknownExtensions(in: item, at: itemPointer, allowed: [])
            let template = route.key.hasPrefix("/") ? route.key : "/" + route.key
            let shared = try parameters(item["parameters"], at: itemPointer.appending("parameters"))
            for method in Self.methods {
                guard let operation = item[method] else { continue }
                let pointer = itemPointer.appending(method)
                try refuseUnknownExtensions(in: operation, at: pointer, allowed: ["x-apicheck-key-case"])
                var merged = shared
                for parameter in try parameters(operation["parameters"], at: pointer.appending("parameters")) {
                    // An operation-level parameter replaces a path-level one of the same name and place.
                    merged.removeAll { $0.name == parameter.name && $0.location == parameter.location }
                    merged.append(parameter)
                }
                var requestBodies: [String: CompiledSchema?] = [:]
                var requestBodyParameters: [String: [CompiledContract.MediaTypeParameter]] = [:]
                var bodyRequired = false
                if let body = operation["requestBody"] {
                    let (resolved, at) = try resolve(body, at: pointer.appending("requestBody"), what: "request body")
                    try refuseUnknownExtensions(in: resolved, at: at, allowed: [])
                    (requestBodies, requestBodyParameters) = try content(resolved["content"], at: at.appending("content"))
                    bodyRequired = resolved["required"]?.boolValue ?? false
                }
                var responses: [String: CompiledContract.Response] = [:]
                if case .object(let declared)? = operation["responses"] {
                    for entry in declared where !entry.key.hasPrefix("x-") {
                        let (response, at) = try resolve(
                            entry.value, at: pointer.appending("responses").appending(entry.key), what: "response")
                        try refuseUnknownExtensions(in: response, at: at, allowed: [])
                        let (content, contentParameters) = try content(response["content"], at: at.appending("content"))
                        responses[entry.key.uppercased()] = CompiledContract.Response(
                            content: content, contentParameters: contentParameters,
                            headers: try headers(response["headers"], at: at.appending("headers"))
                        )
                    }
                }
                operations.append(
                    CompiledContract.Operation(
                        method: method.uppercased(), template: template, parameters: merged, requestBodies: requestBodies,
                        requestBodyParameters: requestBodyParameters, requestBodyRequired: bodyRequired, responses: responses,
                        keyCase: try keyCase(in: operation, at: pointer) ?? documentKeyCase
                    ))
            }
        }
        return CompiledContract(path: path, operations: operations)
    }

    /// Follows a local `$ref` to a parameter, body, response, header or path item (also a chain of them).
    func resolve(_ value: JSONValue, at pointer: JSONPointer, what: String) throws(SchemaError) -> (JSONValue, JSONPointer) {
        var value = value
        var pointer = pointer
        var visited: Set<JSONPointer> = []
        while case .string(let reference)? = value["$ref"] {
            guard reference.hasPrefix("#/"), let decoded = String(reference.dropFirst()).removingPercentEncoding else {
                throw SchemaError(
                    pointer: pointer.appending("$ref"), message: "only local $refs (#/components/...) are supported, found \"\(reference)\""
                )
            }
            let target = JSONPointer(decoded)
            guard let next = document[pointer: target] else {
                throw SchemaError(pointer: pointer.appending("$ref"), message: "\"\(reference)\" points at nothing in this document")
            }
            guard visited.insert(target).inserted else {
                throw SchemaError(pointer: pointer.appending("$ref"), message: "this \(what) $ref leads back to itself")
            }
            value = next
            pointer = target
        }
        return (value, pointer)
    }

    private func keyCase(in object: JSONValue, at pointer: JSONPointer) throws(SchemaError) -> KeyCase? {
        guard let value = object["x-apicheck-key-case"] else { return nil }
        guard case .string(let name) = value, let keyCase = KeyCase.named(name) else {
            throw SchemaError(
                pointer: pointer.appending("x-apicheck-key-case"),
                message: "x-apicheck-key-case must be snake_case, camelCase or any, found \(JSONWriter.compact(value))")
        }
        return keyCase
    }

    /// An `x-apicheck-` key apicheck does not know (a misspelling) would be ignored: refuse it.
    private func refuseUnknownExtensions(in object: JSONValue, at pointer: JSONPointer, allowed: [String]) throws(SchemaError) {
        guard case .object(let members) = object else { return }
        for member in members where member.key.hasPrefix("x-apicheck-") && !allowed.contains(member.key) {
            let known = allowed.isEmpty ? "none is read here" : "here apicheck reads \(allowed.joined(separator: ", "))"
            throw SchemaError(
                pointer: pointer.appending(member.key),
                message: "unknown extension \(member.key) (\(known); schemas take x-apicheck-key-case and x-apicheck-date)")
        }
    }

    private func parameters(_ value: JSONValue?, at pointer: JSONPointer) throws(SchemaError) -> [CompiledContract.Parameter] {
        guard case .array(let list)? = value else { return [] }
        var result: [CompiledContract.Parameter] = []
        for index in list.indices {
            let (parameter, at) = try resolve(list[index], at: pointer.appending(index), what: "parameter")
            try refuseUnknownExtensions(in: parameter, at: at, allowed: [])
            guard case .string(let name)? = parameter["name"], case .string(let location)? = parameter["in"] else {
                throw SchemaError(pointer: at, message: "a parameter needs name and in")
            }
            func fail(_ message: String) -> SchemaError {
                SchemaError(pointer: at, message: "parameter \(name) (in: \(location)): \(message)")
            }
            switch location {
            case "path", "query", "header": break
            case "cookie":
                throw fail(
                    "cookie parameters are not checked (recordings keep no cookies); remove it or describe the Cookie header in prose")
            default: throw fail("in must be path, query or header")
            }
            if location == "header", ["accept", "content-type", "authorization"].contains(name.lowercased()) {
                throw fail(
                    "OpenAPI says a header parameter named \(name) is ignored; describe it with the request body's content or a security scheme"
                )
            }
            if parameter["content"] != nil {
                throw fail("a parameter described by content (not schema) is not checked; give it a schema")
            }
            let schema: CompiledSchema? = parameter["schema"] == nil ? nil : try schemas.compile(at: at.appending("schema"))
            if let schema, schema.mask.contains(.object) {
                throw fail("object-valued parameters are not checked; give it a schema of a string, number, integer, boolean or array")
            }
            let style = parameter["style"]?.stringValue
            let defaultStyle = location == "query" ? "form" : "simple"
            if let style, style != defaultStyle {
                throw fail("style \(style) is not checked; apicheck reads the default style (\(defaultStyle))")
            }
            if let schema, schema.mask.contains(.array), location == "query", parameter["explode"]?.boolValue == false {
                throw fail("explode: false (comma-separated values) is not checked; apicheck reads repeated query items (explode: true)")
            }
            let allowsEmpty = parameter["allowEmptyValue"]?.boolValue ?? false
            let required = parameter["required"]?.boolValue ?? (location == "path")
            result.append(
                CompiledContract.Parameter(
                    name: name, location: location, required: required, allowsEmptyValue: allowsEmpty, schema: schema))
        }
        return result
    }

    /// The schemas of a content map by media type essence, and the parameters each media type carries
    /// (`application/json;charset=UTF-8` requires `charset=UTF-8` of the body's Content-Type).
    private func content(
        _ value: JSONValue?, at pointer: JSONPointer
    ) throws(SchemaError) -> ([String: CompiledSchema?], [String: [CompiledContract.MediaTypeParameter]]) {
        guard case .object(let types)? = value else { return ([:], [:]) }
        var result: [String: CompiledSchema?] = [:]
        var parameters: [String: [CompiledContract.MediaTypeParameter]] = [:]
        for type in types {
            let at = pointer.appending(type.key)
            try refuseUnknownExtensions(in: type.value, at: at, allowed: [])
            let essence = MediaType.essence(of: type.key)
            if result.keys.contains(essence) {
                throw SchemaError(
                    pointer: at, message: "a second entry for \(essence) (media types are told apart by type, not by parameters)")
            }
            var carried: [CompiledContract.MediaTypeParameter] = []
            for part in type.key.split(separator: ";", omittingEmptySubsequences: false).dropFirst() {
                let pair = part.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                let name = pair[0].trimmingCharacters(in: .whitespaces).lowercased()
                guard pair.count == 2, !name.isEmpty, let value = MediaType.parameter(name, in: type.key), !value.isEmpty else {
                    throw SchemaError(
                        pointer: at,
                        message:
                            "media type \(type.key): a parameter must be name=value, found '\(part.trimmingCharacters(in: .whitespaces))'")
                }
                carried.append(CompiledContract.MediaTypeParameter(name: name, value: value))
            }
            if !carried.isEmpty { parameters[essence] = carried }
            result[essence] = type.value["schema"] == nil ? nil : try schemas.compile(at: at.appending("schema"))
        }
        return (result, parameters)
    }

    private func headers(_ value: JSONValue?, at pointer: JSONPointer) throws(SchemaError) -> [String: CompiledContract.Header] {
        guard case .object(let declared)? = value else { return [:] }
        var result: [String: CompiledContract.Header] = [:]
        for entry in declared {
            // OpenAPI: a response header named Content-Type is ignored (the content map says it).
            if entry.key.lowercased() == "content-type" { continue }
            let (header, at) = try resolve(entry.value, at: pointer.appending(entry.key), what: "header")
            try refuseUnknownExtensions(in: header, at: at, allowed: [])
            if header["content"] != nil {
                throw SchemaError(
                    pointer: at, message: "header \(entry.key): a header described by content (not schema) is not checked; give it a schema"
                )
            }
            let schema: CompiledSchema? = header["schema"] == nil ? nil : try schemas.compile(at: at.appending("schema"))
            result[entry.key.lowercased()] = CompiledContract.Header(
                name: entry.key, required: header["required"]?.boolValue ?? false, schema: schema)
        }
        return result
    }
}
