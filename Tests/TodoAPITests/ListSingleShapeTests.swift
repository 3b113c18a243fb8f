import Foundation
import Sandbox
import Testing
import TodoAPI

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("The list vs single data trap")
struct ListSingleShapeTests {
    private func body(_ url: URL) async throws -> Data {
        let (data, _) = try await URLSession(configuration: .ephemeral).data(from: url)
        return data
    }

    @Test("a single-item body decoded as a list fails, saying which shape at which key")
    func singleBodyAsList() async throws {
        try await withSandbox { _, sandbox in
            let data = try await body(sandbox.baseURL.appendingPathComponent("api/v2/todos/4698"))
            #expect(try TodoClient.makeDecoder().decode(TodoResponse.self, from: data).data.id == 4698)
            #expect {
                _ = try TodoClient.makeDecoder().decode(TodoPage.self, from: data)
            } throws: { error in
                guard case DecodingError.typeMismatch(_, let context) = error else { return false }
                return context.codingPath.map(\.stringValue) == ["data"]
                    && context.debugDescription
                        == "shape mismatch at data: expected an array (list endpoint, decode with Envelope<[Item]>), found an object (a single item)"
            }
        }
    }

    @Test("a list body decoded as a single item fails, saying which shape at which key")
    func listBodyAsSingle() async throws {
        try await withSandbox { _, sandbox in
            let data = try await body(sandbox.baseURL.appendingPathComponent("api/v2/todos"))
            #expect(try TodoClient.makeDecoder().decode(TodoPage.self, from: data).data.count == 10)
            #expect {
                _ = try TodoClient.makeDecoder().decode(TodoResponse.self, from: data)
            } throws: { error in
                guard case DecodingError.typeMismatch(_, let context) = error else { return false }
                return context.debugDescription
                    == "shape mismatch at data: expected an object (single-item endpoint, decode with Envelope<Item>), found an array (a list)"
            }
        }
    }

    @Test("the client reports a list endpoint that answers an object")
    func clientReportsListDataObject() async throws {
        try await withSandbox(drifts: [.todosListDataObject]) { client, _ in
            let error = await todoAPIError { _ = try await client.todos() }
            #expect(error?.kind == .decoding)
            #expect(error?.keyPath == "/data")
            #expect(error?.detail?.contains("expected an array (list endpoint") == true)
            #expect(error?.detail?.contains("found an object (a single item)") == true)
        }
    }

    @Test("envelopes know their shape")
    func expectedShapes() {
        #expect(TodoPage.expectedShape == .list)
        #expect(TodoResponse.expectedShape == .single)
    }
}
