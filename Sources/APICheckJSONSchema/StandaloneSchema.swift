/// A JSON Schema (2020-12) document compiled on its own, outside any contract: the schema is the
/// whole document, so `#` refers to its root.
///
/// Used by the JSON Schema Test Suite run and by tools of the package; contracts use ``Contract``.
import APICheckRecording

package struct StandaloneSchema: Sendable {
    package let root: CompiledSchema
    /// Keeps what the schema's recursive `$ref`s lead to alive for as long as the schema is held.
    let graph: SchemaGraph

    /// Compiles `document`; a keyword apicheck does not enforce is an error with its JSON Pointer.
    ///
    /// `remotes` are other documents by the URI they are retrieved from (`http://localhost:1234/integer.json`): a
    /// `$ref` to one is read from here, never fetched. An error in one names its pointer as `/remotes/<n>/...`, `n`
    /// its place in the URIs' sorted order.
    package init(_ document: JSONValue, remotes: [String: JSONValue] = [:]) throws(StandaloneSchemaError) {
        let compiler: SchemaCompiler
        let at: JSONPointer
        if remotes.isEmpty {
            compiler = SchemaCompiler(document: DocumentIndex(document))
            at = .root
        } else {
            // One tree holds the schema and the remote documents; each is a resource with its own URI.
            let uris = remotes.keys.sorted()
            let tree = JSONValue.object(
                JSONObject([
                    .init(key: "schema", value: document), .init(key: "remotes", value: .array(uris.compactMap { remotes[$0] })),
                ]))
            at = JSONPointer(tokens: ["schema"])
            let roots =
                [(SchemaResources.documentURI, at)]
                + zip(0..., uris).map { (URIReference($0.1), JSONPointer(tokens: ["remotes", String($0.0)])) }
            compiler = SchemaCompiler(document: DocumentIndex(tree), roots: roots)
        }
        graph = compiler.graph
        do {
            root = try compiler.compile(at: at)
        } catch {
            throw StandaloneSchemaError(pointer: error.pointer.description, message: error.message)
        }
    }

    /// Whether `value` is valid (``SchemaValidity``: the verdict of ``problems(in:)`` without its findings).
    package func isValid(_ value: JSONValue) -> Bool { SchemaValidity.isValid(value, root) }

    /// What makes `value` invalid, one line each (`/a: expected ..., found ... [rule]`); empty when it is valid.
    ///
    /// Extra keys (`field.added`, an info finding) do not make a value invalid, as in JSON Schema.
    package func problems(in value: JSONValue) -> [String] {
        var checker = SchemaChecker(strict: false, judgesKeys: false)
        checker.check(value, root, keyCase: nil)
        return checker.findings.filter { !SchemaChecker.isSoft($0.rule) }.map {
            "\($0.concrete.isEmpty ? "/" : $0.concrete): expected \($0.expected), found \($0.found) [\($0.rule)]"
        }
    }
}

/// Why a standalone schema was refused: where (a JSON Pointer) and what.
package struct StandaloneSchemaError: Error, Sendable, CustomStringConvertible {
    package let pointer: String
    package let message: String
    package var description: String { "\(pointer.isEmpty ? "/" : pointer): \(message)" }
}
