/// A JSON Schema (2020-12) document compiled on its own, outside any contract: the schema is the
/// whole document, so `#` refers to its root.
///
/// Used by the JSON Schema Test Suite run and by tools of the package; contracts use ``Contract``.
import APICheckRecording

package struct StandaloneSchema: Sendable {
    let root: CompiledSchema
    /// Keeps what the schema's recursive `$ref`s lead to alive for as long as the schema is held.
    let graph: SchemaGraph

    /// Compiles `document`; a keyword apicheck does not enforce is an error with its JSON Pointer.
    package init(_ document: JSONValue) throws(StandaloneSchemaError) {
        let compiler = SchemaCompiler(document: DocumentIndex(document))
        graph = compiler.graph
        do {
            root = try compiler.compile(at: .root)
        } catch {
            throw StandaloneSchemaError(pointer: error.pointer.description, message: error.message)
        }
    }

    /// What makes `value` invalid, one line each (`/a: expected ..., found ... [rule]`); empty when it is valid.
    ///
    /// Extra keys (`field.added`, an info finding) do not make a value invalid, as in JSON Schema.
    package func problems(in value: JSONValue) -> [String] {
        var checker = SchemaChecker(strict: false)
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
