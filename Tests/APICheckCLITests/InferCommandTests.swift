import Foundation
import TestSupport
import Testing

@Suite("apicheck infer", timeLimit(minutes: 5))
struct InferCommandTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test("writes the inferred contract, prints the diff, exits 0")
    func writesContractAndDiff() async throws {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("inferred-\(UUID().uuidString).yaml")
        defer { try? FileManager.default.removeItem(at: output) }
        let result = try await CLIRunner.run(["infer", "--api", "todos", "--output", output.path], currentDirectory: Self.root)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("--- contracts/todos.openapi.yaml\n+++ todos (inferred)\n"))
        #expect(try String(contentsOf: output, encoding: .utf8).contains("openapi: 3.1.0"))
    }

    @Test("never overwrites the hand-written contract")
    func refusesToOverwrite() async throws {
        let contract = Self.root.appendingPathComponent("contracts/todos.openapi.yaml")
        let before = try Data(contentsOf: contract)
        let result = try await CLIRunner.run(
            ["infer", "--api", "todos", "--output", "contracts/todos.openapi.yaml"], currentDirectory: Self.root)
        #expect(result.status == 2)
        #expect(result.stderr.contains("infer never overwrites it"))
        #expect(try Data(contentsOf: contract) == before)
    }
}
