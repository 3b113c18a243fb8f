import Foundation
import Sandbox
import TestSupport
import Testing

/// The todo API needs no auth, but Swagger's curl lines send `X-CSRF-TOKEN`, and a project may name a secret
/// of its own (`secrets_env`) that a request carries in its body and query. Through every command that
/// writes or prints, none of them is written anywhere.
@Suite("Todo secrets never reach a file or a report", timeLimit(minutes: 5))
struct TodoSecretsTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let csrf = "fake-Csrf-Token-8d1e0b7c"
    static let secret = "fake/Todo+Secret=Value&77"

    static let configuration = """
        version: 1
        apis:
          todos:
            contract: \(root.appendingPathComponent("contracts/todos.openapi.yaml").path)
            recordings: recordings/todos
            base_url_env: TODOS_BASE_URL
            secrets_env: [TODOS_SECRET]
            vars_env:
              csrf: { env: TODOS_CSRF }
              secret: { env: TODOS_SECRET }
            scenarios:
              - name: search
                steps:
                  # The secret in a query (percent-encoded) and the CSRF token in its header.
                  - { name: search, method: GET, path: /api/v2/todos/search, query: { query: "{{secret}}" }, headers: { X-CSRF-TOKEN: "{{csrf}}" }, expect: { status: 200 } }
              - name: create-and-delete
                steps:
                  # The secret in a JSON body: the replica answers it back in the created todo.
                  - { name: create, method: POST, path: /api/v2/todos, headers: { X-CSRF-TOKEN: "{{csrf}}" },
                      body: { multipart: [{ name: title, text: "{{secret}}" }, { name: is_done, text: "false" }] },
                      capture: { id: /data/id }, expect: { status: 201 } }
                cleanup:
                  - { name: delete, method: DELETE, path: "/api/v2/todos/{{id}}" }
        """

    @Test("record, diff in every format, verify, har export and infer write and print none of them")
    func sweep() async throws {
        var sweep = SecretsSweep(
            try SecretsProject(
                configuration: Self.configuration, secrets: SecretsProject.forms(of: Self.csrf) + SecretsProject.forms(of: Self.secret)))
        defer { try? FileManager.default.removeItem(at: sweep.folder) }
        try await withSandboxServer(SandboxConfiguration(apis: [.todos], deterministic: true, requestJournalLimit: 100)) { sandbox in
            let environment = ["TODOS_BASE_URL": sandbox.baseURL.absoluteString, "TODOS_CSRF": Self.csrf, "TODOS_SECRET": Self.secret]
            try await sweep.record(["--allow-writes"], environment: environment)
            try await sweep.diffEveryFormat(["--allow-writes"], environment: environment, findings: false)
            // The secrets really went out: the test would prove nothing otherwise.
            let received = sandbox.receivedRequests()
            #expect(received.contains { $0.header("X-CSRF-TOKEN") == Self.csrf })
            #expect(received.contains { String(decoding: $0.body, as: UTF8.self).contains(Self.secret) })
        }
        try await sweep.verifyEveryFormat(environment: ["TODOS_SECRET": Self.secret])
        try await sweep.finish(api: "todos", files: 2)
    }
}
