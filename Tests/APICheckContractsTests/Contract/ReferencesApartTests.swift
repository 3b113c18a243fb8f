import APICheckRecording
import Foundation
import Testing

@testable import APICheckContracts

/// A JSON contract its text shows to be one schema resource (no `$id`, anchor or meta-schema of its own, no `$ref`
/// outside it) compiles while a second thread walks it for its `$ref`s (``ContractCompiler/ReferencesApart``): what it
/// compiles to, refuses and reports is what the walk done first gives.
struct ReferencesApartTests {
    /// Whether the text of `json` may declare resources, as loading scans it.
    static func mayDeclare(_ json: String) throws -> Bool {
        try ContractSource.parse(Array(json.utf8), path: "c.json").mayDeclareResources
    }

    @Test(
        "a key that declares a resource, an anchor or a meta-schema, one that may (an escape), or a $ref outside the document",
        arguments: [
            ##"{"a": {"$id": "https://example.com/a"}}"##,
            ##"{"a": {"$anchor": "here"}}"##,
            ##"{"a": {"$dynamicAnchor": "here"}}"##,
            ##"{"a": {"$dynamicRef": "#here"}}"##,
            ##"{"a": {"$schema": "https://json-schema.org/draft/2020-12/schema"}}"##,
            ##"{"a": {"$\u0069d": "https://example.com/a"}}"##,
            ##"{"a": {"\u0024id": "https://example.com/a"}}"##,
            ##"{"a": {"$ref": "other.json#/b"}}"##,
            ##"{"a": {"$ref": "https://example.com/b"}}"##,
        ])
    func declaring(_ json: String) throws {
        #expect(try Self.mayDeclare(json))
    }

    @Test("$refs within the document and dollars elsewhere declare nothing")
    func plain() throws {
        #expect(!(try Self.mayDeclare(##"{"a": {"$ref": "#/b"}, "b": {"description": "costs $5, see $id", "$comment": "x"}}"##)))
        #expect(!(try Self.mayDeclare(##"{"paths": {"/a/{$id}": {}}, "b": {"$ids": 1, "$idd": {"$ref":"#/a"}}}"##)))
    }

    @Test("the deepest $ref's tokens, read from the text: unknown where an escape or a percent sign might hide one")
    func deepestReference() throws {
        func deepest(_ json: String) throws -> Int { try ContractSource.parse(Array(json.utf8), path: "c.json").deepestReference }
        #expect(try deepest(##"{"a": 1}"##) == 0)
        #expect(try deepest(##"{"a": {"$ref": "#"}, "b": {"$ref" : "#/b/c"}}"##) == 2)
        #expect(try deepest(##"{"a": {"$ref":"#/components/schemas/A/properties/b"}, "b": {"$ref": "#/b"}}"##) == 5)
        #expect(try deepest(##"{"a": {"$ref": "#/b%2Fc/d"}}"##) == .max)
        #expect(try deepest(##"{"a": {"$ref": "#\/b\/c"}}"##) == .max)
        #expect(try deepest(##"{"a": {"$ref": "#/b"}, "c": {"$id": "https://example.com/c"}}"##) == .max)
        #expect(try deepest(##"{"properties": {"$ref": {"type": "string"}}}"##) == 0)
        #expect(try ContractSource.parse(Array("a: {$ref: '#/b'}".utf8), path: "c.yaml").deepestReference == .max)
    }

    /// The documents: the four APIs' contracts and ones that refuse, leave a `$ref` leading nowhere, or loop.
    static func documents() throws -> [(name: String, json: String)] {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        var documents: [(String, String)] = []
        for name in ["todos", "github", "kakao", "lslp"] {
            let path = root.appendingPathComponent("contracts/\(name).openapi.yaml").path
            documents.append((name, try String(contentsOfFile: path, encoding: .utf8)))
        }
        let broken = OperationRefusalTests.text.replacingOccurrences(
            of: "back: {$ref: '#/components/schemas/Loop'}", with: "back: {$ref: '#/components/schemas/Gone'}")
        // A `$ref` that leads nowhere where no operation reaches it: found by the walk alone.
        let unused = """
            openapi: 3.1.0
            info: {title: unused, version: '1'}
            paths: {/fine: {get: {responses: {'200': {description: ok}}}}}
            components: {responses: {Unused: {description: x, content: {application/json: {schema: {$ref: '#/components/schemas/Gone'}}}}}}
            """
        // `$ref`s into schemas nested inside others: a tree whose nodes' children are nodes, and one that applies
        // itself to the same value (refused).
        let nested = """
            openapi: 3.1.0
            info: {title: nested, version: '1'}
            paths:
              /trees: {get: {responses: {'200': {description: ok, content: {application/json: {schema: {$ref: '#/components/schemas/Tree'}}}}}}}
              /loops: {get: {responses: {'200': {description: ok, content: {application/json: {schema: {$ref: '#/components/schemas/Loop/properties/inner'}}}}}}}
              /leaves: {get: {responses: {'200': {description: ok, content: {application/json: {schema: {$ref: '#/components/schemas/Tree/properties/node/properties/leaf'}}}}}}}
            components:
              schemas:
                Tree:
                  type: object
                  properties:
                    node:
                      type: object
                      properties:
                        leaf: {type: object, properties: {name: {type: string}, size: {type: integer}}}
                        children: {type: array, items: {$ref: '#/components/schemas/Tree/properties/node'}}
                Loop:
                  type: object
                  properties:
                    inner: {type: object, properties: {deeper: {allOf: [{$ref: '#/components/schemas/Loop/properties/inner/properties/deeper'}]}}}
            """
        documents += [("refusals", OperationRefusalTests.text), ("broken", broken), ("unused", unused), ("nested", nested)]
        return try documents.map { name, yaml in
            (name, JSONWriter.pretty(try Contract.document(yaml, path: "\(name).yaml")))
        }
    }

    /// What a contract compiles to, refuses and reports, in order.
    static func summary(_ contract: CompiledContract) -> [String] {
        contract.operations.map { "operation \($0.name)" }
            + contract.refused.flatMap { refusal in refusal.reasons.map { "refused \(refusal.operation ?? "-"): \($0)" } }
            + contract.invalidFindings.map { "invalid \($0.rule) \($0.pointer) \($0.line ?? -1) \($0.found)" }
            + contract.notices.map { "notice \($0)" }
            + ContractCoverage(api: "x", contract: contract).measures.flatMap { measure in measure.items.map { "item \($0.name)" } }
    }

    /// Each document compiled with its resources walked apart, and with them walked first (its title written `$id`,
    /// which its text then may declare: the same document otherwise, line for line).
    @Test func apartAndFirstAgree() throws {
        for (name, json) in try Self.documents() {
            let first = json.replacingOccurrences(of: "\"title\": \"", with: "\"title\": \"$id\", \"x-was\": \"")
            #expect(!(try Self.mayDeclare(json)), "\(name)")
            #expect(try Self.mayDeclare(first), "\(name)")
            let apart = Self.summary(try Contract.parse(json, path: "\(name).json").compiled)
            let walkedFirst = Self.summary(try Contract.parse(first, path: "\(name).json").compiled)
            #expect(apart == walkedFirst, "\(name): \(zip(apart, walkedFirst).filter { $0 != $1 }.prefix(3))")
            #expect(apart.count > 3, "\(name)")
        }
        // The broken `$ref`s are the contract's own errors either way, reached or not.
        for name in ["broken", "unused"] {
            let document = try #require(try Self.documents().first { $0.name == name })
            let contract = try Contract.parse(document.json, path: "\(name).json").compiled
            #expect(contract.invalidFindings.contains { $0.found.contains("points at nothing") && $0.line != nil }, "\(name)")
        }
    }
}
