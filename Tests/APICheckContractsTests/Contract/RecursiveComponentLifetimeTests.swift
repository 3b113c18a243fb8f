import Testing

@testable import APICheckContracts
@testable import APICheckJSONSchema

/// A contract's recursive component is no reference cycle (the engine's side is `RecursiveSchemaLifetimeTests`):
/// dropped with its contract, kept by an operation held alone.
@Suite("Recursive components: freed with their contract, kept by an operation")
struct RecursiveComponentLifetimeTests {
    @Test("a dropped contract with a recursive component frees it, and an operation kept alone keeps it checked")
    func contractGraphLifetime() throws {
        let yaml = """
            openapi: 3.1.0
            info: {title: t, version: "1"}
            paths:
              /nodes:
                get:
                  responses:
                    "200":
                      description: a node
                      content:
                        application/json:
                          schema: {$ref: "#/components/schemas/Node"}
            components:
              schemas:
                Node:
                  type: object
                  properties:
                    next: {$ref: "#/components/schemas/Node"}
            """
        weak var node: CompiledSchema?
        var kept: CompiledContract.Operation?
        do {
            let contract = try Contract.parse(yaml, path: "recursive.yaml").compiled
            kept = contract.operations.first
            node = kept?.responses["200"]?.content["application/json"]?.schema
            #expect(contract.graph.recursionTargetCount == 1)
        }
        // The operation alone keeps the graph: the recursive property still leads back to the node.
        do {
            let operation = try #require(kept)
            let schema = try #require(operation.responses["200"]?.content["application/json"]?.schema)
            #expect(schema.property("next")?.reference?.target === schema)
            #expect(node != nil)
        }
        kept = nil
        // What loading left behind (the compiler's tables) is let go of on a thread of its own: once it has.
        ReleasedApart.drain()
        #expect(node == nil)
    }
}
