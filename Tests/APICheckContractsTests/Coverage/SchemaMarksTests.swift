import APICheckRecording
import Testing

@testable import APICheckContracts
@testable import APICheckJSONSchema

/// `SchemaMarks`: the coverage index's table of schemas by identity (how often each is reached, the root it is read
/// into on its own), an open-addressing table that grows as it fills.
@Suite("Coverage: schemas marked by identity")
struct SchemaMarksTests {
    @Test("thousands of schemas: each one's count and root kept apart, through every growth of the table")
    func manySchemas() {
        let schemas = (0..<5_000).map { CompiledSchema(location: JSONPointer(tokens: ["s\($0)"]), CompiledSchema.Parts()) }
        var marks = SchemaMarks()
        var firsts = 0
        for (index, schema) in schemas.enumerated() {
            for _ in 0...(index % 7) where marks.reach(schema) { firsts += 1 }
        }
        // The first reach of each, and only that, says so.
        #expect(firsts == schemas.count)
        for (index, schema) in schemas.enumerated() where index % 3 == 0 { marks.setRoot(index * 2, of: schema) }
        for (index, schema) in schemas.enumerated() {
            let (count, root) = marks.marks(of: schema)
            #expect(count == index % 7 + 1, "schema \(index)")
            #expect(root == (index % 3 == 0 ? index * 2 : nil), "schema \(index)")
        }
        // A schema never reached: no count, no root; given a root, it is kept (and counts nothing).
        let other = CompiledSchema(location: .root, CompiledSchema.Parts())
        #expect(marks.marks(of: other).count == 0)
        #expect(marks.marks(of: other).root == nil)
        marks.setRoot(7, of: other)
        #expect(marks.marks(of: other).count == 0)
        #expect(marks.marks(of: other).root == 7)
        #expect(marks.marks(of: schemas[4_999]).count == 4_999 % 7 + 1)
    }

    @Test("eighty schemas that all refer to each other: every field counted once, where its schema declares it")
    func meshOfEighty() throws {
        let contract = try Contract.parse(ContractCoverageTests.meshText(80), path: "mesh.yaml").compiled
        let coverage = ContractCoverage(api: "mesh", contract: contract)
        // Each declares `id`, `state` and a link to each of the eighty.
        #expect(coverage.measures[2].items.count == 80 * 82)
        #expect(Set(coverage.measures[2].items.map(\.name)).count == 80 * 82)
        #expect(coverage.measures[2].items.allSatisfy { $0.place.hasPrefix("#/components/schemas/S") })
        #expect(coverage.measures[3].items.count == 80 * 2)
    }
}
