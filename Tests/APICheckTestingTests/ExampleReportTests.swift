import APICheck
import APICheckReplay
import Foundation
import TestSupport
import Testing

@testable import APICheckReplayTesting
@testable import APICheckTesting

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What `apicheck breaking --examples` reads back from the `swift test` it starts: each checked example's result in
/// `APICHECK_EXAMPLE_REPORT`, and the examples read against the contract `APICHECK_CONTRACT_<API>` names.
@Suite("Contract examples report to apicheck breaking --examples", timeLimit(minutes: 5))
struct ExampleReportTests {
    struct Meta: Decodable {
        struct Fields: Decodable { let from: Int }
        let meta: Fields
    }

    @Test("with APICHECK_EXAMPLE_REPORT set, each checked example appends its operation, status, step and problems")
    func reportLines() async throws {
        let report = FileManager.default.temporaryDirectory.appendingPathComponent("apicheck-report-\(UUID().uuidString).jsonl")
        defer { try? FileManager.default.removeItem(at: report) }
        let examples = try ContractExample.load(api: "todos", operation: "GET /api/v2/todos", statuses: [200])
        let nullFrom = try #require(examples.first { $0.step == "null at /meta/from" })
        let other = try #require(examples.first { $0.step == "maximal" })
        var environment = ProcessInfo.processInfo.environment
        environment[ExampleEnvironment.report] = report.path
        try await TraitEnvironment.$override.withValue(environment) {
            for example in [nullFrom, other] {
                _ = await example.check { replay in
                    let (data, _) = try await replay.session.data(from: replay.baseURL.appendingPathComponent("api/v2/todos"))
                    return try JSONDecoder().decode(Meta.self, from: data)
                }
            }
            let lines = try String(contentsOf: report, encoding: .utf8).split(separator: "\n")
            #expect(lines.count == 2)
            let first = try JSONReader.parse(String(lines[0]))
            #expect(first["operation"]?.stringValue == "GET /api/v2/todos")
            #expect(first["step"]?.stringValue == "null at /meta/from")
            #expect(first["file"]?.stringValue == "recordings/todos/examples/get-api-v2-todos.200.json")
            guard case .array(let problems)? = first["problems"] else {
                Issue.record("no problems list")
                return
            }
            #expect(problems.first?.stringValue?.contains("at /meta/from") == true, "\(problems)")
            let second = try JSONReader.parse(String(lines[1]))
            #expect(second["problems"] == .array([]))
        }
    }

    @Test("examples that report at once each leave one whole line: 400 appends of 8 KB from parallel tasks")
    func parallelReportLinesStayWhole() async throws {
        let report = FileManager.default.temporaryDirectory.appendingPathComponent("apicheck-report-\(UUID().uuidString).jsonl")
        defer { try? FileManager.default.removeItem(at: report) }
        let example = try #require(try ContractExample.load(api: "todos", operation: "GET /api/v2/todos", statuses: [200]).first)
        var environment = ProcessInfo.processInfo.environment
        environment[ExampleEnvironment.report] = report.path
        let count = 400
        await TraitEnvironment.$override.withValue(environment) {
            await withTaskGroup(of: Void.self) { group in
                for index in 0..<count {
                    group.addTask {
                        // Long enough that a line written in pieces, or over another, would show.
                        ExampleReport.append(example, problems: ["\(index) " + String(repeating: "x", count: 8_192)])
                    }
                }
            }
        }
        let lines = try String(contentsOf: report, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(lines.count == count)
        var seen = Set<Int>()
        for line in lines {
            let problem = try JSONReader.parse(String(line))["problems"]?.arrayValue?.first?.stringValue ?? ""
            let index = try #require(Int(problem.prefix { $0 != " " }), "a line that is not one whole report: \(line.prefix(80))")
            #expect(problem.hasSuffix(" " + String(repeating: "x", count: 8_192)))
            seen.insert(index)
        }
        #expect(seen == Set(0..<count))
    }

    @Test("without it nothing is written; APICHECK_CONTRACT_TODOS names the contract the examples are read against")
    func contractOverride() async throws {
        let missing = FileManager.default.temporaryDirectory.appendingPathComponent("apicheck-no-such-\(UUID().uuidString).yaml")
        var environment = ProcessInfo.processInfo.environment
        environment[ExampleEnvironment.contractVariable(api: "todos")] = missing.path
        #expect(ExampleEnvironment.contractVariable(api: "my-api.v2") == "APICHECK_CONTRACT_MY_API_V2")
        TraitEnvironment.$override.withValue(environment) {
            let error = #expect(throws: ReplayError.self) { try ContractExample.load(api: "todos", operation: "GET /api/v2/todos") }
            #expect(error?.message.contains(missing.lastPathComponent) == true, "\(error?.message ?? "")")
        }
    }
}
