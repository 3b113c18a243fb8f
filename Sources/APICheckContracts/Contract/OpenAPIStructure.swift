import APICheckJSONSchema
import APICheckRecording

/// The judge of a document's structure: the OpenAPI Initiative's JSON Schema of its version (``OpenAPISchemas``),
/// applied to the document in the form compiled (a 3.0 one read into 3.1's), and the one thing no JSON Schema can see,
/// a security requirement naming a scheme `components` does not declare.
///
/// Its schemas leave every Schema Object to ``SchemaCompiler`` (they check only that one is an object or a boolean).
/// A document it refuses is refused at the line of the first problem, at the deepest place the schema's branches reach
/// (``SchemaChecker/Raw/deepest``): `/paths/~1a/get/responses`, not the path item whose `if` failed above it.
/// What apicheck does not read and the schema refuses is a warning, and left out of the copy judged (``UnreadParts``).
enum OpenAPIStructure {
    /// The schemas compiled, each once, the first time a document of its version is checked.
    private static let v3_1 = compile(OpenAPISchemas.v3_1, "3.1")
    private static let v3_2 = compile(OpenAPISchemas.v3_2, "3.2")

    /// Compiles the schema of OpenAPI 3.0 and 3.1 documents now (on a thread of its own, while a large document is
    /// parsed), so that checking one does not wait for it.
    static func prepare() {
        _ = v3_1
    }

    /// Whether `document` (in the form compiled: a 3.0 document as read into 3.1's) is valid against the schema of
    /// `edition`, and names only declared security schemes.
    static func isValid(_ document: JSONValue, edition: OpenAPIEdition) -> Bool {
        problem(in: document, edition: edition) == nil
    }

    /// What is wrong with the structure of `document` (in the form compiled), or nil: the first problem, at the
    /// deepest place it is found. The other files of a split contract (``ContractBundle``) are judged where they are
    /// named, and a problem in one is placed in it.
    static func problem(in document: JSONValue, edition: OpenAPIEdition) -> SchemaError? {
        let judged = Inlined(document)
        return problems(inJudged: judged.document, edition: edition, first: true).first.map(judged.placed)
    }

    /// What is wrong with the structure of `document` (as ``Inlined`` made it; placed by it): the first problem of each
    /// part the schema judges apart (each path item, each component, ...), at the deepest place it is found; a
    /// security scheme not declared only once the schema takes the rest. With `first`, only the first (cheaper: a
    /// valid document is judged without its findings).
    static func problems(inJudged document: JSONValue, edition: OpenAPIEdition, first: Bool = false) -> [SchemaError] {
        let schema = edition == .v3_2 ? v3_2 : v3_1
        if first, schema.isValid(document) { return undeclaredScheme(in: document).map { [$0] } ?? [] }
        var checker = SchemaChecker(strict: false, thorough: true, judgesKeys: false)
        checker.check(document, schema.root, keyCase: nil)
        let found = checker.findings.filter { !SchemaChecker.isSoft($0.rule) }.map(\.deepest)
        guard !found.isEmpty else { return undeclaredScheme(in: document).map { [$0] } ?? [] }
        return (first ? Array(found.prefix(1)) : found).map { problem in
            let pointer = JSONPointer(problem.concrete)
            let message: String
            switch problem.rule {
            case .fieldMissing:
                message = "\(problem.expected) is missing"
            case .fieldUnexpected:
                message = "\"\(pointer.lastToken ?? "")\" is no key OpenAPI gives this object"
            default:
                message = "expected \(problem.expected), found \(problem.found)"
            }
            return SchemaError(pointer: pointer, message: invalid(edition) + message)
        }
    }

    /// What the message of a problem the schema finds starts with (a warning of ``UnreadParts`` leaves it out).
    static func invalid(_ edition: OpenAPIEdition) -> String { "not a valid OpenAPI \(edition.name) document: " }

    /// The first security requirement (the document's, or an operation's in `paths`, `webhooks`, components' path
    /// items and callbacks) naming a security scheme `components` does not declare.
    static func undeclaredScheme(in document: JSONValue) -> SchemaError? {
        let declared = Set(document["components"]?["securitySchemes"]?.objectValue?.keys ?? [])
        func requirements(_ value: JSONValue?, at pointer: JSONPointer) -> JSONPointer? {
            guard case .array(let list)? = value else { return nil }
            for (index, requirement) in list.enumerated() {
                if let name = (requirement.objectValue?.keys ?? []).first(where: { !declared.contains($0) }) {
                    return pointer.appending(index).appending(name)
                }
            }
            return nil
        }
        func pathItems(_ value: JSONValue?, at pointer: JSONPointer) -> JSONPointer? {
            for member in value?.objectValue ?? JSONObject() {
                if let found = pathItem(member.value, at: pointer.appending(member.key)) { return found }
            }
            return nil
        }
        func operation(_ value: JSONValue, at pointer: JSONPointer) -> JSONPointer? {
            if let found = requirements(value["security"], at: pointer.appending("security")) { return found }
            for member in value["callbacks"]?.objectValue ?? JSONObject() {
                if let found = pathItems(member.value, at: pointer.appending("callbacks").appending(member.key)) { return found }
            }
            return nil
        }
        func pathItem(_ value: JSONValue, at pointer: JSONPointer) -> JSONPointer? {
            for member in value.objectValue ?? JSONObject() {
                switch member.key {
                case "get", "put", "post", "delete", "options", "head", "patch", "trace", "query":
                    if let found = operation(member.value, at: pointer.appending(member.key)) { return found }
                case "additionalOperations":
                    for entry in member.value.objectValue ?? JSONObject() {
                        if let found = operation(entry.value, at: pointer.appending(member.key).appending(entry.key)) { return found }
                    }
                default:
                    continue
                }
            }
            return nil
        }
        let components = JSONPointer(tokens: ["components"])
        var found =
            requirements(document["security"], at: JSONPointer(tokens: ["security"]))
            ?? pathItems(document["paths"], at: JSONPointer(tokens: ["paths"]))
            ?? pathItems(document["webhooks"], at: JSONPointer(tokens: ["webhooks"]))
            ?? pathItems(document["components"]?["pathItems"], at: components.appending("pathItems"))
        for member in document["components"]?["callbacks"]?.objectValue ?? JSONObject() where found == nil {
            found = pathItems(member.value, at: components.appending("callbacks").appending(member.key))
        }
        return found.map {
            SchemaError(
                pointer: $0, message: "the security scheme \($0.lastToken ?? "") is not among components/securitySchemes")
        }
    }

    /// The schema of `version`; the text is the OpenAPI Initiative's, and `OpenAPIStructureTests` compiles both.
    private static func compile(_ text: String, _ version: String) -> StandaloneSchema {
        do {
            return try StandaloneSchema(try JSONReader.parse(Array(text.utf8)))
        } catch {
            preconditionFailure("the OpenAPI \(version) schema (OpenAPISchemas.swift) does not compile: \(error)")
        }
    }

    /// A document as judged: where a split contract's other files are named (a `$ref` into ``ContractBundle/member``),
    /// what it names, so that their structure is judged where it is used, and a problem found there is placed in its
    /// own file. A document that names no other file is judged as it is.
    struct Inlined {
        let document: JSONValue
        /// Where a `$ref` was replaced, and the place in the bundle it named.
        private var replaced: [(at: JSONPointer, target: JSONPointer)] = []

        init(_ document: JSONValue) {
            guard case .object(var root) = document, root[ContractBundle.member] != nil else {
                self.document = document
                return
            }
            root[ContractBundle.member] = nil
            var replaced: [(at: JSONPointer, target: JSONPointer)] = []
            self.document = Self.inlining(.object(root), at: .root, in: document, depth: 0, replaced: &replaced)
            self.replaced = replaced
        }

        /// `error` with its pointer in the file it is written in: under the deepest `$ref` replaced on its way, the
        /// place that `$ref` named.
        func placed(_ error: SchemaError) -> SchemaError {
            // Of a chain replaced at one place, the last `$ref`'s target.
            guard
                let replacement = replaced.reversed().filter({ error.pointer.hasPrefix($0.at) })
                    .max(by: { $0.at.tokenCount < $1.at.tokenCount })
            else { return error }
            let pointer = JSONPointer(tokens: replacement.target.tokens + error.pointer.tokens.dropFirst(replacement.at.tokenCount))
            var placed = SchemaError(pointer: pointer, message: error.message)
            placed.isInvalid = error.isInvalid
            return placed
        }

        /// `value` (at `pointer`) with each `$ref` into another file replaced by what it names. A Schema Object is
        /// judged by ``SchemaCompiler``, not here: the value of a `schema` key and `components/schemas` are left as
        /// they are. A chain of more than 32 such `$ref`s is a loop, judged as the `$ref` it is.
        private static func inlining(
            _ value: JSONValue, at pointer: JSONPointer, in document: JSONValue, depth: Int,
            replaced: inout [(at: JSONPointer, target: JSONPointer)]
        ) -> JSONValue {
            switch value {
            case .object(let object):
                if case .string(let reference)? = object["$ref"], reference.hasPrefix("#/\(ContractBundle.member)/"), depth < 32,
                    let decoded = reference.dropFirst().percentDecoded, let target = document[pointer: JSONPointer(decoded)]
                {
                    replaced.append((pointer, JSONPointer(decoded)))
                    return inlining(target, at: pointer, in: document, depth: depth + 1, replaced: &replaced)
                }
                return .object(
                    JSONObject(
                        object.map { member in
                            if member.key == "schema" || (pointer.tokens == ["components"] && member.key == "schemas") {
                                return member
                            }
                            let value = inlining(
                                member.value, at: pointer.appending(member.key), in: document, depth: depth, replaced: &replaced)
                            return .init(key: member.key, value: value)
                        }))
            case .array(let items):
                return .array(
                    items.indices.map {
                        inlining(items[$0], at: pointer.appending($0), in: document, depth: depth, replaced: &replaced)
                    })
            default:
                return value
            }
        }
    }
}
