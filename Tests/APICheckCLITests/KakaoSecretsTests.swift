import Foundation
import Sandbox
import TestSupport
import Testing
import WireFormat

/// Kakao's REST API key sent through every command that writes: `record`, `diff --live` in every report
/// format, `verify`, `har import`; also when the server echoes it back inside a 401's message, and when it
/// travels percent-encoded in a URL. Every file written and everything printed is searched for it.
@Suite("The Kakao key never reaches a file or a report", timeLimit(minutes: 5))
struct KakaoSecretsTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    /// Reserved characters on purpose: its percent-encoded and JSON-escaped forms differ from it.
    static let key = "fake/Kakao+Key=Secret&0042"

    /// Every form the key could be written in.
    static var forms: [String] { SecretsProject.forms(of: key) + ["Kakao+Key=Secret"] }

    static let configuration = """
        version: 1
        apis:
          kakao:
            contract: \(root.appendingPathComponent("contracts/kakao.openapi.yaml").path)
            recordings: recordings/kakao
            base_url: https://dapi.kakao.com
            base_url_env: KAKAO_BASE_URL
            auth:
              - { header: Authorization, env: KAKAO_REST_API_KEY, prefix: "KakaoAK " }
            vars_env:
              key: { env: KAKAO_REST_API_KEY }
            scenarios:
              - name: search
                steps:
                  - { name: search, method: GET, path: /v2/search/blog, query: { query: 스위프트, size: "2" }, expect: { status: 200 } }
              - name: key-in-the-query
                steps:
                  # The key percent-encoded in the URL (a user who pastes it into the wrong field).
                  - { name: search, method: GET, path: /v2/search/web, query: { query: "{{key}}" }, expect: { status: 200 } }
              - name: echoed
                steps:
                  # Not KakaoAK: the replica echoes the whole header value, key included, in its 401.
                  - { name: search, method: GET, path: /v2/search/web, query: { query: a }, headers: { Authorization: "Bearer {{key}}" },
                      expect: { status: 401, "/errorType": AccessDeniedError } }
        """

    func environment(_ sandbox: SandboxServer) -> [String: String] {
        ["KAKAO_BASE_URL": sandbox.baseURL.absoluteString, "KAKAO_REST_API_KEY": Self.key]
    }

    func makeProject() throws -> SecretsProject {
        try SecretsProject(configuration: Self.configuration, secrets: Self.forms)
    }

    @Test(
        "record, diff in every format (against a replica that refuses the key and echoes it) and verify write and print none of its forms")
    func recordDiffVerify() async throws {
        var sweep = SecretsSweep(try makeProject())
        defer { try? FileManager.default.removeItem(at: sweep.folder) }
        try await withSandboxServer(
            SandboxConfiguration(apis: [.kakao], requestJournalLimit: 100, kakao: KakaoSandboxOptions(key: Self.key))
        ) { sandbox in
            try await sweep.record(environment: environment(sandbox))
            // The key really went out, in the header and encoded in a URL: the test would prove nothing otherwise.
            let received = sandbox.receivedRequests()
            #expect(received.contains { $0.header("Authorization") == "KakaoAK \(Self.key)" })
            #expect(received.contains { ($0.query ?? "").contains(FormURLEncoding.escape(Self.key)) })
        }
        let recordings = sweep.folder.appendingPathComponent("recordings/kakao/scenarios")
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: recordings.path).sorted() == [
                "echoed.json", "key-in-the-query.json", "search.json",
            ])
        let echoed = try String(contentsOf: recordings.appendingPathComponent("echoed.json"), encoding: .utf8)
        #expect(echoed.contains("wrong appKey(Bearer <redacted>) format"), "the echo is in the recording, redacted:\n\(echoed)")
        // A replica with another key: every call is a 401 that echoes the key, so findings quote those messages.
        try await withSandboxServer(SandboxConfiguration(apis: [.kakao], drifts: [.kakaoDatesUTC])) { sandbox in
            try await sweep.diffEveryFormat(environment: environment(sandbox))
            try await sweep.run(["record", "--dry-run"] + CLIRunner.replicaDeadline, environment: environment(sandbox))
        }
        try await sweep.verifyEveryFormat()
        try await sweep.finish(api: "kakao", files: 3)
    }

    @Test("har import writes none of its forms, also from an echoing 401")
    func harImport() async throws {
        let project = try makeProject()
        let folder = project.folder
        defer { try? FileManager.default.removeItem(at: folder) }
        let har = folder.appendingPathComponent("session.har")
        let encoded = FormURLEncoding.escape(Self.key)
        let entries = [
            (
                url: "https://dapi.kakao.com/v2/search/web?query=\(encoded)", status: 200,
                body: #"{\"documents\":[],\"meta\":{\"is_end\":true,\"pageable_count\":0,\"total_count\":0}}"#
            ),
            (
                url: "https://dapi.kakao.com/v2/search/web?query=a", status: 401,
                body: #"{\"errorType\":\"AccessDeniedError\",\"message\":\"wrong appKey(\#(Self.key)) format\"}"#
            ),
        ].map { entry in
            """
            {"startedDateTime": "2026-11-23T01:11:45.492735+00:00", "time": 4.0,
             "request": {"method": "GET", "url": "\(entry.url)", "httpVersion": "HTTP/1.1", "cookies": [], "headers": [{"name": "Authorization", "value": "KakaoAK \(Self.key)"}], "queryString": [], "headersSize": -1, "bodySize": -1},
             "response": {"status": \(entry.status), "statusText": "", "httpVersion": "HTTP/1.1", "cookies": [], "headers": [{"name": "Content-Type", "value": "application/json;charset=UTF-8"}],
               "content": {"size": 10, "mimeType": "application/json;charset=UTF-8", "text": "\(entry.body)"}, "redirectURL": "", "headersSize": -1, "bodySize": -1},
             "cache": {}, "timings": {"send": 0, "wait": 1, "receive": 0}}
            """
        }
        let text =
            #"{"log": {"version": "1.2", "creator": {"name": "apicheck-test", "version": "1"}, "pages": [], "entries": ["#
            + entries.joined(separator: ",\n") + "]}}"
        try text.write(to: har, atomically: true, encoding: .utf8)

        let imported = try await CLIRunner.run(
            ["har", "import", har.path, "--api", "kakao", "--name", "session"], currentDirectory: folder,
            environment: ["KAKAO_REST_API_KEY": Self.key]
        )
        #expect(imported.status == 0, "\(imported.stderr)")
        let file = try String(contentsOf: folder.appendingPathComponent("recordings/kakao/imported/session.json"), encoding: .utf8)
        #expect(file.contains("AccessDeniedError"), "the 401 was imported")
        #expect(project.leaks(in: file, at: "session.json").isEmpty, "\(project.leaks(in: file, at: "session.json"))")
        #expect(project.leaks(in: imported.stdout + imported.stderr, at: "har import's output").isEmpty)
    }
}
