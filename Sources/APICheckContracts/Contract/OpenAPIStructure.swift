import APICheckRecording

/// A document's structure checked against the OpenAPI Initiative's JSON Schema of its version
/// (``OpenAPISchemas``), by ``SchemaValidity``: what a vendor's description compiled where reached is checked by as a
/// whole, in a tenth of the time OpenAPIKit takes to decode it.
///
/// OpenAPIKit stays the judge of a document's structure. A document that these schemas refuse is decoded by it
/// whole, and refused with its error if it has one (as a contract compiled whole is); so is one that names a security
/// scheme `components` does not declare (the one thing OpenAPIKit checks across the document, which no JSON Schema
/// can). A path item that a lookup reaches is decoded by it when it is compiled (``ReachedOperations``). What the
/// schemas accept and OpenAPIKit would refuse in a part nothing reaches is the difference, said in docs/RULES.md.
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
    /// `edition`.
    static func isValid(_ document: JSONValue, edition: OpenAPIEdition) -> Bool {
        (edition == .v3_2 ? v3_2 : v3_1).isValid(document) && namesDeclaredSchemes(document)
    }

    /// Whether every security requirement (the document's, and each operation's in `paths`, `webhooks`, components'
    /// path items and callbacks) names only security schemes of `components`.
    static func namesDeclaredSchemes(_ document: JSONValue) -> Bool {
        let declared = Set(document["components"]?["securitySchemes"]?.objectValue?.keys ?? [])
        func requirements(_ value: JSONValue?) -> Bool {
            guard case .array(let list)? = value else { return true }
            return list.allSatisfy { ($0.objectValue?.keys ?? []).allSatisfy(declared.contains) }
        }
        func pathItems(_ value: JSONValue?) -> Bool {
            (value?.objectValue ?? JSONObject()).allSatisfy { pathItem($0.value) }
        }
        func operation(_ value: JSONValue) -> Bool {
            requirements(value["security"]) && (value["callbacks"]?.objectValue ?? JSONObject()).allSatisfy { pathItems($0.value) }
        }
        func pathItem(_ value: JSONValue) -> Bool {
            guard case .object(let item) = value else { return true }
            return item.allSatisfy { member in
                switch member.key {
                case "get", "put", "post", "delete", "options", "head", "patch", "trace", "query": operation(member.value)
                case "additionalOperations": (member.value.objectValue ?? JSONObject()).allSatisfy { operation($0.value) }
                default: true
                }
            }
        }
        let components = document["components"]
        return requirements(document["security"]) && pathItems(document["paths"]) && pathItems(document["webhooks"])
            && pathItems(components?["pathItems"])
            && (components?["callbacks"]?.objectValue ?? JSONObject()).allSatisfy { pathItems($0.value) }
    }

    /// The schema of `version`; the text is the OpenAPI Initiative's, and `OpenAPIStructureTests` compiles both.
    private static func compile(_ text: String, _ version: String) -> StandaloneSchema {
        do {
            return try StandaloneSchema(try JSONReader.parse(Array(text.utf8)))
        } catch {
            preconditionFailure("the OpenAPI \(version) schema (OpenAPISchemas.swift) does not compile: \(error)")
        }
    }
}
