import APICheckTesting
import Foundation
import TestSupport
import Testing
import TodoAPI

/// Every todo endpoint and error, through the real client, replayed from `recordings/todos/tests/`.
///
/// Re-record with `APICHECK_RECORD=all swift test --filter TodoRecordedCalls` (a fresh
/// deterministic sandbox per test; nothing leaves the machine).
@Suite(.recordings(api: "todos", server: TodoSandbox(), strict: true), timeLimit(minutes: 5))
struct TodoRecordedCalls {
    var client: TodoClient { TodoClient(session: TestRecording.session, baseURL: TestRecording.baseURL) }

    @Test(.replaying("list-first-page"))
    func listFirstPage() async throws {
        let page = try await client.todos()
        #expect(page.data.count == 10)
        #expect(page.meta?.currentPage == 1)
        #expect(page.meta?.from == 1)
    }

    @Test(.replaying("list-past-the-end"))
    func listPastTheEnd() async throws {
        let page = try await client.todos(.init(page: 9_999))
        #expect(page.data.isEmpty)
        #expect(page.meta?.from == nil)
        #expect(page.meta?.to == nil)
    }

    @Test(.replaying("list-filtered-done"))
    func listFilteredByIsDone() async throws {
        let page = try await client.todos(.init(perPage: 20, isDone: true))
        #expect(!page.data.isEmpty)
        #expect(page.data.allSatisfy { $0.isDone })
    }

    @Test(.replaying("search"))
    func search() async throws {
        let page = try await client.searchTodos(query: "운동")
        #expect(!page.data.isEmpty)
        #expect(page.data.allSatisfy { $0.title.contains("운동") })
    }

    @Test(.replaying("search-without-query"))
    func searchWithoutQuery() async throws {
        await #expect(throws: TodoAPIError.self) { _ = try await client.searchTodos(query: "") }
    }

    @Test(.replaying("single"))
    func single() async throws {
        let first = try #require(try await client.todos(.init(perPage: 1)).data.first)
        let todo = try await client.todo(id: first.id)
        #expect(todo == first)
    }

    @Test(.replaying("create-multipart"))
    func createMultipart() async throws {
        let todo = try await client.createTodo(title: "장보기 & milk", isDone: false)
        #expect(todo.title == "장보기 & milk")
        #expect(!todo.isDone)
    }

    @Test(.replaying("create-json"))
    func createJSON() async throws {
        let todo = try await client.createTodoJSON(title: "JSON todo", isDone: true)
        #expect(todo.title == "JSON todo")
        #expect(todo.isDone)
    }

    @Test(.replaying("update-form"))
    func updateWithForm() async throws {
        let title = "Don't open a+b & 할 일 #1/2? 100% ="
        let first = try #require(try await client.todos(.init(perPage: 1)).data.first)
        let updated = try await client.updateTodo(id: first.id, title: title, isDone: true)
        let readBack = try await client.todo(id: first.id)
        #expect(updated.title == title)
        #expect(readBack.title == title)
        #expect(readBack.isDone)
    }

    @Test(.replaying("delete"))
    func delete() async throws {
        let created = try await client.createTodoJSON(title: "short-lived")
        let deleted = try await client.deleteTodo(id: created.id)
        #expect(deleted.id == created.id)
        let error = await #expect(throws: TodoAPIError.self) { _ = try await client.todo(id: created.id) }
        #expect(error?.kind == .notFound)
    }

    @Test(.replaying("not-found"))
    func notFound() async throws {
        let error = await #expect(throws: TodoAPIError.self) { _ = try await client.todo(id: 1) }
        #expect(error?.kind == .notFound)
        #expect(error?.status == 404)
    }

    @Test(.replaying("validation-missing-title"))
    func validationMissingTitle() async throws {
        let error = await #expect(throws: TodoAPIError.self) { _ = try await client.createTodo(title: "") }
        #expect(error?.kind == .validationFailed)
        #expect(error?.fieldErrors["title"]?.isEmpty == false)
    }
}
