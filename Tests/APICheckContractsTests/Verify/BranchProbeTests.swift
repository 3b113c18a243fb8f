import APICheckContracts
import APICheckJSONSchema
import APICheckRecording
import Foundation
import Testing

/// `oneOf`, `anyOf`, `if` and `dependentSchemas` decide a branch on a checker of its own: a branch that fails stops at
/// its first failure, a branch that matches is applied once and what it found is kept. These hold that to what
/// applying the branch in place reports.
@Suite("Branches decided once")
struct BranchProbeTests {
    static let contract = """
        openapi: 3.1.0
        info: {title: Nested branches, version: '1'}
        paths:
          /nodes:
            get:
              responses:
                '200':
                  description: OK
                  content:
                    application/json:
                      schema: {$ref: '#/components/schemas/Node'}
          /wrapped:
            get:
              responses:
                '200':
                  description: OK
                  content:
                    application/json:
                      schema:
                        type: object
                        properties: {inner: {type: object, properties: {node: {$ref: '#/components/schemas/Node'}}}}
        components:
          schemas:
            Node:
              oneOf:
                - type: object
                  required: [kind]
                  properties:
                    kind: {const: node}
                    child: {$ref: '#/components/schemas/Node'}
                    note: {type: string}
                - {type: string}
        """

    static func findings(_ body: String, strict: Bool, path: String = "/nodes") throws -> [Finding] {
        let compiled = try Contract.parse(contract, path: "branches.yaml").compiled
        let verifier = Verifier(contract: compiled, options: .init(strict: strict))
        let interaction = Interaction(
            request: RecordedRequest(method: "GET", url: path),
            response: RecordedResponse(
                status: 200, headers: HeaderFields([("Content-Type", "application/json")]), body: .json(try JSONReader.parse(body))))
        return verifier.verify(interaction)
    }

    /// `{"kind": "node", "child": {...}}`, `levels` deep, `innermost` members in the deepest object.
    static func nested(_ levels: Int, innermost: String) -> String {
        var text = #"{"kind": "node"\#(innermost)}"#
        for _ in 1..<levels { text = #"{"kind": "node", "child": \#(text)}"# }
        return text
    }

    @Test("what the matching branch finds 40 levels of oneOf deep is reported once, at its whole place, as applied in place")
    func keptOnce() throws {
        // Applied again in place after its probe, the matching branch cost twice per level: 16 levels took 4.4 s in a
        // debug build (the same findings as here), 40 would take 2^24 times that.
        let deep = Self.nested(40, innermost: #", "extra": 1"#)
        let place = "/" + Array(repeating: "child", count: 39).joined(separator: "/") + "/extra"
        // --strict: an extra key is an error, but it does not decide the branch (a key the contract does not list).
        let strict = try Self.findings(deep, strict: true)
        #expect(strict.map { "\($0.rule.rawValue) \($0.pointer)" } == ["field.unexpected \(place)"], "\(strict.map(\.compilerLine))")
        let lenient = try Self.findings(deep, strict: false)
        #expect(lenient.map { "\($0.rule.rawValue) \($0.pointer)" } == ["field.added \(place)"], "\(lenient.map(\.compilerLine))")
        #expect(try Self.findings(Self.nested(40, innermost: ""), strict: true).isEmpty)
    }

    @Test("a branch that fails is explained at a place relative to the value it was applied to")
    func failureExplained() throws {
        let found = try Self.findings(#"{"inner": {"node": {"kind": "node", "note": 7}}}"#, strict: false, path: "/wrapped")
        let finding = try #require(found.first, "no finding")
        #expect(found.count == 1, "\(found.map(\.compilerLine))")
        #expect(finding.rule.rawValue == "schema.oneof")
        #expect(finding.pointer == "/inner/node")
        #expect(
            finding.found == #"none matched; the first: an integer (7) at /note, where a string was expected (shape.type)"#,
            "\(finding.found)")
    }

    @Test("oneOf branches that each require a key of their own, both matched: the message names the keys")
    func eachRequiresOne() throws {
        let schema = try StandaloneSchema(
            JSONReader.parse(Array(#"{"oneOf": [{"required": ["schema"]}, {"required": ["content"]}, {"required": ["x"]}]}"#.utf8)))
        #expect(schema.problems(in: try JSONReader.parse(Array(#"{"schema": 1}"#.utf8))).isEmpty)
        let both = schema.problems(in: try JSONReader.parse(Array(#"{"schema": 1, "content": 2}"#.utf8)))
        #expect(
            both.count == 1
                && both[0].contains("found 2 matched (#1, #2): the value has schema and content, and each of those branches requires one"),
            "\(both)")
        // Branches that ask for more than one key each, or for the same key: only which matched.
        let pairs = try StandaloneSchema(JSONReader.parse(Array(#"{"oneOf": [{"required": ["a", "b"]}, {"required": ["a"]}]}"#.utf8)))
        let found = pairs.problems(in: try JSONReader.parse(Array(#"{"a": 1, "b": 2}"#.utf8)))
        #expect(found.count == 1 && found[0].contains("found 2 matched (#1, #2)") && !found[0].contains("the value has"), "\(found)")
    }
}
