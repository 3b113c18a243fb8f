import Foundation
import Sandbox
import TestSupport
import Testing
import TodoAPI

@Suite("TodoClient against a drifting sandbox", timeLimit(minutes: 5))
struct TodoClientDriftTests {
    @Test("dates with a +09:00 offset decode to the same instants")
    func offsetDatesAreTheSameInstants() async throws {
        let plain = try await withSandbox { client, _ in try await client.todos().data }
        let drifted = try await withSandbox(drifts: [.todosDatesOffset]) { client, _ in try await client.todos().data }
        #expect(plain == drifted)
    }

    @Test("dates with milliseconds decode within a millisecond")
    func millisecondDates() async throws {
        let plain = try await withSandbox { client, _ in try await client.todos().data }
        let drifted = try await withSandbox(drifts: [.todosDatesMilliseconds]) { client, _ in try await client.todos().data }
        #expect(plain.map(\.id) == drifted.map(\.id))
        #expect(zip(plain, drifted).allSatisfy { abs($0.createdAt.timeIntervalSince($1.createdAt)) < 0.001 })
        #expect(plain != drifted, "the seed has non-zero microseconds, so truncating to milliseconds must change some dates")
    }

    @Test("is_done as 0/1 fails at the key with what was found")
    func isDoneAsInteger() async throws {
        try await withSandbox(drifts: [.todosIsDoneInt]) { client, _ in
            let error = await todoAPIError { _ = try await client.todos() }
            #expect(error?.kind == .decoding)
            #expect(error?.keyPath == "/data/0/is_done")
            #expect(error?.detail?.hasPrefix("expected a boolean, found ") == true)
            #expect(error?.detail?.hasSuffix("(a number)") == true)
        }
    }

    @Test("camelCase keys fail on the first missing snake_case key")
    func camelCaseKeys() async throws {
        try await withSandbox(drifts: [.todosCamelCaseKeys]) { client, _ in
            let error = await todoAPIError { _ = try await client.todo(id: 4698) }
            #expect(error?.kind == .decoding)
            #expect(error?.keyPath == "/data/is_done")
            #expect(error?.detail == "required key \"is_done\" is missing")
        }
    }

    @Test("201 on GET still decodes (any 2xx is success); extra fields are ignored")
    func toleratedDrifts() async throws {
        try await withSandbox(drifts: [.todosStatus201, .todosExtraField]) { client, _ in
            let page = try await client.todos()
            let single = try await client.todo(id: 4698)
            #expect(page.data.count == 10)
            #expect(single.id == 4698)
        }
    }

    @Test("a list without meta decodes with meta nil")
    func missingMeta() async throws {
        try await withSandbox(drifts: [.todosMissingMeta]) { client, _ in
            let page = try await client.todos()
            #expect(page.meta == nil)
            #expect(page.data.count == 10)
        }
    }

    @Test("a server that ignores form PUTs answers the todo unchanged")
    func putJSONOnlyLeavesTodoUnchanged() async throws {
        try await withSandbox(drifts: [.todosPutJSONOnly]) { client, _ in
            let before = try await client.todo(id: 4698)
            let answered = try await client.updateTodo(id: 4698, title: "changed", isDone: !before.isDone)
            #expect(answered == before, "the drift answers 200 with the todo unchanged: only a read-back catches it")
        }
    }
}
