import APICheckCommands
import APICheckContracts
import APICheckRecording
import Foundation
import Testing

/// Numbers at their edges and documents built to hurt (deep nesting, long `$ref` cycles, huge enums): loading,
/// `apicheck examples` and `apicheck coverage` never crash on them, and every example written verifies clean.
@Suite("Hostile documents and numbers at their edges")
struct HostileDocumentTests {
    /// Generates every example of `contract`, checks each written one verifies clean (strict), measures coverage; the
    /// examples written and the reasons of those skipped.
    static func exercise(_ contract: CompiledContract) -> (written: [ExampleGenerator.Example], skipped: [String]) {
        let output = ExampleGenerator(contract: contract).generate()
        let verifier = Verifier(contract: contract, options: .init(strict: true))
        for example in output.examples {
            let findings = verifier.verify(example.interaction).filter { $0.severity == .error }
            #expect(findings.isEmpty, "\(example.operation) \(example.variant): \(findings.map(\.compilerLine))")
        }
        var tally = CoverageTally()
        for example in output.examples { tally.add(example.interaction, contract: contract) }
        let coverage = ContractCoverage(api: "hostile", contract: contract, tally: tally)
        for measure in coverage.measures { #expect(measure.covered <= measure.total) }
        return (output.examples, output.skipped.map(\.description))
    }

    @Test("drf-spectacular's 64-bit bounds, 1e308, multipleOf 1e-9, integers written as 1.0: examples written, none crash")
    func numbersAtTheEdges() throws {
        let path = GeneratorFixtureTests.folder.appendingPathComponent("drf-spectacular-64-bit-integers.yaml").path
        let contract = try Contract.load(path).compiled
        let (written, skipped) = Self.exercise(contract)
        #expect(!written.isEmpty)
        let body = try #require(written.first { $0.variant == "maximal" }?.interaction.response.body)
        guard case .json(let value) = body else { throw Failure("not JSON: \(body)") }
        #expect(value["top"]?.numberValue?.literal == "9223372036854775807")
        #expect(value["positive"].map(JSONWriter.compact).map { Int($0).map { $0 % 7 == 0 } ?? false } == true)
        #expect(value["bottom"]?.numberValue?.literal == "-9223372036854775808")
        #expect(value["whole"].map(JSONWriter.compact).map { ["2", "4", "6", "8", "10"].contains($0) } == true)
        // Only what cannot be an integer is left out, and said why.
        #expect(skipped.allSatisfy { $0.contains("no integer") || $0.contains("multipleOf") }, "\(skipped)")
    }

    /// A document with `levels` of nested objects at /deep, a cycle of `cycle` schemas at /cycle and an enum of 2,000
    /// values at /enum.
    static func hostile(levels: Int, cycle: Int) -> String {
        var nested = "{type: string}"
        for level in 0..<levels { nested = "{type: object, required: [n\(level)], properties: {n\(level): \(nested)}}" }
        var schemas = ""
        for index in 0..<cycle {
            schemas +=
                "    C\(index): {type: object, properties: {next: {$ref: '#/components/schemas/C\((index + 1) % cycle)'}, at: {type: integer}}}\n"
        }
        let values = (0..<2_000).map { "v\($0)" }.joined(separator: ", ")
        return """
            openapi: 3.1.0
            info: {title: hostile, version: '1'}
            paths:
              /deep:
                get:
                  responses:
                    '200': {description: ok, content: {application/json: {schema: \(nested)}}}
              /cycle:
                get:
                  responses:
                    '200': {description: ok, content: {application/json: {schema: {$ref: '#/components/schemas/C0'}}}}
              /enum:
                get:
                  responses:
                    '200': {description: ok, content: {application/json: {schema: {type: string, enum: [\(values)]}}}}
            components:
              schemas:
            \(schemas)
            """
    }

    @Test("60 levels of nested objects, a $ref cycle of 500 schemas, an enum of 2,000 values: loaded, examples written")
    func hostileShapes() throws {
        let contract = try Contract.parse(Self.hostile(levels: 60, cycle: 500), path: "hostile.yaml").compiled
        #expect(contract.refused.isEmpty, "\(contract.refused.map(\.reasonText))")
        let (written, skipped) = Self.exercise(contract)
        #expect(Set(written.map(\.operation)) == ["GET /deep", "GET /cycle", "GET /enum"], "\(skipped)")
        #expect(written.count(where: { $0.operation == "GET /enum" }) >= 2_000)
    }

    @Test("400 levels of nesting compile on their own stack; a $ref chain of 600 schemas is refused with why, never a stack overflow")
    func deeperThanChecked() throws {
        let contract = try Contract.parse(Self.hostile(levels: 400, cycle: 600), path: "hostile.yaml").compiled
        #expect(contract.refused.compactMap(\.operation) == ["GET /cycle"])
        #expect(contract.refused.first?.reason.message.hasPrefix("this schema is nested more than 1024 levels deep") == true)
        let (written, skipped) = Self.exercise(contract)
        #expect(Set(written.map(\.operation)) == ["GET /enum"])
        // Nesting past what the sampler writes (64 levels) is said, not crashed on.
        #expect(
            skipped.count == 1 && skipped[0].hasPrefix("GET /deep 200 (all)") && skipped[0].hasSuffix("or nesting that deep)"), "\(skipped)"
        )
        // Compiled where reached, on a verify job's thread, alike.
        let reached = try Contract.parse(Self.hostile(levels: 400, cycle: 600), path: "hostile.yaml", compiling: .whereReached(beyond: 0))
        #expect(reached.compiled.refusal(method: "GET", path: "/cycle") != nil)
        #expect(reached.compiled.operation(method: "GET", path: "/deep") != nil)
    }
}

private struct Failure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
