import APICheckCommands
import APICheckRecording
import ContractTestSupport
import Foundation
import Testing

@testable import APICheckContracts
@testable import APICheckJSONSchema

/// A construct apicheck does not check refuses the operations that reach it, not the document: each is named once with
/// why and where, a recording or live answer that reaches one is an error, `coverage` lists them, and what is wrong
/// with the document as a whole (a chain of `$ref`s that loops) still refuses it; a `$ref` that leads nowhere refuses
/// the operations that reach it and is the contract's own error.
@Suite("Contracts: a refused construct refuses its operation")
struct OperationRefusalTests {
    static let text = """
        openapi: 3.1.0
        info: {title: refusals, version: '1'}
        paths:
          /things:
            get:
              responses:
                '200':
                  description: the things
                  content:
                    application/json:
                      schema: {type: array, items: {$ref: '#/components/schemas/Thing'}}
            post:
              responses:
                '201':
                  description: made
                  content:
                    application/json:
                      schema: {$ref: '#/components/schemas/Loop'}
          /things/{id}:
            get:
              parameters:
                - {name: id, in: path, required: true, schema: {type: integer}}
              responses:
                '200':
                  description: one thing
                  content:
                    application/json:
                      schema: {$ref: '#/components/schemas/Thing'}
          /things/special:
            get:
              responses:
                '200':
                  description: the special thing
                  content:
                    application/json:
                      schema: {type: object, required: [id], properties: {id: {type: integer}}}
          /other:
            get:
              responses:
                '200':
                  description: fine
                  content:
                    application/json:
                      schema: {type: object, required: [ok], properties: {ok: {type: boolean}}}
        components:
          schemas:
            Thing:
              type: object
              $recursiveAnchor: true
              properties:
                id: {type: integer}
            Loop:
              type: object
              properties:
                next: {$ref: '#/components/schemas/Bad'}
            Bad:
              type: object
              properties:
                back: {$ref: '#/components/schemas/Loop'}
              minLenght: 3
            Unused:
              type: string
              $recursiveRef: '#'
        """

    static func interaction(_ method: String, _ path: String, body: String) throws -> Interaction {
        jsonInteraction(method, path, status: 200, body: try JSONReader.parse(body))
    }

    @Test("each refused operation is named once, with the line and why; a schema no operation uses too; the rest loads")
    func namedOnce() throws {
        let contract = try Contract.parse(Self.text, path: "r.yaml").compiled
        #expect(contract.refused.map(\.operation) == ["GET /things", "POST /things", "GET /things/{id}", nil])
        let reasons = contract.refused.map { "\($0.reason.line ?? 0) \($0.reason.keyPath) \($0.reason.message)" }
        #expect(
            reasons[0].hasPrefix("49 /components/schemas/Thing/$recursiveAnchor $recursiveAnchor (draft 2019-09) is not enforced"),
            "\(reasons)")
        #expect(reasons[2] == reasons[0])
        // The loop's refusal is Bad's keyword, reached through Loop: the operation that reaches it is refused, never
        // left with a reference to a schema that was never finished.
        #expect(reasons[1].hasPrefix("60 /components/schemas/Bad/minLenght unknown keyword"), "\(reasons)")
        #expect(reasons[3].hasPrefix("63 /components/schemas/Unused/$recursiveRef"), "\(reasons)")
        #expect(contract.operations.map(\.name) == ["GET /things/special", "GET /other"])
        #expect(contract.refused[0].warning.hasPrefix("r.yaml:49:"), "\(contract.refused[0].warning)")
        #expect(contract.refused[0].warning.contains("warning: GET /things is not checked"))
    }

    @Test(
        "a keyword of another draft or of OpenAPI 3.0 refuses its operation, at its line, with what to write instead",
        arguments: ["$recursiveRef", "$recursiveAnchor", "nullable", "dependencies", "additionalItems", "definitions"])
    func refusedKeyword(_ keyword: String) throws {
        let text = """
            openapi: 3.1.0
            info: {title: t, version: '1'}
            paths:
              /things:
                get:
                  responses:
                    '200': {description: ok, content: {application/json: {schema: {type: object, \(keyword): {}}}}}
            """
        let contract = try Contract.parse(text, path: "k.yaml").compiled
        let reason = try #require(contract.refused.first?.reason)
        #expect(reason.line == 7)
        #expect(reason.keyPath.hasSuffix("/schema/\(keyword)"))
        #expect(reason.message == SchemaVocabulary.refused[keyword], "\(reason.message)")
    }

    @Test("a recording that reaches a refused operation is an error; the others are checked as before")
    func reachedIsAnError() throws {
        let contract = try Contract.parse(Self.text, path: "r.yaml").compiled
        let verifier = Verifier(contract: contract)
        for (method, path) in [("GET", "/things"), ("GET", "/things/3"), ("POST", "/things")] {
            let interaction = try Self.interaction(method, path, body: "{}")
            // As `verify` and the live diff look it up: no operation, and the refusal says why.
            #expect(contract.operation(method: method, path: path) == nil)
            let findings = verifier.verify(interaction, matched: contract.operation(method: method, path: path))
            #expect(findings.map(\.rule) == [.contractOperationRefused], "\(method) \(path)")
            #expect(findings.first?.severity == .error)
            #expect(findings.first?.found.contains("r.yaml:") == true, "\(findings)")
        }
        // A literal path beats the refused template; another operation is checked as before.
        #expect(verifier.verify(try Self.interaction("GET", "/things/special", body: #"{"id": "x"}"#)).map(\.rule) == [.shapeType])
        #expect(verifier.verify(try Self.interaction("GET", "/other", body: #"{"ok": true}"#)).isEmpty)
        #expect(verifier.verify(try Self.interaction("GET", "/nowhere", body: "{}")).map(\.rule) == [.recordingUnmatchedOperation])
    }

    @Test("coverage lists the refused operations")
    func coverageLists() throws {
        let contract = try Contract.parse(Self.text, path: "r.yaml").compiled
        let coverage = ContractCoverage(api: "r", contract: contract)
        #expect(coverage.refused.count == 4)
        #expect(coverage.refused[0].hasPrefix("GET /things: r.yaml:49:"), "\(coverage.refused)")
        #expect(coverage.measures[0].items.map(\.name) == ["GET /things/special", "GET /other"])
    }

    @Test("an operation refused for several reasons names each; coverage says 0 of its operations, every one refused")
    func everyReason() throws {
        let text = """
            openapi: 3.1.0
            info: {title: reasons, version: '1'}
            paths:
              /things:
                get:
                  parameters:
                    - {name: q, in: query, content: {application/xml: {schema: {type: string}}}}
                    - {name: limit, in: query, schema: {type: integer}}
                  responses:
                    '200':
                      description: ok
                      content: {application/json: {schema: {type: object, $recursiveAnchor: true}}}
                    '404':
                      description: none
                      content: {application/json: {schema: {type: object, minLenght: 3}}}
            """
        let contract = try Contract.parse(text, path: "reasons.yaml").compiled
        let refusal = try #require(contract.refused.first)
        #expect(contract.refused.count == 1 && contract.operations.isEmpty)
        #expect(refusal.reasons.map(\.line) == [7, 12, 15], "\(refusal.reasons.map(\.description))")
        #expect(refusal.reason.message.hasPrefix("parameter q (in: query)"), "\(refusal.reason.message)")
        #expect(refusal.warning.hasSuffix("(and 2 other reasons: apicheck coverage lists them)"), "\(refusal.warning)")
        let coverage = ContractCoverage(api: "reasons", contract: contract)
        #expect(coverage.refused.count == 3 && coverage.refusals == 1)
        #expect(coverage.refused.allSatisfy { $0.hasPrefix("GET /things: reasons.yaml:") }, "\(coverage.refused)")
        // One operation refused, for three reasons: the list's heading says both.
        #expect(CoverageFormat.text.render([coverage]).contains("refused, so not checked (1, 3 reasons):"))
        let operations = coverage.measures[0]
        #expect(operations.covered == 0 && operations.total == 1 && operations.refused == 1 && operations.percent == 0)
    }

    @Test("a value wrong in every reading: its operations refused, the contract's own error once, the others checked")
    func invalidValue() throws {
        let text = """
            openapi: 3.1.0
            info: {title: invalid, version: '1'}
            paths:
              /a:
                get:
                  responses:
                    '200': {description: ok, content: {application/json: {schema: {$ref: '#/components/schemas/Code'}}}}
              /b:
                get:
                  responses:
                    '200': {description: ok, content: {application/json: {schema: {$ref: '#/components/schemas/Code'}}}}
              /c:
                get:
                  responses:
                    '200': {description: ok, content: {application/json: {schema: {type: int}}}}
              /d:
                get:
                  responses:
                    '200': {description: ok, content: {application/json: {schema: {type: object, $recursiveAnchor: true}}}}
              /ok:
                get:
                  responses:
                    '200': {description: ok, content: {application/json: {schema: {type: integer}}}}
            components:
              schemas:
                Code: {type: string, pattern: '[a-'}
            """
        let contract = try Contract.parse(text, path: "invalid.yaml").compiled
        #expect(contract.refused.compactMap(\.operation) == ["GET /a", "GET /b", "GET /c", "GET /d"])
        let verifier = Verifier(contract: contract)
        let own = verifier.contractFindings()
        // Once per place (the shared pattern once), not for the construct apicheck merely does not check ($recursiveAnchor).
        #expect(own.map(\.rule) == [.contractInvalid, .contractInvalid], "\(own.map(\.compilerLine))")
        #expect(own.map(\.line) == [26, 15], "\(own.map(\.compilerLine))")
        #expect(own.allSatisfy { $0.file == "invalid.yaml" && $0.side == .contract })
        #expect(own.first?.pointer == "/components/schemas/Code/pattern" && own.first?.operation == "GET /a")
        #expect(own.last?.found.hasPrefix("unknown type \"int\"") == true, "\(own.map(\.found))")
        #expect(verifier.verify(try Self.interaction("GET", "/ok", body: "7")).isEmpty)
        #expect(verifier.verify(try Self.interaction("GET", "/a", body: "\"x\"")).map(\.rule) == [.contractOperationRefused])
        // Lowered like any rule.
        let lowered = Verifier(contract: contract, options: .init(severities: [.contractInvalid: .warning]))
        #expect(lowered.contractFindings().map(\.severity) == [.warning, .warning])
    }

    @Test("a schema finished while a refused one was being compiled, and holding a reference to it, is refused with it")
    func finishedInsideRefused() throws {
        // Head is compiled first: Mid, finished inside it, refers back to Head, which is then refused. An operation on
        // Mid alone must be refused too, never checked with a reference to Head that was never closed.
        let text = """
            openapi: 3.1.0
            info: {title: inside, version: '1'}
            paths:
              /mid:
                get:
                  responses:
                    '200':
                      description: mid
                      content:
                        application/json:
                          schema: {$ref: '#/components/schemas/Mid'}
            components:
              schemas:
                Head:
                  type: object
                  properties:
                    a: {$ref: '#/components/schemas/Mid'}
                  minLenght: 3
                Mid:
                  type: object
                  properties:
                    back: {$ref: '#/components/schemas/Head'}
            """
        let contract = try Contract.parse(text, path: "m.yaml").compiled
        #expect(contract.refused.map(\.operation) == ["GET /mid"])
        #expect(contract.operations.isEmpty)
    }

    @Test("a $ref that leads nowhere refuses the operations that reach it and is the contract's own error; the others are checked")
    func brokenReference() throws {
        let broken = Self.text.replacingOccurrences(
            of: "back: {$ref: '#/components/schemas/Loop'}", with: "back: {$ref: '#/components/schemas/Gone'}")
        let contract = try Contract.parse(broken, path: "r.yaml").compiled
        #expect(contract.refusal(method: "POST", path: "/things")?.reasons.contains { $0.message.contains("points at nothing") } == true)
        #expect(contract.operation(method: "GET", path: "/other") != nil)
        #expect(contract.operation(method: "GET", path: "/things/special") != nil)
        let invalid = contract.invalidFindings.filter { $0.found.contains("points at nothing") }
        #expect(invalid.map(\.operation) == ["POST /things"], "\(contract.invalidFindings.map(\.compilerLine))")
        #expect(invalid.map(\.line) == [59] && invalid.map(\.file) == ["r.yaml"])
        #expect(invalid.first?.pointer == "/components/schemas/Bad/properties/back/$ref", "\(invalid.map(\.pointer))")
    }

    @Test(
        "a response header with neither schema nor content refuses its operation and is the contract's error, compiled whole or where reached"
    )
    func undescribedHeader() throws {
        let text = """
            openapi: 3.0.3
            info: {title: headers, version: '1'}
            paths:
              /limited:
                get:
                  responses:
                    '200':
                      description: ok
                      headers:
                        X-Rate-Limit: {description: requests left}
              /fine:
                get:
                  responses: {'200': {description: ok}}
            """
        for compilation in [Contract.Compilation.everything, .whereReached(beyond: 0)] {
            let contract = try Contract.parse(text, path: "h.yaml", compiling: compilation).compiled
            #expect(contract.operation(method: "GET", path: "/fine") != nil)
            #expect(contract.operation(method: "GET", path: "/limited") == nil)
            let invalid = contract.invalidFindings
            #expect(invalid.map(\.operation) == ["GET /limited"] && invalid.map(\.line) == [10], "\(compilation): \(invalid)")
            #expect(invalid.first?.found.contains("header X-Rate-Limit: has neither schema nor content") == true, "\(invalid)")
        }
    }

    @Test(
        "an object query parameter whose property is an array of a schema that refers back to it (springdoc data-rest) is refused, not read as text"
    )
    func cyclicObjectParameter() throws {
        let text = """
            openapi: 3.0.1
            info: {title: data-rest, version: v0}
            paths:
              /accounts/search/findByCustomer:
                get:
                  parameters:
                    - {name: customer, in: query, required: true, schema: {$ref: '#/components/schemas/Customer'}}
                  responses: {'200': {description: OK}}
            components:
              schemas:
                Account:
                  type: object
                  properties:
                    id: {type: integer, format: int64}
                    customer: {$ref: '#/components/schemas/Customer'}
                Customer:
                  type: object
                  properties:
                    id: {type: integer, format: int64}
                    accounts: {type: array, items: {$ref: '#/components/schemas/Account'}}
            """
        let contract = try Contract.parse(text, path: "d.yaml").compiled
        let refusal = try #require(contract.refused.first, "the operation was compiled: \(contract.operations.map(\.name))")
        #expect(refusal.operation == "GET /accounts/search/findByCustomer")
        #expect(
            refusal.reason.message.contains("parameter customer (in: query): its property accounts is an object"), "\(refusal.reasonText)")
    }

    @Test(
        "a schema that applies itself endlessly refuses every operation that reaches it, by $ref or $dynamicRef (it was refused once, and the next operation got a reference never closed, and checked nothing)",
        arguments: ["$anchor: x\n      $ref: '#x'", "$dynamicAnchor: x\n      $dynamicRef: '#x'"])
    func selfApplication(_ declaration: String) throws {
        let text = """
            openapi: 3.1.0
            info: {title: self, version: '1'}
            paths:
              /one:
                get:
                  responses:
                    '200': {description: ok, content: {application/json: {schema: {$ref: 'https://example.com/a'}}}}
              /two:
                get:
                  responses:
                    '200': {description: ok, content: {application/json: {schema: {type: array, items: {$ref: 'https://example.com/a'}}}}}
            components:
              schemas:
                A:
                  $id: https://example.com/a
                  \(declaration)
            """
        let contract = try Contract.parse(text, path: "s.yaml").compiled
        #expect(contract.operations.isEmpty, "\(contract.operations.map(\.name))")
        #expect(contract.refused.map(\.operation) == ["GET /one", "GET /two"])
        #expect(contract.refused.allSatisfy { $0.reason.message.contains("applies itself to the same value") && $0.reason.line == 15 })
    }
}
