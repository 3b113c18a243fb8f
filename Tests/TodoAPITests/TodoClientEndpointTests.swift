import Foundation
import Sandbox
import TestSupport
import Testing
import TodoAPI
import WireFormat

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("TodoClient against the sandbox", timeLimit(minutes: 5))
struct TodoClientEndpointTests {
    @Test("the first page has ten todos, newest first, with Laravel's meta")
    func listFirstPage() async throws {
        try await withSandbox { client, _ in
            let page = try await client.todos()
            #expect(page.data.count == 10)
            let meta = try #require(page.meta)
            #expect(meta.currentPage == 1)
            #expect(meta.from == 1)
            #expect(meta.to == 10)
            #expect(meta.perPage == 10)
            #expect(meta.total >= 250)
            #expect(meta.lastPage == (meta.total + 9) / 10)
            #expect(page.message == "성공")
            #expect(zip(page.data, page.data.dropFirst()).allSatisfy { $0.createdAt >= $1.createdAt })
        }
    }

    @Test("a page past the end is empty, with null from and to")
    func listPagePastTheEnd() async throws {
        try await withSandbox { client, _ in
            let page = try await client.todos(.init(page: 9_999))
            #expect(page.data.isEmpty)
            #expect(page.meta?.from == nil)
            #expect(page.meta?.to == nil)
            #expect(page.meta?.currentPage == 9_999)
            #expect(page.meta?.hasNextPage == false)
        }
    }

    @Test("filtering by is_done, sorting by updated_at ascending")
    func listFilteredAndSorted() async throws {
        try await withSandbox { client, _ in
            let done = try await client.todos(.init(perPage: 100, filter: .updatedAt, orderBy: .ascending, isDone: true))
            #expect(!done.data.isEmpty)
            #expect(done.data.allSatisfy { $0.isDone })
            #expect(zip(done.data, done.data.dropFirst()).allSatisfy { $0.updatedAt <= $1.updatedAt })
            let open = try await client.todos(.init(perPage: 1, isDone: false))
            let all = try await client.todos(.init(perPage: 1))
            #expect((done.meta?.total ?? 0) + (open.meta?.total ?? 0) == all.meta?.total)
        }
    }

    @Test("search sends reserved characters and Korean intact", arguments: ["a+b & c", "운동", "50%", "#release"])
    func searchFindsTitles(_ text: String) async throws {
        try await withSandbox { client, _ in
            let page = try await client.searchTodos(query: text, .init(perPage: 50))
            #expect(!page.data.isEmpty, "no todo title contains \(text)")
            #expect(page.data.allSatisfy { $0.title.lowercased().contains(text.lowercased()) })
        }
    }

    @Test("search without a query is a 422 with the field's error")
    func searchWithoutQuery() async throws {
        try await withSandbox { client, _ in
            let error = await todoAPIError { _ = try await client.searchTodos(query: "") }
            #expect(error?.kind == .validationFailed)
            #expect(error?.status == 422)
            #expect(error?.fieldErrors["query"] == ["The query field is required."])
        }
    }

    @Test("one todo by id, and a 404 for an unknown id")
    func singleAndNotFound() async throws {
        try await withSandbox { client, _ in
            let first = try #require(try await client.todos().data.first)
            #expect(try await client.todo(id: first.id) == first)
            let error = await todoAPIError { _ = try await client.todo(id: 1) }
            #expect(error?.kind == .notFound)
            #expect(error?.status == 404)
            #expect(error?.message?.contains("No query results") == true)
            #expect(error?.description.contains("GET /api/v2/todos/1: 404 not found") == true)
        }
    }

    @Test("create as multipart sends parts and returns the todo")
    func createMultipart() async throws {
        try await withSandbox { client, sandbox in
            let created = try await client.createTodo(title: "Buy 우유 & eggs", isDone: true)
            #expect(created.title == "Buy 우유 & eggs")
            #expect(created.isDone)
            #expect(created.createdAt == created.updatedAt)
            #expect(try await client.todo(id: created.id) == created)
            let sent = try #require(sandbox.receivedRequests().last { $0.method == "POST" })
            let contentType = try #require(sent.header("Content-Type"))
            #expect(contentType.hasPrefix("multipart/form-data; boundary="))
            let body = String(decoding: sent.body, as: UTF8.self)
            #expect(body.contains("Content-Disposition: form-data; name=\"title\"\r\n\r\nBuy 우유 & eggs\r\n"))
            #expect(body.contains("Content-Disposition: form-data; name=\"is_done\"\r\n\r\ntrue\r\n"))
        }
    }

    @Test("create as JSON sends is_done as a string")
    func createJSON() async throws {
        try await withSandbox { client, sandbox in
            let created = try await client.createTodoJSON(title: "JSON \"quoted\" / slash", isDone: false)
            #expect(created.title == "JSON \"quoted\" / slash")
            #expect(!created.isDone)
            let sent = try #require(sandbox.receivedRequests().last { $0.path == "/api/v2/todos-json" })
            #expect(sent.header("Content-Type") == "application/json")
            #expect(String(decoding: sent.body, as: UTF8.self) == #"{"is_done":"false","title":"JSON \"quoted\" / slash"}"#)
        }
    }

    @Test("create without a title is a 422 with per-field errors")
    func createWithoutTitle() async throws {
        try await withSandbox { client, _ in
            let error = await todoAPIError { _ = try await client.createTodo(title: "   ") }
            #expect(error?.kind == .validationFailed)
            #expect(error?.fieldErrors == ["title": ["The title field is required."]])
            #expect(error?.message == "The title field is required.")
        }
    }

    @Test("update sends exactly these form bytes, and the server reads the title back intact")
    func updateSendsFormURLEncodedBody() async throws {
        try await withSandbox { client, sandbox in
            let target = try #require(try await client.todos().data.first)
            let title = "Don't open a+b & 할 일 #1/2? 100% ="
            let updated = try await client.updateTodo(id: target.id, title: title, isDone: true)
            #expect(updated.title == title)
            #expect(updated.isDone)
            #expect(updated.updatedAt > target.updatedAt)
            #expect(try await client.todo(id: target.id).title == title)

            let sent = try #require(sandbox.receivedRequests().last { $0.method == "PUT" })
            #expect(sent.path == "/api/v2/todos/\(target.id)")
            #expect(sent.header("Content-Type") == "application/x-www-form-urlencoded")
            #expect(sent.header("Accept") == "application/json")
            #expect(
                String(decoding: sent.body, as: UTF8.self)
                    == "title=Don%27t%20open%20a%2Bb%20%26%20%ED%95%A0%20%EC%9D%BC%20%231%2F2%3F%20100%25%20%3D&is_done=true"
            )
        }
    }

    @Test("delete returns the deleted todo, and it is gone")
    func deleteReturnsDeletedTodo() async throws {
        try await withSandbox { client, _ in
            let created = try await client.createTodoJSON(title: "short-lived")
            let deleted = try await client.deleteTodo(id: created.id)
            #expect(deleted == created)
            let error = await todoAPIError { _ = try await client.todo(id: created.id) }
            #expect(error?.kind == .notFound)
            let again = await todoAPIError { try await client.deleteTodo(id: created.id) }
            #expect(again?.status == 404)
        }
    }

    @Test("a body over 1 MiB is answered 413, an unexpected status")
    func oversizedBody() async throws {
        try await withSandbox { client, _ in
            let error = await todoAPIError {
                _ = try await client.updateTodo(id: 4698, title: String(repeating: "x", count: 1_100_000), isDone: false)
            }
            #expect(error?.kind == .unexpectedStatus)
            #expect(error?.status == 413)
            #expect(error?.message?.contains("1 MiB") == true)
        }
    }

    @Test("a dead server is a transport error, not a status")
    func deadServer() async throws {
        // A port bound and never listened on, held for the whole request: a stopped sandbox's port could be
        // handed to a parallel test's sandbox, which then answered.
        let error = try await LoopbackListener.withRefusingPort { port in
            let client = TodoClient(session: URLSession(configuration: .ephemeral), baseURL: URL(string: "http://127.0.0.1:\(port)")!)
            return await todoAPIError { _ = try await client.todos() }
        }
        #expect(error?.kind == .transport)
        #expect(error?.status == nil)
        #expect(error?.description.hasPrefix("GET /api/v2/todos: transport failure") == true)
    }
}
