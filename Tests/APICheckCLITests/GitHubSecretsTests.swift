import Foundation
import Sandbox
import TestSupport
import Testing

/// GitHub's secrets (the token, the OAuth app's client secret, the code, the issued access token) sent through
/// every command that writes: `record`, `diff --live` in every report format, `verify`, `har import`.
/// Every file written and everything printed is searched for each of them.
@Suite("GitHub secrets never reach a file or a report", timeLimit(minutes: 5))
struct GitHubSecretsTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let token = "gho_FakeTokenForSecretsTest0123456789ab"
    static let clientSecret = "fake-Client-Secret-5f2a9c0d"
    static let code = "fake-Grant-Code-7b31e6"
    static let formCode = "fake-Grant-Code-Form-2c9d"
    /// The replica issues tokens that start like GitHub's; none may be written anywhere.
    static let issuedTokenPrefix = "gho_"

    static let configuration = """
        version: 1
        apis:
          github:
            contract: \(root.appendingPathComponent("contracts/github.openapi.yaml").path)
            recordings: recordings/github
            base_url: https://api.github.com
            base_url_env: GITHUB_API_URL
            other_bases:
              oauth: { url: "https://github.com", env: GITHUB_OAUTH_URL }
            auth:
              - { header: Authorization, env: GITHUB_TOKEN, prefix: "Bearer " }
            vars_env:
              client_id: { env: GITHUB_CLIENT_ID }
              client_secret: { env: GITHUB_CLIENT_SECRET }
              code: { env: GITHUB_CODE }
              form_code: { env: GITHUB_FORM_CODE }
            scenarios:
              - name: events
                steps:
                  - { name: events, method: GET, path: /repos/apple/swift/events, query: { per_page: "2" }, expect: { status: 200 } }
              - name: exchange
                steps:
                  - { name: exchange, method: POST, base: oauth, path: /login/oauth/access_token,
                      body: { form: [[client_id, "{{client_id}}"], [client_secret, "{{client_secret}}"], [code, "{{code}}"]] },
                      capture: { issued: /access_token }, expect: { status: 200, "/token_type": bearer } }
                  - { name: with-issued-token, method: GET, path: /repos/apple/swift/events, query: { per_page: "1" },
                      headers: { Authorization: "Bearer {{issued}}" }, expect: { status: 200 } }
              - name: exchange-form
                steps:
                  - { name: exchange, method: POST, base: oauth, path: /login/oauth/access_token, headers: { Accept: "*/*" },
                      body: { form: [[client_id, "{{client_id}}"], [client_secret, "{{client_secret}}"], [code, "{{form_code}}"]] },
                      expect: { status: 200 } }
              - name: bad-code
                steps:
                  - { name: exchange, method: POST, base: oauth, path: /login/oauth/access_token,
                      body: { form: [[client_id, "{{client_id}}"], [client_secret, "{{client_secret}}"], [code, "bad-\(code)"]] },
                      expect: { status: 200, "/error": bad_verification_code } }
        """

    static var secrets: [String] { [token, clientSecret, code, formCode, issuedTokenPrefix] }

    func environment(_ sandbox: SandboxServer) -> [String: String] {
        [
            "GITHUB_API_URL": sandbox.baseURL.absoluteString, "GITHUB_OAUTH_URL": sandbox.baseURL.absoluteString,
            "GITHUB_TOKEN": Self.token, "GITHUB_CLIENT_ID": GitHubSandboxOptions.defaultClientID,
            "GITHUB_CLIENT_SECRET": Self.clientSecret, "GITHUB_CODE": Self.code, "GITHUB_FORM_CODE": Self.formCode,
        ]
    }

    func options() -> GitHubSandboxOptions {
        GitHubSandboxOptions(clientSecret: Self.clientSecret, token: Self.token, rateLimit: 1000)
    }

    func makeProject() throws -> SecretsProject {
        try SecretsProject(configuration: Self.configuration, secrets: Self.secrets)
    }

    @Test("record, diff in every format, and verify write and print none of them")
    func recordDiffVerify() async throws {
        var sweep = SecretsSweep(try makeProject())
        defer { try? FileManager.default.removeItem(at: sweep.folder) }
        try await withSandboxServer(SandboxConfiguration(apis: [.github], requestJournalLimit: 100, github: options())) { sandbox in
            try await sweep.record(environment: environment(sandbox))
            // The secrets really went out: the test would prove nothing if they had not.
            let received = sandbox.receivedRequests()
            #expect(received.contains { $0.header("Authorization") == "Bearer \(Self.token)" })
            #expect(
                received.contains {
                    String(decoding: $0.body, as: UTF8.self).contains("client_secret=\(Self.clientSecret)&code=\(Self.code)")
                })
            #expect(
                received.contains {
                    ($0.header("Authorization") ?? "").hasPrefix("Bearer gho_") && $0.header("Authorization") != "Bearer \(Self.token)"
                })
        }
        let recordings = sweep.folder.appendingPathComponent("recordings/github/scenarios")
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: recordings.path).sorted() == [
                "bad-code.json", "events.json", "exchange-form.json", "exchange.json",
            ])
        // A drifted replica makes findings that quote response values; the codes are spent, so the exchanges differ too.
        try await withSandboxServer(
            SandboxConfiguration(apis: [.github], drifts: [.githubOAuthError401, .githubEventIDInt], github: options())
        ) { sandbox in
            try await sweep.diffEveryFormat(environment: environment(sandbox))
        }
        try await sweep.verifyEveryFormat()
        try await sweep.finish(api: "github", files: 4)
    }

    @Test("har import writes none of them")
    func harImport() async throws {
        let project = try makeProject()
        let folder = project.folder
        defer { try? FileManager.default.removeItem(at: folder) }
        let har = folder.appendingPathComponent("session.har")
        try Self.har.write(to: har, atomically: true, encoding: .utf8)

        let imported = try await CLIRunner.run(["har", "import", har.path, "--api", "github", "--name", "login"], currentDirectory: folder)
        #expect(imported.status == 0, "\(imported.stderr)")
        let file = folder.appendingPathComponent("recordings/github/imported/login.json")
        let text = try String(contentsOf: file, encoding: .utf8)
        #expect(text.contains(#""base": "oauth""#))
        #expect(project.leaks(in: text, at: "login.json").isEmpty, "\(project.leaks(in: text, at: "login.json"))")
        #expect(project.leaks(in: imported.stdout + imported.stderr, at: "har import's output").isEmpty)
    }

    static var har: String {
        func entry(
            _ method: String, _ url: String, headers: [(String, String)], post: (String, String)?, status: Int, type: String, body: String
        ) -> String {
            let requestHeaders = headers.map { #"{"name": "\#($0.0)", "value": "\#($0.1)"}"# }.joined(separator: ", ")
            let postData = post.map { #", "postData": {"mimeType": "\#($0.0)", "text": "\#($0.1)"}"# } ?? ""
            let escaped = body.replacingOccurrences(of: "\"", with: "\\\"")
            return """
                {"startedDateTime": "2026-11-22T01:11:45.492735+00:00", "time": 4.0,
                 "request": {"method": "\(method)", "url": "\(url)", "httpVersion": "HTTP/1.1", "cookies": [], "headers": [\(requestHeaders)], "queryString": [], "headersSize": -1, "bodySize": -1\(postData)},
                 "response": {"status": \(status), "statusText": "OK", "httpVersion": "HTTP/1.1", "cookies": [], "headers": [{"name": "Content-Type", "value": "\(type)"}],
                   "content": {"size": \(body.utf8.count), "mimeType": "\(type)", "text": "\(escaped)"}, "redirectURL": "", "headersSize": -1, "bodySize": -1},
                 "cache": {}, "timings": {"send": 0, "wait": 1, "receive": 0}}
                """
        }
        let form = "client_id=\(GitHubSandboxOptions.defaultClientID)&client_secret=\(clientSecret)&code=\(code)"
        let entries = [
            entry(
                "GET", "https://api.github.com/repos/apple/swift/events?per_page=1", headers: [("Authorization", "Bearer \(token)")],
                post: nil,
                status: 200, type: "application/json; charset=utf-8", body: "[]"),
            entry(
                "POST", "https://github.com/login/oauth/access_token",
                headers: [("Accept", "application/json"), ("Content-Type", "application/x-www-form-urlencoded")],
                post: ("application/x-www-form-urlencoded", form), status: 200, type: "application/json; charset=utf-8",
                body: #"{"access_token":"gho_IssuedInHar0123456789abcdefABCDEF0000","token_type":"bearer","scope":"repo"}"#),
            entry(
                "POST", "https://github.com/login/oauth/access_token", headers: [("Content-Type", "application/x-www-form-urlencoded")],
                post: ("application/x-www-form-urlencoded", form), status: 200, type: "application/x-www-form-urlencoded; charset=utf-8",
                body: "access_token=gho_IssuedInHarForm0123456789abcdefABCD00&scope=repo&token_type=bearer"),
        ]
        return #"{"log": {"version": "1.2", "creator": {"name": "apicheck-test", "version": "1"}, "pages": [], "entries": ["#
            + entries.joined(separator: ",\n") + "]}}"
    }
}
