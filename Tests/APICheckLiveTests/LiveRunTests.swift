import APICheck
import APICheckLive
import Foundation
import Sandbox
import Testing

@Suite("diff and record over apicheck.yml", .timeLimit(.minutes(5)))
struct LiveRunTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test("the auth secret is sent, and reaches neither a recording nor a finding")
    func secretsStayOut() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("apicheck-liverun-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: Self.root.appendingPathComponent("contracts"), to: folder.appendingPathComponent("contracts"))
        let secret = "s3cr3t-Token-0123456789abcdef"
        let config = """
            apis:
              todos:
                contract: contracts/todos.openapi.yaml
                base_url: https://todos.example.invalid
                auth: { header: Authorization, env: TODOS_TOKEN, prefix: "Bearer " }
                scenarios:
                  - name: read-first
                    steps:
                      - { name: list, method: GET, path: /api/v2/todos, query: { per_page: "1", note: "\(secret)" }, capture: { todo_id: /data/0/id } }
                      - { name: read, method: GET, path: "/api/v2/todos/{{todo_id}}", headers: { X-Echo: "{{todo_id}}" } }
            """
        let configPath = folder.appendingPathComponent("apicheck.yml").path
        try config.write(toFile: configPath, atomically: true, encoding: .utf8)
        let configuration = try ConfigurationFile.load(configPath)
        let sandbox = try await SandboxServer.start(.init(deterministic: true, requestJournalLimit: 10))
        let transport = AsyncHTTPTransport()
        let options = LiveRun.Options(sandboxURL: sandbox.baseURL, environment: ["TODOS_TOKEN": secret])
        let recorded = await LiveRun(configuration: configuration, transport: transport, options: options).record(dryRun: false)
        // A drift gives findings that quote response values; none may quote the secret.
        let drifted = try await SandboxServer.start(.init(drifts: [.todosExtraField]))
        let diffed = await LiveRun(
            configuration: configuration, transport: transport, options: .init(sandboxURL: drifted.baseURL, environment: ["TODOS_TOKEN": secret])
        ).diff()
        let received = sandbox.receivedRequests()
        await transport.shutdown()
        await sandbox.stop()
        await drifted.stop()

        #expect(recorded.errors.isEmpty)
        #expect(received.count == 2)
        #expect(received.allSatisfy { request in request.headers.contains { $0.name.lowercased() == "authorization" && $0.value == "Bearer \(secret)" } })
        let file = folder.appendingPathComponent("recordings/todos/scenarios/read-first.json")
        let text = try String(contentsOf: file, encoding: .utf8)
        #expect(!text.contains(secret))
        #expect(!text.contains("Bearer"))
        #expect(text.contains("note=%3Credacted%3E") || text.contains("note=<redacted>"), "\(text.prefix(600))")
        #expect(!diffed.findings.isEmpty)
        let report = ReportFormat.all.map { $0.render(diffed.findings, summary: ReportSummary(findings: diffed.findings, files: [], recordings: 1, interactions: 2, failOn: .error)) }.joined()
        #expect(!report.contains(secret))
        #expect(!(diffed.notes + diffed.errors).joined().contains(secret))
    }
}
