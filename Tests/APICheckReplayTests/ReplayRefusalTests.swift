import APICheck
import APICheckReplay
import Foundation
import TestSupport
import Testing
import WireFormat

/// Replay answers only what was recorded: a request that differs where matching looks is refused.
@Suite("Replay refuses what differs", timeLimit(minutes: 5))
struct ReplayRefusalTests {
    /// One recorded POST, and the request sent instead.
    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let recordedBody: RecordedBody
        let recordedHeaders: [(String, String)]
        let sentBody: String
        let sentHeaders: [String: String]
        let difference: String
        var testDescription: String { name }
    }

    static let json = [("Content-Type", "application/json")]
    static let form = [("Content-Type", "application/x-www-form-urlencoded")]

    static let cases: [Case] = [
        Case(
            name: "a different JSON value", recordedBody: .json(["title": "a", "is_done": "false"]), recordedHeaders: json,
            sentBody: #"{"title":"b","is_done":"false"}"#, sentHeaders: ["Content-Type": "application/json"], difference: "body"),
        Case(
            name: "a JSON key more", recordedBody: .json(["title": "a"]), recordedHeaders: json,
            sentBody: #"{"title":"a","is_done":"true"}"#, sentHeaders: ["Content-Type": "application/json"], difference: "body"),
        Case(
            name: "different form pairs",
            recordedBody: .form(fields: [FormField("title", "a"), FormField("is_done", "true")], raw: "title=a&is_done=true"),
            recordedHeaders: form,
            sentBody: "title=a&is_done=false", sentHeaders: ["Content-Type": "application/x-www-form-urlencoded"], difference: "body"),
        Case(
            name: "form pairs in another order",
            recordedBody: .form(fields: [FormField("title", "a"), FormField("is_done", "true")], raw: "title=a&is_done=true"),
            recordedHeaders: form,
            sentBody: "is_done=true&title=a", sentHeaders: ["Content-Type": "application/x-www-form-urlencoded"], difference: "body"),
        Case(
            name: "JSON sent where a form was recorded", recordedBody: .form(fields: [FormField("title", "a")], raw: "title=a"),
            recordedHeaders: form,
            sentBody: #"{"title":"a"}"#, sentHeaders: ["Content-Type": "application/json"], difference: "body"),
        Case(
            name: "a form sent where JSON was recorded", recordedBody: .json(["title": "a"]), recordedHeaders: json,
            sentBody: "title=a", sentHeaders: ["Content-Type": "application/x-www-form-urlencoded"], difference: "body"),
        Case(
            name: "a different value of a header matching.headers lists", recordedBody: .json(["title": "a"]),
            recordedHeaders: json + [("X-Mode", "a")],
            sentBody: #"{"title":"a"}"#, sentHeaders: ["Content-Type": "application/json", "X-Mode": "b"], difference: "header"),
        Case(
            name: "a header matching.headers lists, missing", recordedBody: .json(["title": "a"]),
            recordedHeaders: json + [("X-Mode", "a")],
            sentBody: #"{"title":"a"}"#, sentHeaders: ["Content-Type": "application/json"], difference: "header"),
    ]

    @Test("a request that differs from the recorded one is not answered", arguments: cases)
    func refused(_ example: Case) async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("apicheck-refusal-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("r.json")
        let recording = Recording(
            api: "todos", name: "r", recordedAt: "2026-01-01T00:00:00Z", recordedFrom: "sandbox",
            interactions: [
                Interaction(
                    request: RecordedRequest(
                        method: "POST", url: "/api/v2/todos-json", headers: HeaderFields(example.recordedHeaders),
                        body: example.recordedBody),
                    response: RecordedResponse(
                        status: 200, headers: HeaderFields([("Content-Type", "application/json")]), body: .json(["data": "recorded"]))
                )
            ])
        try recording.save(to: file)
        let replay = try ReplaySession(
            ReplayConfiguration(
                api: "todos", name: "r", recordingURL: file, matching: MatchingRules(matchedHeaders: ["X-Mode"])
            ))
        let url = replay.baseURL.appendingPathComponent("api/v2/todos-json")
        await #expect(throws: (any Error).self, "\(example.name) was answered") {
            _ = try await fetch(replay.session, url, method: "POST", headers: example.sentHeaders, body: Data(example.sentBody.utf8))
        }
        let problem = try #require(replay.finish().first)
        #expect(problem.contains("no recorded response for POST /api/v2/todos-json"))
        #expect(problem.contains(example.difference), "\(problem)")
    }

    @Test("the same request is answered (the table above fails for its differences, not for everything)")
    func sameRequestIsAnswered() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("apicheck-refusal-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("r.json")
        let recording = Recording(
            api: "todos", name: "r", recordedAt: "2026-01-01T00:00:00Z", recordedFrom: "sandbox",
            interactions: [
                Interaction(
                    request: RecordedRequest(
                        method: "POST", url: "/api/v2/todos-json", headers: HeaderFields(Self.form + [("X-Mode", "a")]),
                        body: .form(fields: [FormField("title", "a")], raw: "title=a")),
                    response: RecordedResponse(
                        status: 200, headers: HeaderFields([("Content-Type", "application/json")]), body: .json(["data": "recorded"]))
                )
            ])
        try recording.save(to: file)
        let replay = try ReplaySession(
            ReplayConfiguration(api: "todos", name: "r", recordingURL: file, matching: MatchingRules(matchedHeaders: ["X-Mode"])))
        let answer = try await fetch(
            replay.session, replay.baseURL.appendingPathComponent("api/v2/todos-json"), method: "POST",
            headers: ["Content-Type": "application/x-www-form-urlencoded", "x-mode": "a"], body: Data("title=a".utf8)
        )
        #expect(answer.1 == #"{"data":"recorded"}"#)
        #expect(replay.finish().isEmpty)
    }

    @Test("finish() twice gives the slot back once: sessions made after never share a protocol class")
    func finishTwice() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("apicheck-finish-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let first = try ReplaySession(ReplayConfiguration(api: "todos", name: "a", recordingURL: folder.appendingPathComponent("a.json")))
        let problems = first.finish()
        #expect(first.finish() == problems, "the second call answers as the first")
        // Had the slot gone back twice, two of these would get the same protocol class.
        let sessions = try (0..<4).map { index in
            try ReplaySession(
                ReplayConfiguration(api: "todos", name: "s\(index)", recordingURL: folder.appendingPathComponent("s\(index).json")))
        }
        defer { for session in sessions { session.finish() } }
        let classes = sessions.compactMap { $0.session.configuration.protocolClasses?.first }.map { ObjectIdentifier($0) }
        #expect(classes.count == 4)
        #expect(Set(classes).count == 4, "two sessions share a protocol class")
    }
}
