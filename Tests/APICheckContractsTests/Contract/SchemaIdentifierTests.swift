import ContractTestSupport
import Foundation
import Testing

@testable import APICheckBreaking
@testable import APICheckContracts
@testable import APICheckRecording

/// `$id` in a contract's schemas: a schema resource whose `$ref`s are read against its own URI, and which other schemas
/// name by that URI; checked, compared by `breaking`, and refused where it leads nowhere.
@Suite("Schema identifiers ($id)")
struct SchemaIdentifierTests {
    static let contract = """
        openapi: 3.1.0
        info: {title: ids, version: '1'}
        paths:
          /tree:
            get:
              responses:
                '200':
                  description: a tree
                  content:
                    application/json:
                      schema: {$ref: 'https://example.com/schemas/tree'}
        components:
          schemas:
            Tree:
              $id: https://example.com/schemas/tree
              type: object
              required: [name, children]
              properties:
                name: {$ref: '#/$defs/name'}
                children: {type: array, items: {$ref: node}}
              $defs:
                name: {type: string, minLength: 1}
            Node:
              $id: https://example.com/schemas/node
              type: object
              required: [id]
              properties:
                id: {$ref: '#kind'}
                next: {$ref: 'node'}
              $defs:
                id: {$anchor: kind, type: integer}
        """

    static func findings(_ text: String, body: JSONValue) throws -> [String] {
        let verifier = Verifier(contract: try Contract.parse(text, path: "ids.yaml").compiled)
        return verifier.verify(jsonInteraction("GET", "/tree", status: 200, body: body)).map {
            "\($0.rule.rawValue) \($0.pointer)"
        }
    }

    static func node(_ id: JSONValue, next: JSONValue? = nil) -> JSONValue {
        .object(JSONObject([.init(key: "id", value: id)] + (next.map { [.init(key: "next", value: $0)] } ?? [])))
    }

    @Test("a $ref is read against the $id of the schema it is in: #/$defs, #anchor and a relative name are that resource's")
    func referencesReadAgainstTheirResource() throws {
        let good = JSONValue.object(
            JSONObject([
                .init(key: "name", value: .string("root")),
                .init(key: "children", value: .array([Self.node(.number(JSONNumber(1)), next: Self.node(.number(JSONNumber(2))))])),
            ]))
        #expect(try Self.findings(Self.contract, body: good) == [])
        let bad = JSONValue.object(
            JSONObject([
                .init(key: "name", value: .string("")),
                .init(key: "children", value: .array([Self.node(.number(JSONNumber(1)), next: Self.node(.string("2")))])),
            ]))
        #expect(try Self.findings(Self.contract, body: bad) == ["schema.minlength /name", "shape.type /children/*/next/id"])
    }

    @Test(
        "a URL no schema declares refuses the operation; a relative $ref to no resource is the contract's error; an $id declared twice refuses the document"
    )
    func unresolved() throws {
        let url = try Contract.parse(
            Self.contract.replacingOccurrences(
                of: "{$ref: 'https://example.com/schemas/tree'}", with: "{$ref: 'https://example.com/schemas/forest'}"),
            path: "ids.yaml")
        #expect(url.compiled.refused.first?.reason.message.contains("is a URL, and apicheck reaches no network") == true)
        let nowhere = try Contract.parse(
            Self.contract.replacingOccurrences(of: "items: {$ref: node}", with: "items: {$ref: nodes}"), path: "ids.yaml")
        #expect(nowhere.compiled.invalidFindings.map(\.rule) == [.contractInvalid], "\(nowhere.compiled.invalidFindings)")
        #expect(nowhere.compiled.invalidFindings.first?.found.contains("which no schema of this document declares") == true)
        do {
            _ = try Contract.parse(
                Self.contract.replacingOccurrences(
                    of: "$id: https://example.com/schemas/node", with: "$id: https://example.com/schemas/tree"),
                path: "ids.yaml")
            Issue.record("an $id declared twice loaded")
        } catch {
            #expect(error.line == 24)
            #expect(error.message.contains("is declared twice"))
        }
    }

    @Test("breaking follows a $ref by $id: a change in the schema it names is a change of the operation")
    func breakingFollowsIdentifiers() throws {
        let changed = Self.contract.replacingOccurrences(
            of: "id: {$anchor: kind, type: integer}", with: "id: {$anchor: kind, type: string}")
        let changes = ContractDiff.compare(
            try ContractVersion.parse(Self.contract, path: "old.yaml"), try ContractVersion.parse(changed, path: "new.yaml"))
        // Once, where the schema is first met: `next` is the same schema again.
        #expect(changes.map(\.pointer) == ["/children/*/id"])
        #expect(changes.allSatisfy { $0.rule == .breakingResponseTypeChanged })
        #expect(changes.first?.new?.line == 31)
    }
}
