import APICheckTesting
import Foundation
import TestSupport
import Testing
import TodoAPI

/// The todo client against every response `contracts/todos.openapi.yaml` allows (`recordings/todos/examples/`,
/// written by `swift run apicheck examples --api todos`): each example replayed through the client's own
/// request code, which must decode a success and throw an error status as its error, not as a decoding failure.
@Suite("Todo client decodes every response the contract allows", timeLimit(minutes: 5))
struct TodoContractExamples {
    static func client(_ replay: ExampleReplay) -> TodoClient {
        TodoClient(session: replay.session, baseURL: replay.baseURL)
    }

    /// The operations each test below calls, and those the client has no method for (with the reason).
    static let called: Set<String> = [
        "GET /api/v2/todos", "GET /api/v2/todos/search", "GET /api/v2/todos/{id}", "POST /api/v2/todos",
        "POST /api/v2/todos-json", "PUT /api/v2/todos/{id}", "DELETE /api/v2/todos/{id}",
    ]
    /// HEAD answers carry no body to decode, and the client never sends one.
    static let notCalled: Set<String> = ["HEAD /api/v2/todos", "HEAD /api/v2/todos/search", "HEAD /api/v2/todos/{id}"]

    @Test("every operation of the contract is checked here, or named as one the client does not call")
    func everyOperation() throws {
        let operations = Set(try ContractExample.operations(api: "todos"))
        #expect(
            operations.subtracting(Self.called).subtracting(Self.notCalled).isEmpty,
            "operations nobody checks: \(operations.subtracting(Self.called).subtracting(Self.notCalled).sorted())")
        #expect(
            Self.called.union(Self.notCalled).subtracting(operations).isEmpty,
            "not in the contract: \(Self.called.union(Self.notCalled).subtracting(operations).sorted())")
    }

    @Test("GET /api/v2/todos", arguments: try ContractExample.load(api: "todos", operation: "GET /api/v2/todos"))
    func list(_ example: ContractExample) async {
        await example.expectDecodes(decodingFailure: Self.decodingFailure) { try await Self.client($0).todos(.init(page: 2, perPage: 10)) }
    }

    @Test("GET /api/v2/todos/search", arguments: try ContractExample.load(api: "todos", operation: "GET /api/v2/todos/search"))
    func search(_ example: ContractExample) async {
        await example.expectDecodes(decodingFailure: Self.decodingFailure) { try await Self.client($0).searchTodos(query: "할 일 & a+b") }
    }

    @Test("GET /api/v2/todos/{id}", arguments: try ContractExample.load(api: "todos", operation: "GET /api/v2/todos/{id}"))
    func show(_ example: ContractExample) async {
        await example.expectDecodes(decodingFailure: Self.decodingFailure) { try await Self.client($0).todo(id: 5126) }
    }

    @Test("POST /api/v2/todos", arguments: try ContractExample.load(api: "todos", operation: "POST /api/v2/todos"))
    func create(_ example: ContractExample) async {
        await example.expectDecodes(decodingFailure: Self.decodingFailure) {
            try await Self.client($0).createTodo(title: "buy milk", isDone: true)
        }
    }

    @Test("POST /api/v2/todos-json", arguments: try ContractExample.load(api: "todos", operation: "POST /api/v2/todos-json"))
    func createJSON(_ example: ContractExample) async {
        await example.expectDecodes(decodingFailure: Self.decodingFailure) { try await Self.client($0).createTodoJSON(title: "buy milk") }
    }

    @Test("PUT /api/v2/todos/{id}", arguments: try ContractExample.load(api: "todos", operation: "PUT /api/v2/todos/{id}"))
    func update(_ example: ContractExample) async {
        await example.expectDecodes(decodingFailure: Self.decodingFailure) {
            try await Self.client($0).updateTodo(id: 5126, title: "a+b = c & 100%", isDone: true)
        }
    }

    @Test("DELETE /api/v2/todos/{id}", arguments: try ContractExample.load(api: "todos", operation: "DELETE /api/v2/todos/{id}"))
    func delete(_ example: ContractExample) async {
        await example.expectDecodes(decodingFailure: Self.decodingFailure) { try await Self.client($0).deleteTodo(id: 5126) }
    }

    /// The client's decoding failures: ``TodoAPIError`` of kind `decoding`, with the failing key's pointer.
    static func decodingFailure(_ error: any Error) -> ContractExample.DecodingFailure? {
        guard let error = error as? TodoAPIError, error.kind == .decoding else { return nil }
        return ContractExample.DecodingFailure(pointer: error.keyPath, detail: error.detail ?? error.description)
    }
}
