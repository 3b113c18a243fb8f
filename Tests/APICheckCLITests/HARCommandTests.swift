import Foundation
import TestSupport
import Testing

@Suite("apicheck har", timeLimit(minutes: 5))
struct HARCommandTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let har = root.appendingPathComponent("Tests/APICheckCommandsTests/Fixtures/har/mitmproxy-todos.har")

    @Test("import writes a redacted recording that verifies; export gives HAR back")
    func importAndExport() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("apicheck-har-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.copyItem(
            at: Self.root.appendingPathComponent("apicheck.yml"), to: folder.appendingPathComponent("apicheck.yml"))
        try FileManager.default.copyItem(at: Self.root.appendingPathComponent("contracts"), to: folder.appendingPathComponent("contracts"))

        let imported = try await CLIRunner.run(
            ["har", "import", Self.har.path, "--api", "todos", "--name", "mitm"], currentDirectory: folder)
        #expect(imported.status == 0, "\(imported.stderr)")
        let file = folder.appendingPathComponent("recordings/todos/imported/mitm.json")
        let text = try String(contentsOf: file, encoding: .utf8)
        #expect(!text.contains("fake-har-token-0001"))
        #expect(text.contains(#""recorded_from": "local""#))

        let again = try await CLIRunner.run(["har", "import", Self.har.path, "--api", "todos", "--name", "mitm"], currentDirectory: folder)
        #expect(again.stderr.contains("unchanged"))

        let verified = try await CLIRunner.run(["verify"], currentDirectory: folder)
        #expect(verified.status == 0, "\(verified.stdout)\(verified.stderr)")

        let exported = try await CLIRunner.run(["har", "export", file.path], currentDirectory: folder)
        #expect(exported.status == 0)
        #expect(exported.stdout.contains(#""version": "1.2""#))
        #expect(exported.stdout.contains("https://phplaravel-574671-2962113.cloudwaysapps.com/api/v2/todos/4698"))

        let badName = try await CLIRunner.run(
            ["har", "import", Self.har.path, "--api", "todos", "--name", "../escape"], currentDirectory: folder)
        #expect(badName.status == 2)
        #expect(badName.stderr.contains("--name must be letters"))
    }
}
