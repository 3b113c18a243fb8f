import Foundation
import Sandbox
import TestSupport
import Testing
import WireFormat

/// LSLP's three secrets (the SesacKey, the access token captured at login, the refresh token) sent through
/// every command that writes: `record`, `diff --live` in every report format, `verify`, `har import`; also
/// when a server echoes a token back inside an answer, and when the key travels percent-encoded in a URL.
/// The tokens are the replica's real JWTs, read back from what it received; every file written and
/// everything printed is searched for every one of them.
@Suite("LSLP's SesacKey and tokens never reach a file or a report", timeLimit(minutes: 5))
struct LSLPSecretsTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    /// Reserved characters on purpose: its percent-encoded and JSON-escaped forms differ from it.
    static let key = "fake/Sesac+Key=Secret&0042"

    static var keyForms: [String] { SecretsProject.forms(of: key) + ["Sesac+Key=Secret"] }

    static let configuration = """
        version: 1
        apis:
          lslp:
            contract: \(root.appendingPathComponent("contracts/lslp.openapi.yaml").path)
            recordings: recordings/lslp
            base_url_env: LSLP_BASE_URL
            auth:
              - { header: SesacKey, env: LSLP_SESAC_KEY }
            vars_env:
              sesac: { env: LSLP_SESAC_KEY }
            scenarios:
              - name: session
                writes: true
                vars: { email: "secrets-{{run_id}}@apicheck.dev", password: "Secret-Password-0042" }
                steps:
                  - { name: join, method: POST, path: /join, body: { json: { email: "{{email}}", password: "{{password}}", nick: n } }, expect: { status: 200 } }
                  - { name: login, method: POST, path: /login, body: { json: { email: "{{email}}", password: "{{password}}" } },
                      capture: { token: /token, refresh_token: /refreshToken }, expect: { status: 200 } }
                  - { name: refresh-early, method: GET, path: /refresh, headers: { Authorization: "{{token}}", Refresh: "{{refresh_token}}" }, expect: { status: 409 } }
                  # A server that echoes the tokens: the post's content and title come back in the answer.
                  - { name: echo, method: POST, path: /post, headers: { Authorization: "{{token}}" },
                      body: { multipart: [[title, "{{refresh_token}}"], [content, "token {{token}}"], [product_id, p]] }, capture: { post_id: /_id }, expect: { status: 200 } }
                  # The key percent-encoded in a URL (a user who pastes it into the wrong field).
                  - { name: key-in-query, method: GET, path: /post, query: { product_id: "{{sesac}}" }, headers: { Authorization: "{{token}}" }, expect: { status: 200 } }
                  - { name: delete, method: DELETE, path: "/post/{{post_id}}", headers: { Authorization: "{{token}}" }, expect: { status: 200 } }
                  - { name: withdraw, method: GET, path: /withdraw, headers: { Authorization: "{{token}}" }, expect: { status: 200 } }
                cleanup:
                  - { method: GET, path: /withdraw, headers: { Authorization: "{{token}}" } }
        """

    func environment(_ sandbox: SandboxServer) -> [String: String] {
        ["LSLP_BASE_URL": sandbox.baseURL.absoluteString, "LSLP_SESAC_KEY": Self.key]
    }

    /// The tokens the replica received (every JWT that went out), in all the forms they could be written in.
    static func tokens(_ sandbox: SandboxServer) -> [String] {
        let values = sandbox.receivedRequests().flatMap { request in ["Authorization", "Refresh"].compactMap { request.header($0) } }
        return Set(values.filter { $0.hasPrefix("eyJ") }).flatMap { [$0, String($0.split(separator: ".")[1])] }
    }

    @Test("record, diff in every format (also against a drifted replica) and verify write and print no key and no token")
    func recordDiffVerify() async throws {
        var issued: [String] = []
        let options = LSLPSandboxOptions(sesacKeys: [Self.key])
        var sweep = SecretsSweep(try SecretsProject(configuration: Self.configuration, secrets: Self.keyForms))
        defer { try? FileManager.default.removeItem(at: sweep.folder) }
        try await withSandboxServer(SandboxConfiguration(apis: [.lslp], requestJournalLimit: 200, lslp: options)) { sandbox in
            try await sweep.record(["--allow-writes"], environment: environment(sandbox))
            let tokens = Self.tokens(sandbox)
            // The secrets really went out: the test would prove nothing otherwise.
            #expect(tokens.count >= 4, "an access and a refresh token, and their payloads")
            #expect(sandbox.receivedRequests().contains { $0.header("SesacKey") == Self.key })
            #expect(sandbox.receivedRequests().contains { ($0.query ?? "").contains(FormURLEncoding.escape(Self.key)) })
            issued += tokens
        }
        let recordings = sweep.folder.appendingPathComponent("recordings/lslp/scenarios")
        let session = try String(contentsOf: recordings.appendingPathComponent("session.json"), encoding: .utf8)
        #expect(session.contains(#""content": "token <redacted>""#), "the echo is in the recording, redacted:\n\(session)")
        for drift in [Drift.lslpTokenKeyRenamed, .lslpIDKeyRenamed] {
            try await withSandboxServer(SandboxConfiguration(apis: [.lslp], drifts: [drift], requestJournalLimit: 200, lslp: options)) {
                sandbox in
                try await sweep.diffEveryFormat(["--allow-writes"], environment: environment(sandbox), label: "\(drift)")
                try await sweep.run(
                    ["record", "--dry-run", "--allow-writes"] + CLIRunner.replicaDeadline, environment: environment(sandbox))
                issued += Self.tokens(sandbox)
            }
        }
        try await sweep.verifyEveryFormat()
        try await sweep.finish(api: "lslp", files: 1, issued: issued)
    }

    @Test("har import writes no key and no token, also where a later answer echoes the token")
    func harImport() async throws {
        let token = "eyJhbGciOiJIUzI1NiJ9.eyJfaWQiOiJzZWNyZXQifQ.c2VjcmV0LXNpZ25hdHVyZQ"
        let refresh = "eyJhbGciOiJIUzI1NiJ9.eyJraW5kIjoicmVmcmVzaCJ9.cmVmcmVzaC1zaWduYXR1cmU"
        let project = try SecretsProject(
            configuration: Self.configuration, secrets: Self.keyForms + [token, refresh, "c2VjcmV0LXNpZ25hdHVyZQ"])
        let folder = project.folder
        defer { try? FileManager.default.removeItem(at: folder) }
        let entries = [
            (
                method: "POST", url: "/login", headers: #"{"name": "SesacKey", "value": "\#(Self.key)"}"#, status: 200,
                body: #"{\"_id\":\"0123456789abcdef01234567\",\"token\":\"\#(token)\",\"refreshToken\":\"\#(refresh)\"}"#
            ),
            (
                method: "GET", url: "/refresh",
                headers:
                    #"{"name": "SesacKey", "value": "\#(Self.key)"}, {"name": "Authorization", "value": "\#(token)"}, {"name": "Refresh", "value": "\#(refresh)"}"#,
                status: 409,
                body: #"{\"message\":\"not expired: \#(token)\"}"#
            ),
            (
                method: "GET", url: "/post/0123456789abcdef01234567",
                headers: #"{"name": "SesacKey", "value": "\#(Self.key)"}, {"name": "Authorization", "value": "\#(token)"}"#, status: 410,
                body: #"{\"message\":\"echo \#(refresh)\"}"#
            ),
        ].map { entry in
            """
            {"startedDateTime": "2026-11-23T01:11:45.492735+00:00", "time": 4.0,
             "request": {"method": "\(entry.method)", "url": "http://lslp.sesac.kr:27812\(entry.url)", "httpVersion": "HTTP/1.1", "cookies": [], "headers": [\(entry.headers)], "queryString": [], "headersSize": -1, "bodySize": -1},
             "response": {"status": \(entry.status), "statusText": "", "httpVersion": "HTTP/1.1", "cookies": [], "headers": [{"name": "Content-Type", "value": "application/json; charset=utf-8"}],
               "content": {"size": 10, "mimeType": "application/json; charset=utf-8", "text": "\(entry.body)"}, "redirectURL": "", "headersSize": -1, "bodySize": -1},
             "cache": {}, "timings": {"send": 0, "wait": 1, "receive": 0}}
            """
        }
        let har = folder.appendingPathComponent("session.har")
        try
            (#"{"log": {"version": "1.2", "creator": {"name": "apicheck-test", "version": "1"}, "pages": [], "entries": ["#
            + entries.joined(separator: ",\n") + "]}}")
            .write(to: har, atomically: true, encoding: .utf8)
        let imported = try await CLIRunner.run(
            ["har", "import", har.path, "--api", "lslp", "--name", "session"], currentDirectory: folder,
            environment: ["LSLP_SESAC_KEY": Self.key, "LSLP_BASE_URL": ""])
        #expect(imported.status == 0, "\(imported.stderr)")
        let file = try String(contentsOf: folder.appendingPathComponent("recordings/lslp/imported/session.json"), encoding: .utf8)
        #expect(
            file.contains("not expired: <redacted>") && file.contains("echo <redacted>"), "the echoes were imported, redacted:\n\(file)")
        #expect(project.leaks(in: file, at: "session.json").isEmpty, "\(project.leaks(in: file, at: "session.json"))")
        #expect(project.leaks(in: imported.stdout + imported.stderr, at: "har import's output").isEmpty)
    }
}
