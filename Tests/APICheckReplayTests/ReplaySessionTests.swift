import APICheck
import APICheckReplay
import Foundation
import Sandbox
import TestSupport
import Testing
import TodoAPI

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("Record and replay through URLSession", timeLimit(minutes: 5))
struct ReplaySessionTests {
    @Test("records from the sandbox, then replays offline through the real client")
    func recordThenReplay() async throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("todos/tests/roundtrip.json")
        let sandbox = try await SandboxServer.start(SandboxConfiguration(deterministic: true))

        let recorder = try ReplaySession(
            ReplayConfiguration(
                api: "todos", name: "roundtrip", recordingURL: file, mode: .once, liveBaseURL: sandbox.baseURL, recordedFrom: "sandbox"
            ))
        #expect(recorder.isRecording)
        let live = TodoClient(session: recorder.session, baseURL: recorder.baseURL)
        let page = try await live.todos(.init(perPage: 3))
        let updated = try await live.updateTodo(id: page.data[0].id, title: "a+b & 할 일", isDone: true)
        let readBack = try await live.todo(id: updated.id)
        #expect(recorder.finish().isEmpty)
        await sandbox.stop()

        let text = try String(contentsOf: file, encoding: .utf8)
        #expect(text.contains(#""recorded_from": "sandbox""#))
        #expect(!text.contains("127.0.0.1"))
        let recording = try Recording.load(from: file)
        #expect(recording.interactions.map(\.request.url) == ["/api/v2/todos?per_page=3", "/api/v2/todos/4698", "/api/v2/todos/4698"])
        #expect(recording.interactions[1].request.body?.kind == "form")

        // The sandbox is gone: this can only be answered from the recording.
        let replay = try ReplaySession(ReplayConfiguration(api: "todos", name: "roundtrip", recordingURL: file))
        #expect(!replay.isRecording)
        let client = TodoClient(session: replay.session, baseURL: replay.baseURL)
        #expect(try await client.todos(.init(perPage: 3)).data == page.data)
        #expect(try await client.updateTodo(id: page.data[0].id, title: "a+b & 할 일", isDone: true) == updated)
        #expect(try await client.todo(id: updated.id) == readBack)
        #expect(replay.finish().isEmpty)
    }

    @Test("an unmatched request fails with the nearest recorded requests, what differs, and the command to record it")
    func unmatchedRequestExplains() async throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("r.json")
        try makeRecording([("GET", "/api/v2/todos?page=1", #"{"data":[]}"#), ("GET", "/api/v2/todos/5", #"{"data":{}}"#)]).save(to: file)
        let replay = try ReplaySession(ReplayConfiguration(api: "todos", name: "r", recordingURL: file, testFilter: "ListTests/firstPage"))
        await #expect(throws: (any Error).self) {
            _ = try await fetch(
                replay.session,
                replay.baseURL.appendingPathComponent("api/v2/todos").appending(queryItems: [.init(name: "page", value: "2")]))
        }
        let problems = replay.finish()
        let message = try #require(problems.first)
        #expect(message.contains("no recorded response for GET /api/v2/todos?page=2"))
        #expect(message.contains("recording: \(file.path)"))
        #expect(message.contains("#0 GET /api/v2/todos?page=1"))
        #expect(message.contains("query: page=2 vs recorded page=1"))
        #expect(
            message.contains("To record it: APICHECK_RECORD=new APICHECK_BASE_URL=<base URL> swift test --filter 'ListTests/firstPage'"))
    }

    @Test("a missing recording in replay mode says how to record it")
    func missingRecording() async throws {
        let replay = try ReplaySession(
            ReplayConfiguration(api: "todos", name: "nope", recordingURL: URL(fileURLWithPath: "/no/such/nope.json")))
        await #expect(throws: (any Error).self) { _ = try await fetch(replay.session, replay.baseURL) }
        let message = try #require(replay.finish().first)
        #expect(message.contains("no recording at /no/such/nope.json"))
        #expect(message.contains("APICHECK_RECORD=once"))
    }

    @Test("repeated identical requests replay in recorded order")
    func repeatedRequestsInOrder() async throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("r.json")
        try makeRecording([("GET", "/x", #"{"n":1}"#), ("GET", "/x", #"{"n":2}"#), ("GET", "/x", #"{"n":3}"#)]).save(to: file)
        let replay = try ReplaySession(ReplayConfiguration(api: "todos", name: "r", recordingURL: file))
        var bodies: [String] = []
        for _ in 0..<3 { bodies.append(try await fetch(replay.session, replay.baseURL.appendingPathComponent("x")).1) }
        #expect(bodies == [#"{"n":1}"#, #"{"n":2}"#, #"{"n":3}"#])
        await #expect(throws: (any Error).self) { _ = try await fetch(replay.session, replay.baseURL.appendingPathComponent("x")) }
        #expect(replay.finish().first?.contains("every recorded answer is used up") == true)
    }

    @Test("strict mode fails a session that leaves interactions unused")
    func strictUnused() async throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("r.json")
        try makeRecording([("GET", "/a", "1"), ("GET", "/b", "2")]).save(to: file)
        let lenient = try ReplaySession(ReplayConfiguration(api: "todos", name: "r", recordingURL: file))
        _ = try await fetch(lenient.session, lenient.baseURL.appendingPathComponent("a"))
        #expect(lenient.finish().isEmpty)
        let strict = try ReplaySession(ReplayConfiguration(api: "todos", name: "r", recordingURL: file, strict: true))
        _ = try await fetch(strict.session, strict.baseURL.appendingPathComponent("a"))
        let message = try #require(strict.finish().first)
        #expect(message.contains("1 recorded interaction was never requested"))
        #expect(message.contains("#1 GET /b"))
    }

    @Test("matching: query order and JSON key order do not matter; ignored items and <redacted> match anything")
    func matchingRules() async throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("r.json")
        var recording = try makeRecording([("GET", "/s?b=2&a=1&ts=111&code=%3Credacted%3E", "1"), ("POST", "/j", "2")])
        recording.interactions[1].request.body = .json(try JSONReader.parse(#"{"x":1,"y":{"token":"<redacted>","z":[1,2]}}"#))
        recording.interactions[1].request.headers = HeaderFields([("Content-Type", "application/json"), ("X-Mode", "a")])
        try recording.save(to: file)
        let replay = try ReplaySession(
            ReplayConfiguration(
                api: "todos", name: "r", recordingURL: file,
                matching: MatchingRules(ignoredQueryItems: ["ts"], matchedHeaders: ["X-Mode"])
            ))
        let base = replay.baseURL.absoluteString
        let first = try await fetch(replay.session, try #require(URL(string: base + "/s?a=1&code=live-secret&ts=999&b=2")))
        #expect(first.1 == "1")
        let second = try await fetch(
            replay.session, try #require(URL(string: base + "/j")), method: "POST",
            headers: ["Content-Type": "application/json", "x-mode": "a"], body: Data(#"{"y":{"z":[1,2.0],"token":"live"},"x":1}"#.utf8)
        )
        #expect(second.1 == "2")
        #expect(replay.finish().isEmpty)
    }

    @Test(
        "a recorded 304 answers only the request with validators, and the 200 only the one without, in either order",
        arguments: [false, true])
    func conditionalPolling(conditionalFirst: Bool) async throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("poll.json")
        var recording = try makeRecording([
            ("GET", "/repos/apple/swift/events", #"[{"id":"39029888777"}]"#), ("GET", "/repos/apple/swift/events", "[]"),
        ])
        recording.interactions[0].response.headers = HeaderFields([("Content-Type", "application/json"), ("ETag", "W/\"abc\"")])
        recording.interactions[1].request.headers = HeaderFields([("Accept", "application/json"), ("If-None-Match", "W/\"abc\"")])
        recording.interactions[1].response = RecordedResponse(status: 304, headers: HeaderFields([("ETag", "W/\"abc\"")]))
        try recording.save(to: file)

        for validators in [["If-None-Match": "W/\"abc\""], ["If-Modified-Since": "Sat, 16 Mar 2024 18:18:58 GMT"]] {
            let replay = try ReplaySession(ReplayConfiguration(api: "github", name: "poll", recordingURL: file))
            let url = replay.baseURL.appendingPathComponent("repos/apple/swift/events")
            var answers: [(Int, String)] = []
            if conditionalFirst {
                answers.append(try await fetch(replay.session, url, headers: validators))
                answers.insert(try await fetch(replay.session, url), at: 0)
            } else {
                answers.append(try await fetch(replay.session, url))
                answers.append(try await fetch(replay.session, url, headers: validators))
            }
            #expect(answers[0].0 == 200 && answers[0].1.contains("39029888777"))
            #expect(answers[1].0 == 304 && answers[1].1.isEmpty)
            #expect(replay.finish().isEmpty)
        }

        // A third poll with validators finds its recorded answer used up, and says what differs from the rest.
        let replay = try ReplaySession(ReplayConfiguration(api: "github", name: "poll", recordingURL: file))
        let url = replay.baseURL.appendingPathComponent("repos/apple/swift/events")
        _ = try await fetch(replay.session, url, headers: ["If-None-Match": "W/\"abc\""])
        _ = try? await fetch(replay.session, url, headers: ["If-None-Match": "W/\"abc\""])
        let message = try #require(replay.finish().first)
        #expect(message.contains("validators: conditional (If-None-Match or If-Modified-Since) vs recorded not conditional"), "\(message)")
    }

    @Test("new mode replays what is recorded and adds what is not")
    func newModeAppends() async throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("r.json")
        let sandbox = try await SandboxServer.start()
        try makeRecording([("GET", "/api/v2/todos/4698", #"{"data":"recorded"}"#)]).save(to: file)
        let replay = try ReplaySession(
            ReplayConfiguration(
                api: "todos", name: "r", recordingURL: file, mode: .new, liveBaseURL: sandbox.baseURL, recordedFrom: "sandbox"))
        let recorded = try await fetch(
            replay.session, replay.baseURL.appendingPathComponent("api/v2/todos/4698"), headers: ["Accept": "application/json"])
        let fresh = try await fetch(
            replay.session, replay.baseURL.appendingPathComponent("api/v2/todos/4697"), headers: ["Accept": "application/json"])
        #expect(recorded.1 == #"{"data":"recorded"}"#)
        #expect(fresh.1.contains(#""id":4697"#))
        #expect(replay.finish().isEmpty)
        await sandbox.stop()
        #expect(try Recording.load(from: file).interactions.map(\.request.url) == ["/api/v2/todos/4698", "/api/v2/todos/4697"])
    }

    @Test("secrets sent while recording never reach the file, and the redacted recording still replays")
    func redactionWhileRecording() async throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("r.json")
        let sandbox = try await SandboxServer.start()
        let recorder = try ReplaySession(
            ReplayConfiguration(
                api: "todos", name: "r", recordingURL: file, mode: .all, liveBaseURL: sandbox.baseURL, recordedFrom: "sandbox"))
        _ = try await fetch(
            recorder.session, recorder.baseURL.appendingPathComponent("api/v2/todos-json"), method: "POST",
            headers: ["Authorization": "Bearer fake-live-token-123", "X-CSRF-TOKEN": "fake-csrf-456", "Content-Type": "application/json"],
            body: Data(#"{"title":"t","is_done":"false","token":"fake-body-token-789"}"#.utf8)
        )
        #expect(recorder.finish().isEmpty)
        await sandbox.stop()
        let text = try String(contentsOf: file, encoding: .utf8)
        for secret in ["fake-live-token-123", "fake-csrf-456", "fake-body-token-789"] { #expect(!text.contains(secret)) }
        #expect(text.contains(#""Authorization": "<redacted>""#))

        let replay = try ReplaySession(ReplayConfiguration(api: "todos", name: "r", recordingURL: file))
        let answer = try await fetch(
            replay.session, replay.baseURL.appendingPathComponent("api/v2/todos-json"), method: "POST",
            headers: ["Authorization": "Bearer another", "Content-Type": "application/json"],
            body: Data(#"{"title":"t","is_done":"false","token":"different"}"#.utf8)
        )
        #expect(answer.0 == 200)
        #expect(replay.finish().isEmpty)
    }

    @Test("200 sessions replaying at once each get their own answers")
    func concurrentSessions() async throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let files = try (0..<200).map { index -> URL in
            let file = folder.appendingPathComponent("r\(index).json")
            try makeRecording([("GET", "/api/v2/todos/1", #"{"data":{"owner":\#(index)}}"#)], name: "r\(index)").save(to: file)
            return file
        }
        let results = try await withThrowingTaskGroup(of: (Int, String).self) { group in
            for (index, file) in files.enumerated() {
                group.addTask {
                    let replay = try ReplaySession(ReplayConfiguration(api: "todos", name: "r\(index)", recordingURL: file))
                    let body = try await fetch(replay.session, replay.baseURL.appendingPathComponent("api/v2/todos/1")).1
                    _ = replay.finish()
                    return (index, body)
                }
            }
            return try await group.reduce(into: [:]) { $0[$1.0] = $1.1 }
        }
        #expect(results.count == 200)
        #expect(results.allSatisfy { $0.value == #"{"data":{"owner":\#($0.key)}}"# })
    }
}

/// 200 test cases that Swift Testing runs in parallel, each replaying its own recording.
@Suite("Parallel replaying tests", timeLimit(minutes: 5))
struct ParallelReplayTests {
    static let folder: URL = {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("apicheck-parallel-\(UUID().uuidString)")
        for index in 0..<200 {
            let file = folder.appendingPathComponent("r\(index).json")
            _ = try? makeRecording([("GET", "/api/v2/todos/1", #"{"data":{"owner":\#(index)}}"#)], name: "r\(index)").save(to: file)
        }
        return folder
    }()

    @Test("each case gets its own answer", arguments: 0..<200)
    func ownAnswer(_ index: Int) async throws {
        let replay = try ReplaySession(
            ReplayConfiguration(api: "todos", name: "r\(index)", recordingURL: Self.folder.appendingPathComponent("r\(index).json")))
        let body = try await fetch(replay.session, replay.baseURL.appendingPathComponent("api/v2/todos/1")).1
        #expect(replay.finish().isEmpty)
        #expect(body == #"{"data":{"owner":\#(index)}}"#)
    }
}
