import APICheck
import APICheckLive
import Foundation
import Locking
import Sandbox
import TestSupport
import Testing

/// Scenarios parsed from the `scenarios:` YAML of one API, as apicheck.yml would hold them.
func scenarios(_ yaml: String, otherBases: String = "") throws -> [ScenarioDefinition] {
    let indented = yaml.split(separator: "\n", omittingEmptySubsequences: false).map { "      " + $0 }.joined(separator: "\n")
    let text = "apis:\n  todos:\n    base_url: https://api.example.test\n\(otherBases)    scenarios:\n\(indented)\n"
    return try ConfigurationFile.parse(text, path: "apicheck.yml").apis[0].scenarios
}

@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
var target: ScenarioRunner.Endpoint {
    ScenarioRunner.Endpoint(
        baseURLs: ["": URL(string: "https://api.example.test")!], headers: [("Authorization", "Bearer secret-token-value")])
}

@Suite("Scenario runner", timeLimit(minutes: 5))
struct ScenarioRunnerTests {
    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("steps run in order; a captured id keeps its type in expect and fills the path")
    func capturesAndExpect() async throws {
        let definitions = try scenarios(
            """
            - name: read-first
              steps:
                - { name: list, method: GET, path: /api/v2/todos, query: { per_page: "1" }, capture: { todo_id: /data/0/id } }
                - { name: read, method: GET, path: "/api/v2/todos/{{todo_id}}", expect: { status: 200, "/data/id": "{{todo_id}}" } }
            """)
        let transport = ScriptedTransport { request, _ in
            if request.url.path == "/api/v2/todos" { return ScriptedTransport.json(200, #"{"data": [{"id": 4439}]}"#) }
            return ScriptedTransport.json(200, #"{"data": {"id": 4439}}"#)
        }
        let outcome = await ScenarioRunner(transport: transport, endpoint: target).run(definitions)[0]
        #expect(outcome.problems.isEmpty)
        #expect(
            transport.requests.map(\.url.absoluteString) == [
                "https://api.example.test/api/v2/todos?per_page=1", "https://api.example.test/api/v2/todos/4439",
            ])
        #expect(transport.requests.allSatisfy { $0.headers.contains { $0 == ("Authorization", "Bearer secret-token-value") } })
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("an expect that does not hold and a capture that finds nothing are problems; later steps still run")
    func expectFailures() async throws {
        let definitions = try scenarios(
            """
            - name: s
              steps:
                - { name: one, method: GET, path: /a, expect: { status: 201, "/title": "new" }, capture: { id: /missing } }
                - { name: two, method: GET, path: /b }
            """)
        let transport = ScriptedTransport { _, _ in ScriptedTransport.json(200, #"{"title": "old"}"#) }
        let outcome = await ScenarioRunner(transport: transport, endpoint: target).run(definitions)[0]
        #expect(outcome.problems.map(\.pointer) == ["/status", "/title", "/missing"])
        #expect(outcome.problems.map(\.found) == ["200", #""old""#, "no such key"])
        #expect(outcome.steps.map(\.step) == ["one", "two"])
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("a form body, a path value and a query value are escaped, Korean and reserved characters included")
    func escaping() async throws {
        let definitions = try scenarios(
            """
            - name: s
              writes: true
              vars: { t: "Don't a+b & 할 일 #1/2? 100% =" }
              steps:
                - { name: put, method: PUT, path: "/todos/{{t}}", query: { q: "{{t}}" }, body: { form: [[title, "{{t}}"], [is_done, "true"]] } }
            """)
        let transport = ScriptedTransport { _, _ in ScriptedTransport.json(200, "{}") }
        _ = await ScenarioRunner(transport: transport, endpoint: target, options: .init(allowWrites: true)).run(definitions)
        let request = try #require(transport.requests.first)
        let escaped = "Don%27t%20a%2Bb%20%26%20%ED%95%A0%20%EC%9D%BC%20%231%2F2%3F%20100%25%20%3D"
        #expect(request.url.absoluteString == "https://api.example.test/todos/\(escaped)?q=\(escaped)")
        #expect(
            String(decoding: request.body ?? [], as: UTF8.self)
                == "title=Don%27t%20a%2Bb%20%26%20%ED%95%A0%20%EC%9D%BC%20%231%2F2%3F%20100%25%20%3D&is_done=true")
        #expect(request.headers.contains { $0 == ("Content-Type", "application/x-www-form-urlencoded") })
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("a GET is retried once on a refused connection; a POST is not; a timeout is not")
    func retries() async throws {
        let definitions = try scenarios(
            """
            - name: get
              steps: [{ name: g, method: GET, path: /g }]
            - name: post
              writes: true
              steps: [{ name: p, method: POST, path: /p }]
            - name: slow
              steps: [{ name: s, method: GET, path: /s }]
            """)
        let transport = ScriptedTransport { request, _ throws(TransportError) in
            switch request.url.path {
            case "/s": throw TransportError(.timeout, "test")
            default: throw TransportError(.refused, "test")
            }
        }
        // One scenario at a time, so that the dead-server rule does not stop the later ones first.
        for definition in definitions {
            _ = await ScenarioRunner(transport: transport, endpoint: target, options: .init(allowWrites: true)).run(definition)
        }
        #expect(transport.requests.map(\.url.path) == ["/g", "/g", "/p", "/s"])
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("a request goes only where it was told: a base the target lacks is a step problem, and nothing is sent")
    func unknownBaseIsNotTheMainOne() async throws {
        let definitions = try scenarios(
            "- { name: s, steps: [{ name: token, method: POST, path: /login/oauth/access_token, base: web }], cleanup: [{ method: DELETE, path: /x, base: web }] }",
            otherBases: "    other_bases: { web: { url: https://web.example.test } }\n"
        )
        let transport = ScriptedTransport { _, _ in ScriptedTransport.json(200, "{}") }
        // The target has only the main base: the step must not fall back to it.
        let outcome = await ScenarioRunner(transport: transport, endpoint: target).run(definitions)[0]
        #expect(transport.requests.isEmpty, "\(transport.requests.map(\.url))")
        #expect(outcome.problems.map(\.kind) == [.request, .request])
        #expect(outcome.problems.first?.expected == "the base URL \"web\" (other_bases)")

        let withWeb = ScenarioRunner.Endpoint(baseURLs: [
            "": try #require(URL(string: "https://api.example.test")), "web": try #require(URL(string: "https://web.example.test")),
        ])
        _ = await ScenarioRunner(transport: transport, endpoint: withWeb).run(definitions)
        #expect(transport.requests.map(\.url.host) == ["web.example.test", "web.example.test"])
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("a URL that cannot be built is a step problem, and nothing is sent")
    func unbuildableURL() async throws {
        let definitions = try scenarios("- { name: s, steps: [{ name: g, method: GET, path: /g }] }")
        let transport = ScriptedTransport { _, _ in ScriptedTransport.json(200, "{}") }
        let broken = ScenarioRunner.Endpoint(baseURLs: ["": try #require(URL(string: "not-a-base"))])
        let outcome = await ScenarioRunner(transport: transport, endpoint: broken).run(definitions)[0]
        #expect(transport.requests.isEmpty)
        #expect(outcome.problems.first?.kind == .request)
        #expect(outcome.problems.first?.found.contains("not-a-base/g") == true, "\(outcome.problems)")
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("a 429 with Retry-After waits once within the deadline, then takes the answer")
    func rateLimit() async throws {
        let definitions = try scenarios("- { name: s, steps: [{ name: g, method: GET, path: /g }] }")
        let transport = ScriptedTransport { _, index in
            index < 2 ? ScriptedTransport.json(429, "{}", headers: [("Retry-After", "0")]) : ScriptedTransport.json(200, "{}")
        }
        let waits = WaitLog()
        let outcome = await ScenarioRunner(transport: transport, endpoint: target, options: .init(sleep: waits.sleep)).run(definitions)[0]
        #expect(transport.requests.count == 2)
        #expect(outcome.steps.first?.response?.status == 429)
        #expect(waits.durations == [.zero], "one wait, of what Retry-After said")

        // A wait longer than the deadline is not waited for: the 429 is the answer.
        let tooLong = ScriptedTransport { _, _ in ScriptedTransport.json(429, "{}", headers: [("Retry-After", "60")]) }
        let noWaits = WaitLog()
        _ = await ScenarioRunner(transport: tooLong, endpoint: target, options: .init(timeout: .seconds(2), sleep: noWaits.sleep)).run(
            definitions)
        #expect(tooLong.requests.count == 1)
        #expect(noWaits.durations.isEmpty)
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("after a transport failure the rest is skipped and the clean-up still runs with what was captured")
    func cleanupAfterFailure() async throws {
        let definitions = try scenarios(
            """
            - name: roundtrip
              writes: true
              steps:
                - { name: create, method: POST, path: /todos, body: { json: { title: x } }, capture: { id: /data/id } }
                - { name: read, method: GET, path: "/todos/{{id}}" }
                - { name: after, method: GET, path: /after }
              cleanup:
                - { method: DELETE, path: "/todos/{{id}}" }
                - { method: DELETE, path: "/never/{{unknown}}" }
            """)
        let transport = ScriptedTransport { request, _ throws(TransportError) in
            if request.method == "POST" { return ScriptedTransport.json(200, #"{"data": {"id": 7}}"#) }
            if request.method == "GET" { throw TransportError(.timeout, "test") }
            return ScriptedTransport.json(200, "{}")
        }
        let outcome = await ScenarioRunner(transport: transport, endpoint: target, options: .init(allowWrites: true)).run(definitions)[0]
        #expect(outcome.skipped == ["after"])
        #expect(outcome.transportError?.kind == .timeout)
        #expect(outcome.cleanup.map(\.request.url.path) == ["/todos/7"])
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("a cancelled run (Ctrl-C) stops its steps and still cleans up")
    func cleanupAfterCancellation() async throws {
        let definitions = try scenarios(
            """
            - name: roundtrip
              writes: true
              steps:
                - { name: create, method: POST, path: /todos, capture: { id: /data/id } }
                - { name: wait, method: GET, path: /slow }
                - { name: after, method: GET, path: /after }
              cleanup:
                - { method: DELETE, path: "/todos/{{id}}" }
            """)
        let transport = ScriptedTransport { request, _ throws(TransportError) in
            switch request.method {
            case "POST": return ScriptedTransport.json(200, #"{"data": {"id": 9}}"#)
            case "GET":
                do { try await Task.sleep(for: .seconds(30)) } catch { throw TransportError(.cancelled, "") }
                return ScriptedTransport.json(200, "{}")
            default: return ScriptedTransport.json(200, "{}")
            }
        }
        let runner = ScenarioRunner(transport: transport, endpoint: target, options: .init(allowWrites: true))
        let task = Task { await runner.run(definitions) }
        // Bounded: at most 12,000 polls (a minute or more on a busy machine), then the test fails instead of hanging.
        var polls = 0
        while !transport.requests.contains(where: { $0.url.path == "/slow" }), polls < 12_000 {
            try await Task.sleep(for: .milliseconds(5))
            polls += 1
        }
        #expect(polls < 12_000, "the slow request was never sent")
        task.cancel()
        let outcome = await task.value[0]
        #expect(outcome.skipped == ["after"])
        #expect(outcome.cleanup.map(\.request.url.path) == ["/todos/9"])
        #expect(outcome.cleanup.first?.response?.status == 200)
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("once every request so far failed on transport, no further scenario starts")
    func deadServer() async throws {
        let yaml = (1...20).map { "- { name: s\($0), steps: [{ name: g, method: GET, path: /g\($0) }] }" }.joined(separator: "\n")
        let transport = ScriptedTransport { _, _ throws(TransportError) in throw TransportError(.refused, "test") }
        let outcomes = await ScenarioRunner(transport: transport, endpoint: target, options: .init(concurrency: 4)).run(try scenarios(yaml))
        let started = outcomes.filter { $0.notRun == nil }
        #expect(started.count == 4)
        #expect(outcomes.filter { $0.notRun?.contains("failed to reach") == true }.count == 16)
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("a fast transport failure while another scenario still waits for its answer does not stop the run")
    func failureBesideASlowAnswer() async throws {
        let yaml = (1...8).map { "- { name: s\($0), steps: [{ name: g, method: GET, path: /g\($0) }] }" }.joined(separator: "\n")
        let transport = ScriptedTransport { request, _ throws(TransportError) in
            switch request.url.path {
            case "/g1":
                try? await Task.sleep(for: .milliseconds(300))
                return ScriptedTransport.json(200, "{}")
            case "/g2": throw TransportError(.reset, "test")
            default: return ScriptedTransport.json(200, "{}")
            }
        }
        let outcomes = await ScenarioRunner(transport: transport, endpoint: target, options: .init(concurrency: 2)).run(try scenarios(yaml))
        #expect(outcomes.map(\.notRun) == Array(repeating: nil, count: 8), "\(outcomes.compactMap(\.notRun))")
        #expect(Set(transport.requests.map(\.url.path)) == Set((1...8).map { "/g\($0)" }))
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("a scenario that writes does not run against a real API without permission")
    func writesNeedPermission() async throws {
        let definitions = try scenarios("- { name: w, writes: true, steps: [{ name: p, method: POST, path: /p }] }")
        let transport = ScriptedTransport { _, _ in ScriptedTransport.json(200, "{}") }
        let outcome = await ScenarioRunner(transport: transport, endpoint: target).run(definitions)[0]
        #expect(outcome.notRun?.contains("--allow-writes") == true)
        #expect(transport.requests.isEmpty)
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("concurrent scenarios each see only their own captures", arguments: [1, 4, 16])
    func isolation(concurrency: Int) async throws {
        let yaml = (1...40).map {
            "- { name: s\($0), steps: [{ name: a, method: GET, path: /echo/\($0), capture: { n: /n } }, { name: b, method: GET, path: \"/check/{{n}}\", expect: { \"/n\": \"{{n}}\" } }] }"
        }.joined(separator: "\n")
        let transport = ScriptedTransport { request, _ in
            let number = request.url.lastPathComponent
            try? await Task.sleep(for: .milliseconds(Int.random(in: 0...3)))
            return ScriptedTransport.json(200, #"{"n": \#(number)}"#)
        }
        let outcomes = await ScenarioRunner(transport: transport, endpoint: target, options: .init(concurrency: concurrency)).run(
            try scenarios(yaml))
        #expect(outcomes.count == 40)
        #expect(outcomes.allSatisfy { $0.problems.isEmpty && $0.steps.count == 2 })
        for (index, outcome) in outcomes.enumerated() {
            #expect(outcome.steps.last?.request.url.path == "/check/\(index + 1)")
        }
    }
}

@Suite("The todo scenarios against the sandbox", timeLimit(minutes: 5))
struct TodoScenariosTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("apicheck.yml's todo scenarios never disturb each other: each read-only one beside a writing one, at concurrency 8")
    func concurrentScenarios() async throws {
        let configuration = try ConfigurationFile.load(Self.root.appendingPathComponent("apicheck.yml").path)
        let all = try #require(configuration.api("todos")).scenarios
        // Writers interleaved with readers, so that every reader runs while probes are created and deleted.
        let writers = all.filter(\.writes)
        let todos = all.filter { !$0.writes }.flatMap { [$0] + writers + writers + writers }
        let outcomes = try await withSandboxServer { sandbox in
            let transport = HTTPTransport()
            let runner = ScenarioRunner(
                transport: transport, endpoint: .init(baseURLs: ["": sandbox.baseURL]), options: .init(concurrency: 8, allowWrites: true)
            )
            let outcomes = await runner.run(Array(repeating: todos, count: 3).flatMap { $0 })
            await transport.shutdown()
            return outcomes
        }
        #expect(outcomes.count == todos.count * 3)
        for outcome in outcomes {
            #expect(outcome.problems.isEmpty, "\(outcome.scenario): \(outcome.problems)")
            #expect(outcome.transportError == nil && outcome.notRun == nil && outcome.skipped.isEmpty)
        }
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("a read-only scenario never picks what a writing scenario created (it could be deleted under it)")
    func readersAvoidProbes() async throws {
        let configuration = try ConfigurationFile.load(Self.root.appendingPathComponent("apicheck.yml").path)
        let readFirst = try #require(configuration.api("todos")?.scenarios.first { $0.name == "read-first" })
        let transport = HTTPTransport()
        let ran = await Result(catching: { () async throws -> (JSONValue?, ScenarioOutcome) in
            try await withSandboxServer { sandbox in
                // A probe exists, as it does while update-roundtrip runs beside read-first.
                let probe = try await transport.send(
                    LiveRequest(
                        method: "POST", url: sandbox.baseURL.appendingPathComponent("api/v2/todos-json"),
                        headers: [("Content-Type", "application/json"), ("Accept", "application/json")],
                        body: Array(#"{"title": "apicheck probe", "is_done": "false"}"#.utf8)
                    ),
                    deadline: .now + .seconds(10)
                )
                let probeID = try JSONReader.parse(probe.body)[pointer: "/data/id"]
                return (
                    probeID, await ScenarioRunner(transport: transport, endpoint: .init(baseURLs: ["": sandbox.baseURL])).run(readFirst)
                )
            }
        })
        // The client is shut down whether or not the sandbox part threw.
        await transport.shutdown()
        let (probeID, outcome) = try ran.get()
        let read = try #require(outcome.steps.last)
        #expect(read.step == "read")
        #expect(probeID != nil)
        #expect(
            !read.request.url.path.hasSuffix("/\(probeID.map { JSONWriter.compact($0) } ?? "")"),
            "read-first read the probe: \(read.request.url)")
    }
}

/// The waits a runner asked for, instead of waiting: tests of waits read this, not a clock.
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
final class WaitLog: Sendable {
    private let recorded = Locked<[Duration]>([])

    var durations: [Duration] { recorded.withLock { $0 } }

    var sleep: @Sendable (Duration) async -> Void {
        { [self] duration in recorded.withLock { $0.append(duration) } }
    }
}

@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
extension Result where Failure == any Error {
    /// The outcome of an async throwing closure, so that clean-up can run after it whatever happened.
    init(catching body: () async throws -> Success) async {
        do {
            self = .success(try await body())
        } catch {
            self = .failure(error)
        }
    }
}

/// `repeat`, `wait`, `{{run_id}}`-style vars, multipart files and captured secrets: what the LSLP scenarios need of the engine.
@Suite("Scenario runner: repeat, wait, secrets", timeLimit(minutes: 5))
struct ScenarioRunnerRepeatTests {
    /// A feed of three pages by cursor: "c1", "c2", then "0".
    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    static func pages() -> ScriptedTransport {
        ScriptedTransport { request, _ in
            let next = URLComponents(url: request.url, resolvingAgainstBaseURL: false)?.queryItems?.first { $0.name == "next" }?.value ?? ""
            let cursor = ["": "c1", "c1": "c2", "c2": "0"][next] ?? "0"
            return ScriptedTransport.json(200, #"{"data": [], "next_cursor": "\#(cursor)"}"#)
        }
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("repeat sends again with the last answer's captures until the pointer holds the value")
    func repeatUntil() async throws {
        let definitions = try scenarios(
            """
            - name: feed
              vars: { cursor: "" }
              steps:
                - { name: page, method: GET, path: /post, query: { next: "{{cursor}}" }, capture: { cursor: /next_cursor },
                    repeat: { until: { "/next_cursor": "0" }, max: 20 }, expect: { status: 200 } }
                - { name: after, method: GET, path: /done }
            """)
        let transport = Self.pages()
        let outcome = await ScenarioRunner(transport: transport, endpoint: target).run(definitions)[0]
        #expect(outcome.problems.isEmpty, "\(outcome.problems)")
        #expect(transport.requests.map { $0.url.query ?? "" } == ["next=", "next=c1", "next=c2", ""])
        #expect(outcome.steps.map(\.step) == ["page", "page", "page", "after"])
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("a repeat that reaches max without the value is an expect problem naming the pointer and max")
    func repeatMax() async throws {
        let definitions = try scenarios(
            """
            - name: feed
              vars: { cursor: "" }
              steps:
                - { name: page, method: GET, path: /post, query: { next: "{{cursor}}" }, capture: { cursor: /next_cursor },
                    repeat: { until: { "/next_cursor": "never" }, max: 2 } }
            """)
        let transport = Self.pages()
        let outcome = await ScenarioRunner(transport: transport, endpoint: target).run(definitions)[0]
        #expect(transport.requests.count == 2)
        #expect(outcome.problems.map(\.pointer) == ["/next_cursor"])
        #expect(outcome.problems.first?.expected == #""never" within 2 sends (repeat.max)"#)
        #expect(outcome.problems.first?.found == #""c2""#)
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("wait sleeps through the runner's clock before the step is sent")
    func wait() async throws {
        let definitions = try scenarios(
            """
            - name: expiry
              sandbox_only: true
              steps:
                - { name: first, method: GET, path: /a }
                - { name: later, method: GET, path: /b, wait: 2.5 }
            """)
        let slept = Locked<[Duration]>([])
        let transport = ScriptedTransport { _, _ in ScriptedTransport.json(200, "{}") }
        let runner = ScenarioRunner(
            transport: transport, endpoint: target, options: .init(sleep: { duration in slept.withLock { $0.append(duration) } }))
        let outcome = await runner.run(definitions)[0]
        #expect(outcome.steps.map(\.step) == ["first", "later"])
        #expect(slept.withLock { $0 } == [.milliseconds(2500)])
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("a value captured from a redacted key is a secret: listed in the outcome, never shown in a problem")
    func capturedSecrets() async throws {
        let definitions = try scenarios(
            """
            - name: login
              steps:
                - { name: login, method: POST, path: /login, capture: { token: /token } }
                - { name: use, method: GET, path: /me, headers: { Authorization: "{{token}}" }, expect: { "/echo": "x", "/token": "y" } }
            """)
        let transport = ScriptedTransport { request, _ in
            if request.url.path == "/login" { return ScriptedTransport.json(200, #"{"token": "eyJ.secret-jwt.sig"}"#) }
            return ScriptedTransport.json(200, #"{"echo": "you sent eyJ.secret-jwt.sig", "token": "eyJ.secret-jwt.sig"}"#)
        }
        let outcome = await ScenarioRunner(transport: transport, endpoint: target).run(definitions)[0]
        #expect(outcome.secrets == ["eyJ.secret-jwt.sig"])
        #expect(transport.requests.last?.headers.contains { $0 == ("Authorization", "eyJ.secret-jwt.sig") } == true, "sent as it is")
        #expect(outcome.problems.map(\.pointer) == ["/echo", "/token"])
        #expect(!outcome.problems.contains { $0.found.contains("secret-jwt") || $0.expected.contains("secret-jwt") }, "\(outcome.problems)")
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("a multipart step sends text fields and a file part with its name, type and bytes")
    func multipartFile() async throws {
        let definitions = try scenarios(
            """
            - name: upload
              writes: true
              steps:
                - { name: create, method: POST, path: /post,
                    body: { multipart: [[title, "사진"], { name: file, filename: a.jpg, content_type: image/jpeg, base64: "/9j/2Q==" }] } }
            """)
        let transport = ScriptedTransport { _, _ in ScriptedTransport.json(200, "{}") }
        _ = await ScenarioRunner(transport: transport, endpoint: target, options: .init(allowWrites: true)).run(definitions)
        let request = try #require(transport.requests.first)
        let body = try #require(request.body)
        let text = String(decoding: body, as: UTF8.self)
        #expect(text.contains("Content-Disposition: form-data; name=\"file\"; filename=\"a.jpg\"\r\nContent-Type: image/jpeg\r\n\r\n"))
        #expect(body.starts(with: Array("--".utf8)) && Data(body).range(of: Data([0xFF, 0xD8, 0xFF, 0xD9])) != nil)
        #expect(text.contains("name=\"title\"\r\n\r\n사진\r\n"))
    }
}

@Suite("Scenario runner: clean-up captures", timeLimit(minutes: 5))
struct ScenarioRunnerCleanupTests {
    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("a clean-up step may capture for the next one (log in again, then delete with the new token)")
    func cleanupCaptures() async throws {
        let definitions = try scenarios(
            """
            - name: account
              writes: true
              steps:
                - { name: fail, method: GET, path: /fails, expect: { status: 200 } }
              cleanup:
                - { method: POST, path: /login, capture: { token: /token } }
                - { method: GET, path: /withdraw, headers: { Authorization: "{{token}}" } }
            """)
        let transport = ScriptedTransport { request, _ in
            switch request.url.path {
            case "/login": return ScriptedTransport.json(200, #"{"token": "fresh-cleanup-token"}"#)
            case "/fails": return ScriptedTransport.json(500, "{}")
            default: return ScriptedTransport.json(200, "{}")
            }
        }
        let outcome = await ScenarioRunner(transport: transport, endpoint: target, options: .init(allowWrites: true)).run(definitions)[0]
        #expect(outcome.cleanup.map(\.step) == ["POST /login", "GET /withdraw"])
        #expect(transport.requests.last?.headers.contains { $0 == ("Authorization", "fresh-cleanup-token") } == true)
        #expect(outcome.secrets == ["fresh-cleanup-token"])
    }
}
