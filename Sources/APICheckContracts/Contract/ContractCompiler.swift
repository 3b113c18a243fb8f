import APICheckJSONSchema
import APICheckRecording
import Foundation
import WireFormat

/// Compiles an OpenAPI 3.1 document (its structure judged by ``OpenAPIStructure``) from its own JSON tree.
///
/// The operations, parameters, bodies, responses and headers are read from the tree so that every
/// schema keeps every keyword it was written with (``SchemaCompiler``), and so that `$ref`s to
/// parameters, request bodies, responses, headers and path items resolve the same way schemas do.
/// What a contract says that apicheck would not check is refused with a ``SchemaError``.
struct ContractCompiler {
    let index: DocumentIndex
    let schemas: SchemaCompiler
    /// The whole document.
    var document: JSONValue { index.document }

    init(document: JSONValue) {
        index = DocumentIndex(document)
        schemas = SchemaCompiler(document: index, readsSlips: true)
    }

    private init(index: DocumentIndex, schemas: SchemaCompiler) {
        self.index = index
        self.schemas = schemas
    }

    static let methods = ["get", "put", "post", "delete", "options", "head", "patch", "trace"]

    /// Compiles the document. A problem of the document as a whole (a chain of `$ref`s that loops) is thrown; a construct
    /// apicheck does not check refuses only the operations that reach it, each named once in the result's `refused`
    /// with the error `locate` makes of it (the file and line as written).
    ///
    /// With `references` (a document known to be one resource: ``ReferencesApart``), it compiles with that resource
    /// at once, and takes the `$ref`s that lead nowhere from the walk done meanwhile on another thread.
    func compile(
        path: String, routesApart: Int = routesApart, references: ReferencesApart? = nil, locate: (SchemaError) -> ConfigurationError
    ) throws(SchemaError) -> CompiledContract {
        if references != nil { schemas.presetResources(SchemaResources()) }
        let documentKeyCase = try checkRoot()
        var refusals = Refusals()
        func refuse(_ error: SchemaError, method: String?, template: String?) throws(SchemaError) {
            try refusals.add(error, method: method, template: template, locate: locate)
        }
        // Every schema of components is compiled, so that a mistake is found before anything refers to it: a refused
        // construct (or a `$ref` that leads nowhere) is reported with the operations that reach it, or alone.
        var componentErrors: [SchemaError] = []
        if case .object(let components)? = document["components"]?["schemas"] {
            for member in components {
                do {
                    _ = try schemas.compile(at: JSONPointer(tokens: ["components", "schemas", member.key]))
                } catch {
                    if error.isDocumentWide { throw error }
                    componentErrors.append(error)
                }
            }
        }
        let routes = self.routes
        // A vendor's paths: the later half compiled on a second thread, by a fork of this compiler that has every
        // schema of components (``RoutesApart``), while this thread compiles the first.
        let half = routes.count >= routesApart ? routes.count / 2 : routes.count
        let later =
            half < routes.count
            ? schemas.fork().map { RoutesApart(compiler: self, schemas: $0).start(Array(routes[half...]), keyCase: documentKeyCase) } : nil
        var operations: [CompiledContract.Operation] = []
        func compile(_ routes: ArraySlice<JSONObject.Member>) throws(SchemaError) {
            for route in routes {
                try self.route(route.key, route.value, keyCase: documentKeyCase, into: &operations, refusing: refuse)
            }
        }
        do {
            try compile(routes[..<(later == nil ? routes.count : half)])
        } catch {
            _ = later?.wait()
            throw error
        }
        if let later {
            let apart = later.wait()
            if schemas.join(apart.schemas) {
                // Told after this thread's, in the document's order, as one thread would have told them.
                let compiled = try apart.compiled.get()
                operations += compiled.operations
                for refusal in compiled.refused { try refuse(refusal.error, method: refusal.method, template: refusal.template) }
            } else {
                try compile(routes[half...])
            }
        }
        for error in componentErrors where refusals.located[error.pointer] == nil {
            try refuse(error, method: nil, template: nil)
        }
        // A broken `$ref` where nothing compiled looks (an unused response, a webhook) is as broken as any other: the
        // contract's own error, whatever reaches it.
        var contract = CompiledContract(path: path, operations: operations, refused: refusals.list, graph: schemas.graph)
        if let references {
            let (table, broken) = try references.found.wait().get()
            schemas.presetResources(table)
            contract.brokenReferences = broken.map(locate)
        } else {
            contract.brokenReferences = try schemas.checkReferences().map(locate)
        }
        return contract
    }

    /// The resources of a document known from its text to be one schema resource, with no anchor or meta-schema of its
    /// own and no `$ref` outside itself (``ContractSource/mayDeclareResources``), found on a thread of their own while it
    /// compiles: the walk of a vendor's description for its `$ref`s, and the check of where each leads, were a tenth of
    /// compiling it, with the second core idle.
    struct ReferencesApart {
        let found: BackgroundResult<Result<(SchemaResources, [SchemaError]), SchemaError>>

        /// Starts the walk of `compiler`'s document.
        init(of compiler: ContractCompiler) {
            let index = compiler.index
            found = BackgroundResult(stackSize: LargeStack.size, aside: true) {
                Result { () throws(SchemaError) in
                    let table = try SchemaResources(index.document)
                    return (table, try SchemaCompiler.brokenReferences(in: table, document: index))
                }
            }
        }
    }

    /// How many path items a document has whose later half is compiled on a second thread (`compile`'s
    /// `routesApart` by default).
    static let routesApart = 32

    /// The later half of a document's paths, compiled on a thread of its own by a fork of the compiler
    /// (``SchemaCompiler/fork()``): the operations, and what is refused, unlocated, to be told in order by the compiler
    /// it was forked from once both halves are done.
    ///
    /// `@unchecked Sendable`: the fork is used by that thread alone until `wait()` returns; the document, its index and
    /// the schemas the fork starts with are not changed by anyone meanwhile.
    struct RoutesApart: @unchecked Sendable {
        let compiler: ContractCompiler
        let schemas: SchemaCompiler

        struct Refused {
            let error: SchemaError
            let method: String?
            let template: String?
        }

        /// What the thread hands back: its compiler (to ``SchemaCompiler/join(_:)``) and what it compiled, or the
        /// problem of the whole document it met.
        struct Done: @unchecked Sendable {
            let schemas: SchemaCompiler
            let compiled: Result<(operations: [CompiledContract.Operation], refused: [Refused]), SchemaError>
        }

        func start(_ routes: [JSONObject.Member], keyCase: KeyCase?) -> BackgroundResult<Done> {
            BackgroundResult(stackSize: LargeStack.size) {
                let forked = ContractCompiler(index: compiler.index, schemas: schemas)
                var refused: [Refused] = []
                var operations: [CompiledContract.Operation] = []
                let compiled = Result { () throws(SchemaError) in
                    for route in routes {
                        try forked.route(route.key, route.value, keyCase: keyCase, into: &operations) {
                            error, method, template throws(SchemaError) in
                            // As ``Refusals/add(_:method:template:locate:)``: a problem of the whole document stops it.
                            if error.isDocumentWide { throw error }
                            refused.append(Refused(error: error, method: method, template: template))
                        }
                    }
                    return (operations: operations, refused: refused)
                }
                return Done(schemas: schemas, compiled: compiled)
            }
        }
    }

    /// The operations a compile refuses, in order, each error located once: many operations may reach one refused
    /// schema, and a JSON file's line costs a parse.
    struct Refusals {
        var list: [CompiledContract.Refusal] = []
        var located: [JSONPointer: ConfigurationError] = [:]

        /// Refuses the operation `method` `template` (nil: a schema no operation uses) for `error`, located by
        /// `locate`; throws a problem of the whole document instead.
        mutating func add(
            _ error: SchemaError, method: String?, template: String?, locate: (SchemaError) -> ConfigurationError
        ) throws(SchemaError) {
            if error.isDocumentWide { throw error }
            let errors = [error] + error.also
            let reasons = errors.map { error in
                let reason = located[error.pointer] ?? locate(error)
                located[error.pointer] = reason
                return reason
            }
            list.append(
                CompiledContract.Refusal(
                    method: method, template: template, reasons: reasons,
                    invalid: zip(errors, reasons).filter(\.0.isInvalid).map(\.1)))
        }
    }

    /// Checks what the document says as a whole, compiling no operation: its own extensions, its dialect, and every
    /// `$ref` leading somewhere. Returns the key case in force for the whole document. Then ``route(_:_:keyCase:into:refusing:)``
    /// compiles one path item at a time (``ReachedOperations``).
    func checkWhole() throws(SchemaError) -> (keyCase: KeyCase?, brokenReferences: [SchemaError]) {
        let keyCase = try checkRoot()
        return (keyCase, try schemas.checkReferences())
    }

    /// The document's own extensions and dialect; returns its key case.
    private func checkRoot() throws(SchemaError) -> KeyCase? {
        let root = JSONPointer.root
        try refuseUnknownExtensions(in: document, at: root, allowed: ["x-apicheck-key-case", ContractBundle.member])
        if let dialect = document["jsonSchemaDialect"] {
            guard case .string(let text) = dialect, SchemaVocabulary.dialects.contains(text) else {
                throw SchemaError(
                    pointer: root.appending("jsonSchemaDialect"),
                    message:
                        """
                        jsonSchemaDialect names a dialect whose meaning apicheck does not enforce; it knows \
                        \(SchemaVocabulary.dialects.sorted().joined(separator: " and "))
                        """
                )
            }
        }
        return try keyCase(in: document, at: root)
    }

    /// The path items of `paths`, in the document's order.
    var routes: [JSONObject.Member] {
        guard case .object(let paths)? = document["paths"] else { return [] }
        return Array(paths)
    }

    /// The template a path item's key names (a key without its leading `/` is read with one).
    static func template(_ key: String) -> String {
        key.hasPrefix("/") ? key : "/" + key
    }

    /// How many operations the document describes: the methods of its path items (a path item's `$ref` followed).
    var operationCount: Int {
        routes.reduce(0) { count, route in
            let item = (try? resolve(route.value, at: JSONPointer(tokens: ["paths", route.key]), what: "path item").0) ?? route.value
            return count + Self.methods.count(where: { item[$0] != nil })
        }
    }

    /// Compiles the operations of the path item `key` (`value`, a member of `paths`) into `operations`, handing each
    /// one apicheck cannot check to `refuse`; when the path item itself cannot be read (a shared parameter, its
    /// `$ref`), each of its operations is refused. Throws what `refuse` throws (a problem of the whole document).
    func route(
        _ key: String, _ value: JSONValue, keyCase documentKeyCase: KeyCase?, into operations: inout [CompiledContract.Operation],
        refusing refuse: (SchemaError, String?, String?) throws(SchemaError) -> Void
    ) throws(SchemaError) {
        let template = Self.template(key)
        do {
            try pathItem(
                value, at: JSONPointer(tokens: ["paths", key]), template: template, keyCase: documentKeyCase, into: &operations,
                refusing: refuse)
        } catch {
            let methods = Self.methods.filter { value[$0] != nil }
            for method in methods.isEmpty ? [nil] : methods.map(Optional.some) {
                try refuse(error, method?.uppercased(), template)
            }
        }
    }

    /// Compiles the operations of one path item into `operations`; an operation that cannot be checked is handed to
    /// `refuse`. Throws what refuses the whole path item.
    private func pathItem(
        _ value: JSONValue, at routePointer: JSONPointer, template: String, keyCase documentKeyCase: KeyCase?,
        into operations: inout [CompiledContract.Operation],
        refusing refuse: (SchemaError, String?, String?) throws(SchemaError) -> Void
    ) throws(SchemaError) {
        let (item, itemPointer) = try resolve(value, at: routePointer, what: "path item")
        try refuseUnknownExtensions(in: item, at: itemPointer, allowed: [])
        let shared = try parameters(item["parameters"], at: itemPointer.appending("parameters"))
        // What OpenAPI 3.2 adds to a path item: refused by name, each as the operation it describes.
        if item["query"] != nil {
            try refuse(
                SchemaError(
                    pointer: itemPointer.appending("query"),
                    message: "the query method (OpenAPI 3.2) is not checked yet; describe the operation as a post to check it"),
                "QUERY", template)
        }
        if case .object(let more)? = item["additionalOperations"] {
            for entry in more {
                try refuse(
                    SchemaError(
                        pointer: itemPointer.appending("additionalOperations").appending(entry.key),
                        message: "additionalOperations (OpenAPI 3.2: methods beyond the eight) are not checked yet"),
                    entry.key.uppercased(), template)
            }
        }
        for method in Self.methods {
            guard let written = item[method] else { continue }
            do {
                // An operation written as a `$ref` (DigitalOcean's) is what it names (``notices()`` says so once).
                let (operation, at) = try resolve(written, at: itemPointer.appending(method), what: "operation")
                operations.append(
                    try self.operation(
                        operation, at: at, method: method, template: template, shared: shared, keyCase: documentKeyCase))
            } catch {
                try refuse(error, method.uppercased(), template)
            }
        }
    }

    /// Whether `schema` takes arrays of scalars only: what a deepObject parameter writes as `name[]=a&name[]=b` or
    /// `name[0]=a&name[1]=b`, as Rails, qs and Stripe send them.
    static func isArrayOfScalars(_ schema: CompiledSchema) -> Bool {
        guard schema.mask.subtracting(.null) == .array, let items = schema.items else { return false }
        return !items.mask.isEmpty && !items.mask.contains(.object) && !items.mask.contains(.array)
    }

    /// The branches of a deepObject parameter's `anyOf` or `oneOf` when each is something deepObject writes: an object
    /// of scalar properties (`created[gte]=1&created[lt]=5`), an array of scalars (`expand[]=a`), or a scalar
    /// (`created=1700000000`), as Stripe's `created` is an object of bounds or an integer. Nil for any other schema.
    static func deepObjectBranches(_ schema: CompiledSchema) -> [CompiledSchema]? {
        let branches = schema.anyOf + schema.oneOf
        guard schema.mask.isEmpty, schema.propertyNames.isEmpty, schema.allOf.isEmpty, !branches.isEmpty else { return nil }
        func isScalar(_ value: CompiledSchema) -> Bool {
            !value.mask.isEmpty && !value.mask.contains(.object) && !value.mask.contains(.array)
        }
        let readable = branches.allSatisfy { branch in
            isArrayOfScalars(branch) || isScalar(branch) || branch.isObjectOnly && branch.propertySchemas.allSatisfy(isScalar)
        }
        return readable ? branches : nil
    }

    /// Whether deepObject writes a value of `schema` as fields `name[...]` apicheck reads: an object of scalars, an array
    /// of scalars, or an `anyOf`/`oneOf` of those and scalars (``deepObjectBranches(_:)``).
    static func isDeepObjectValue(_ schema: CompiledSchema) -> Bool {
        isArrayOfScalars(schema) || deepObjectBranches(schema) != nil
            || schema.isObjectOnly
                && schema.propertySchemas.allSatisfy { !$0.mask.isEmpty && !$0.mask.contains(.object) && !$0.mask.contains(.array) }
    }

    /// Header parameters OpenAPI says are ignored: `Accept` and `Content-Type` are the content's, `Authorization` a
    /// security scheme's.
    static let ignoredHeaders: Set<String> = ["accept", "content-type", "authorization"]

    /// What the document says that apicheck leaves out, each once (a parameter that many operations share by `$ref`,
    /// at its own place): header parameters OpenAPI says are ignored, and path parameters the path lacks. Reads
    /// parameters only (no schema is compiled), so a vendor's description compiled where reached is told in full.
    func notices() -> [SchemaError] {
        // In the order first noted; a place by its position there.
        var found: [(pointer: JSONPointer, message: String, operations: [String])] = []
        var positions: [JSONPointer: Int] = [:]
        func note(_ pointer: JSONPointer, _ operation: String, _ message: String) {
            if let position = positions[pointer] {
                found[position].operations.append(operation)
            } else {
                positions[pointer] = found.count
                found.append((pointer, message, [operation]))
            }
        }
        // Pointers, templates and names are made only for what is noted: a vendor's description has thousands of
        // parameters, and this runs on every load.
        var referred: [JSONPointer] = []
        for route in routes {
            guard let (item, itemPointer) = try? resolve(route.value, at: JSONPointer(tokens: ["paths", route.key]), what: "path item")
            else { continue }
            let operations = operations(of: item, at: itemPointer, referred: &referred)
            var names: Set<String>?
            func lacks(_ name: String) -> Bool {
                if names == nil { names = Set(PathTemplate(Self.template(route.key)).parameterNames) }
                return names?.contains(name) == false
            }
            for method in [nil] + Self.methods {
                guard case .array(let entries)? = method.map({ operations[$0]?.value["parameters"] }) ?? item["parameters"] else {
                    continue
                }
                for index in entries.indices {
                    let entry = entries[index]
                    let parameter = entry["$ref"] == nil ? entry : (try? resolve(entry, at: .root, what: "parameter"))?.0
                    guard let parameter, case .string(let name)? = parameter["name"], case .string(let location)? = parameter["in"]
                    else { continue }
                    let message: String
                    if location == "header", Self.ignoredHeaders.contains(name.lowercased()) {
                        message = """
                            a header parameter named \(name) is ignored, as OpenAPI says: apicheck does not check it (describe \
                            \(name.lowercased() == "authorization" ? "it with a security scheme" : "the media types under content"))
                            """
                    } else if location == "path", lacks(name) {
                        message = "path parameter \(name) is declared, but the path has no {\(name)}: it is ignored"
                    } else {
                        continue
                    }
                    let written = (method.map { operations[$0]?.pointer ?? itemPointer.appending($0) } ?? itemPointer).appending(
                        "parameters"
                    )
                    .appending(index)
                    let at = entry["$ref"] == nil ? written : ((try? resolve(entry, at: written, what: "parameter"))?.1 ?? written)
                    let template = Self.template(route.key)
                    for listed in method.map({ [$0] }) ?? Self.methods.filter({ item[$0] != nil }) {
                        note(at, "\(listed.uppercased()) \(template)", message)
                    }
                }
            }
        }
        var said = found.map { pointer, message, operations in
            let which = operations.count == 1 ? operations[0] : "\(operations[0]) and \(operations.count - 1) other operations"
            return SchemaError(pointer: pointer, message: "\(message) (\(which))")
        }
        if let first = referred.first {
            let others = referred.count == 1 ? "" : " (and \(referred.count - 1) other operations of this document)"
            said.insert(
                SchemaError(
                    pointer: first.appending("$ref"),
                    message: """
                        an operation written as a $ref\(others): OpenAPI allows a $ref for a path item, not an operation; read \
                        as what it names, as $ref resolvers read it
                        """),
                at: 0)
        }
        return said
    }

    /// The operations of a path item by method, each as what it is and where: through a `$ref`, which OpenAPI allows for
    /// a path item, not an operation (DigitalOcean writes one for each); the places of those are added to `referred`.
    private func operations(of item: JSONValue, at itemPointer: JSONPointer, referred: inout [JSONPointer])
        -> [String: (value: JSONValue, pointer: JSONPointer)]
    {
        var operations: [String: (value: JSONValue, pointer: JSONPointer)] = [:]
        for method in Self.methods {
            guard let written = item[method] else { continue }
            guard written["$ref"] != nil else {
                operations[method] = (written, itemPointer.appending(method))
                continue
            }
            referred.append(itemPointer.appending(method))
            if let (value, pointer) = try? resolve(written, at: itemPointer.appending(method), what: "operation") {
                operations[method] = (value, pointer)
            }
        }
        return operations
    }

    /// Compiles one operation. What it cannot check is gathered part by part (the parameters, the request body, each
    /// response), so that a refused operation names every reason at once (the first thrown, the others in its
    /// ``SchemaError/also``), not one per edit of the contract.
    private func operation(
        _ operation: JSONValue, at pointer: JSONPointer, method: String, template: String, shared: [CompiledContract.Parameter],
        keyCase documentKeyCase: KeyCase?
    ) throws(SchemaError) -> CompiledContract.Operation {
        var problems: [SchemaError] = []
        /// `part`'s result, or nil with its refusal kept for later; a problem of the whole document is thrown at once.
        func attempt<T>(_ part: () throws(SchemaError) -> T) throws(SchemaError) -> T? {
            do {
                return try part()
            } catch {
                if error.isDocumentWide { throw error }
                problems.append(error)
                return nil
            }
        }
        try refuseUnknownExtensions(in: operation, at: pointer, allowed: ["x-apicheck-key-case"])
        var merged = shared
        for parameter in try parameters(operation["parameters"], at: pointer.appending("parameters"), refusing: { problems.append($0) }) {
            // An operation-level parameter replaces a path-level one of the same name and place.
            merged.removeAll { $0.name == parameter.name && $0.place == parameter.place }
            merged.append(parameter)
        }
        // A path parameter the path does not have is never sent (``notices()`` says so once, at the line).
        let pathNames = Set(PathTemplate(template).parameterNames)
        merged.removeAll { $0.place == .path && !pathNames.contains($0.name) }
        var requestBodies: [String: CompiledContract.Body] = [:]
        var bodyRequired = false
        if let body = operation["requestBody"] {
            try attempt { () throws(SchemaError) in
                let (resolved, at) = try resolve(body, at: pointer.appending("requestBody"), what: "request body")
                try refuseUnknownExtensions(in: resolved, at: at, allowed: [])
                requestBodies = try content(resolved["content"], at: at.appending("content"))
                bodyRequired = resolved["required"]?.boolValue ?? false
            }
        }
        var responses: [String: CompiledContract.Response] = [:]
        if case .object(let declared)? = operation["responses"] {
            for entry in declared where !entry.key.hasPrefix("x-") {
                try attempt { () throws(SchemaError) in
                    let (response, at) = try resolve(entry.value, at: pointer.appending("responses").appending(entry.key), what: "response")
                    try refuseUnknownExtensions(in: response, at: at, allowed: [])
                    let content = try content(response["content"], at: at.appending("content"))
                    // `2xx` is `2XX`; `default` stays as OpenAPI spells it.
                    let key = entry.key == "default" ? entry.key : entry.key.uppercased()
                    responses[key] = CompiledContract.Response(
                        content: content, headers: try headers(response["headers"], at: at.appending("headers")))
                }
            }
        }
        let keyCase = try keyCase(in: operation, at: pointer) ?? documentKeyCase
        if var first = problems.first {
            first.also = Array(problems.dropFirst())
            throw first
        }
        return CompiledContract.Operation(
            method: method.uppercased(), template: template, parameters: merged, requestBodies: requestBodies,
            requestBodyRequired: bodyRequired, responses: responses, keyCase: keyCase, graph: schemas.graph
        )
    }

    /// Follows a local `$ref` to a parameter, body, response, header or path item (also a chain of them).
    func resolve(_ value: JSONValue, at pointer: JSONPointer, what: String) throws(SchemaError) -> (JSONValue, JSONPointer) {
        var value = value
        var pointer = pointer
        var visited: Set<JSONPointer> = []
        while case .string(let reference)? = value["$ref"] {
            guard reference.hasPrefix("#/"), let decoded = reference.dropFirst().percentDecoded else {
                throw SchemaError(
                    pointer: pointer.appending("$ref"), message: SchemaCompiler.urlReference(reference)
                )
            }
            let target = JSONPointer(decoded)
            guard let next = index[pointer: target] else {
                throw SchemaError(
                    pointer: pointer.appending("$ref"), message: "\"\(reference)\" points at nothing in this document", invalid: true)
            }
            guard visited.insert(target).inserted else {
                throw SchemaError(pointer: pointer.appending("$ref"), message: "this \(what) $ref leads back to itself", documentWide: true)
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
        for member in members where member.key.hasBytePrefix("x-apicheck-") && !allowed.contains(member.key) {
            let known = allowed.isEmpty ? "none is read here" : "here apicheck reads \(allowed.joined(separator: ", "))"
            throw SchemaError(
                pointer: pointer.appending(member.key),
                message: "unknown extension \(member.key) (\(known); schemas take x-apicheck-key-case and x-apicheck-date)")
        }
    }

    /// The parameters of `value` (a `parameters` list). Each that cannot be checked is handed to `refusing` and the
    /// others are read on; without it, the first is thrown.
    private func parameters(
        _ value: JSONValue?, at pointer: JSONPointer, refusing: ((SchemaError) -> Void)? = nil
    ) throws(SchemaError) -> [CompiledContract.Parameter] {
        guard case .array(let list)? = value else { return [] }
        var result: [CompiledContract.Parameter] = []
        for index in list.indices {
            do {
                if let parameter = try self.parameter(list[index], at: pointer.appending(index)) { result.append(parameter) }
            } catch {
                guard let refusing, !error.isDocumentWide else { throw error }
                refusing(error)
            }
        }
        let exploded = result.filter { $0.place == .query && $0.encoding == .standard(for: .query) && $0.schema?.isObjectOnly == true }
        if exploded.count > 1 {
            throw SchemaError(
                pointer: pointer,
                message:
                    """
                    the object-valued query parameters \(exploded.map(\.name).joined(separator: " and ")) are both written as their \
                    own query items (style form, explode true): which item belongs to which cannot be told; give all but one style \
                    deepObject or explode: false
                    """
            )
        }
        return result
    }

    /// One parameter (`value`, an entry of a `parameters` list), or nil for one OpenAPI says is ignored.
    private func parameter(_ value: JSONValue, at listPointer: JSONPointer) throws(SchemaError) -> CompiledContract.Parameter? {
        let (parameter, at) = try resolve(value, at: listPointer, what: "parameter")
        try refuseUnknownExtensions(in: parameter, at: at, allowed: [])
        guard case .string(let name)? = parameter["name"], case .string(let location)? = parameter["in"] else {
            throw SchemaError(pointer: at, message: "a parameter needs name and in")
        }
        func fail(_ message: String) -> SchemaError {
            SchemaError(pointer: at, message: "parameter \(name) (in: \(location)): \(message)")
        }
        guard let place = CompiledContract.Parameter.Location(rawValue: location) else {
            guard location == "querystring" else { throw fail("in must be path, query, header or cookie") }
            throw fail(
                """
                in: querystring (OpenAPI 3.2: the whole query string as one value) is not checked yet; describe each query \
                parameter with in: query
                """
            )
        }
        // OpenAPI says these are ignored (``notices()`` says so once, at the line).
        if place == .header, Self.ignoredHeaders.contains(name.lowercased()) { return nil }
        let (schema, encoding) = try valueDescription(parameter, at: at, location: place, fail: fail)
        // OpenAPI: valid only for query parameters.
        let allowsEmpty = place == .query && parameter["allowEmptyValue"]?.boolValue ?? false
        let required = parameter["required"]?.boolValue ?? (place == .path)
        return CompiledContract.Parameter(
            name: name, place: place, required: required, allowsEmptyValue: allowsEmpty, schema: schema, encoding: encoding)
    }

    /// The schema a bare `$ref` that closes a cycle leads to (compiled by the time a parameter is read), else `schema`.
    static func throughReference(_ schema: CompiledSchema) -> CompiledSchema {
        var current = schema
        for _ in 0..<8 {
            guard current.mask.isEmpty, let target = current.reference?.target else { break }
            current = target
        }
        return current
    }

    /// A parameter's or header's value described by `content`: one JSON media type, whose text the value is.
    private func contentDescription(
        _ object: JSONValue, _ content: JSONValue, at pointer: JSONPointer, fail: (String) -> SchemaError
    ) throws(SchemaError) -> (CompiledSchema?, CompiledContract.ValueEncoding) {
        guard object["schema"] == nil else { throw fail("has both schema and content; OpenAPI allows one of them") }
        for key in ["style", "explode", "allowReserved"] where object[key] != nil {
            throw fail("\(key) does not apply to a value described by content (its text is the media type's); remove it")
        }
        guard case .object(let types) = content, types.count == 1, let entry = types.first else {
            throw fail("content must name exactly one media type")
        }
        let essence = MediaType.essence(of: entry.key)
        guard MediaType.isJSON(essence) else {
            throw fail(
                "a value described by content of type \(entry.key) is not checked; apicheck reads JSON (application/json) values")
        }
        let at = pointer.appending("content").appending(entry.key)
        try refuseUnknownExtensions(in: entry.value, at: at, allowed: [])
        if entry.value["encoding"] != nil { throw fail("encoding does not apply to a parameter's content") }
        // Handed in, not found again from the root: a path item's pointer is a scan of every path before it.
        let written = entry.value["schema"]
        let schema: CompiledSchema? = written == nil ? nil : try schemas.compile(at: at.appending("schema"), known: written)
        return (schema, CompiledContract.ValueEncoding(style: .simple, explode: false, mediaType: essence))
    }

    /// A parameter's or header's schema and how its value is written: `schema` with `style` and `explode`,
    /// or `content` with one JSON media type. What apicheck cannot read from the text is refused.
    private func valueDescription(
        _ object: JSONValue, at pointer: JSONPointer, location: CompiledContract.Parameter.Location, fail: (String) -> SchemaError
    ) throws(SchemaError) -> (CompiledSchema?, CompiledContract.ValueEncoding) {
        if let content = object["content"] { return try contentDescription(object, content, at: pointer, fail: fail) }
        guard let written = object["schema"] else {
            // OpenAPI: a parameter or header holds either schema or content. Neither is wrong in every reading: the
            // contract's own error (contract.invalid), and the operations that reach it refused.
            var error = fail("has neither schema nor content; OpenAPI requires one of them (schema: {type: string}, for text)")
            error.isInvalid = true
            throw error
        }
        let schema: CompiledSchema? = try schemas.compile(at: pointer.appending("schema"), known: written)
        let (styleName, explode) = CompiledContract.ValueEncoding.resolved(
            style: object["style"]?.stringValue, explode: object["explode"]?.boolValue, location: location.rawValue)
        let allowed: [CompiledContract.ValueEncoding.Style] =
            switch location {
            case .query: [.form, .deepObject]
            case .cookie: [.form]
            case .path, .header: [.simple]
            }
        guard let style = CompiledContract.ValueEncoding.Style(rawValue: styleName), allowed.contains(style) else {
            throw fail(
                "style \(styleName) is not checked; apicheck reads \(allowed.map(\.rawValue).joined(separator: " and ")) here")
        }
        if let schema, schema.mask.contains(.object) {
            guard schema.isObjectOnly else {
                throw fail(
                    """
                    a value that may be an object or a \
                    \(schema.types.subtracting(["object", "null"]).sorted().joined(separator: " or ")) cannot be read from text \
                    unambiguously; describe it with content (application/json) instead
                    """
                )
            }
            for (property, written) in schema.properties {
                // Through a `$ref` that closes a cycle (a customer's accounts, each with its customer), whose own
                // types are its target's.
                let propertySchema = Self.throughReference(written)
                let inner = Self.throughReference(
                    propertySchema.mask.contains(.array) ? propertySchema.items ?? propertySchema : propertySchema)
                if inner.mask.contains(.object) || (style != .form || !explode) && propertySchema.mask.contains(.array) {
                    throw fail(
                        """
                        its property \(property) is \(inner.mask.contains(.object) ? "an object" : "an array"): OpenAPI does not say \
                        how a nested value of an object parameter (style \
                        \(style.rawValue)\(style == .form ? ", explode \(explode)" : "")) is written; describe the parameter with \
                        content (application/json) instead
                        """
                    )
                }
            }
        } else if style == .deepObject, let schema, !Self.isArrayOfScalars(schema), Self.deepObjectBranches(schema) == nil {
            throw fail(
                """
                style deepObject is for object values, arrays of scalars (Stripe's expand[]=a&expand[]=b), and an anyOf or oneOf \
                of those and scalars (Stripe's created[gte]=1 or created=1); give it such a schema
                """)
        }
        if location == .cookie, explode, let schema, schema.mask.contains(.array) || schema.mask.contains(.object) {
            throw fail(
                """
                OpenAPI does not say how an exploded array or object is written in a cookie; write explode: false (blue,black,brown \
                in one cookie) or describe it with content (application/json)
                """
            )
        }
        if let schema, schema.mask.contains(.array), let items = schema.items.map(Self.throughReference),
            items.mask.contains(.object) || items.mask.contains(.array)
        {
            throw fail("an array of objects or arrays cannot be read from text; describe it with content (application/json) instead")
        }
        return (schema, CompiledContract.ValueEncoding(style: style, explode: explode, mediaType: nil))
    }

    /// The bodies of a content map by media type essence: each one's schema, the parameters its media type carries
    /// (`application/json;charset=UTF-8` requires `charset=UTF-8` of the body's Content-Type), and its parts' encodings.
    private func content(_ value: JSONValue?, at pointer: JSONPointer) throws(SchemaError) -> [String: CompiledContract.Body] {
        guard case .object(let types)? = value else { return [:] }
        var result: [String: CompiledContract.Body] = [:]
        for type in types {
            let at = pointer.appending(type.key)
            try refuseUnknownExtensions(in: type.value, at: at, allowed: [])
            try Self.refuseNewMediaTypeFields(type.value, at: at)
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
            // Handed in, not found again from the root: a path item's pointer is a scan of every path before it.
            let written = type.value["schema"]
            let schema: CompiledSchema? = written == nil ? nil : try schemas.compile(at: at.appending("schema"), known: written)
            let parts = try partEncodings(type.value["encoding"], of: schema, essence: essence, at: at.appending("encoding"))
            result[essence] = CompiledContract.Body(schema: schema, parameters: carried, encodings: parts)
        }
        return result
    }

    /// What OpenAPI 3.2 adds to a media type: refused by name until it is checked.
    private static func refuseNewMediaTypeFields(_ mediaType: JSONValue, at pointer: JSONPointer) throws(SchemaError) {
        if mediaType["$ref"] != nil {
            throw SchemaError(
                pointer: pointer.appending("$ref"),
                message: "a $ref to a media type (OpenAPI 3.2) is not read yet; write the media type (schema, encoding) here")
        }
        if mediaType["itemSchema"] != nil {
            throw SchemaError(
                pointer: pointer.appending("itemSchema"),
                message:
                    "itemSchema (OpenAPI 3.2: the schema of each item of a stream) is not checked yet; a streamed body would go unchecked")
        }
        for key in ["itemEncoding", "prefixEncoding"] where mediaType[key] != nil {
            throw SchemaError(
                pointer: pointer.appending(key),
                message:
                    """
                    \(key) (OpenAPI 3.2: how the parts of a multipart body are written in order) is not checked yet; describe the \
                    parts by name with encoding
                    """
            )
        }
    }

    /// How each part of a multipart (or field of a form) body is written: the media type's `encoding`, and
    /// OpenAPI's default for a property the encoding leaves out (`application/json` for an object or an
    /// array of objects).
    private func partEncodings(
        _ value: JSONValue?, of schema: CompiledSchema?, essence: String, at pointer: JSONPointer
    ) throws(SchemaError) -> [String: CompiledContract.PartEncoding] {
        let multipart = essence == "multipart/form-data"
        guard multipart || essence == FormURLEncoding.contentType else {
            if value != nil {
                throw SchemaError(
                    pointer: pointer, message: "encoding applies to multipart/form-data and form bodies only; \(essence) has no parts")
            }
            return [:]
        }
        var result: [String: CompiledContract.PartEncoding] = [:]
        for (name, property) in schema?.properties ?? [] {
            let inner = property.mask == [.array] ? property.items ?? property : property
            if inner.isObjectOnly {
                result[name] = CompiledContract.PartEncoding(contentTypes: ["application/json"], declared: false, headers: [:])
            }
        }
        guard case .object(let entries)? = value else {
            if value != nil { throw SchemaError(pointer: pointer, message: "encoding must be a map of property names") }
            return result
        }
        for entry in entries {
            let at = pointer.appending(entry.key)
            try refuseUnknownExtensions(in: entry.value, at: at, allowed: [])
            guard schema?.property(entry.key) != nil else {
                throw SchemaError(
                    pointer: at, message: "encoding names \(entry.key), which is not a property of the body's schema (OpenAPI requires one)"
                )
            }
            let deepObject = try formFieldStyle(entry.value, of: schema?.property(entry.key), multipart: multipart, at: at)
            var types = result[entry.key]?.contentTypes ?? []
            var declared = false
            if let written = entry.value["contentType"] {
                guard case .string(let list) = written else {
                    throw SchemaError(pointer: at.appending("contentType"), message: "contentType must be a string")
                }
                types = list.split(separator: ",").map { MediaType.essence(of: String($0).trimmingCharacters(in: .whitespaces)) }
                declared = true
                if !multipart, !(types.count == 1 && (MediaType.isJSON(types[0]) || types[0] == "text/plain")) {
                    throw SchemaError(
                        pointer: at.appending("contentType"),
                        message: "a form field's contentType is checked for application/json (a JSON field) or text/plain only")
                }
            }
            var headers: [String: CompiledContract.Header] = [:]
            if entry.value["headers"] != nil {
                guard multipart else {
                    throw SchemaError(pointer: at.appending("headers"), message: "a form field has no headers (OpenAPI: multipart only)")
                }
                headers = try self.headers(entry.value["headers"], at: at.appending("headers"))
            }
            if deepObject {
                // Written as fields `name[...]`, not as one JSON field: OpenAPI's default for an object does not apply.
                if !declared { types = [] }
                guard !types.contains(where: MediaType.isJSON) else {
                    throw SchemaError(
                        pointer: at,
                        message: "a deepObject form field is written as name[key]=value fields, not as JSON (remove contentType)")
                }
            }
            var encoding = CompiledContract.PartEncoding(contentTypes: types, declared: declared, headers: headers)
            encoding.deepObject = deepObject
            result[entry.key] = encoding
        }
        return result
    }

    /// Whether a form field's encoding (`style`, `explode`, `allowReserved`) writes it as a deepObject (Stripe's
    /// `metadata[key]=v`, `expand[]=a`); `style: form` with `explode: true` is how fields are read anyway. Anything else
    /// (a multipart part's style, a comma-separated field, reserved characters unescaped) is refused.
    private func formFieldStyle(
        _ encoding: JSONValue, of property: CompiledSchema?, multipart: Bool, at pointer: JSONPointer
    ) throws(SchemaError) -> Bool {
        guard encoding["style"] != nil || encoding["explode"] != nil || encoding["allowReserved"] != nil else { return false }
        guard !multipart else {
            let key = ["style", "explode", "allowReserved"].first { encoding[$0] != nil } ?? "style"
            throw SchemaError(
                pointer: pointer.appending(key),
                message: "encoding \(key) is not checked; apicheck reads a part by its contentType (remove \(key))")
        }
        if encoding["allowReserved"]?.boolValue == true {
            throw SchemaError(
                pointer: pointer.appending("allowReserved"),
                message: "allowReserved is not checked; apicheck reads a form field with reserved characters escaped")
        }
        switch (encoding["style"]?.stringValue ?? "form", encoding["explode"]?.boolValue) {
        case ("deepObject", _):
            guard let property, Self.isDeepObjectValue(property) else {
                throw SchemaError(
                    pointer: pointer.appending("style"),
                    message:
                        """
                        style deepObject is read for an object of scalars, an array of scalars, or an anyOf of those and scalars \
                        (metadata[key]=v, expand[]=a); this property is none of them (a nested object is not read yet)
                        """)
            }
            return true
        case ("form", nil), ("form", true?):
            return false
        case (let style, let explode):
            throw SchemaError(
                pointer: pointer.appending(encoding["style"] != nil ? "style" : "explode"),
                message:
                    """
                    a form field written style \(style)\(explode == false ? ", explode: false" : "") is not checked; apicheck reads \
                    style form (explode: true, a name repeated for each item) and deepObject
                    """)
        }
    }

    private func headers(_ value: JSONValue?, at pointer: JSONPointer) throws(SchemaError) -> [String: CompiledContract.Header] {
        guard case .object(let declared)? = value else { return [:] }
        var result: [String: CompiledContract.Header] = [:]
        for entry in declared {
            // OpenAPI: a response header named Content-Type is ignored (the content map says it).
            if entry.key.lowercased() == "content-type" { continue }
            let (header, at) = try resolve(entry.value, at: pointer.appending(entry.key), what: "header")
            try refuseUnknownExtensions(in: header, at: at, allowed: [])
            func fail(_ message: String) -> SchemaError { SchemaError(pointer: at, message: "header \(entry.key): \(message)") }
            for key in ["style"] where header[key] != nil && header[key]?.stringValue != "simple" {
                throw fail("a header's style is simple (OpenAPI allows no other)")
            }
            let (schema, encoding) = try valueDescription(header, at: at, location: .header, fail: fail)
            result[entry.key.lowercased()] = CompiledContract.Header(
                name: entry.key, required: header["required"]?.boolValue ?? false, schema: schema, encoding: encoding)
        }
        return result
    }
}
