import APICheckCommands
import APICheckContracts
import APICheckRecording
import ContractTestSupport
import Foundation
import Testing

/// `ContractCoverage`: what a contract declares, and what interactions exercise of it.
@Suite("Contract coverage")
struct ContractCoverageTests {
    @Test(
        "the items come from the contract: operations, response keys, fields through allOf, $ref and arrays (a recursive schema once, where it is declared), enum values"
    )
    func items() throws {
        let coverage = ContractCoverage(api: "things", contract: try ThingsContract.compiled())
        #expect(coverage.measures.map(\.name) == ["operations", "statuses", "fields", "enum values"])
        #expect(coverage.measures[0].items.map(\.name) == ["GET /things", "DELETE /things/{id}"])
        #expect(coverage.measures[1].items.map(\.name) == ["GET /things 200", "GET /things 4XX", "DELETE /things/{id} 204"])
        #expect(
            coverage.measures[2].items.map(\.name) == [
                "GET /things 200 /data", "GET /things 200 /data/*/id", "GET /things 200 /data/*/state", "GET /things 200 /data/*/owner",
                "#/components/schemas/Owner /name", "#/components/schemas/Owner /boss", "GET /things 200 /next",
                "GET /things 4XX /message",
            ])
        #expect(
            coverage.measures[3].items.map(\.name) == [
                #"GET /things 200 /data/*/state "open""#, #"GET /things 200 /data/*/state "closed""#,
                #"GET /things 200 /data/*/state "archived""#,
            ])
        #expect(coverage.measures.allSatisfy { $0.covered == 0 })
        #expect(coverage.measures[0].percent == 0)
    }

    @Test("interactions mark what they exercise: the operation, the response key (a range too), keys present (null counts), values seen")
    func exercised() throws {
        let contract = try ThingsContract.compiled()
        var coverage = ContractCoverage(api: "things", contract: contract)
        let recording = Recording(
            api: "things", name: "r", recordedAt: "2026-01-01T00:00:00Z", recordedFrom: "https://things.invalid",
            interactions: [
                jsonInteraction(
                    "GET", "/things?page=2", status: 200,
                    body: ["data": [["id": 1, "state": "open"], ["id": 2, "state": "closed", "owner": ["name": "kim"]]], "next": .null]),
                jsonInteraction("GET", "/things", status: 404, body: ["error": "gone"]),
                jsonInteraction("GET", "/elsewhere", status: 200),
            ])
        coverage.add(recording, contract: contract)
        #expect(coverage.recordings == 1 && coverage.interactions == 3)
        #expect(coverage.measures[0].missing.map(\.name) == ["DELETE /things/{id}"])
        #expect(coverage.measures[1].missing.map(\.name) == ["DELETE /things/{id} 204"])
        #expect(coverage.measures[2].missing.map(\.name) == ["#/components/schemas/Owner /boss", "GET /things 4XX /message"])
        #expect(coverage.measures[3].missing.map(\.name) == [#"GET /things 200 /data/*/state "archived""#])
        #expect(coverage.line == "operations 1/2 (50.0%), statuses 2/3 (66.7%), fields 6/8 (75.0%), enum values 2/3 (66.7%)")
        #expect(coverage.below(["operations": 50, "fields": 80]).map(\.measure.name) == ["fields"])
    }

    /// A description of `count` schemas that each refer to every other one (as a vendor's do, through expandable
    /// fields), used by two operations.
    static func meshText(_ count: Int) -> String {
        let schemas = (0..<count).map { number in
            let links = (0..<count).map { "link\($0): { $ref: \"#/components/schemas/S\($0)\" }" }.joined(separator: ", ")
            return "    S\(number): { type: object, properties: { id: { type: string }, state: { enum: [a, b] }, \(links) } }"
        }
        return """
            openapi: 3.1.0
            info: { title: mesh, version: "1" }
            paths:
              /a:
                get:
                  responses:
                    "200": { description: a, content: { application/json: { schema: { $ref: "#/components/schemas/S0" } } } }
              /b:
                get:
                  responses:
                    "200": { description: b, content: { application/json: { schema: { type: array, items: { $ref: "#/components/schemas/S1" } } } } }
            components:
              schemas:
            \(schemas.joined(separator: "\n"))
            """
    }

    @Test("a schema several responses share, and schemas that refer to each other, count each field once where it is declared")
    func sharedOnce() throws {
        let contract = try Contract.parse(Self.meshText(12), path: "mesh.yaml").compiled
        var coverage = ContractCoverage(api: "mesh", contract: contract)
        // Every path through twelve schemas that all refer to each other was counted before: past a billion.
        #expect(coverage.measures[2].items.count == 12 * 14)
        #expect(coverage.measures[3].items.count == 12 * 2)
        #expect(coverage.measures[2].items.first?.name == "#/components/schemas/S0 /id")
        #expect(coverage.measures[2].items.allSatisfy { $0.place.hasPrefix("#/components/schemas/S") })
        // A field of S3 reached from /b's list, three links down, is exercised where S3 declares it.
        let recording = Recording(
            api: "mesh", name: "r", recordedAt: "2026-01-01T00:00:00Z", recordedFrom: "https://mesh.invalid",
            interactions: [
                jsonInteraction("GET", "/b", status: 200, body: [["link2": ["link3": ["id": "x", "state": "b"]]]])
            ])
        coverage.add(recording, contract: contract)
        #expect(
            coverage.measures[2].items.filter(\.exercised).map(\.name) == [
                "#/components/schemas/S1 /link2", "#/components/schemas/S2 /link3", "#/components/schemas/S3 /id",
                "#/components/schemas/S3 /state",
            ])
        #expect(coverage.measures[3].items.filter(\.exercised).map(\.name) == [#"#/components/schemas/S3 /state "b""#])
    }

    @Test(
        "enum values read into one place from several schemas: each value once, in the order first declared, past the few compared one by one"
    )
    func enumValuesOnce() throws {
        let first = (0..<20).map { "v\($0)" }
        let second = ["v18", "v19", "v0"] + (0..<10).map { "w\($0)" }
        let third = ["w9", "v5", "x0"]
        let state = [first, second, third].map { "{ enum: [\($0.joined(separator: ", "))] }" }.joined(separator: ", ")
        let schema = "{ type: object, properties: { state: { allOf: [\(state)] } } }"
        let text = """
            openapi: 3.1.0
            info: { title: enums, version: "1" }
            paths: { /e: { get: { responses: { "200": { description: ok, content: { application/json: { schema: \(schema) } } } } } } }
            """
        let coverage = ContractCoverage(api: "enums", contract: try Contract.parse(text, path: "enums.yaml").compiled)
        let expected = first + (0..<10).map { "w\($0)" } + ["x0"]
        #expect(coverage.measures[3].items.map(\.name) == expected.map { #"GET /e 200 /state ""# + $0 + #"""# })
    }

    @Test("a contract example (recorded_from: contract) is not counted")
    func examplesIgnored() throws {
        let contract = try ThingsContract.compiled()
        var coverage = ContractCoverage(api: "things", contract: contract)
        coverage.add(
            Recording(
                api: "things", name: "examples/x", recordedAt: ExampleGenerator.recordedAt, recordedFrom: ExampleGenerator.recordedFrom,
                interactions: [
                    jsonInteraction("DELETE", "/things/1", status: 204)
                ]), contract: contract)
        #expect(coverage.recordings == 0)
        #expect(coverage.measures.allSatisfy { $0.covered == 0 })
    }

    @Test("--min: a bare percentage for every measure, MEASURE=PERCENT for one; anything else is refused")
    func minimums() throws {
        #expect(try ContractCoverage.minimums(["60"]) == ["operations": 60, "statuses": 60, "fields": 60, "enum values": 60])
        #expect(
            try ContractCoverage.minimums(["50", "operations=100", "enum-values=10%"]) == [
                "operations": 100, "statuses": 50, "fields": 50, "enum values": 10,
            ])
        #expect(try ContractCoverage.minimums(["statuses=25"]) == ["statuses": 25])
        #expect(try ContractCoverage.minimums([]).isEmpty)
        for bad in ["101", "-1", "x", "bogus=5", "fields=", "fields=200"] {
            #expect(throws: ConfigurationError.self, "\(bad)") { try ContractCoverage.minimums([bad]) }
        }
    }
}
