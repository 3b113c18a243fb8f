import APICheckBreaking
import APICheckContracts
import APICheckRecording
import Foundation
import Testing

/// `apicheck record`'s closing lines: a recorded response's findings against the contract, as the `breaking.*`
/// changes that would make the contract say what the API did, placed at the schema to edit (through `$ref` and `allOf`).
@Suite("Contract changes a new recording implies")
struct ImpliedChangeTests {
    static let contract = """
        openapi: 3.1.0
        info: {title: implied, version: '1'}
        paths:
          /todos:
            get:
              responses:
                '200':
                  description: ok
                  content:
                    application/json:
                      schema:
                        type: object
                        required: [data]
                        properties:
                          data: {type: array, items: {$ref: '#/components/schemas/Todo'}}
          /todos/{id}:
            get:
              parameters: [{name: id, in: path, required: true, schema: {type: integer}}]
              responses:
                '200':
                  description: ok
                  content:
                    application/json:
                      schema: {$ref: '#/components/schemas/Todo'}
        components:
          schemas:
            Base:
              type: object
              required: [id]
              properties:
                id: {type: integer}
            Todo:
              allOf:
                - $ref: '#/components/schemas/Base'
                - type: object
                  required: [title, state]
                  properties:
                    title: {type: string}
                    state: {type: string, enum: [open, done]}
        """

    static func implied(_ bodies: [(String, String)]) throws -> [ImpliedChange] {
        let version = try ContractVersion.parse(Self.contract, path: "implied.yaml")
        let verifier = Verifier(contract: version.compiled)
        var findings: [Finding] = []
        for (url, body) in bodies {
            let interaction = Interaction(
                request: RecordedRequest(method: "GET", url: url),
                response: RecordedResponse(
                    status: 200, headers: HeaderFields([("Content-Type", "application/json")]), body: .json(try JSONReader.parse(body))))
            var found = verifier.verify(interaction)
            for index in found.indices { found[index].file = "recordings/\(url.count).json" }
            findings += found
        }
        return ImpliedChange.changes(implied: findings, by: version)
    }

    @Test("each finding becomes its rule, at the line of the schema to edit, once for every operation that shares it")
    func placedThroughRefAndAllOf() throws {
        let changes = try Self.implied([
            ("/todos", #"{"data":[{"id":1,"title":"a","state":"archived"}]}"#),
            ("/todos/1", #"{"id":"1","title":"a","state":"archived"}"#),
        ])
        let summary = changes.map { "\($0.change.rule.rawValue) \($0.change.old?.pointer ?? "-") line \($0.change.old?.line ?? 0)" }
        #expect(
            summary == [
                "breaking.response-enum-value-added /components/schemas/Todo/allOf/1/properties/state line 39",
                "breaking.response-type-changed /components/schemas/Base/properties/id line 31",
            ], "\(summary)")
        #expect(changes.first?.operations == ["GET /todos", "GET /todos/{id}"])
        #expect(changes.first?.seenIn.count == 2)
        #expect(changes.first?.change.message.contains("\"archived\"") == true)
    }

    @Test("a missing required field and a null are optional and nullable changes; a clean response implies none")
    func missingAndNull() throws {
        let changes = try Self.implied([("/todos/1", #"{"id":1,"title":null}"#)])
        #expect(Set(changes.map(\.change.rule.rawValue)) == ["breaking.response-field-optional", "breaking.response-nullable"])
        #expect(try Self.implied([("/todos/1", #"{"id":1,"title":"a","state":"open"}"#)]).isEmpty)
    }
}
