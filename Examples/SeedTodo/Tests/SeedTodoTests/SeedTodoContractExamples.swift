import APICheckTesting
import Foundation
import SeedTodo
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Every response the contract allows, through the app's own code and models (`apicheck examples` wrote them into
/// `recordings/todos/examples/`): a field the models cannot read fails with the example's file, line and pointer.
@Suite
struct SeedTodoContractExamples {
    /// The app wraps decoding errors in its own type; this tells them apart for the report.
    static func decodingFailure(_ error: any Error) -> ContractExample.DecodingFailure? {
        if case ApiError.decoding(let underlying) = error { return ContractExample.DecodingFailure(underlying) }
        return nil
    }

    @Test(arguments: try ContractExample.load(api: "todos", operation: "GET /api/v2/todos/{id}"))
    func singleDecodes(_ example: ContractExample) async {
        await example.expectDecodes(scope: .global, decodingFailure: Self.decodingFailure) {
            try await TodosAPI.fetchATodo(id: 5126).firstValue()
        }
    }

    @Test(arguments: try ContractExample.load(api: "todos", operation: "GET /api/v2/todos"))
    func listDecodes(_ example: ContractExample) async {
        await example.expectDecodes(scope: .global, decodingFailure: Self.decodingFailure) {
            try await TodosAPI.fetchTodos(page: 2).firstValue()
        }
    }

    @Test("the list model on a single todo's answer fails offline, naming the example's line and /data")
    func listModelOnASingleAnswer() async throws {
        let example = try #require(try ContractExample.load(api: "todos", operation: "GET /api/v2/todos/{id}", statuses: [200]).first)
        let (_, problems) = await example.check(scope: .global, decodingFailure: Self.decodingFailure) { _ in
            let url = try #require(URL(string: Constants.BASE_URL + "/todos/5126"))
            var request = URLRequest(url: url)
            request.setValue("application/json", forHTTPHeaderField: "Accept")
            return try await TodosAPI.request(request, as: ToDos.self).firstValue()
        }
        #expect(problems.count == 1)
        #expect(problems.first?.contains("recordings/todos/examples/get-api-v2-todos-id.200.json:") == true, "\(problems)")
        #expect(problems.first?.contains("cannot decode a response the contract allows at /data (coding path data)") == true, "\(problems)")
    }
}
