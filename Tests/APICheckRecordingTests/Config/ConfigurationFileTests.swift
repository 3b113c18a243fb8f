import APICheckRecording
import Foundation
import TestSupport
import Testing

@Suite("apicheck.yml")
struct ConfigurationFileTests {
    static let repositoryConfig = repositoryRoot.appendingPathComponent("apicheck.yml")

    @Test("the repository's apicheck.yml loads with its todo API and scenarios")
    func repositoryConfigurationLoads() throws {
        let config = try ConfigurationFile.load(Self.repositoryConfig.path)
        let todos = try #require(config.api("todos"))
        #expect(todos.contract == "contracts/todos.openapi.yaml")
        #expect(todos.baseURL?.host == "phplaravel-574671-2962113.cloudwaysapps.com")
        #expect(try todos.effectiveBaseURL(environment: ["TODOS_BASE_URL": "http://127.0.0.1:9"]).absoluteString == "http://127.0.0.1:9")
        #expect(try todos.effectiveBaseURL(environment: ["TODOS_BASE_URL": ""]) == todos.baseURL, "an empty variable is unset")
        // A set variable that is not a URL is an error naming it, never the configured URL instead.
        #expect(throws: ConfigurationError.self) { try todos.effectiveBaseURL(environment: ["TODOS_BASE_URL": "staging.example.com"]) }
        do {
            _ = try todos.effectiveBaseURL(environment: ["TODOS_BASE_URL": "ftp://x"])
        } catch {
            #expect(
                error.description
                    == "$TODOS_BASE_URL: error: expected an http(s) URL such as https://staging.example.com, found \"ftp://x\"")
        }
        #expect(todos.scenarios.map(\.name).contains("update-roundtrip"))
        let roundtrip = try #require(todos.scenarios.first { $0.name == "update-roundtrip" })
        #expect(roundtrip.writes)
        #expect(roundtrip.steps.map(\.name) == ["create", "read-created", "update", "read-back", "delete", "read-deleted"])
        #expect(roundtrip.steps[0].capture.first?.1 == .pointer("/data/id"))
        #expect(roundtrip.steps[3].expectations.map(\.0.description) == ["/data/title", "/data/is_done"])
        #expect(roundtrip.steps[3].expectations.last?.1 == .bool(true))
        #expect(roundtrip.cleanup.count == 1)
        #expect(roundtrip.vars.first?.1 == "Don't open a+b & 할 일 #1/2? 100% =")
        if case .form(let pairs) = roundtrip.steps[2].body {
            #expect(pairs.map(\.0) == ["title", "is_done"])
        } else {
            Issue.record("the update step's body is not a form")
        }
    }

    @Test("every setting of the schema is read")
    func fullSchema() throws {
        let text = """
            version: 1
            apis:
              kakao:
                contract: contracts/kakao.openapi.yaml
                base_url: https://dapi.kakao.com
                base_url_env: KAKAO_BASE_URL
                other_bases:
                  oauth: { url: https://kauth.kakao.com, env: KAKAO_AUTH_URL }
                auth: { header: Authorization, env: KAKAO_REST_API_KEY, prefix: "KakaoAK " }
                secrets_env: [KAKAO_OTHER]
                redaction:
                  add: { json_keys: [session_id], request_headers: [X-Trace] }
                  remove: { form_fields: [code] }
                matching: { ignore_query: [ts], headers: [X-Mode], body: false }
                severity: { field.added: warning }
                ignore:
                  - { rule: date.offset, operation: "GET /v2/search/blog" }
                  - { rule: key.case }
                allow_writes: true
            """
        let config = try ConfigurationFile.parse(text, path: "apicheck.yml")
        let kakao = try #require(config.api("kakao"))
        #expect(kakao.recordings == "recordings/kakao")
        #expect(try kakao.baseURLs(environment: ["KAKAO_AUTH_URL": "http://127.0.0.1:1"])["oauth"]?.absoluteString == "http://127.0.0.1:1")
        #expect(throws: ConfigurationError.self) { try kakao.baseURLs(environment: ["KAKAO_AUTH_URL": "not a url"]) }
        #expect(kakao.auth.first?.value(environment: ["KAKAO_REST_API_KEY": "abc123"]) == "KakaoAK abc123")
        let rules = kakao.redactionRules(environment: ["KAKAO_REST_API_KEY": "key-1234", "KAKAO_OTHER": "other-5678"])
        #expect(rules.secretValues.sorted() == ["key-1234", "other-5678"])
        #expect(rules.jsonKeys.contains("session_id") && rules.jsonKeys.contains("token"))
        #expect(rules.requestHeaders.contains("x-trace"))
        #expect(!rules.formFields.contains("code") && rules.formFields.contains("client_secret"))
        #expect(kakao.matching.ignoredQueryItems == ["ts"] && kakao.matching.headers == ["X-Mode"] && !kakao.matching.body)
        #expect(kakao.severity.first?.severity == .warning)
        #expect(kakao.ignore.map(\.rule.rawValue) == ["date.offset", "key.case"])
        #expect(kakao.ignore.first?.operation == "GET /v2/search/blog")
        #expect(kakao.allowWrites)
        #expect(throws: ConfigurationError.self) { _ = try config.selecting("github") }
    }

    @Test("the repository's github API: optional auth with a sandbox value, vars_env, header captures, a sandbox-only scenario")
    func githubConfiguration() throws {
        let config = try ConfigurationFile.load(Self.repositoryConfig.path)
        let github = try #require(config.api("github"))
        #expect(github.otherBases.map(\.name) == ["oauth"])
        let auth = try #require(github.auth.first)
        #expect(auth.optional && auth.header == "Authorization" && auth.prefix == "Bearer ")
        #expect(auth.sandboxValue?.hasPrefix("gho_") == true)
        #expect(github.environmentVariables.map(\.name) == ["client_id", "client_secret"])
        let conditional = try #require(github.scenarios.first { $0.name == "events-conditional" })
        #expect(conditional.steps[0].capture.map(\.1) == [.header("ETag"), .header("Last-Modified")])
        #expect(conditional.steps[1].expectedStatus == 304)
        let exchange = try #require(github.scenarios.first { $0.name == "oauth-exchange" })
        #expect(exchange.sandboxOnly && exchange.uses("client_secret") && !exchange.uses("etag"))
        #expect(github.scenarios.filter(\.sandboxOnly).map(\.name) == ["oauth-exchange", "oauth-exchange-json-body"])
        // Every value from the environment, and every sandbox value, is a secret to redact.
        let rules = github.redactionRules(
            environment: ["GITHUB_CLIENT_ID": "client-from-env", "GITHUB_TOKEN": "tok-from-env"], sandbox: true)
        let redacted = rules.redact(
            Interaction(
                request: RecordedRequest(method: "GET", url: "/x?c=client-from-env&t=tok-from-env&s=apicheck-sandbox-client-secret"),
                response: RecordedResponse(status: 200)
            ))
        #expect(redacted.request.url == "/x?c=%3Credacted%3E&t=%3Credacted%3E&s=%3Credacted%3E")
    }

    @Test(
        "the repository's lslp API: no base_url (only base_url_env), SesacKey auth, repeat, wait in a sandbox-only scenario, multipart files"
    )
    func lslpConfiguration() throws {
        let config = try ConfigurationFile.load(Self.repositoryConfig.path)
        let lslp = try #require(config.api("lslp"))
        #expect(lslp.baseURL == nil && lslp.baseURLEnvironment == "LSLP_BASE_URL")
        #expect {
            _ = try lslp.effectiveBaseURL(environment: [:])
        } throws: { error in
            "\(error)".contains("set LSLP_BASE_URL")
        }
        #expect(try lslp.effectiveBaseURL(environment: ["LSLP_BASE_URL": "http://127.0.0.1:9"]).port == 9)
        #expect(try lslp.knownBaseURLs(environment: [:]).isEmpty, "reading recordings needs no server")
        #expect(lslp.auth.map(\.header) == ["SesacKey"])
        let feed = try #require(lslp.scenarios.first { $0.name == "feed-pages" })
        let page = try #require(feed.steps.first { $0.repeatUntil != nil })
        #expect(page.repeatUntil?.max == 20 && page.repeatUntil?.until.map(\.0.description) == ["/next_cursor"])
        let expiry = try #require(lslp.scenarios.first { $0.name == "token-expiry" })
        #expect(expiry.sandboxOnly && expiry.steps.compactMap(\.wait) == [2.5, 4])
        let lifecycle = try #require(lslp.scenarios.first { $0.name == "post-lifecycle" })
        guard case .multipart(let fields)? = lifecycle.steps.first(where: { $0.name == "create" })?.body else {
            Issue.record("create has no multipart body")
            return
        }
        #expect(fields.map(\.name) == ["product_id", "content", "content1", "file", "content3"], "Mobbie's form, without a title")
        #expect(fields[3].filename == "1500 bytes.jpg" && fields[3].bytes?.prefix(2) == Data([0xFF, 0xD8]))
    }

    @Test(
        "mistakes are errors with file, line and key path",
        arguments: [
            (
                "apis:\n  todos:\n    base_url: https://x.test\n    contrct: a.yaml\n", 4,
                "apis.todos: unknown key \"contrct\" (allowed: contract,"
            ),
            ("apis:\n  todos:\n    contract: a.yaml\n", 3, "apis.todos: missing required key \"base_url\""),
            ("apis:\n  todos:\n    base_url: ftp://x.test\n", 3, "apis.todos.base_url: expected an http(s) URL"),
            (
                "apis:\n  todos:\n    base_url: https://x.test\n    allow_writes: maybe\n", 4,
                "apis.todos.allow_writes: expected true or false"
            ),
            ("apis:\n  todos:\n    base_url: https://x.test\n    severity: { field.nope: error }\n", 4, "unknown rule \"field.nope\""),
            ("apis:\n  todos:\n    base_url: https://x.test\n    severity: { field.added: fatal }\n", 4, "expected error, warning or info"),
            (
                "apis:\n  todos:\n    base_url: https://x.test\n    scenarios:\n      - { name: a, steps: [ { name: s, method: FETCH, path: /x } ] }\n",
                5, "unknown method \"FETCH\""
            ),
            (
                "apis:\n  todos:\n    base_url: https://x.test\n    scenarios:\n      - { name: a, steps: [ { name: s, method: GET, path: x } ] }\n",
                5, "a path starts with '/'"
            ),
            (
                "apis:\n  todos:\n    base_url: https://x.test\n    scenarios:\n      - { name: a, steps: [ { name: s, method: GET, path: /x, base: oauth } ] }\n",
                5, "unknown base \"oauth\" (this API has no other_bases)"
            ),
            (
                "apis:\n  gh:\n    base_url: https://x.test\n    other_bases: { web: { url: https://y.test } }\n    scenarios:\n      - name: a\n        steps: [ { name: s, method: GET, path: /x } ]\n        cleanup:\n          - { method: DELETE, path: /x, base: wbe }\n",
                9, "unknown base \"wbe\" (other_bases names \"web\")"
            ),
            (
                "apis:\n  todos:\n    base_url: https://x.test\n    scenarios:\n      - { name: a, steps: [ { name: s, method: GET, path: /x, expect: { title: x } } ] }\n",
                5, "expect takes status and JSON pointers"
            ),
            ("apis:\n  todos:\n    base_url: [https://x.test\n", 4, "not valid YAML"),
            ("version: 2\napis: {}\n", 1, "unsupported version 2"),
            ("apis: {}\n", 1, "no APIs defined"),
            ("apis:\n  todos:\n    base_url: https://x.test\n    base_url: https://y.test\n", 3, "the key \"base_url\" appears twice"),
            // Keys are told apart by their text, as JSON's are: a plain 200 and a quoted one are one key twice.
            (
                "apis:\n  gh:\n    base_url: https://x.test\n    scenarios:\n      - name: a\n        vars: { 200: x, \"200\": y }\n        steps: [ { name: s, method: GET, path: /x } ]\n",
                6, "the key \"200\" appears twice"
            ),
            // A quoted true, or one tagged !!str, is text, not a boolean.
            (
                "apis:\n  todos:\n    base_url: https://x.test\n    allow_writes: \"true\"\n", 4,
                "apis.todos.allow_writes: expected true or false"
            ),
            (
                "apis:\n  todos:\n    base_url: https://x.test\n    allow_writes: !!str true\n", 4,
                "apis.todos.allow_writes: expected true or false"
            ),
            (
                "apis:\n  gh:\n    base_url: https://x.test\n    auth: { header: Authorization, env: T, optional: sometimes }\n", 4,
                "expected true or false"
            ),
            (
                "apis:\n  gh:\n    base_url: https://x.test\n    vars_env: { secret: { env: S, sandbox: x, secret: true } }\n", 4,
                "unknown key \"secret\" (allowed: env, sandbox)"
            ),
            (
                "apis:\n  gh:\n    base_url: https://x.test\n    vars_env: { secret: { env: S } }\n    scenarios:\n      - { name: a, vars: { secret: x }, steps: [ { name: s, method: GET, path: /x } ] }\n",
                6, "sets var \"secret\", which vars_env already takes"
            ),
            (
                "apis:\n  gh:\n    base_url: https://x.test\n    scenarios:\n      - { name: a, steps: [ { name: s, method: GET, path: /x, capture: { etag: { heder: ETag } } } ] }\n",
                5, "unknown key \"heder\" (allowed: header)"
            ),
            (
                "apis:\n  gh:\n    base_url: https://x.test\n    scenarios:\n      - { name: a, steps: [ { name: s, method: GET, path: /x, capture: { etag: ETag } } ] }\n",
                5, "or { header: NAME }"
            ),
            (
                "apis:\n  gh:\n    base_url: https://x.test\n    scenarios:\n      - { name: a, sandbox_only: yes please, steps: [ { name: s, method: GET, path: /x } ] }\n",
                5, "expected true or false"
            ),
            (
                "apis:\n  sns:\n    base_url_env: SNS_URL\n    scenarios:\n      - { name: a, steps: [ { name: s, method: GET, path: /x, wait: 2 } ] }\n",
                5, "step \"s\" waits, which only works against the sandbox; mark the scenario sandbox_only: true"
            ),
            (
                "apis:\n  sns:\n    base_url_env: SNS_URL\n    scenarios:\n      - { name: a, sandbox_only: true, steps: [ { name: s, method: GET, path: /x, wait: 90 } ] }\n",
                5, "at most 60, found 90"
            ),
            (
                "apis:\n  sns:\n    base_url_env: SNS_URL\n    scenarios:\n      - { name: a, steps: [ { name: s, method: GET, path: /x, wait: soon } ] }\n",
                5, "expected a number"
            ),
            (
                "apis:\n  sns:\n    base_url_env: SNS_URL\n    scenarios:\n      - { name: a, steps: [ { name: s, method: GET, path: /x, repeat: { max: 3 } } ] }\n",
                5, "missing required key \"until\""
            ),
            (
                "apis:\n  sns:\n    base_url_env: SNS_URL\n    scenarios:\n      - { name: a, steps: [ { name: s, method: GET, path: /x, repeat: { until: { /c: \"0\" }, max: 0 } } ] }\n",
                5, "repeat.max is from 1 to 100, found 0"
            ),
            (
                "apis:\n  sns:\n    base_url_env: SNS_URL\n    scenarios:\n      - { name: a, steps: [ { name: s, method: GET, path: /x, repeat: { until: { next: \"0\" }, max: 3 } } ] }\n",
                5, "repeat.until takes JSON pointers"
            ),
            (
                "apis:\n  sns:\n    base_url_env: SNS_URL\n    scenarios:\n      - { name: a, steps: [ { name: s, method: POST, path: /x, body: { multipart: [ { name: f, text: a, base64: YQ== } ] } } ] }\n",
                5, "exactly one of text and base64"
            ),
            (
                "apis:\n  sns:\n    base_url_env: SNS_URL\n    scenarios:\n      - { name: a, steps: [ { name: s, method: POST, path: /x, body: { multipart: [ { name: f, base64: \"not base64!\" } ] } } ] }\n",
                5, "not valid base64"
            ),
        ])
    func mistakes(_ text: String, _ line: Int, _ message: String) {
        #expect {
            _ = try ConfigurationFile.parse(text, path: "apicheck.yml")
        } throws: { error in
            guard let error = error as? ConfigurationError else { return false }
            let ok = error.line == line && error.description.hasPrefix("apicheck.yml:\(line):") && error.description.contains(message)
            if !ok { Issue.record("got \(error)") }
            return ok
        }
    }

    @Test(
        "a boolean is one of YAML 1.1's spellings, unquoted, or a value tagged !!bool",
        arguments: [
            ("true", true), ("True", true), ("TRUE", true), ("yes", true), ("Yes", true), ("on", true), ("ON", true),
            ("false", false), ("No", false), ("off", false), ("OFF", false), ("!!bool TRUE", true), ("!!bool \"no\"", false),
        ])
    func booleans(_ written: String, _ value: Bool) throws {
        let config = try ConfigurationFile.parse(
            "apis:\n  todos:\n    base_url: https://x.test\n    allow_writes: \(written)\n", path: "apicheck.yml")
        #expect(config.apis.first?.allowWrites == value)
    }

    @Test("a missing file is an error naming it")
    func missingFile() {
        #expect {
            _ = try ConfigurationFile.load("/no/such/apicheck.yml")
        } throws: { error in
            (error as? ConfigurationError)?.description.hasPrefix("/no/such/apicheck.yml: error: no such file") == true
        }
    }

    @Test("contract and recordings paths: an absolute path is used as written, a relative one from the file's folder")
    func pathResolution() throws {
        let config = try ConfigurationFile.parse(
            "apis:\n  a:\n    base_url: https://x.test\n    contract: /abs/c.yaml\n    recordings: rel/r\n",
            path: "/project/sub/apicheck.yml")
        let api = try #require(config.api("a"))
        #expect(config.resolve(try #require(api.contract)).path == "/abs/c.yaml")
        #expect(config.resolve(api.recordings).path == "/project/sub/rel/r")
    }
}
