import Foundation
import TestSupport
import Testing

@Suite("apicheck examples", timeLimit(minutes: 5))
struct ExamplesCommandTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// A project of its own: the todo contract and an empty recordings folder.
    static func project() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("apicheck-examples-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("contracts"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("recordings/todos"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: root.appendingPathComponent("contracts/todos.openapi.yaml"),
            to: folder.appendingPathComponent("contracts/todos.openapi.yaml"))
        try Data(
            """
            version: 1
            apis:
              todos:
                contract: contracts/todos.openapi.yaml
                recordings: recordings/todos
                base_url: https://todos.invalid
            """.utf8
        ).write(to: folder.appendingPathComponent("apicheck.yml"))
        return folder
    }

    @Test("writes one recording per operation and response under recordings/<api>/examples, which verify passes; a rerun changes nothing")
    func writesAndVerifies() async throws {
        let project = try Self.project()
        defer { try? FileManager.default.removeItem(at: project) }
        let first = try await CLIRunner.run(["examples", "--api", "todos"], currentDirectory: project)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout.contains("created recordings/todos/examples/get-api-v2-todos-id.200.json"), "\(first.stdout)")
        #expect(first.stderr.contains("examples of todos in 21 recordings"), "\(first.stderr)")
        let verify = try await CLIRunner.run(["verify", "--strict"], currentDirectory: project)
        #expect(verify.status == 0, "\(verify.stdout)\(verify.stderr)")
        #expect(verify.stderr.contains("verified 21 recordings"), "\(verify.stderr)")
        let again = try await CLIRunner.run(["examples", "--api", "todos"], currentDirectory: project)
        #expect(again.status == 0)
        #expect(!again.stdout.contains("created") && !again.stdout.contains("updated"), "\(again.stdout)")
    }

    @Test("a whole run removes example files the contract no longer has, never a recording")
    func removesOnlyStaleExamples() async throws {
        let project = try Self.project()
        defer { try? FileManager.default.removeItem(at: project) }
        let examples = project.appendingPathComponent("recordings/todos/examples")
        #expect(try await CLIRunner.run(["examples", "--api", "todos"], currentDirectory: project).status == 0)
        // An example of an operation the contract no longer has, and a real recording someone put beside them.
        let stale = examples.appendingPathComponent("get-api-v1-gone.200.json")
        try FileManager.default.copyItem(at: examples.appendingPathComponent("get-api-v2-todos-id.200.json"), to: stale)
        let real = examples.appendingPathComponent("hand-made.json")
        let recorded = try String(contentsOf: examples.appendingPathComponent("get-api-v2-todos-id.404.json"), encoding: .utf8)
            .replacingOccurrences(of: #""recorded_from": "contract""#, with: #""recorded_from": "https://todos.invalid""#)
        try Data(recorded.utf8).write(to: real)
        let result = try await CLIRunner.run(["examples", "--api", "todos"], currentDirectory: project)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("removed recordings/todos/examples/get-api-v1-gone.200.json"), "\(result.stdout)")
        #expect(!FileManager.default.fileExists(atPath: stale.path))
        #expect(FileManager.default.fileExists(atPath: real.path))
    }

    @Test("infer ignores examples: they come from the contract")
    func inferIgnoresExamples() async throws {
        let project = try Self.project()
        defer { try? FileManager.default.removeItem(at: project) }
        #expect(try await CLIRunner.run(["examples", "--api", "todos"], currentDirectory: project).status == 0)
        let infer = try await CLIRunner.run(["infer", "--api", "todos"], currentDirectory: project)
        #expect(infer.status == 2)
        #expect(infer.stderr.contains("no recordings under"), "\(infer.stderr)")
    }

    @Test("an unknown operation is refused with the operations the contract has; nothing is written")
    func unknownOperation() async throws {
        let project = try Self.project()
        defer { try? FileManager.default.removeItem(at: project) }
        let result = try await CLIRunner.run(["examples", "--api", "todos", "--operation", "GET /api/v2/nope"], currentDirectory: project)
        #expect(result.status == 2)
        #expect(result.stderr.contains("no operation \"GET /api/v2/nope\""), "\(result.stderr)")
        #expect(result.stderr.contains("GET /api/v2/todos/{id}"))
        #expect(!FileManager.default.fileExists(atPath: project.appendingPathComponent("recordings/todos/examples").path))
        let one = try await CLIRunner.run(
            ["examples", "--api", "todos", "--operation", "get /api/v2/todos/{id}"], currentDirectory: project)
        #expect(one.status == 0, "\(one.stderr)")
        let written = try FileManager.default.contentsOfDirectory(atPath: project.appendingPathComponent("recordings/todos/examples").path)
            .sorted()
        #expect(written == ["get-api-v2-todos-id.200.json", "get-api-v2-todos-id.404.json"])
    }

    @Test("a refused operation asked for by name says why it has no examples; the others are written as before")
    func refusedOperation() async throws {
        let project = try Self.project()
        defer { try? FileManager.default.removeItem(at: project) }
        // The single todo's response schema gets a keyword apicheck does not check: the operations that answer with it are
        // refused.
        let contract = project.appendingPathComponent("contracts/todos.openapi.yaml")
        let text = try String(contentsOf: contract, encoding: .utf8).replacingOccurrences(
            of: "            $ref: \"#/components/schemas/TodoSingle\"\n",
            with: "            $ref: \"#/components/schemas/TodoSingle\"\n            $recursiveAnchor: true\n")
        try text.write(to: contract, atomically: true, encoding: .utf8)
        let result = try await CLIRunner.run(
            ["examples", "--api", "todos", "--operation", "get /api/v2/todos/{id}"], currentDirectory: project)
        #expect(result.status == 2)
        #expect(result.stderr.contains("GET /api/v2/todos/{id} is refused, so no example of it is written"), "\(result.stderr)")
        #expect(result.stderr.contains("$recursiveAnchor (draft 2019-09) is not enforced"), "\(result.stderr)")
        let list = try await CLIRunner.run(["examples", "--api", "todos", "--operation", "GET /api/v2/todos"], currentDirectory: project)
        #expect(list.status == 0, "\(list.stderr)")
    }

    @Test("what cannot be written is one line each, a oneOf whose branches overlap a warning at the contract, and the exit status 0")
    func limitsAreNotFindings() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("apicheck-examples-limits-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("recordings"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: Self.root.appendingPathComponent(
                "Tests/APICheckContractsTests/Fixtures/generators/springdoc-pageable-and-sealed-oneof.yaml"),
            to: folder.appendingPathComponent("springdoc.yaml"))
        try Data(
            "version: 1\napis:\n  pets:\n    contract: springdoc.yaml\n    recordings: recordings\n    base_url: https://pets.invalid\n"
                .utf8
        ).write(to: folder.appendingPathComponent("apicheck.yml"))
        let run = try await CLIRunner.run(["examples", "--api", "pets"], currentDirectory: folder)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("springdoc.yaml: warning: GET /pets 200: oneOf at /: its branches overlap"), "\(run.stderr)")
        #expect(
            run.stderr.contains("apicheck examples: info: not written: GET /pets 200 (maximal): its oneOf at / has overlapping branches"))
        #expect(run.stderr.contains("not written"), "\(run.stderr)")
        #expect(run.stdout.contains("created recordings/examples/get-owners.200.json"), "\(run.stdout)")
    }
}
