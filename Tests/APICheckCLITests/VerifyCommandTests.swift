import Foundation
import Testing

@Suite("apicheck verify")
struct VerifyCommandTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    func temporaryFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("apicheck-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    @Test("every committed recording verifies clean: exit 0, nothing on stdout")
    func committedRecordingsAreClean() async throws {
        let result = try await CLIRunner.run(["verify"], currentDirectory: Self.root)
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("verified 20 recordings"))
    }

    @Test("a drifted recording exits 1 with compiler-style lines; json, github, junit and markdown render it")
    func driftedRecording() async throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let original = try String(contentsOf: Self.root.appendingPathComponent("recordings/todos/tests/single.json"), encoding: .utf8)
        let drifted = folder.appendingPathComponent("single.json")
        try original.replacingOccurrences(of: #""is_done": false,"#, with: #""is_done": 0,"#).write(to: drifted, atomically: true, encoding: .utf8)
        let lines = original.split(separator: "\n", omittingEmptySubsequences: false)
        let line = (lines.lastIndex { $0.contains(#""is_done": false,"#) } ?? 0) + 1

        let text = try await CLIRunner.run(["verify", drifted.path], currentDirectory: Self.root)
        #expect(text.status == 1)
        #expect(text.stdout.contains("\(drifted.path):\(line): error: GET /api/v2/todos/{id} 200 /data/is_done: expected a boolean, found an integer (0) [shape.type]"))

        let json = try await CLIRunner.run(["verify", drifted.path, "--format", "json"], currentDirectory: Self.root)
        #expect(json.status == 1)
        #expect(json.stdout.contains(#""format": "apicheck-report/1""#))
        #expect(json.stdout.contains(#""rule": "shape.type""#))

        let github = try await CLIRunner.run(["verify", drifted.path, "--format", "github"], currentDirectory: Self.root)
        #expect(github.stdout.contains("::error file=\(drifted.path),line=\(line),title=shape.type::"))

        let junit = try await CLIRunner.run(["verify", drifted.path, "--format", "junit"], currentDirectory: Self.root)
        #expect(junit.stdout.contains(#"<failure type="shape.type""#))

        let markdown = try await CLIRunner.run(["verify", drifted.path, "--format", "markdown"], currentDirectory: Self.root)
        #expect(markdown.stdout.contains("| error | `shape.type` |"))

        let lenient = try await CLIRunner.run(["verify", drifted.path, "--fail-on", "error", "--config", "apicheck.yml"], currentDirectory: Self.root)
        #expect(lenient.status == 1)
    }

    @Test("bad input exits 2 with file and line", arguments: [
        ("recording", #"{"format": "apicheck-recording/1", "api": "todos""#, "broken.json:1:50: error: not valid JSON"),
        ("config", "apis:\n  todos:\n    base_url: https://x.test\n    contrct: x\n", "apicheck.yml:4:5: error: apis.todos: unknown key \"contrct\""),
        ("contract", "openapi: 3.1.0\ninfo: {title: x}\npaths: {}\n", "contract.yaml:2:7: error"),
    ])
    func badInput(_ kind: String, _ content: String, _ message: String) async throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var arguments = ["verify"]
        switch kind {
        case "recording":
            try content.write(to: folder.appendingPathComponent("broken.json"), atomically: true, encoding: .utf8)
            arguments.append(folder.appendingPathComponent("broken.json").path)
        case "config":
            try content.write(to: folder.appendingPathComponent("apicheck.yml"), atomically: true, encoding: .utf8)
        default:
            try content.write(to: folder.appendingPathComponent("contract.yaml"), atomically: true, encoding: .utf8)
            try "apis:\n  todos:\n    contract: contract.yaml\n    base_url: https://x.test\n".write(to: folder.appendingPathComponent("apicheck.yml"), atomically: true, encoding: .utf8)
        }
        let result = try await CLIRunner.run(arguments, currentDirectory: kind == "recording" ? Self.root : folder)
        #expect(result.status == 2)
        #expect(result.stderr.contains(message), "stderr: \(result.stderr)")
    }

    @Test("without apicheck.yml, verify says where it looked and how to point at one")
    func missingConfiguration() async throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try await CLIRunner.run(["verify"], currentDirectory: folder)
        #expect(result.status == 2)
        #expect(result.stderr.contains("apicheck.yml: error: no such file"))
        #expect(result.stderr.contains("--config PATH"))
    }
}
