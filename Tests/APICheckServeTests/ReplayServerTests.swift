import APICheckContracts
import APICheckRecording
import APICheckServe
import Foundation
import Sandbox
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `apicheck serve`'s server, over real HTTP on loopback: an app's requests answered from recordings with replay's
/// matcher, repeated requests in order, an unmatched one with its nearest recorded requests, and the control API.
@Suite("apicheck serve: an app in its own process answered from recordings")
struct ReplayServerTests {
    static let production = "https://api.todos.example"

    /// A recordings folder of one API: `tests/list` (a list, then one todo twice with different answers) and
    /// `sessions/update` (a form-encoded update).
    static func folder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("apicheck-serve-\(UUID().uuidString)")
        let list = """
            {"format": "apicheck-recording/1", "api": "todos", "name": "list", "recorded_at": "2026-11-27T00:00:00Z",
             "recorded_from": "sandbox", "interactions": [
              {"request": {"method": "GET", "url": "/api/v2/todos?page=1", "headers": {"Accept": "application/json"}},
               "response": {"status": 200, "headers": {"Content-Type": "application/json", "Content-Encoding": "gzip"},
                            "body": {"json": {"data": [{"id": 1, "title": "first"}], "meta": {"current_page": 1}}}}},
              {"request": {"method": "GET", "url": "/api/v2/todos/1", "headers": {}},
               "response": {"status": 200, "headers": {"Content-Type": "application/json"}, "body": {"json": {"data": {"id": 1, "is_done": false}}}}},
              {"request": {"method": "GET", "url": "/api/v2/todos/1", "headers": {}},
               "response": {"status": 200, "headers": {"Content-Type": "application/json"}, "body": {"json": {"data": {"id": 1, "is_done": true}}}}}
            ]}
            """
        let update = """
            {"format": "apicheck-recording/1", "api": "todos", "name": "update", "recorded_at": "2026-11-27T00:00:00Z",
             "recorded_from": "sandbox", "interactions": [
              {"request": {"method": "PUT", "url": "/api/v2/todos/1", "headers": {"Content-Type": "application/x-www-form-urlencoded"},
                           "body": {"form": [["is_done", "1"]], "raw": "is_done=1"}},
               "response": {"status": 200, "headers": {"Content-Type": "application/json"}, "body": {"json": {"data": {"id": 1, "is_done": true}}}}}
            ]}
            """
        for (path, text) in [("tests/list.json", list), ("sessions/update.json", update)] {
            let file = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: file)
        }
        return folder
    }

    static func server(_ recordings: [String]? = nil) throws -> ReplayServer {
        try ReplayServer(
            ServeConfiguration(
                api: "todos", recordingsFolder: try folder(), recordings: recordings, baseURL: URL(string: production),
                token: "test-token"))
    }

    /// Sends `method` `path` to the server, as the app addressed `addressed` (nil: no header, a client pointed at the
    /// server itself).
    static func send(
        _ server: ReplayServer, _ method: String, _ path: String, addressed: String? = nil, headers: [String: String] = [:],
        body: String? = nil
    ) async throws -> (status: Int, headers: [String: String], body: JSONValue?) {
        var request = URLRequest(url: URL(string: server.url.absoluteString + path) ?? server.url)
        request.httpMethod = method
        if let addressed { request.setValue(addressed, forHTTPHeaderField: ReplayServer.originalURLHeader) }
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        request.httpBody = body.map { Data($0.utf8) }
        let (data, response) = try await URLSession(configuration: .ephemeral).data(for: request)
        let http = try #require(response as? HTTPURLResponse)
        var fields: [String: String] = [:]
        for (name, value) in http.allHeaderFields { fields[String(describing: name).lowercased()] = String(describing: value) }
        return (http.statusCode, fields, data.isEmpty ? nil : try JSONReader.parse(data))
    }

    static let token = [ReplayServer.tokenHeader: "test-token"]

    @Test("requests the app addressed to its production URL are answered from the recordings, repeated ones in order")
    func replays() async throws {
        let server = try Self.server()
        defer { Task { await server.stop() } }
        let list = try await Self.send(server, "GET", "/api/v2/todos?page=1", addressed: Self.production + "/api/v2/todos?page=1")
        #expect(list.status == 200)
        #expect(list.body?["data"]?[0]?["title"] == "first")
        // The body is sent as recorded, decoded: no Content-Encoding that would make the client unzip it.
        #expect(list.headers["content-encoding"] == nil)
        #expect(list.headers["content-type"] == "application/json")
        // The same request twice: the recorded answers in order.
        let first = try await Self.send(server, "GET", "/api/v2/todos/1", addressed: Self.production + "/api/v2/todos/1")
        let second = try await Self.send(server, "GET", "/api/v2/todos/1")
        #expect(first.body?["data"]?["is_done"] == false)
        #expect(second.body?["data"]?["is_done"] == true)
        // A form-encoded update, matched on its body.
        let update = try await Self.send(
            server, "PUT", "/api/v2/todos/1", addressed: Self.production + "/api/v2/todos/1",
            headers: ["Content-Type": "application/x-www-form-urlencoded"], body: "is_done=1")
        #expect(update.status == 200)
        let journal = server.journal
        #expect(journal.entries.map(\.status) == [200, 200, 200, 200])
        #expect(
            journal.entries.map(\.url) == [
                Self.production + "/api/v2/todos?page=1", Self.production + "/api/v2/todos/1", Self.production + "/api/v2/todos/1",
                Self.production + "/api/v2/todos/1",
            ])
        #expect(
            journal.entries.compactMap(\.matched).map { "\($0.recording)#\($0.interaction)" } == [
                "tests/list#0", "tests/list#1", "tests/list#2", "sessions/update#0",
            ])
        #expect(journal.unmatched.isEmpty)
    }

    @Test("a request the recordings lack is answered 502 and journaled with the nearest recorded requests")
    func unmatched() async throws {
        let server = try Self.server(["tests/list"])
        defer { Task { await server.stop() } }
        let missing = try await Self.send(server, "GET", "/api/v2/todos/2", addressed: Self.production + "/api/v2/todos/2")
        #expect(missing.status == 502)
        #expect(missing.headers["x-apicheck-unmatched"] == "1")
        let entry = try #require(server.journal.unmatched.first)
        #expect(entry.url == Self.production + "/api/v2/todos/2")
        #expect(entry.unmatched?.message.contains("no recorded response for GET /api/v2/todos/2") == true)
        let nearest = try #require(entry.unmatched?.nearest.first)
        #expect(nearest.recording == "tests/list")
        #expect(nearest.url == "/api/v2/todos/1")
        #expect(missing.body?["unmatched"]?["nearest"]?[0]?["url"] == "/api/v2/todos/1")
        // A recorded request asked for more often than recorded: its answers are used up, and it says so.
        for _ in 0..<3 { _ = try await Self.send(server, "GET", "/api/v2/todos/1") }
        let repeated = try #require(server.journal.unmatched.last)
        #expect(repeated.unmatched?.nearest.first?.used == true)
        // A host the API is not known by is refused, naming the bases it answers.
        let elsewhere = try await Self.send(server, "GET", "/x", addressed: "https://elsewhere.example/x")
        #expect(elsewhere.status == 502)
        #expect(server.journal.unmatched.last?.unmatched?.message.contains("addressed to no base URL") == true)
    }

    @Test("the control API: its token, the journal as JSON, choosing recordings, reset, stop")
    func control() async throws {
        let server = try Self.server()
        defer { Task { await server.stop() } }
        // Without the token, nothing.
        let refused = try await Self.send(server, "GET", "/__apicheck/journal")
        #expect(refused.status == 401)
        _ = try await Self.send(server, "GET", "/api/v2/todos?page=1")
        let journal = try await Self.send(server, "GET", "/__apicheck/journal", headers: Self.token)
        #expect(journal.status == 200)
        #expect(journal.body?["format"] == "apicheck-serve-journal/1")
        #expect(journal.body?["matched"] == 1)
        #expect(journal.body?["entries"]?[0]?["matched"]?["recording"] == "tests/list")
        // Only the update session from now on, from a fresh start.
        let chosen = try await Self.send(
            server, "POST", "/__apicheck/recordings", headers: Self.token, body: #"{"use": ["sessions/update"]}"#)
        #expect(chosen.status == 200)
        #expect(chosen.body?["recordings"] == ["sessions/update"])
        #expect(chosen.body?["available"] == ["sessions/update", "tests/list"])
        #expect(server.journal.entries.isEmpty)
        let list = try await Self.send(server, "GET", "/api/v2/todos?page=1")
        #expect(list.status == 502)
        // A recording that is not there is refused, naming those that are.
        let unknown = try await Self.send(server, "POST", "/__apicheck/recordings", headers: Self.token, body: #"{"use": ["tests/nope"]}"#)
        #expect(unknown.status == 400)
        #expect(unknown.body?["error"]?.stringValue?.contains("there are sessions/update, tests/list") == true)
        #expect(server.recordings == ["sessions/update"])
        // Every recording again, then reset: the list answers, and once more after a reset.
        _ = try await Self.send(server, "POST", "/__apicheck/recordings", headers: Self.token, body: #"{"use": null}"#)
        #expect(try await Self.send(server, "GET", "/api/v2/todos?page=1").status == 200)
        #expect(try await Self.send(server, "GET", "/api/v2/todos?page=1").status == 502)
        #expect(try await Self.send(server, "POST", "/__apicheck/reset", headers: Self.token).status == 200)
        #expect(server.journal.entries.isEmpty)
        #expect(try await Self.send(server, "GET", "/api/v2/todos?page=1").status == 200)
        // A wrong method, an unknown endpoint.
        #expect(try await Self.send(server, "GET", "/__apicheck/reset", headers: Self.token).status == 405)
        #expect(try await Self.send(server, "GET", "/__apicheck/nothing", headers: Self.token).status == 404)
        // Stop: whoever waits for it hears it.
        async let stopped: Void = server.waitForStopRequest()
        #expect(try await Self.send(server, "POST", "/__apicheck/stop", headers: Self.token).status == 200)
        await stopped
    }

    @Test("each request is checked against the contract: its findings in the journal, the app answered all the same")
    func requestChecks() async throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let contract = try Contract.load(root.appendingPathComponent("contracts/todos.openapi.yaml").path)
        let server = try ReplayServer(
            ServeConfiguration(
                api: "todos", recordingsFolder: try Self.folder(), baseURL: URL(string: Self.production), token: "test-token",
                verifier: Verifier(contract: contract.compiled)))
        defer { Task { await server.stop() } }
        #expect(try await Self.send(server, "GET", "/api/v2/todos?page=1").status == 200)
        // The recorded update sends is_done alone, where the contract's form asks for a title too.
        let update = try await Self.send(
            server, "PUT", "/api/v2/todos/1", headers: ["Content-Type": "application/x-www-form-urlencoded"], body: "is_done=1")
        #expect(update.status == 200)
        let entries = server.journal.entries
        #expect(entries.first?.findings.isEmpty == true)
        let findings = try #require(entries.last?.findings)
        #expect(!findings.isEmpty)
        #expect(findings.allSatisfy { $0.side == .request && $0.operation == "PUT /api/v2/todos/{id}" })
        #expect(server.journal.checked.count == 1)
        let journal = try await Self.send(server, "GET", "/__apicheck/journal", headers: Self.token)
        #expect(journal.body?["entries"]?[1]?["findings"]?[0]?["rule"] == .string(findings[0].rule.rawValue))
    }

    @Test("asked to, the server answers a request with an error against the contract 422 with its findings, not the recording")
    func refusesInvalidRequests() async throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let contract = try Contract.load(root.appendingPathComponent("contracts/todos.openapi.yaml").path)
        var configuration = ServeConfiguration(
            api: "todos", recordingsFolder: try Self.folder(), baseURL: URL(string: Self.production), token: "test-token",
            verifier: Verifier(contract: contract.compiled))
        configuration.refusesInvalidRequests = true
        let server = try ReplayServer(configuration)
        defer { Task { await server.stop() } }
        // A request the contract takes is answered from the recording.
        #expect(try await Self.send(server, "GET", "/api/v2/todos?page=1").status == 200)
        // The recorded update lacks the title the contract's form requires: refused, with the findings.
        let update = try await Self.send(
            server, "PUT", "/api/v2/todos/1", headers: ["Content-Type": "application/x-www-form-urlencoded"], body: "is_done=1")
        #expect(update.status == 422)
        #expect(update.headers["x-apicheck-refused"] == "1")
        let errors = server.journal.entries.last?.findings.filter { $0.severity == .error } ?? []
        #expect(!errors.isEmpty)
        #expect(update.body?["findings"]?[0]?["rule"] == .string(errors[0].rule.rawValue))
        #expect(server.journal.entries.last?.status == 422)
        #expect(server.journal.entries.last?.matched?.recording == "sessions/update")
    }

    @Test("with repeatsLast, a request whose recorded answers are used up gets the last of them again")
    func repeatsLast() async throws {
        var configuration = ServeConfiguration(
            api: "todos", recordingsFolder: try Self.folder(), baseURL: URL(string: Self.production), token: "test-token")
        configuration.repeatsLast = true
        let server = try ReplayServer(configuration)
        defer { Task { await server.stop() } }
        var answers: [JSONValue?] = []
        for _ in 0..<4 { answers.append(try await Self.send(server, "GET", "/api/v2/todos/1").body?["data"]?["is_done"]) }
        #expect(answers == [false, true, true, true])
        #expect(server.journal.unmatched.isEmpty)
        #expect(server.journal.entries.compactMap(\.matched).map(\.interaction) == [1, 2, 2, 2])
        // A request never recorded is still unmatched.
        #expect(try await Self.send(server, "GET", "/api/v2/todos/2").status == 502)
    }

    @Test("the journal keeps its newest exchanges within its limit and counts those it dropped")
    func boundedJournal() async throws {
        let server = try ReplayServer(
            ServeConfiguration(
                api: "todos", recordingsFolder: try Self.folder(), baseURL: URL(string: Self.production), token: "test-token",
                journalLimit: 3))
        defer { Task { await server.stop() } }
        for number in 1...5 { _ = try await Self.send(server, "GET", "/api/v2/todos/\(number + 100)") }
        #expect(server.journal.entries.map(\.number) == [3, 4, 5])
        #expect(server.journal.dropped == 2)
        let journal = try await Self.send(server, "GET", "/__apicheck/journal", headers: Self.token)
        #expect(journal.body?["requests"] == 5)
        #expect(journal.body?["unmatched"] == 5)
        #expect(journal.body?["matched"] == 0)
        #expect(journal.body?["dropped"] == 2)
        // Past twice the limit the oldest are let go of at once; what is shown is the same.
        for number in 6...7 { _ = try await Self.send(server, "GET", "/api/v2/todos/\(number + 100)") }
        #expect(server.journal.entries.map(\.number) == [5, 6, 7])
        #expect(server.journal.dropped == 4)
        #expect(server.journal.unmatchedCount == 7)
    }

    @Test("a recording that does not read, or a chosen one that is not there, stops the server from starting, naming it")
    func badRecordings() throws {
        let folder = try Self.folder()
        #expect(throws: ServeError.self) {
            try ReplayServer(ServeConfiguration(api: "todos", recordingsFolder: folder, recordings: ["tests/missing"]))
        }
        try Data("{not json".utf8).write(to: folder.appendingPathComponent("tests/broken.json"))
        do {
            _ = try ReplayServer(ServeConfiguration(api: "todos", recordingsFolder: folder))
            Issue.record("a broken recording was served")
        } catch {
            #expect(error.description.contains("broken.json"))
        }
        #expect(throws: ServeError.self) {
            try ReplayServer(ServeConfiguration(api: "todos", recordingsFolder: folder.appendingPathComponent("nowhere")))
        }
    }

    @Test("an upload whose body the app could not see matches only a recorded one nobody saw either, and is never recorded")
    func unseenUploadBody() async throws {
        let folder = try Self.folder()
        let unseen = """
            {"format": "apicheck-recording/1", "api": "todos", "name": "upload", "recorded_at": "2026-11-27T00:00:00Z",
             "recorded_from": "a HAR", "interactions": [
              {"request": {"method": "POST", "url": "/api/v2/todos/1/photo", "headers": {}, "body": {"unseen": "no postData"}},
               "response": {"status": 201, "headers": {}, "body": {"json": {"ok": true}}}}
            ]}
            """
        try Data(unseen.utf8).write(to: folder.appendingPathComponent("tests/upload.json"))
        let server = try ReplayServer(
            ServeConfiguration(api: "todos", recordingsFolder: folder, baseURL: URL(string: Self.production), token: "test-token"))
        defer { Task { await server.stop() } }
        let header = [ReplayServer.unseenBodyHeader: "an upload task whose body was not handed over (UploadBodies.register)"]
        let photo = Self.production + "/api/v2/todos/1/photo"
        #expect(try await Self.send(server, "POST", "/", addressed: photo, headers: header).status == 201)
        // The update was recorded with its form body: an unseen body is not taken for it, nor for no body.
        let update = Self.production + "/api/v2/todos/1"
        #expect(try await Self.send(server, "PUT", "/", addressed: update, headers: header).status == 502)
        #expect(server.journal.unmatched.first?.unmatched?.nearest.first?.differences.contains { $0.contains("body") } == true)

        // Recording, such a request cannot be sent upstream: 502 saying why, and the server goes on answering.
        let sandbox = try await SandboxServer.start(SandboxConfiguration(apis: [.todos], port: 0, deterministic: true))
        // A first recording: the folder is not there yet, and nothing is served from recordings.
        let sessions = FileManager.default.temporaryDirectory.appendingPathComponent("apicheck-serve-\(UUID().uuidString)")
        let recorder = try ReplayServer(
            ServeConfiguration(
                api: "todos", recordingsFolder: sessions, baseURL: URL(string: Self.production), token: "test-token",
                record: .init(name: "uploads", upstream: sandbox.baseURL, recordedFrom: "sandbox")))
        #expect(try await Self.send(recorder, "GET", "/", addressed: Self.production + "/api/v2/todos").status == 200)
        let refused = try await Self.send(recorder, "POST", "/", addressed: Self.production + "/api/v2/todos-json", headers: header)
        #expect(refused.status == 502)
        #expect(recorder.journal.unmatched.first?.unmatched?.message.contains("upload task whose body was not handed over") == true)
        #expect(recorder.journal.unmatched.first?.unmatched?.nearest == [])
        // Answered upstream (the replica has no todo 1: 404) and recorded.
        #expect(try await Self.send(recorder, "GET", "/", addressed: Self.production + "/api/v2/todos/1").status == 404)
        #expect(recorder.journal.entries.last?.recorded?.interaction == 1)
        await recorder.stop()
        await sandbox.stop()
        #expect(recorder.finish().contains { $0.contains("cannot record POST /api/v2/todos-json") })
        let written = try Recording.load(from: sessions.appendingPathComponent("sessions/uploads.json"))
        #expect(written.interactions.map(\.request.url) == ["/api/v2/todos", "/api/v2/todos/1"])
    }
}
