import APICheckBreaking
import APICheckCommands
import APICheckContracts
import APICheckRecording
import Foundation
import TestSupport
import Testing

/// The four contracts written as OpenAPI 3.0.3 by an outside converter (Fixtures/openapi30, made by its
/// make-fixtures.sh), as JSON and as YAML, against their 3.1 originals: the same findings for every recording and for
/// each recording drifted four ways, the same coverage items, the same examples, and no change `breaking` would act on.
@Suite("OpenAPI 3.0 documents read as their 3.1 originals")
struct OpenAPI30ReadingTests {
    static let fixtures = repositoryRoot.appendingPathComponent("Tests/APICheckContractsTests/Fixtures/openapi30")

    static func original(_ api: String) -> String { repositoryRoot.appendingPathComponent("contracts/\(api).openapi.yaml").path }

    /// Every recording of `api` (tests, scenarios, examples), by name.
    static func recordings(_ api: String) throws -> [(name: String, recording: Recording)] {
        var result: [(String, Recording)] = []
        for kind in ["tests", "scenarios", "examples"] {
            let folder = repositoryRoot.appendingPathComponent("recordings/\(api)/\(kind)")
            for name in try FileManager.default.contentsOfDirectory(atPath: folder.path).filter({ $0.hasSuffix(".json") }).sorted() {
                result.append(("\(kind)/\(name)", try Recording.load(from: folder.appendingPathComponent(name))))
            }
        }
        return result
    }

    /// A finding as the user sees it, but for its file; its place in the recording (which gives its line) included.
    static func seen(_ finding: Finding) -> String {
        "\(finding.severity) \(finding.rule) \(finding.operation) \(finding.status.map(String.init) ?? "-") \(finding.side) \(finding.pointer) expected \(finding.expected) found \(finding.found) x\(finding.count) at \(finding.sourcePointer ?? "-")"
    }

    /// Drifts of a body: every string a number, every number a string, every null a string, every object missing its
    /// first key and holding one it should not. Each breaks something most schemas say.
    static func drifted(_ value: JSONValue, _ kind: Int) -> JSONValue {
        switch value {
        case .string where kind == 0: return .number(JSONNumber(literal: "7"))
        case .number where kind == 1: return .string("7")
        case .null where kind == 2: return .string("not null")
        case .array(let items): return .array(items.map { drifted($0, kind) })
        case .object(let object):
            var members = object.members.map { JSONObject.Member(key: $0.key, value: drifted($0.value, kind)) }
            if kind == 3 {
                if !members.isEmpty { members.removeFirst() }
                members.append(.init(key: "unexpectedKey", value: .bool(true)))
            }
            return .object(JSONObject(members))
        default: return value
        }
    }

    static func drifted(_ recording: Recording, _ kind: Int) -> Recording {
        var copy = recording
        for index in copy.interactions.indices {
            if case .json(let body)? = copy.interactions[index].response.body {
                copy.interactions[index].response.body = .json(drifted(body, kind))
            }
            if case .json(let body)? = copy.interactions[index].request.body {
                copy.interactions[index].request.body = .json(drifted(body, kind))
            }
        }
        return copy
    }

    @Test(
        "every finding for every recording, as recorded and drifted four ways, is the 3.1 original's",
        arguments: ["todos", "github", "kakao", "lslp"], ["json", "yaml"])
    func findings(api: String, syntax: String) throws {
        let original = Verifier(contract: try Contract.load(Self.original(api)).compiled, options: .init(strict: true))
        let path = Self.fixtures.appendingPathComponent("\(api).openapi.\(syntax)").path
        let read = Verifier(contract: try Contract.load(path).compiled, options: .init(strict: true))
        var compared = 0
        for (name, recording) in try Self.recordings(api) {
            for kind in -1..<4 {
                let input = kind < 0 ? recording : Self.drifted(recording, kind)
                let expected = original.verify(input, file: name).map(Self.seen)
                let found = read.verify(input, file: name).map(Self.seen)
                #expect(found == expected, "\(api) \(syntax) \(name) drift \(kind)")
                compared += expected.count
            }
        }
        // The drifts break something: the comparison is of findings, not of two empty lists.
        #expect(compared > 100)
    }

    @Test("coverage items and examples are the 3.1 original's", arguments: ["todos", "github", "kakao", "lslp"])
    func coverageAndExamples(api: String) throws {
        let original = try Contract.load(Self.original(api)).compiled
        let read = try Contract.load(Self.fixtures.appendingPathComponent("\(api).openapi.json").path).compiled
        var (tallyA, tallyB) = (CoverageTally(), CoverageTally())
        for (_, recording) in try Self.recordings(api) {
            for interaction in recording.interactions {
                tallyA.add(interaction, contract: original)
                tallyB.add(interaction, contract: read)
            }
        }
        let a = ContractCoverage(api: api, contract: original, tally: tallyA)
        let b = ContractCoverage(api: api, contract: read, tally: tallyB)
        #expect(CoverageDifferentialTests.flags(b) == CoverageDifferentialTests.flags(a))
        #expect(a.measures.flatMap(\.items).count > 20)
        let written = ExampleGenerator(contract: original).generate()
        let again = ExampleGenerator(contract: read).generate()
        #expect(again.examples.map(\.interaction) == written.examples.map(\.interaction))
        #expect(again.skipped.map(\.description) == written.skipped.map(\.description))
        #expect(written.examples.count > 10)
    }

    @Test(
        "breaking finds nothing between an original and its 3.0 form but the examples the converter dropped",
        arguments: ["todos", "github", "kakao", "lslp"])
    func breakingSeesNoChange(api: String) throws {
        for syntax in ["json", "yaml"] {
            let path = Self.fixtures.appendingPathComponent("\(api).openapi.\(syntax)").path
            let changes = ContractDiff.compare(try ContractVersion.load(Self.original(api)), try ContractVersion.load(path))
            // openapi-downgrade writes a schema's `examples` as `example` (its first value): documentation only. It
            // writes `contentMediaType: image/*` as `format: binary`, any bytes, which 3.0 has no other way to say on a
            // schema: a request file part that accepts more.
            let other = changes.filter {
                $0.rule != .breakingDocumentation
                    && !($0.rule == .breakingRequestConstraintLoosened
                        && $0.message == "contentMediaType: image/* -> application/octet-stream")
            }
            #expect(other.isEmpty, "\(api) \(syntax): \(other.map(\.message))")
            #expect(changes.allSatisfy { $0.new?.file == path && $0.new?.line != nil })
        }
    }
}
