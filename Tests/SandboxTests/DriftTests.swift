import Foundation
import Sandbox
import TestSupport
import Testing

@Suite("Sandbox drift switches", timeLimit(minutes: 5))
struct DriftTests {
    /// Fetches the same list and item from a plain sandbox and a drifted one.
    private func compare(_ drift: Drift, path: String = "/api/v2/todos?per_page=3") async throws -> (plain: Answer, drifted: Answer) {
        let plain = try await withSandboxHTTP { try await $0.get(path) }
        let drifted = try await withSandboxHTTP(drifts: [drift]) { try await $0.get(path) }
        #expect(plain.text != drifted.text, "\(drift) did not change the answer to GET \(path)")
        return (plain, drifted)
    }

    @Test("dates-milliseconds writes 3 fraction digits")
    func datesMilliseconds() async throws {
        let (plain, drifted) = try await compare(.todosDatesMilliseconds)
        let before = try #require(plain.object[array: "data"].first?["created_at"] as? String)
        let after = try #require(drifted.object[array: "data"].first?["created_at"] as? String)
        #expect(before.count == 27)  // yyyy-MM-ddTHH:mm:ss.ffffffZ
        #expect(after.count == 24)  // yyyy-MM-ddTHH:mm:ss.fffZ
        #expect(before.hasPrefix(String(after.dropLast())))
    }

    @Test("dates-offset writes +09:00 for the same instant")
    func datesOffset() async throws {
        let (plain, drifted) = try await compare(.todosDatesOffset)
        let before = try #require(plain.object[array: "data"].first?["created_at"] as? String)
        let after = try #require(drifted.object[array: "data"].first?["created_at"] as? String)
        #expect(after.hasSuffix("+09:00"))
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        // Compare to the second (Foundation's parser does not take six digits).
        let strip = { (text: String) in text.replacingOccurrences(of: #"\.\d+"#, with: "", options: .regularExpression) }
        #expect(formatter.date(from: strip(before)) == formatter.date(from: strip(after)))
        #expect(before.dropLast().suffix(6) == after.dropLast(6).suffix(6), "the fraction must not change")
    }

    @Test("list-data-object answers the first item as an object")
    func listDataObject() async throws {
        let (plain, drifted) = try await compare(.todosListDataObject)
        let first = try #require(plain.object[array: "data"].first)
        let data = drifted.object[object: "data"]
        #expect(data["id"] as? Int == first["id"] as? Int)
        #expect(drifted.object["meta"] != nil)
    }

    @Test("camel-case-keys renames the snake_case keys")
    func camelCaseKeys() async throws {
        let (_, drifted) = try await compare(.todosCamelCaseKeys)
        let todo = try #require(drifted.object[array: "data"].first)
        #expect(Set(todo.keys) == ["id", "title", "isDone", "createdAt", "updatedAt"])
        #expect(Set(drifted.object[object: "meta"].keys) == ["currentPage", "from", "lastPage", "perPage", "to", "total"])
    }

    @Test("is-done-int writes 0 and 1")
    func isDoneInt() async throws {
        let (_, drifted) = try await compare(.todosIsDoneInt)
        #expect(drifted.text.contains(#""is_done":0"#) || drifted.text.contains(#""is_done":1"#))
        #expect(!drifted.text.contains(#""is_done":true"#) && !drifted.text.contains(#""is_done":false"#))
    }

    @Test("status-201 turns every 200 GET into 201, and only GETs")
    func status201() async throws {
        try await withSandboxHTTP(drifts: [.todosStatus201]) { http in
            let list = try await http.get("/api/v2/todos")
            let single = try await http.get("/api/v2/todos/4698")
            let missing = try await http.get("/api/v2/todos/1")
            let put = try await http.form("PUT", "/api/v2/todos/4698", "title=x")
            #expect(list.status == 201)
            #expect(single.status == 201)
            #expect(missing.status == 404)
            #expect(put.status == 200)
        }
    }

    @Test("extra-field adds priority to every todo")
    func extraField() async throws {
        let (_, drifted) = try await compare(.todosExtraField)
        #expect(drifted.object[array: "data"].allSatisfy { $0["priority"] as? String == "normal" })
        let single = try await withSandboxHTTP(drifts: [.todosExtraField]) { try await $0.get("/api/v2/todos/4698") }
        #expect(single.object[object: "data"]["priority"] as? String == "normal")
    }

    @Test("missing-meta drops meta from lists")
    func missingMeta() async throws {
        let (plain, drifted) = try await compare(.todosMissingMeta)
        #expect(plain.object["meta"] != nil)
        #expect(drifted.object["meta"] == nil)
        #expect(drifted.object[array: "data"].count == 3)
    }

    @Test("put-json-only ignores a form PUT (200, unchanged) and applies a JSON one")
    func putJSONOnly() async throws {
        try await withSandboxHTTP(drifts: [.todosPutJSONOnly]) { http in
            let before = try await http.get("/api/v2/todos/4698").object[object: "data"]["title"] as? String
            let form = try await http.form("PUT", "/api/v2/todos/4698", "title=changed")
            #expect(form.status == 200)
            #expect(form.object[object: "data"]["title"] as? String == before)
            let json = try await http.json("PUT", "/api/v2/todos/4698", #"{"title":"changed by json"}"#)
            #expect(json.status == 200)
            let after = try await http.get("/api/v2/todos/4698").object[object: "data"]["title"] as? String
            #expect(after == "changed by json")
        }
    }

    @Test("every drift is covered by a test above")
    func everyDriftIsKnown() {
        #expect(
            Drift.all.map(\.description)
                == ([
                    "todos/camel-case-keys", "todos/dates-milliseconds", "todos/dates-offset", "todos/extra-field",
                    "todos/is-done-int", "todos/list-data-object", "todos/missing-meta", "todos/put-json-only", "todos/status-201",
                ] + GitHubSandboxTests.driftsCovered.map { "github/\($0)" } + KakaoSandboxTests.driftsCovered.map { "kakao/\($0)" }
                + LSLPSandboxTests.driftsCovered.map { "lslp/\($0)" }).sorted())
        #expect(Drift.all.count == 32)
    }

    @Test(
        "drift names parse with or without the API prefix; unknown ones list the valid ones",
        arguments: [
            ("todos/dates-offset", "todos" as String?, "todos/dates-offset" as String?),
            ("dates-offset", "todos", "todos/dates-offset"),
            ("dates-offset", nil, "todos/dates-offset"),  // only one API has the name
            ("no-such", nil, nil),
            ("todos/no-such", "todos", nil),
            ("github/dates-offset", "todos", nil),
        ])
    func parsing(_ text: String, _ defaultAPI: String?, _ expected: String?) {
        do {
            let drift = try Drift.parse(text, defaultAPI: defaultAPI)
            #expect(drift.description == expected)
        } catch {
            #expect(expected == nil, "\(error)")
            #expect(error.description.contains("todos/put-json-only"), "the error lists the valid drifts")
        }
    }
}
