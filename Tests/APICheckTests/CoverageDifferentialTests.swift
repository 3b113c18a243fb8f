import APICheck
import Foundation
import Testing
import WireFormat

/// The counting `verify` and `diff` use (bits set along the contract's field trees) against the string form kept for
/// the public API (`ContractCoverage.hits` + `mark`): the same items exercised, interaction by interaction, for every
/// recording and contract example of the four APIs, and for the edge cases of the test contract.
@Suite("Coverage: bits and strings agree")
struct CoverageDifferentialTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Each item's name and whether it is exercised, in order.
    static func flags(_ coverage: ContractCoverage) -> [String] {
        coverage.measures.flatMap { measure in measure.items.map { "\($0.exercised ? "+" : "-") \(measure.name) \($0.name)" } }
    }

    static func expectAgree(_ interactions: [Interaction], contract: CompiledContract, context: String) {
        var tally = CoverageTally()
        var strings = ContractCoverage(api: "x", contract: contract)
        for interaction in interactions {
            tally.add(interaction, contract: contract)
            strings.mark(ContractCoverage.hits(of: interaction, in: contract))
        }
        let bits = ContractCoverage(api: "x", contract: contract, tally: tally)
        let (a, b) = (flags(bits), flags(strings))
        #expect(a == b, "\(context): \(zip(a, b).filter { $0 != $1 }.prefix(5))")
        // The public `keys` is made from the bits: one key per item exercised.
        #expect(tally.keys.count == bits.measures.flatMap(\.items).filter(\.exercised).count)
    }

    @Test("every recording and example of the four APIs marks the same items both ways", arguments: ["todos", "github", "kakao", "lslp"])
    func fourAPIs(api: String) throws {
        let contract = try Contract.load(Self.root.appendingPathComponent("contracts/\(api).openapi.yaml").path).compiled
        var count = 0
        for kind in ["tests", "scenarios", "examples"] {
            let folder = Self.root.appendingPathComponent("recordings/\(api)/\(kind)")
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
        let contract = try ContractCoverageTests.contract()
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
                [ContractCoverageTests.interaction("GET", "/things", status: 200, body: body)], contract: contract,
                context: "case \(position)")
        }
        let form = Interaction(
            request: RecordedRequest(method: "GET", url: "/things"),
            response: RecordedResponse(
                status: 200, headers: HeaderFields([("Content-Type", "application/x-www-form-urlencoded")]),
                body: .form(fields: [FormField("next", "x"), FormField("data", "y")], raw: "next=x&data=y"))
        )
        Self.expectAgree(
            [form, ContractCoverageTests.interaction("DELETE", "/things/3", status: 204)], contract: contract, context: "form and 204")
    }
}
