import APICheckRecording
import Testing

@testable import APICheckJSONSchema

/// A recursive `$ref` is no reference cycle: its compiled graph is checked at any depth while it is held, and freed
/// when it is not (held strongly, a schema and the `$ref` below it that leads back to it were never freed).
@Suite("Recursive schemas: checked at any depth while held, freed when dropped")
struct RecursiveSchemaLifetimeTests {
    /// Two definitions that refer to each other, compiled first as `$defs` (whose result nothing keeps); the root
    /// refers to `b`, so `a` is reached only through the recursive `$ref` below `b`.
    static let pair = """
        {"$defs": {"a": {"type": "object", "properties": {"b": {"$ref": "#/$defs/b"}}},
                   "b": {"type": "object", "properties": {"a": {"$ref": "#/$defs/a"}}}},
         "$ref": "#/$defs/b"}
        """
    /// The root itself, again in its items.
    static let tree = ##"{"type": "object", "properties": {"children": {"type": "array", "items": {"$ref": "#"}}}}"##

    @Test("the pair still checks four levels down, after its compiler is gone")
    func pairChecksAtDepth() throws {
        let schema = try StandaloneSchema(try JSONReader.parse(Self.pair))
        #expect(schema.problems(in: try JSONReader.parse(#"{"a": {"b": {"a": {"b": {}}}}}"#)).isEmpty)
        #expect(
            schema.problems(in: try JSONReader.parse(#"{"a": {"b": {"a": 5}}}"#)) == [
                "/a/b/a: expected an object, found an integer (5) [shape.type]"
            ])
        #expect(schema.graph.recursionTargetCount == 1)
    }

    @Test("a tree checks its children's children")
    func treeChecksAtDepth() throws {
        let schema = try StandaloneSchema(try JSONReader.parse(Self.tree))
        let value = try JSONReader.parse(#"{"children": [{"children": []}, {"children": [{"children": 3}]}]}"#)
        #expect(schema.problems(in: value) == ["/children/1/children/0/children: expected an array, found an integer (3) [shape.type]"])
    }

    @Test("a dropped schema frees every schema of its graph", arguments: [pair, tree])
    func droppedGraphIsFreed(_ text: String) throws {
        weak var root: CompiledSchema?
        weak var target: CompiledSchema?
        do {
            let schema = try StandaloneSchema(try JSONReader.parse(text))
            root = schema.root
            target = schema.root.reference?.target ?? schema.root
            #expect(schema.graph.recursionTargetCount == 1)
        }
        #expect(root == nil)
        #expect(target == nil)
    }
}
