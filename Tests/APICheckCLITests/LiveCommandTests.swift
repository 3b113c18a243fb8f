import Foundation
import Sandbox
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `apicheck diff --live` and `apicheck record`, run as the built binary against the sandbox it
/// starts in-process, against a closed port, and against a server that never answers.
@Suite("apicheck diff --live and record", timeLimit(minutes: 5))
struct LiveCommandTests {
    static let root = VerifyCommandTests.root
    /// The APIs of the repository's apicheck.yml that have scenarios.
    static let apis = ["todos", "github", "kakao", "lslp"]

    /// A copy of the project's apicheck.yml, contract and scenario recordings in a folder of its own.
    func project(withRecordings: Bool = true) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("apicheck-live-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: Self.root.appendingPathComponent("apicheck.yml"), to: folder.appendingPathComponent("apicheck.yml"))
        try FileManager.default.copyItem(at: Self.root.appendingPathComponent("contracts"), to: folder.appendingPathComponent("contracts"))
        for api in Self.apis {
            try FileManager.default.createDirectory(
                at: folder.appendingPathComponent("recordings/\(api)"), withIntermediateDirectories: true)
            if withRecordings {
                try FileManager.default.copyItem(
                    at: Self.root.appendingPathComponent("recordings/\(api)/scenarios"),
                    to: folder.appendingPathComponent("recordings/\(api)/scenarios")
                )
            }
        }
        return folder
    }

    /// Every file below `folder` with its bytes.
    func snapshot(_ folder: URL) throws -> [String: Data] {
        var files: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
            files[name] = try Data(contentsOf: folder.appendingPathComponent(name))
        }
        return files
    }

    @Test("no drift: exit 0, nothing on stdout, a summary on stderr")
    func noDrift() async throws {
        let result = try await CLIRunner.run(["diff", "--live", "--sandbox"], currentDirectory: Self.root)
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("apicheck diff: 33 scenarios, 81 requests to the sandbox at http://127.0.0.1:"), "\(result.stderr)")
        #expect(result.stderr.contains("0 errors, 0 warnings, 0 infos"))
    }

    @Test(
        "each drift of the sandbox exits 1 and names its rule and pointer at the scenario's recording",
        arguments: [
            ("todos/dates-milliseconds", "date.precision", "GET /api/v2/todos 200 /data/*/created_at", "list-first-page.json"),
            ("todos/dates-offset", "date.offset", "GET /api/v2/todos 200 /data/*/updated_at", "list-first-page.json"),
            ("todos/list-data-object", "shape.list-vs-single", "GET /api/v2/todos 200 /data", "list-first-page.json"),
            ("todos/camel-case-keys", "key.case", "GET /api/v2/todos 200 /data/*/isDone", "list-first-page.json"),
            ("todos/is-done-int", "shape.type", "GET /api/v2/todos/{id} 200 /data/is_done", "read-first.json"),
            ("todos/put-json-only", "expect.failed", "GET /api/v2/todos/{id} 200 /data/title", "update-roundtrip.json"),
            ("todos/status-201", "status.undeclared", "GET /api/v2/todos 201 /status", "list-first-page.json"),
            ("todos/missing-meta", "field.missing", "GET /api/v2/todos 200 /meta", "list-first-page.json"),
            ("github/event-id-int", "shape.type", "GET /repos/{owner}/{repo}/events 200 /*/id", "events-conditional.json"),
            ("github/dates-fraction", "date.precision", "GET /repos/{owner}/{repo}/events 200 /*/created_at", "events-conditional.json"),
            (
                "github/no-last-modified", "header.missing", "GET /repos/{owner}/{repo}/events 200 /headers/Last-Modified",
                "events-conditional.json"
            ),
            (
                "github/no-etag-304", "header.missing", "GET /repositories/{repository_id}/events 200 /headers/ETag",
                "events-second-page.json"
            ),
            ("github/actor-removed", "field.missing", "GET /repos/{owner}/{repo}/events 200 /*/actor", "events-conditional.json"),
            ("github/search-items-object", "shape.list-vs-single", "GET /search/repositories 200 /items", "search-swift.json"),
            ("github/oauth-error-401", "expect.failed", "POST /login/oauth/access_token 401 /status", "oauth-bad-code.json"),
            (
                "github/ratelimit-headers-missing", "header.missing", "GET /search/repositories 200 /headers/x-ratelimit-remaining",
                "search-swift.json"
            ),
            ("kakao/dates-utc", "date.offset", "GET /v2/search/blog 200 /documents/*/datetime", "blog-search.json"),
            ("kakao/dates-no-millis", "date.precision", "GET /v2/search/cafe 200 /documents/*/datetime", "cafe-search.json"),
            ("kakao/meta-missing", "field.missing", "GET /v2/search/web 200 /meta", "web-search.json"),
            ("kakao/is-end-string", "shape.type", "GET /v2/search/blog 200 /meta/is_end", "last-page.json"),
            ("kakao/error-code-msg", "field.missing", "GET /v2/search/web 400 /errorType", "missing-query.json"),
            ("kakao/auth-bearer", "expect.failed", "GET /v2/search/blog 401 /status", "blog-search.json"),
            ("kakao/documents-renamed", "field.missing", "GET /v2/search/cafe 200 /documents", "no-results.json"),
            (
                "kakao/content-type-text", "content-type", "GET /v2/search/web 200 /headers/Content-Type",
                "korean-and-reserved-characters.json"
            ),
            ("lslp/bearer-required", "expect.failed", "POST /post 401 /status", "post-lifecycle.json"),
            ("lslp/refresh-409-always", "expect.failed", "GET /refresh 409 /status", "token-expiry.json"),
            ("lslp/token-key-renamed", "field.missing", "POST /login 200 /token", "post-lifecycle.json"),
            ("lslp/id-key-renamed", "field.missing", "POST /join 200 /_id", "post-lifecycle.json"),
            ("lslp/like-status-string", "shape.type", "POST /post/like/{id} 200 /like_status", "post-lifecycle.json"),
            ("lslp/419-as-401", "expect.failed", "GET /post 401 /status", "token-expiry.json"),
            ("lslp/next-cursor-int", "shape.type", "GET /post 200 /next_cursor", "feed-pages.json"),
        ])
    func drift(_ drift: String, _ rule: String, _ location: String, _ file: String) async throws {
        let api = String(drift.prefix { $0 != "/" })
        let result = try await CLIRunner.run(["diff", "--live", "--sandbox", "--drift", drift], currentDirectory: Self.root)
        #expect(result.status == 1, "\(result.stderr)")
        let line = result.stdout.split(separator: "\n").first {
            $0.contains("\(location): ") && $0.hasSuffix("[\(rule)]") && $0.contains(file)
        }
        #expect(line != nil, "no \(rule) at \(location) in \(file):\n\(result.stdout)")
        // Compiler style: the scenario's recording and a line in it.
        #expect(line?.hasPrefix("recordings/\(api)/scenarios/\(file):") == true)
        #expect(line.map { $0.range(of: #"\.json:\d+: error: "#, options: .regularExpression) != nil } == true)
    }

    @Test("LSLP's address is not public: a run against the real API without LSLP_BASE_URL exits 2 naming it, before any request")
    func lslpNeedsItsBaseURL() async throws {
        let result = try await CLIRunner.run(
            ["diff", "--live", "--api", "lslp"], currentDirectory: Self.root, environment: ["LSLP_BASE_URL": "", "LSLP_SESAC_KEY": "k"])
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr.contains("lslp has no base URL: set LSLP_BASE_URL"), "\(result.stderr)")
        let record = try await CLIRunner.run(
            ["record", "--api", "lslp", "--dry-run"], currentDirectory: Self.root, environment: ["LSLP_BASE_URL": ""])
        #expect(record.status == 2)
        #expect(record.stderr.contains("LSLP_BASE_URL"))
        // Reading recordings needs no server: verify works without it.
        let verify = try await CLIRunner.run(["verify", "--api", "lslp"], currentDirectory: Self.root, environment: ["LSLP_BASE_URL": ""])
        #expect(verify.status == 0, "\(verify.stdout)\(verify.stderr)")
    }

    @Test("a spent GitHub rate limit ends the run: exit 3 with the reset time, no flood of findings, later scenarios not started")
    func rateLimitSpent() async throws {
        // The replica as a real API would be reached: by --base-url and the OAuth base's variable, allowing 2 requests.
        try await withSandboxServer(SandboxConfiguration(apis: [.github], github: .init(rateLimit: 2))) { sandbox in
            let url = sandbox.baseURL.absoluteString
            let result = try await CLIRunner.run(
                ["diff", "--live", "--api", "github", "--base-url", url, "--concurrency", "1"] + CLIRunner.replicaDeadline,
                currentDirectory: Self.root,
                environment: [
                    "GITHUB_OAUTH_URL": url, "GITHUB_CLIENT_ID": GitHubSandboxOptions.defaultClientID,
                    "GITHUB_CLIENT_SECRET": GitHubSandboxOptions.defaultClientSecret, "GITHUB_TOKEN": "",
                ]
            )
            #expect(result.status == 3, "\(result.stdout)\(result.stderr)")
            #expect(result.stderr.contains("error: github: the rate limit is spent (resets at "), "\(result.stderr)")
            #expect(result.stderr.contains("not started: the rate limit is spent"))
            #expect(result.stderr.contains("oauth-exchange: skipped: sandbox_only"))
            #expect(!result.stdout.contains("403"), "the spent answer is not reported as findings:\n\(result.stdout)")
            // After the 403, nothing more went to the API's main base.
            #expect(!result.stdout.contains("error:"), "\(result.stdout)")
        }
    }

    @Test("put-json-only is caught by the read-back's expect and nothing else")
    func putJSONOnly() async throws {
        let result = try await CLIRunner.run(
            ["diff", "--live", "--sandbox", "--api", "todos", "--drift", "put-json-only", "--format", "json"], currentDirectory: Self.root)
        #expect(result.status == 1)
        let rules = Set(result.stdout.components(separatedBy: #""rule": ""#).dropFirst().map { String($0.prefix { $0 != "\"" }) })
        #expect(rules == ["expect.failed"])
    }

    @Test("extra-field is an info: exit 0 under --fail-on error, 1 under --fail-on info")
    func extraField() async throws {
        let lenient = try await CLIRunner.run(["diff", "--live", "--sandbox", "--drift", "todos/extra-field"], currentDirectory: Self.root)
        #expect(lenient.status == 0)
        #expect(lenient.stdout.contains("/data/*/priority: expected no key \"priority\""))
        #expect(lenient.stdout.contains("[field.added]"))
        let strict = try await CLIRunner.run(
            ["diff", "--live", "--sandbox", "--drift", "todos/extra-field", "--fail-on", "info"], currentDirectory: Self.root)
        #expect(strict.status == 1)
    }

    @Test(
        "every format of verify renders live findings",
        arguments: [
            ("json", #""rule": "date.offset""#), ("github", "::error file=recordings/todos/scenarios/"),
            ("junit", #"<failure type="date.offset""#),
            ("markdown", "| error | `date.offset` |"),
        ])
    func formats(_ format: String, _ expected: String) async throws {
        let result = try await CLIRunner.run(
            ["diff", "--live", "--sandbox", "--drift", "dates-offset", "--format", format], currentDirectory: Self.root)
        #expect(result.status == 1)
        #expect(result.stdout.contains(expected))
    }

    @Test("a closed port exits 3 and says the connection was refused")
    func closedPort() async throws {
        try await LoopbackListener.withRefusingPort { port in
            let result = try await CLIRunner.run(
                ["diff", "--live", "--api", "todos", "--base-url", "http://127.0.0.1:\(port)"], currentDirectory: Self.root)
            #expect(result.status == 3, "\(result.stderr)")
            #expect(result.stderr.contains("error: the live API could not be reached: connection refused (127.0.0.1:\(port))"))
        }
    }

    @Test("a server that accepts and never answers ends the run after one round of deadlines: no scenario starts after, exit 3")
    func silentServer() async throws {
        let silent = try LoopbackListener()
        defer { silent.close() }
        let result = try await CLIRunner.run(
            ["diff", "--live", "--api", "todos", "--base-url", "http://127.0.0.1:\(silent.port)", "--timeout", "1"],
            currentDirectory: Self.root)
        #expect(result.status == 3, "\(result.stderr)")
        #expect(result.stderr.contains("timed out (no complete response within 1 s, --timeout)"))
        // Counted, not timed: the first 4 scenarios (--concurrency 4) each connected once; the other
        // read-only ones never started, whatever the machine's load. Timeouts are not retried.
        let connections = silent.acceptPending()
        #expect((1...4).contains(connections), "\(connections) connections")
        #expect(result.stderr.contains("not started"), "\(result.stderr)")
    }

    @Test("Ctrl-C stops a run that waits on a silent server at once, cleans up, and exits 130")
    func interrupt() async throws {
        let silent = try LoopbackListener()
        defer { silent.close() }
        let run = try CLIRunner.launch(
            ["diff", "--live", "--api", "todos", "--base-url", "http://127.0.0.1:\(silent.port)", "--timeout", "30"],
            currentDirectory: Self.root)
        // SIGINT goes out from the thread that sees the connection, while the run waits on it: sent after this
        // task resumed, it reached a child that had already timed out and exited, in a loaded full TSan run.
        let child = run.child
        #expect(await silent.waitForConnection(seconds: 60) { child.send(SIGINT) })
        let result = try await run.finish()
        #expect(result.status == 130, "\(result.stderr)")
        #expect(result.stderr.contains("interrupted; cleaning up"))
        // Stopped at once, not at the 30 s deadline: no request timed out (checked by what happened, not by a clock).
        #expect(!result.stderr.contains("timed out"), "\(result.stderr)")
    }

    @Test(
        "bad configuration and bad flags exit 2",
        arguments: [
            (["diff", "--live", "--sandbox", "--drift", "todos/no-such-drift"], "unknown drift"),
            (["diff", "--live", "--sandbox", "--scenario", "nope"], "no scenario named 'nope'"),
            (["diff", "--live", "--timeout", "0"], "--timeout"),
            (["diff", "--sandbox"], "diff needs --live"),
            (["record", "--drift", "extra-field"], "--drift needs --sandbox"),
            (
                ["diff", "--live", "--sandbox", "--format", "xml"],
                "Please provide one of the following:\n  - text\n  - json\n  - junit\n  - github\n  - markdown\n  - html"
            ),
            (["diff", "--live", "--sandbox", "--fail-on", "fatal"], "Please provide one of 'error', 'warning' or 'info'"),
            (
                ["verify", "--format", "yaml"],
                "Please provide one of the following:\n  - text\n  - json\n  - junit\n  - github\n  - markdown\n  - html"
            ),
            (["verify", "--fail-on", "errors"], "Please provide one of 'error', 'warning' or 'info'"),
        ])
    func badUsage(_ arguments: [String], _ message: String) async throws {
        let result = try await CLIRunner.run(arguments, currentDirectory: Self.root)
        #expect(result.status == 2)
        #expect(result.stderr.contains(message), "\(result.stderr)")
    }

    @Test("a malformed scenario in apicheck.yml exits 2 with file and line")
    func badScenario() async throws {
        let folder = try project()
        defer { try? FileManager.default.removeItem(at: folder) }
        let config = folder.appendingPathComponent("apicheck.yml")
        let text = try String(contentsOf: config, encoding: .utf8).replacingOccurrences(
            of: "method: GET, path: /api/v2/todos/0", with: "method: FETCH, path: /api/v2/todos/0")
        try text.write(to: config, atomically: true, encoding: .utf8)
        let line = (text.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains("FETCH") } ?? 0) + 1
        let result = try await CLIRunner.run(["diff", "--live", "--sandbox"], currentDirectory: folder)
        #expect(result.status == 2)
        #expect(result.stderr.contains("apicheck.yml:\(line):"), "\(result.stderr)")
        #expect(result.stderr.contains("unknown method \"FETCH\""))
    }

    @Test(
        "record after an API change ends with the contract changes the new recordings imply, each once, where to make it",
        arguments: [
            ("todos", "is-done-int", "breaking.response-type-changed", "/data/*/is_done", "contracts/todos.openapi.yaml"),
            ("todos", "missing-meta", "breaking.response-field-optional", "/meta", "contracts/todos.openapi.yaml"),
            ("github", "actor-removed", "breaking.response-field-optional", "/*/actor", "contracts/github.openapi.yaml"),
            ("kakao", "dates-utc", "breaking.date-form", "/documents/*/datetime", "contracts/kakao.openapi.yaml"),
        ])
    func recordImpliesContractChanges(_ api: String, _ drift: String, _ rule: String, _ pointer: String, _ contract: String)
        async throws
    {
        let result = try await CLIRunner.run(
            ["record", "--sandbox", "--dry-run", "--api", api, "--drift", drift], currentDirectory: Self.root)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stderr.contains("\(api): the new recordings imply 1 contract change; update \(contract) like this"), "\(result.stderr)")
        let lines = result.stderr.split(separator: "\n").filter { $0.contains("[\(rule)]") }
        #expect(lines.count == 1, "\(result.stderr)")
        let line = String(lines.first ?? "")
        // Compiler style: the contract's file and the line of the schema to edit, then the place and the rule.
        #expect(line.range(of: #"^contracts/[a-z]+\.openapi\.yaml:[0-9]+: "#, options: .regularExpression) != nil, "\(line)")
        #expect(line.contains(" \(pointer): "), "\(line)")
        #expect(result.stderr.contains("    seen in recordings/\(api)/scenarios/"), "\(result.stderr)")
    }

    @Test("record --sandbox twice leaves the recordings byte for byte the same; --dry-run writes nothing")
    func recordIsStable() async throws {
        let folder = try project(withRecordings: false)
        defer { try? FileManager.default.removeItem(at: folder) }
        func snapshotAll() throws -> [String: Data] {
            var all: [String: Data] = [:]
            for api in Self.apis {
                for (name, data) in try snapshot(folder.appendingPathComponent("recordings/\(api)/scenarios")) {
                    all["\(api)/\(name)"] = data
                }
            }
            return all
        }

        let first = try await CLIRunner.run(["record", "--sandbox"], currentDirectory: folder)
        #expect(first.status == 0, "\(first.stderr)")
        // Recordings that agree with the contracts imply no contract change.
        #expect(!first.stderr.contains("contract change"), "\(first.stderr)")
        #expect(first.stderr.contains("33 files written"), "\(first.stderr)")
        let written = try snapshotAll()
        #expect(written.count == 33)
        // The same as the committed ones: recording on a clean clone changes nothing in git.
        for (name, data) in written {
            let parts = name.split(separator: "/")
            let committed = try Data(contentsOf: Self.root.appendingPathComponent("recordings/\(parts[0])/scenarios/\(parts[1])"))
            #expect(Self.withoutRecordedAt(data) == Self.withoutRecordedAt(committed), "\(name)")
        }

        let second = try await CLIRunner.run(["record", "--sandbox"], currentDirectory: folder)
        #expect(second.status == 0)
        #expect(second.stderr.contains("0 files written, 33 unchanged"))
        #expect(try snapshotAll() == written)

        let dry = try await CLIRunner.run(["record", "--sandbox", "--dry-run", "--drift", "extra-field"], currentDirectory: folder)
        #expect(dry.status == 0)
        #expect(dry.stderr.contains("list-first-page.json: would update; changed since the last recording:"))
        #expect(dry.stderr.contains("[field.added]"))
        #expect(try snapshotAll() == written)
    }

    @Test("diff against recordings that are not there yet says how to make them, and still checks the contract")
    func noRecordings() async throws {
        let folder = try project(withRecordings: false)
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try await CLIRunner.run(["diff", "--live", "--sandbox", "--drift", "is-done-int"], currentDirectory: folder)
        #expect(result.status == 1)
        #expect(result.stderr.contains("run 'apicheck record --scenario list-first-page'"))
        #expect(result.stdout.contains("[shape.type]"))
    }

    static func withoutRecordedAt(_ data: Data) -> String {
        String(decoding: data, as: UTF8.self).split(separator: "\n").filter { !$0.contains("\"recorded_at\"") }.joined(separator: "\n")
    }

}
