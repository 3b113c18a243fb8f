import Foundation
import Testing
import TodoAPI

@Suite("TodoClient error mapping")
struct TodoClientErrorTests {
    private func client(_ name: String) throws -> TodoClient {
        TodoClient(session: StubProtocol.session(), baseURL: try #require(URL(string: "http://stub.invalid/\(name)")))
    }

    @Test(
        "every status outside 200...299 maps to a typed error with the server's message",
        arguments: [
            ("unauthorized", TodoAPIError.Kind.unauthorized, 401, "Unauthenticated."),
            ("server-error", TodoAPIError.Kind.unexpectedStatus, 500, "Server Error"),
            ("teapot", TodoAPIError.Kind.unexpectedStatus, 418, nil),
            ("not-modified", TodoAPIError.Kind.unexpectedStatus, 304, nil),
        ] as [(String, TodoAPIError.Kind, Int, String?)])
    func statusMapsToKind(_ name: String, _ kind: TodoAPIError.Kind, _ status: Int, _ message: String?) async throws {
        let client = try client(name)
        let error = await todoAPIError { _ = try await client.todo(id: 1) }
        #expect(error?.kind == kind)
        #expect(error?.status == status)
        #expect(error?.message == message)
    }

    @Test("a non-JSON error body is quoted in the detail")
    func nonJSONErrorBodyIsQuoted() async throws {
        let client = try client("teapot")
        let error = await todoAPIError { _ = try await client.todo(id: 1) }
        #expect(error?.detail == "body: I'm a teapot")
    }

    @Test("any 2xx decodes, not only 200")
    func created201Decodes() async throws {
        #expect(try await client("created").todo(id: 12).id == 12)
    }

    @Test(
        "decoding failures name the key path and what was found",
        arguments: [
            ("bad-date", "/data/0/updated_at", "month 13 is out of range 1...12"),
            ("string-id", "/data/id", "expected an integer, found \"12\" (a string)"),
            ("null-title", "/data/title", "expected a string, found null"),
            ("not-json", "", "the body is not valid JSON"),
        ])
    func decodingFailureNamesKeyPath(_ name: String, _ pointer: String, _ detail: String) async throws {
        let client = try client(name)
        let error = await todoAPIError {
            if name == "bad-date" { _ = try await client.todos() } else { _ = try await client.todo(id: 12) }
        }
        #expect(error?.kind == .decoding)
        #expect(error?.status == 200)
        #expect(error?.keyPath == pointer)
        #expect(error?.detail?.contains(detail) == true, "detail: \(error?.detail ?? "nil")")
    }
}
