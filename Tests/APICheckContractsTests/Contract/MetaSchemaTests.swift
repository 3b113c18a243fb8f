import ContractTestSupport
import Testing

@testable import APICheckContracts
@testable import APICheckJSONSchema
@testable import APICheckRecording

/// The meta-schemas of JSON Schema 2020-12, built in: a contract whose API carries JSON Schemas (a form builder's
/// `GET /forms/{id}`) checks them against `https://json-schema.org/draft/2020-12/schema` without fetching it.
@Suite("Built-in meta-schemas (JSON Schema 2020-12)")
struct MetaSchemaTests {
    static let metaSchema = "https://json-schema.org/draft/2020-12/schema"

    static func contract(_ schema: String, components: String = "") throws -> CompiledContract {
        try Contract.parse(
            """
            openapi: 3.1.0
            info: {title: forms, version: '1'}
            paths:
              /forms/1:
                get:
                  responses:
                    '200':
                      description: a form and the schema of its answers
                      content:
                        application/json:
                          schema:
                            type: object
                            required: [schema]
                            properties:
                              schema: \(schema)
            \(components)
            """, path: "forms.yaml"
        ).compiled
    }

    static func findings(_ contract: CompiledContract, _ body: String) throws -> [String] {
        let interaction = jsonInteraction("GET", "/forms/1", status: 200, body: try JSONReader.parse(body))
        return Verifier(contract: contract).verify(interaction).map { "\($0.rule.rawValue) \($0.pointer)" }
    }

    @Test("a value that must be a schema is checked against the 2020-12 meta-schema, its sub-schemas through $dynamicRef")
    func checksSchemas() throws {
        let contract = try Self.contract("{$ref: '\(Self.metaSchema)'}")
        #expect(contract.refused.isEmpty, "\(contract.refused.map(\.warning))")
        #expect(try Self.findings(contract, #"{"schema": {"type": "object", "properties": {"id": {"type": "integer"}}}}"#) == [])
        #expect(try Self.findings(contract, #"{"schema": true}"#) == [])
        // A type the meta-schema does not list, at the top and in a property's schema (reached through "#meta").
        #expect(!(try Self.findings(contract, #"{"schema": {"type": "objekt"}}"#)).isEmpty)
        let nested = try Self.findings(contract, #"{"schema": {"properties": {"id": {"minLength": -1}}}}"#)
        #expect(nested == ["schema.minimum /schema/properties/*/minLength"])
        #expect(try Self.findings(contract, #"{"schema": {"required": "id"}}"#).contains("shape.type /schema/required"))
    }

    @Test("a document that declares a meta-schema's $id itself is held to its own schema, not the built-in one")
    func ownDeclarationWins() throws {
        let contract = try Self.contract(
            "{$ref: '\(Self.metaSchema)'}",
            components: """
                components:
                  schemas:
                    Own: {$id: '\(Self.metaSchema)', type: string}
                """)
        #expect(try Self.findings(contract, #"{"schema": "a name"}"#) == [])
        #expect(try Self.findings(contract, #"{"schema": {"type": "object"}}"#) == ["shape.type /schema"])
    }

    @Test("a $schema naming a vocabulary's meta-schema reads its $vocabulary: validation alone leaves properties out")
    func vocabularyMetaSchema() throws {
        let validation = "{$schema: 'https://json-schema.org/draft/2020-12/meta/validation', "
        let checked = try Self.contract(validation + "type: integer}")
        #expect(checked.refused.isEmpty, "\(checked.refused.map(\.warning))")
        #expect(try Self.findings(checked, #"{"schema": "x"}"#) == ["shape.type /schema"])
        let refused = try Self.contract(validation + "properties: {id: {type: integer}}}")
        #expect(refused.refused.map(\.operation) == ["GET /forms/1"])
        #expect(refused.refused.first?.reason.message.contains("vocab/applicator") == true)
    }

    @Test("a document that names no meta-schema holds none, and keeps its fast path (no $id)")
    func heldOnlyWhenNamed() throws {
        let plain = try JSONReader.parse(##"{"components": {"schemas": {"A": {"$ref": "#/components/schemas/B"}, "B": {}}}}"##)
        let without = try SchemaResources(plain)
        #expect(without.resource(URIReference(Self.metaSchema)) == nil)
        #expect(!without.hasIdentifiers)
        let naming = try JSONReader.parse(#"{"components": {"schemas": {"A": {"$ref": "\#(Self.metaSchema)"}}}}"#)
        let with = try SchemaResources(naming)
        #expect(with.resource(URIReference(Self.metaSchema)) == JSONPointer(tokens: [MetaSchemas.member, "0"]))
        #expect(with.resource(URIReference("https://json-schema.org/draft/2020-12/meta/core")) != nil)
        // Any other URL is still refused where it is reached, never fetched.
        let other = try Self.contract("{$ref: 'https://example.com/schema'}")
        #expect(other.refused.map(\.operation) == ["GET /forms/1"])
    }
}
