import APICheck
import APICheckReplay
import Foundation
import TestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A session that answers operations (method + path template) rather than a recording: contract examples' replay.
@Suite("Replay by route", timeLimit(minutes: 5))
struct ReplayRouteTests {
    static let file = URL(fileURLWithPath: "/nonexistent/examples/x.json")

    static func answer(_ text: String, status: Int = 200) -> RecordedResponse {
        RecordedResponse(
            status: status, headers: HeaderFields([("Content-Type", "application/json")]), body: .json(["which": .string(text)]))
    }

    @Test("any id, query and body reach the route; a literal segment wins over a parameter; the whole request is kept")
    func answersRoutes() async throws {
        let replay = try ReplaySession(
            answering: [
                ReplayRoute(method: "GET", pathTemplate: "/todos/{id}", response: Self.answer("one")),
                ReplayRoute(method: "get", pathTemplate: "/todos/search", response: Self.answer("search")),
                ReplayRoute(method: "PUT", pathTemplate: "/todos/{id}", response: Self.answer("put", status: 422)),
            ], ReplayConfiguration(api: "demo", name: "examples", recordingURL: Self.file))
        #expect(try await fetch(replay.session, replay.baseURL.appendingPathComponent("todos/77")) == (200, #"{"which":"one"}"#))
        #expect(
            try await fetch(replay.session, URL(string: replay.baseURL.absoluteString + "/todos/search?query=a")!) == (
                200, #"{"which":"search"}"#
            ))
        #expect(
            try await fetch(
                replay.session, replay.baseURL.appendingPathComponent("todos/5"), method: "PUT",
                headers: ["Content-Type": "application/x-www-form-urlencoded", "Authorization": "Bearer t"], body: Data("title=a".utf8))
                == (422, #"{"which":"put"}"#))
        let sent = replay.answeredRequests
        #expect(sent.map(\.request.url) == ["/todos/77", "/todos/search?query=a", "/todos/5"])
        #expect(sent.map(\.step) == ["GET /todos/{id}", "GET /todos/search", "PUT /todos/{id}"])
        #expect(sent[2].request.headers["Authorization"] == "Bearer t")
        #expect(sent[2].request.body?.kind == "form")
        #expect(replay.finish().isEmpty)
    }

    @Test("a request no route fits fails, and finish() names it and what the session answers")
    func unmatched() async throws {
        let replay = try ReplaySession(
            answering: [ReplayRoute(method: "GET", pathTemplate: "/todos/{id}", response: Self.answer("one"))],
            ReplayConfiguration(api: "demo", name: "examples", recordingURL: Self.file))
        await #expect(throws: (any Error).self) {
            _ = try await fetch(replay.session, replay.baseURL.appendingPathComponent("todos/1/extra"))
        }
        await #expect(throws: (any Error).self) {
            _ = try await fetch(replay.session, replay.baseURL.appendingPathComponent("todos/1"), method: "DELETE")
        }
        let problems = replay.finish()
        #expect(problems.count == 2)
        #expect(problems.first == "apicheck: the client sent GET /todos/1/extra, but this session answers only GET /todos/{id}")
        #expect(replay.answeredRequests.isEmpty)
    }

    @Test("no routes, or a recording mode, is refused")
    func refusals() {
        #expect(throws: ReplayError.self) {
            try ReplaySession(answering: [], ReplayConfiguration(api: "demo", name: "x", recordingURL: Self.file))
        }
        #expect(throws: ReplayError.self) {
            try ReplaySession(
                answering: [ReplayRoute(method: "GET", pathTemplate: "/", response: Self.answer("root"))],
                ReplayConfiguration(
                    api: "demo", name: "x", recordingURL: Self.file, mode: .all, liveBaseURL: URL(string: "http://127.0.0.1:1")))
        }
    }
}
