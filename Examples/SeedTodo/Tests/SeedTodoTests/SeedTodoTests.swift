import APICheckTesting
import Foundation
import SeedTodo
import Testing

/// The app's own networking, unchanged: `URLSession.shared` at its production URL, answered from
/// `recordings/todos/tests/` by `scope: .global`.
///
/// Re-record against the todo replica: `swift run apicheck sandbox --api todos --deterministic --port 8080` in apicheck's
/// folder, then `APICHECK_RECORD=all APICHECK_BASE_URL=http://127.0.0.1:8080 swift test` here.
@Suite(.recordings(api: "todos", scope: .global, strict: true))
struct SeedTodoTests {
    @Test(.replaying("list-first-page"))
    func listFirstPage() async throws {
        let page = try await TodosAPI.fetchTodos().firstValue()
        #expect(page.data?.count == 10)
        #expect(page.meta?.currentPage == 1)
        #expect(page.data?.allSatisfy { $0.id != nil && $0.createdAt?.hasSuffix("Z") == true } == true)
    }

    @Test(.replaying("single"))
    func single() async throws {
        let first = try #require(try await TodosAPI.fetchTodos().firstValue().data?.first)
        let todo = try await TodosAPI.fetchATodo(id: try #require(first.id)).firstValue()
        #expect(todo.data?.id == first.id)
        #expect(todo.data?.title == first.title)
    }

    @Test(.replaying("create-edit-delete"))
    func createEditDelete() async throws {
        let created = try #require(try await TodosAPI.addATodo(title: "장보기 & milk").firstValue().data)
        let id = try #require(created.id)
        #expect(created.isDone == false)
        let title = "Don't open a+b & 할 일"
        let edited = try await TodosAPI.editATodo(id: id, title: title, isDone: true).firstValue()
        #expect(edited.data?.title == title)
        #expect(edited.data?.isDone == true)
        let deleted = try await TodosAPI.deleteATodo(id: id).firstValue()
        #expect(deleted.data?.id == id)
        await #expect(throws: ApiError.self) { _ = try await TodosAPI.fetchATodo(id: id).firstValue() }
    }
}
