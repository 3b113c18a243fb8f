import APICheckContracts
import APICheckJSONSchema
import APICheckRecording
import ContractTestSupport
import Foundation
import TestSupport
import Testing
import WireFormat

/// The counting `verify` and `diff` use (bits set along the contract's field graph, ``CoverageTally``) against a walk of
/// each body alongside the contract's own schemas, which notes every declaration it meets: an item is exercised when
/// one of the places it is declared is. The same items, interaction by interaction, for every recording and contract
/// example of the four APIs, and for the edge cases of the test contract.
@Suite("Coverage: the field graph and the schemas agree")
struct CoverageDifferentialTests {

    /// Each item's name and whether it is exercised, in order.
    static func flags(_ coverage: ContractCoverage) -> [String] {
        coverage.measures.flatMap { measure in measure.items.map { "\($0.exercised ? "+" : "-") \(measure.name) \($0.name)" } }
    }

    static func expectAgree(_ interactions: [Interaction], contract: CompiledContract, context: String) {
        var tally = CoverageTally()
        var names: Set<String> = []
        var declarations: Set<String> = []
        for interaction in interactions {
            tally.add(interaction, contract: contract)
            guard let (operation, _) = contract.operation(method: interaction.request.method, path: interaction.request.path) else {
                continue
            }
            names.insert(operation.name)
            guard let (key, response) = operation.response(for: interaction.response.status) else { continue }
            names.insert("\(operation.name) \(key)")
            let schemas = response.content.values.compactMap(\.schema)
            switch interaction.response.body {
            case .json(let value): walk(value, schemas, into: &declarations)
            case .form(let fields, _):
                let object = JSONObject(fields.map { JSONObject.Member(key: $0.name, value: .string($0.value)) })
                walk(.object(object), schemas, into: &declarations)
            default: break
            }
        }
        let bits = ContractCoverage(api: "x", contract: contract, tally: tally)
        let walked = bits.measures.enumerated().flatMap { number, measure in
            measure.items.map { item in
                let exercised = number < 2 ? names.contains(item.name) : item.declared.contains(where: declarations.contains)
                return "\(exercised ? "+" : "-") \(measure.name) \(item.name)"
            }
        }
        let (a, b) = (flags(bits), walked)
        #expect(a == b, "\(context): \(zip(a, b).filter { $0 != $1 }.prefix(5))")
        #expect(bits.measures[2].items.allSatisfy { !$0.declared.isEmpty })
        // The public `keys` is made from the bits: one key per item exercised.
        #expect(tally.keys.count == bits.measures.flatMap(\.items).filter(\.exercised).count)
    }

    /// Notes in `found` every declaration `value` meets along `schemas`: `<location>/properties/<name>` for each member
    /// a schema declares (through allOf, anyOf, oneOf and `$ref`; every element along `prefixItems` and `items`), and
    /// `<location>` NUL `<value>` for a scalar one of its enum values equals.
    static func walk(_ value: JSONValue, _ schemas: [CompiledSchema], into found: inout Set<String>) {
        var all: [CompiledSchema] = []
        var seen: Set<ObjectIdentifier> = []
        var queue = schemas
        while let schema = queue.popLast() {
            guard seen.insert(ObjectIdentifier(schema)).inserted else { continue }
            all.append(schema)
            queue += schema.allOf + schema.anyOf + schema.oneOf + [schema.reference?.target].compactMap { $0 }
        }
        switch value {
        case .object(let object):
            for member in object {
                var next: [CompiledSchema] = []
                for schema in all {
                    guard let position = schema.propertyNames.firstIndex(of: member.key) else { continue }
                    found.insert(schema.location + "/properties/" + JSONPointer.escape(member.key))
                    next.append(schema.propertySchemas[position])
                }
                if !next.isEmpty { walk(member.value, next, into: &found) }
            }
        case .array(let elements):
            let next = all.flatMap { $0.prefixItems + [$0.items].compactMap { $0 } }
            for element in elements where !next.isEmpty { walk(element, next, into: &found) }
        default:
            let text = JSONWriter.compact(value)
            for schema in all where schema.enumValues?.contains(where: { JSONWriter.compact($0) == text }) == true {
                found.insert(schema.location + "\u{0}" + text)
            }
        }
    }

    @Test("every recording and example of the four APIs marks the same items both ways", arguments: ["todos", "github", "kakao", "lslp"])
    func fourAPIs(api: String) throws {
        let contract = try Contract.load(repositoryRoot.appendingPathComponent("contracts/\(api).openapi.yaml").path).compiled
        var count = 0
        for kind in ["tests", "scenarios", "examples"] {
            let folder = repositoryRoot.appendingPathComponent("recordings/\(api)/\(kind)")
            for name in try FileManager.default.contentsOfDirectory(atPath: folder.path).filter({ $0.hasSuffix(".json") }).sorted() {
                let recording = try Recording.load(from: folder.appendingPathComponent(name))
                Self.expectAgree(recording.interactions, contract: contract, context: "\(api)/\(kind)/\(name)")
                count += recording.interactions.count
            }
        }
        #expect(count > 50)
    }

    @Test("the edge cases: enum values at the root and in arrays, numbers written two ways, form bodies, undeclared keys, null")
    func edgeCases() throws {
        let contract = try ThingsContract.compiled()
        let cases: [JSONValue] = [
            try JSONReader.parse(
                #"{"data":[{"id":1,"state":"open","owner":{"name":"a","boss":{"name":"b"}}},{"state":"closed","extra":{"id":2}}],"next":null}"#
            ),
            try JSONReader.parse(#"{"data":[],"next":"x","unknown":[1,2]}"#),
            try JSONReader.parse(#"[{"state":"archived"}]"#),
            try JSONReader.parse(#"{"data":{"state":"open"}}"#),
        ]
        for (position, body) in cases.enumerated() {
            Self.expectAgree(
                [jsonInteraction("GET", "/things", status: 200, body: body)], contract: contract,
                context: "case \(position)")
        }
        let form = Interaction(
            request: RecordedRequest(method: "GET", url: "/things"),
            response: RecordedResponse(
                status: 200, headers: HeaderFields([("Content-Type", "application/x-www-form-urlencoded")]),
                body: .form(fields: [FormField("next", "x"), FormField("data", "y")], raw: "next=x&data=y"))
        )
        Self.expectAgree(
            [form, jsonInteraction("DELETE", "/things/3", status: 204)], contract: contract, context: "form and 204")
    }
}
