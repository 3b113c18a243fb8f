import APICheck
import APICheckReplay
import APICheckTesting
import Foundation
import Locking
import Sandbox
import TestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `scope: .global`: the recording answers `URLSession.shared`, at the app's own base URLs, one global test at a time.
@Suite("Global scope: URLSession.shared and the app's base URLs", timeLimit(minutes: 5))
struct GlobalScopeTests {
    /// The todo API's production base URL, as `apicheck.yml` names it and an app hard-codes it.
    static let production = "https://phplaravel-574671-2962113.cloudwaysapps.com"

    static func get(_ url: String, through session: URLSession = .shared) async throws -> (status: Int?, body: JSONValue?) {
        var request = URLRequest(url: try #require(URL(string: url)))
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        let (data, response) = try await session.data(for: request)
        return ((response as? HTTPURLResponse)?.statusCode, try? JSONReader.parse(data))
    }

    @Test("a global test answers URLSession.shared at the production base URL, in https and http, from the recording")
    func sharedSessionAtProductionURL() async throws {
        let trait: ReplayingTrait = .replaying("list-first-page", api: "todos", scope: .global)
        let test = try #require(Test.current)
        try await trait.provideScope(for: test, testCase: nil) {
            let https = try await Self.get(Self.production + "/api/v2/todos")
            #expect(https.status == 200)
            #expect(https.body?[pointer: "/meta/current_page"]?.numberValue?.intValue == 1)
            #expect(https.body?[pointer: "/data"]?.arrayValue?.count == 10)
        }
        // The same recording through plain http at the same host: a second scope, since the first answer is used up.
        try await trait.provideScope(for: test, testCase: nil) {
            let http = try await Self.get(Self.production.replacingOccurrences(of: "https://", with: "http://") + "/api/v2/todos")
            #expect(http.status == 200)
        }
    }

    @Test("the value of base_url_env is answered too, in both scopes")
    func overrideVariableIsABase() async throws {
        let test = try #require(Test.current)
        for scope in [ReplayScope.session, .global] {
            let trait: ReplayingTrait = .replaying("list-first-page", api: "todos", scope: scope)
            try await TraitEnvironment.$override.withValue(["TODOS_BASE_URL": "https://staging.todos.example"]) {
                try await trait.provideScope(for: test, testCase: nil) {
                    let session = scope == .global ? URLSession.shared : TestRecording.session
                    let status = try await Self.get("https://staging.todos.example/api/v2/todos", through: session).status
                    #expect(status == 200)
                }
            }
        }
    }

    @Test("an other base of apicheck.yml (GitHub's OAuth host) is answered under global scope at its real URL, as that base")
    func otherBaseUnderGlobalScope() async throws {
        let trait: ReplayingTrait = .replaying("oauth-exchange-json", api: "github", scope: .global)
        let test = try #require(Test.current)
        try await trait.provideScope(for: test, testCase: nil) {
            var request = URLRequest(url: try #require(URL(string: "https://github.com/login/oauth/access_token")))
            request.httpMethod = "POST"
            request.setValue("application/json", forHTTPHeaderField: "Accept")
            request.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
            request.httpBody = Data("client_id=Iv1.a5ec0a1b2c3d4e5f&client_secret=s3cret&code=abc123".utf8)
            let (data, response) = try await URLSession.shared.data(for: request)
            #expect((response as? HTTPURLResponse)?.statusCode == 200)
            #expect(try JSONReader.parse(data)[pointer: "/token_type"] == .string("bearer"))
        }
    }

    @Test("recording with no override sends the app's request where apicheck.yml's base_url says, and records it relative")
    func recordsAtTheConfiguredBase() async throws {
        let test = try #require(Test.current)
        try await withSandboxServer(SandboxConfiguration(apis: [.todos], deterministic: true)) { sandbox in
            // An app whose apicheck.yml names the (loopback) server it hard-codes; no APICHECK_BASE_URL, no server.
            let package = FileManager.default.temporaryDirectory.appendingPathComponent("apicheck-record-base-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: package) }
            try FileManager.default.createDirectory(at: package.appendingPathComponent("Tests"), withIntermediateDirectories: true)
            try "// swift-tools-version: 6.1\n".write(
                to: package.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
            try "apis:\n  todos:\n    base_url: \(sandbox.baseURL.absoluteString)/api/v2\n"
                .write(to: package.appendingPathComponent("apicheck.yml"), atomically: true, encoding: .utf8)
            let trait: ReplayingTrait = .replaying(
                "list", api: "todos", scope: .global, filePath: package.appendingPathComponent("Tests/AppTests.swift").path)
            try await TraitEnvironment.$override.withValue(["APICHECK_RECORD": "once"]) {
                try await trait.provideScope(for: test, testCase: nil) {
                    let page = try await Self.get(sandbox.baseURL.absoluteString + "/api/v2/todos?per_page=3")
                    #expect(page.body?[pointer: "/data"]?.arrayValue?.count == 3)
                }
            }
            let recording = try Recording.load(from: package.appendingPathComponent("recordings/todos/tests/list.json"))
            #expect(recording.interactions.map(\.request.url) == ["/todos?per_page=3"])
            #expect(recording.recordedFrom == sandbox.baseURL.absoluteString + "/api/v2")
        }
    }

    @Test("a base URL variable that is not a URL is an issue at the trait's line naming the variable; the test does not run")
    func badBaseURLVariable() async throws {
        let trait: ReplayingTrait = .replaying("list-first-page", api: "todos", scope: .global)
        let traitLine = #line - 1
        let test = try #require(Test.current)
        let ran = Answers()
        await withKnownScopeIssue {
            try await TraitEnvironment.$override.withValue(["TODOS_BASE_URL": "staging.todos.example"]) {
                try await trait.provideScope(for: test, testCase: nil) { ran.add() }
            }
        } matching: { issue in
            issue.sourceLocation?.line == traitLine
                && issue.comments.contains { $0.rawValue.contains("$TODOS_BASE_URL") && $0.rawValue.contains("staging.todos.example") }
        }
        #expect(ran.count == 0)
    }

    @Test("session scope answers the production base URL through TestRecording.session and never URLSession.shared")
    func sessionScopeAtProductionURL() async throws {
        let trait: ReplayingTrait = .replaying("list-first-page", api: "todos")
        let test = try #require(Test.current)
        try await withSandboxServer(SandboxConfiguration(apis: [.todos], deterministic: true)) { sandbox in
            try await trait.provideScope(for: test, testCase: nil) {
                let replayed = try await Self.get(Self.production + "/api/v2/todos", through: TestRecording.session)
                #expect(replayed.status == 200)
                // URLSession.shared is not this test's: it reaches the real (loopback) server. (Checked while no global
                // test of this run holds URLSession.shared.)
                let live = try await GlobalReplay.exclusive {
                    try await Self.get(sandbox.baseURL.absoluteString + "/api/v2/todos?per_page=1")
                }
                #expect(live.body?[pointer: "/meta/per_page"]?.numberValue?.intValue == 1)
            }
        }
    }

    @Test("under global scope, a request to a host no base names fails the test with the request and the bases it knows")
    func unknownHostFails() async throws {
        let trait: ReplayingTrait = .replaying("list-first-page", api: "todos", scope: .global)
        let test = try #require(Test.current)
        let failed = Answers()
        await withKnownScopeIssue {
            try await trait.provideScope(for: test, testCase: nil) {
                do {
                    _ = try await Self.get("https://api.elsewhere.example/v1/things?x=1")
                } catch {
                    failed.add()
                }
                _ = try await Self.get(Self.production + "/api/v2/todos")
            }
        } matching: { issue in
            issue.comments.contains { comment in
                comment.rawValue.contains(
                    "GET https://api.elsewhere.example/v1/things?x=1 is addressed to no base URL of API \"todos\"; nothing was sent")
                    && comment.rawValue.contains(Self.production)
                    && comment.rawValue.contains("http://replay.apicheck.invalid")
            }
        }
        #expect(failed.count == 1)
    }

    @Test("a global scope unregisters when it ends, also when the test throws: URLSession.shared reaches the network again")
    func unregistersAfterThrow() async throws {
        let trait: ReplayingTrait = .replaying("list-first-page", api: "todos", scope: .global)
        let test = try #require(Test.current)
        try await withSandboxServer(SandboxConfiguration(apis: [.todos], deterministic: true, requestJournalLimit: 10)) { sandbox in
            let loopback = sandbox.baseURL.absoluteString + "/api/v2/todos?per_page=2"
            let thrown = Answers()
            await withKnownIssue {
                do {
                    try await trait.provideScope(for: test, testCase: nil) {
                        // While the scope runs, the loopback server is no base of the API: refused, nothing sent.
                        await #expect(throws: (any Error).self) { _ = try await Self.get(loopback) }
                        _ = try await Self.get(Self.production + "/api/v2/todos")
                        throw TestFailure()
                    }
                } catch is TestFailure {
                    thrown.add()
                } catch {
                    Issue.record(error)
                }
            } matching: { issue in
                issue.comments.contains { $0.rawValue.contains("is addressed to no base URL") }
            }
            #expect(thrown.count == 1, "the test's own error reaches Swift Testing")
            #expect(sandbox.receivedRequests().isEmpty)
            // The next global scope starts at once (the lock was given back) ...
            try await trait.provideScope(for: test, testCase: nil) {
                let replayed = try await Self.get(Self.production + "/api/v2/todos")
                #expect(replayed.status == 200)
            }
            // ... and after it, URLSession.shared is the app's again (checked while no other global test holds it).
            let live = try await GlobalReplay.exclusive { try await Self.get(loopback) }
            #expect(live.body?[pointer: "/meta/per_page"]?.numberValue?.intValue == 2)
            #expect(sandbox.receivedRequests().count == 1)
        }
    }

    @Test("a global scope inside another is an issue at the inner trait's line, never a wait for itself")
    func nestedGlobalScope() async throws {
        let outer: ReplayingTrait = .replaying("list-first-page", api: "todos", scope: .global)
        let inner: ReplayingTrait = .replaying("single", api: "todos", scope: .global)
        let innerLine = #line - 1
        let test = try #require(Test.current)
        let innerRan = Answers()
        try await outer.provideScope(for: test, testCase: nil) {
            await withKnownScopeIssue {
                try await inner.provideScope(for: test, testCase: nil) { innerRan.add() }
            } matching: { issue in
                issue.sourceLocation?.line == innerLine
                    && issue.comments.contains { $0.rawValue.contains("cannot start inside another one") }
            }
            let replayed = try await Self.get(Self.production + "/api/v2/todos")
            #expect(replayed.status == 200)
        }
        #expect(innerRan.count == 0)
    }

    @Test("a global test cancelled while it waits for its turn ends with an issue, and the lock still works")
    func cancelledWhileWaiting() async throws {
        let holder: ReplayingTrait = .replaying("list-first-page", api: "todos", scope: .global)
        let waiter: ReplayingTrait = .replaying("single", api: "todos", scope: .global)
        let test = try #require(Test.current)
        let waiterRan = Answers()
        let queued = Flag()
        let holding = Flag()
        // A sibling of the holder, as Swift Testing runs tests (a task started inside the holder's scope would be
        // refused as a global scope inside another).
        let waiting = Task {
            await withKnownScopeIssue {
                try await holding.wait()
                try await GlobalReplay.$onQueued.withValue({ queued.signal() }) {
                    try await waiter.provideScope(for: test, testCase: nil) { waiterRan.add() }
                }
            } matching: { issue in
                issue.comments.contains { $0.rawValue.contains("cancelled (its time limit?) while it waited for its turn") }
            }
        }
        try await holder.provideScope(for: test, testCase: nil) {
            holding.signal()
            try await queued.wait()
            waiting.cancel()
            await waiting.value
            _ = try await Self.get(Self.production + "/api/v2/todos")
        }
        #expect(waiterRan.count == 0)
        try await holder.provideScope(for: test, testCase: nil) {
            let replayed = try await Self.get(Self.production + "/api/v2/todos")
            #expect(replayed.status == 200)
        }
    }

    /// Polls `condition` every millisecond for up to two minutes (a hang check, not a timing).
    static func waitUntil(_ condition: () -> Bool) async throws {
        for _ in 0..<120_000 {
            if condition() { return }
            try await Task.sleep(nanoseconds: 1_000_000)
        }
        Issue.record("the condition never held")
    }
}

/// Global tests one at a time, session tests beside them.
@Suite("Global scope: serialized, beside parallel session-scope tests", timeLimit(minutes: 5))
struct GlobalScopeSerializationTests {
    /// Two recordings of the same request with different answers, in a package of their own.
    static func makePackage(recordings names: [String]) throws -> URL {
        let package = FileManager.default.temporaryDirectory.appendingPathComponent("apicheck-global-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: package.appendingPathComponent("Tests/AppTests"), withIntermediateDirectories: true)
        try "// swift-tools-version: 6.1\n".write(to: package.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
        try "apis:\n  demo:\n    base_url: https://api.demo.example/v1\n".write(
            to: package.appendingPathComponent("apicheck.yml"), atomically: true, encoding: .utf8)
        for name in names {
            let recording = Recording(
                api: "demo", name: name, recordedAt: "2026-01-01T00:00:00Z", recordedFrom: "https://api.demo.example/v1",
                interactions: (0..<2).map { request in
                    Interaction(
                        request: RecordedRequest(method: "GET", url: "/items/\(request)"),
                        response: RecordedResponse(
                            status: 200, headers: HeaderFields([("Content-Type", "application/json")]),
                            body: .json(
                                .object(
                                    JSONObject([
                                        .init(key: "recording", value: .string(name)),
                                        .init(key: "request", value: .number(JSONNumber(request))),
                                    ])))
                        )
                    )
                }
            )
            try recording.save(to: package.appendingPathComponent("recordings/demo/tests/\(name).json"))
        }
        return package
    }

    /// What the app's request got: the recording that answered, or nil for a failure.
    static func fetch(_ request: Int, through session: URLSession = .shared) async -> String? {
        guard let url = URL(string: "https://api.demo.example/v1/items/\(request)"),
            let (data, _) = try? await session.data(from: url),
            let body = try? JSONReader.parse(data), body[pointer: "/request"]?.numberValue?.intValue == request
        else { return nil }
        return body[pointer: "/recording"]?.stringValue
    }

    @Test("without the lock, a global test sees another's interactions; with it, the second waits and each sees its own")
    func lockPreventsCrossTalk() async throws {
        let package = try Self.makePackage(recordings: ["a", "b"])
        defer { try? FileManager.default.removeItem(at: package) }
        let source = package.appendingPathComponent("Tests/AppTests/AppTests.swift").path
        let test = try #require(Test.current)
        let a: ReplayingTrait = .replaying("a", api: "demo", scope: .global, filePath: source)
        let b: ReplayingTrait = .replaying("b", api: "demo", scope: .global, filePath: source)

        // Without the lock (other global tests of this run wait meanwhile): b starts while a runs, and a's request is
        // answered from b's recording.
        let unlocked = try await GlobalReplay.exclusive {
            try await GlobalReplay.$serializes.withValue(false) {
                try await Self.interleave(a, b, test: test, bRuns: true)
            }
        }
        #expect(unlocked.a == "b", "without the lock, a's request should have been answered by b's recording")

        // With the lock: b waits for its turn until a has ended, and each test gets its own answers.
        let locked = try await Self.interleave(a, b, test: test, bRuns: false)
        #expect(locked.a == "a")
        #expect(locked.b == "b")
    }

    /// Runs a, and b beside it; a sends its request once b's scope has begun (`bRuns`) or b is queued for the lock,
    /// and b sends its own after that.
    static func interleave(_ a: ReplayingTrait, _ b: ReplayingTrait, test: Test, bRuns: Bool) async throws -> (a: String?, b: String?) {
        let bReady = Flag()
        let aSent = Flag()
        let answerA = Box()
        let answerB = Box()
        let aStarted = Flag()
        // b is a sibling of a, as Swift Testing runs tests: started outside a's scope, it begins once a runs.
        let second = Task {
            await withKnownScopeIssue(isIntermittent: true) {
                try await aStarted.wait()
                try await GlobalReplay.$onQueued.withValue({ bReady.signal() }) {
                    try await b.provideScope(for: test, testCase: nil) {
                        bReady.signal()
                        try await aSent.wait()
                        answerB.set(await Self.fetch(0))
                    }
                }
            }
        }
        try await a.provideScope(for: test, testCase: nil) {
            aStarted.signal()
            try await bReady.wait()
            answerA.set(await Self.fetch(0))
            aSent.signal()
            // Unlocked, b runs within a's scope; locked, b waits for a to end.
            if bRuns { await second.value }
        }
        await second.value
        return (answerA.value, answerB.value)
    }

    final class Box: Sendable {
        private let stored = Locked<String?>(nil)
        func set(_ value: String?) { stored.withLock { $0 = value } }
        var value: String? { stored.withLock { $0 } }
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("30 global and 300 session-scope tests at once: each answer from its own recording, no two global tests overlapping")
    func globalAndSessionTogether() async throws {
        let names = (0..<30).map { "g\($0)" } + (0..<10).map { "s\($0)" }
        let package = try Self.makePackage(recordings: names)
        defer { try? FileManager.default.removeItem(at: package) }
        let source = package.appendingPathComponent("Tests/AppTests/AppTests.swift").path
        let test = try #require(Test.current)
        let clock = ContinuousClock()
        let start = clock.now
        typealias Run = (global: Bool, correct: Int, began: Duration, ended: Duration)
        let results = try await withThrowingTaskGroup(of: Run.self) { group in
            for index in 0..<330 {
                let global = index % 11 == 0
                let name = global ? "g\(index / 11)" : "s\(index % 10)"
                group.addTask {
                    let trait: ReplayingTrait = .replaying(name, api: "demo", scope: global ? .global : .session, filePath: source)
                    let correct = Answers()
                    let span = Span()
                    try await trait.provideScope(for: test, testCase: nil) {
                        span.began = clock.now - start
                        // A little work inside the scope, so that a global test holds URLSession.shared for a while.
                        try await Task.sleep(for: .milliseconds(2))
                        for request in [index % 2, 1 - index % 2] {
                            let answer = await Self.fetch(request, through: global ? .shared : TestRecording.session)
                            if answer == name { correct.add() }
                        }
                        span.ended = clock.now - start
                    }
                    return (global, correct.count, span.began, span.ended)
                }
            }
            var all: [Run] = []
            for try await result in group { all.append(result) }
            return all
        }
        let global = results.filter(\.global).sorted { $0.began < $1.began }
        let session = results.filter { !$0.global }
        #expect(global.count == 30)
        #expect(session.count == 300)
        #expect(global.allSatisfy { $0.correct == 2 }, "a global test got another's answer or none")
        #expect(session.allSatisfy { $0.correct == 2 }, "a session-scope test got another's answer or none")
        // Serialized: each global test's scope began after the one before it ended.
        for (earlier, later) in zip(global, global.dropFirst()) {
            #expect(later.began >= earlier.ended, "two global tests overlapped")
        }
        let beside = session.filter { run in global.contains { $0.began < run.ended && run.began < $0.ended } }.count
        print(
            "global and session scope together: 30 global tests one at a time from \(global.first?.began ?? .zero) to \(global.last?.ended ?? .zero); 300 session-scope tests ended by \(session.map(\.ended).max() ?? .zero), \(beside) of them while a global test held URLSession.shared"
        )
    }
}

/// When a test's scope began and ended.
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
final class Span: Sendable {
    private let times = Locked<(began: Duration, ended: Duration)>((.zero, .zero))
    var began: Duration {
        get { times.withLock { $0.began } }
        set { times.withLock { $0.began = newValue } }
    }
    var ended: Duration {
        get { times.withLock { $0.ended } }
        set { times.withLock { $0.ended = newValue } }
    }
}

/// The error a test body throws on purpose.
struct TestFailure: Error {}

/// A one-way signal between a test's tasks.
final class Flag: Sendable {
    private let done = Locked(false)
    func signal() { done.withLock { $0 = true } }
    func wait() async throws { try await GlobalScopeTests.waitUntil { done.withLock { $0 } } }
}
