import APICheck
import APICheckLive
import Foundation
import Sandbox
import TestSupport
import Testing

@Suite("diff and record over apicheck.yml", timeLimit(minutes: 5))
struct LiveRunTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
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
        let transport = HTTPTransport()
        // As a real API (--base-url): against --sandbox the environment is never read.
        let options = LiveRun.Options(baseURL: sandbox.baseURL, environment: ["TODOS_TOKEN": secret])
        let recorded = await LiveRun(configuration: configuration, transport: transport, options: options).record(dryRun: false)
        // A drift gives findings that quote response values; none may quote the secret.
        let drifted = try await SandboxServer.start(.init(drifts: [.todosExtraField]))
        let diffed = await LiveRun(
            configuration: configuration, transport: transport,
            options: .init(baseURL: drifted.baseURL, environment: ["TODOS_TOKEN": secret])
        ).diff()
        let received = sandbox.receivedRequests()
        await transport.shutdown()
        await sandbox.stop()
        await drifted.stop()

        #expect(recorded.errors.isEmpty)
        #expect(received.count == 2)
        #expect(
            received.allSatisfy { request in
                request.headers.contains { $0.name.lowercased() == "authorization" && $0.value == "Bearer \(secret)" }
            })
        let file = folder.appendingPathComponent("recordings/todos/scenarios/read-first.json")
        let text = try String(contentsOf: file, encoding: .utf8)
        #expect(!text.contains(secret))
        #expect(!text.contains("Bearer"))
        #expect(text.contains("note=%3Credacted%3E") && !text.contains("<redacted>&"), "\(text.prefix(600))")
        #expect(!diffed.findings.isEmpty)
        let report = ReportFormat.all.map {
            $0.render(
                diffed.findings,
                summary: ReportSummary(findings: diffed.findings, files: [], recordings: 1, interactions: 2, failOn: .error))
        }.joined()
        #expect(!report.contains(secret))
        #expect(!(diffed.notes + diffed.errors).joined().contains(secret))
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "against --sandbox the runner sends the sandbox values of apicheck.yml, never the environment's secrets; an optional auth may be unset"
    )
    func sandboxValuesNotEnvironment() async throws {
        let secret = "env-Secret-0123456789abcdef"
        let config = """
            apis:
              github:
                base_url: https://api.github.example.invalid
                other_bases: { oauth: { url: "https://github.example.invalid" } }
                auth: { header: Authorization, env: GH_TOKEN, prefix: "Bearer ", optional: true, sandbox: \(GitHubSandboxOptions.defaultToken) }
                vars_env:
                  client_id: { env: GH_CLIENT_ID, sandbox: \(GitHubSandboxOptions.defaultClientID) }
                  client_secret: { env: GH_CLIENT_SECRET, sandbox: \(GitHubSandboxOptions.defaultClientSecret) }
                scenarios:
                  - name: events
                    steps: [ { name: events, method: GET, path: /repos/apple/swift/events, expect: { status: 200 } } ]
                  - name: exchange
                    steps:
                      - { name: exchange, method: POST, base: oauth, path: /login/oauth/access_token,
                          body: { form: [[client_id, "{{client_id}}"], [client_secret, "{{client_secret}}"], [code, fresh]] },
                          expect: { status: 200, "/token_type": bearer } }
            """
        let configuration = try ConfigurationFile.parse(config, path: "apicheck.yml")
        let sandbox = try await SandboxServer.start(.init(apis: [.github], requestJournalLimit: 10))
        let transport = HTTPTransport()
        let environment = ["GH_TOKEN": secret, "GH_CLIENT_ID": secret, "GH_CLIENT_SECRET": secret]
        let result = await LiveRun(
            configuration: configuration, transport: transport, options: .init(sandboxURL: sandbox.baseURL, environment: environment)
        ).diff()
        let received = sandbox.receivedRequests()

        // Against a real API (here: the same replica through --base-url) an unset optional auth is a note,
        // and an unset vars_env value that a scenario uses is exit 2 naming it.
        let real = await LiveRun(
            configuration: configuration, transport: transport, options: .init(baseURL: sandbox.baseURL, environment: [:])
        ).diff()
        await transport.shutdown()
        await sandbox.stop()

        #expect(result.errors.isEmpty && result.findings.isEmpty, "\(result.errors) \(result.findings.map(\.message))")
        #expect(received.count == 2)
        let events = try #require(received.first { $0.path.hasSuffix("/events") })
        #expect(events.header("Authorization") == "Bearer \(GitHubSandboxOptions.defaultToken)")
        // The OAuth host gets no API token, and both bases went to the replica.
        let exchange = try #require(received.first { $0.path == "/login/oauth/access_token" })
        #expect(exchange.header("Authorization") == nil)
        #expect(String(decoding: exchange.body, as: UTF8.self).contains("client_secret=\(GitHubSandboxOptions.defaultClientSecret)"))
        #expect(
            !received.contains { request in
                request.headers.contains { $0.value.contains(secret) } || String(decoding: request.body, as: UTF8.self).contains(secret)
            })

        #expect(real.errors.count == 1)
        #expect(real.errors.first?.contains("GH_CLIENT_ID (vars_env client_id, used by scenario exchange)") == true, "\(real.errors)")
        #expect(
            real.notes.contains { $0.contains("GH_TOKEN is not set; requests go without the Authorization header (optional: true)") },
            "\(real.notes)")
    }
}
