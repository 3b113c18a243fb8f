import Foundation
import OpenAPIRuntime
import OpenAPIURLSession
import WireFormatOpenAPI

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A todo as the app uses it: the generated `Components.Schemas.Todo`.
public typealias Todo = Components.Schemas.Todo

/// The app's todos, through the client swift-openapi-generator wrote from openapi.yaml, the way Apple's tutorial
/// builds it: `Client(serverURL:configuration:transport:)` on `URLSessionTransport`.
public struct TodoRepository: Sendable {
    /// The generated client (or any other `APIProtocol`, such as a test double).
    public let client: any APIProtocol

    /// Creates a repository on a client you built yourself.
    public init(client: any APIProtocol) {
        self.client = client
    }

    /// Creates the app's client: the production server of openapi.yaml, `session` (`URLSession.shared` by default)
    /// and the todo API's microsecond dates (`.wireFormat`).
    ///
    /// The runtime's default transcoder, `.iso8601`, refuses `2024-05-14T23:51:26.197159Z`; pass it as `dateTranscoder`
    /// to see the failure.
    public init(
        serverURL: URL? = nil,
        session: URLSession = .shared,
        dateTranscoder: any DateTranscoder = .wireFormat
    ) throws {
        let transport = URLSessionTransport(configuration: .init(session: session))
        let client = Client(
            serverURL: try serverURL ?? Servers.Server1.url(),
            configuration: Configuration(dateTranscoder: dateTranscoder),
            transport: transport
        )
        self.init(client: client)
    }

    /// One page of todos, newest first, and the page's numbers.
    public func page(_ page: Int = 1, perPage: Int? = nil) async throws -> (todos: [Todo], meta: Components.Schemas.PageMeta) {
        let query = Operations.listTodos.Input.Query(page: page, order_by: .desc, per_page: perPage)
        switch try await client.listTodos(query: query) {
        case .ok(let ok):
            let body = try ok.body.json
            return (body.data, body.meta)
        case .unprocessableContent(let failure):
            throw TodoError.invalid(try failure.body.json.message)
        case .undocumented(let status, _):
            throw TodoError.unexpectedStatus(status)
        }
    }

    /// One todo.
    public func todo(id: Int) async throws -> Todo {
        switch try await client.getTodo(path: .init(id: id)) {
        case .ok(let ok): return try ok.body.json.data
        case .notFound(let failure): throw TodoError.notFound(try failure.body.json.message)
        case .undocumented(let status, _): throw TodoError.unexpectedStatus(status)
        }
    }

    /// Creates a todo from a multipart form, as the API asks.
    public func create(title: String, isDone: Bool = false) async throws -> Todo {
        let parts: [Operations.createTodo.Input.Body.multipartFormPayload] = [
            .title(.init(payload: .init(body: HTTPBody(title)))),
            .is_done(.init(payload: .init(body: HTTPBody(isDone ? "true" : "false")))),
        ]
        switch try await client.createTodo(body: .multipartForm(MultipartBody(parts))) {
        case .ok(let ok): return try ok.body.json.data
        case .unprocessableContent(let failure): throw TodoError.invalid(try failure.body.json.message)
        case .undocumented(let status, _): throw TodoError.unexpectedStatus(status)
        }
    }

    /// Updates a todo from a form-urlencoded body (the API does not read a JSON body on PUT).
    public func update(id: Int, title: String, isDone: Bool) async throws -> Todo {
        let form = Operations.updateTodo.Input.Body.urlEncodedFormPayload(title: title, is_done: isDone ? ._true : ._false)
        switch try await client.updateTodo(path: .init(id: id), body: .urlEncodedForm(form)) {
        case .ok(let ok): return try ok.body.json.data
        case .notFound(let failure): throw TodoError.notFound(try failure.body.json.message)
        case .unprocessableContent(let failure): throw TodoError.invalid(try failure.body.json.message)
        case .undocumented(let status, _): throw TodoError.unexpectedStatus(status)
        }
    }

    /// Deletes a todo; the API answers the deleted todo.
    @discardableResult
    public func delete(id: Int) async throws -> Todo {
        switch try await client.deleteTodo(path: .init(id: id)) {
        case .ok(let ok): return try ok.body.json.data
        case .notFound(let failure): throw TodoError.notFound(try failure.body.json.message)
        case .undocumented(let status, _): throw TodoError.unexpectedStatus(status)
        }
    }
}

/// What the API answered instead of a todo.
public enum TodoError: Error, Equatable {
    /// 404, with the API's message.
    case notFound(String)
    /// 422, with the API's message.
    case invalid(String)
    /// A status openapi.yaml does not declare for the operation.
    case unexpectedStatus(Int)
}
