import Foundation
import WireFormat

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A typed client for the Laravel todo API, v2 (`/api/v2/todos`).
///
/// Give it the `URLSession` to send through and the base URL: tests hand in a session that
/// replays recordings, or the URL of a local sandbox. Every call sends `Accept: application/json`,
/// treats 200...299 as success, and throws ``TodoAPIError`` otherwise.
///
/// ```swift
/// let client = TodoClient(session: .shared, baseURL: URL(string: "http://127.0.0.1:8080")!)
/// let page = try await client.todos(.init(page: 1))
/// let updated = try await client.updateTodo(id: page.data[0].id, title: "Don't open a+b & 할 일", isDone: true)
/// ```
public struct TodoClient: Sendable {
    /// The server's root; paths such as `/api/v2/todos` are appended to it.
    public let baseURL: URL
    /// The session requests go through.
    public let session: URLSession

    /// Creates a client that sends through `session` to `baseURL`.
    public init(session: URLSession, baseURL: URL) {
        self.session = session
        self.baseURL = baseURL
    }

    /// The decoder the client uses: ISO-8601 dates with microseconds, explicit snake_case keys.
    public static func makeDecoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .wireFormat
        return decoder
    }

    // MARK: Endpoints

    /// `GET /api/v2/todos`: one page of todos.
    public func todos(_ options: TodoListOptions = .init()) async throws(TodoAPIError) -> TodoPage {
        try await send(TodoPage.self, method: "GET", path: "/api/v2/todos", query: options.queryItems)
    }

    /// `GET /api/v2/todos/search`: one page of the todos whose title contains `query`.
    public func searchTodos(query: String, _ options: TodoListOptions = .init()) async throws(TodoAPIError) -> TodoPage {
        try await send(TodoPage.self, method: "GET", path: "/api/v2/todos/search", query: [("query", query)] + options.queryItems)
    }

    /// `GET /api/v2/todos/{id}`: one todo.
    public func todo(id: Int) async throws(TodoAPIError) -> Todo {
        try await send(TodoResponse.self, method: "GET", path: "/api/v2/todos/\(id)").data
    }

    /// `POST /api/v2/todos` with a `multipart/form-data` body of `title` and `is_done`.
    public func createTodo(title: String, isDone: Bool = false) async throws(TodoAPIError) -> Todo {
        var body = MultipartFormBody()
        body.append(name: "title", value: title)
        body.append(name: "is_done", value: isDone ? "true" : "false")
        return try await send(
            TodoResponse.self, method: "POST", path: "/api/v2/todos",
            body: (body.finished(), body.contentType)
        ).data
    }

    /// `POST /api/v2/todos-json` with `{"is_done": "false", "title": "..."}` (the API wants `is_done` as a string).
    public func createTodoJSON(title: String, isDone: Bool = false) async throws(TodoAPIError) -> Todo {
        struct Body: Encodable {
            let title: String
            let is_done: String
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let data: Data
        do {
            data = try encoder.encode(Body(title: title, is_done: isDone ? "true" : "false"))
        } catch {
            throw TodoAPIError(kind: .invalidRequest, request: "POST /api/v2/todos-json", detail: "\(error)")
        }
        return try await send(
            TodoResponse.self, method: "POST", path: "/api/v2/todos-json",
            body: (data, "application/json")
        ).data
    }

    /// `PUT /api/v2/todos/{id}` with an `application/x-www-form-urlencoded` body.
    ///
    /// The API ignores a JSON body on this endpoint, so the body is a form: `title=...&is_done=true`,
    /// every byte outside `A-Z a-z 0-9 * - . _` percent-encoded (a space is `%20`).
    public func updateTodo(id: Int, title: String, isDone: Bool) async throws(TodoAPIError) -> Todo {
        let form = FormURLEncoding.encode([
            FormField("title", title),
            FormField("is_done", isDone ? "true" : "false"),
        ])
        return try await send(
            TodoResponse.self, method: "PUT", path: "/api/v2/todos/\(id)",
            body: (Data(form.utf8), FormURLEncoding.contentType)
        ).data
    }

    /// `DELETE /api/v2/todos/{id}`: deletes the todo and returns it as it was.
    @discardableResult
    public func deleteTodo(id: Int) async throws(TodoAPIError) -> Todo {
        try await send(TodoResponse.self, method: "DELETE", path: "/api/v2/todos/\(id)").data
    }

    // MARK: Transport

    private func send<Response: Decodable>(
        _ type: Response.Type, method: String, path: String,
        query: [(String, String)] = [], body: (Data, String)? = nil
    ) async throws(TodoAPIError) -> Response {
        let label = "\(method) \(path)"
        var request = URLRequest(url: RequestURL.make(base: baseURL, path: path, query: query))
        request.httpMethod = method
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        if let (data, contentType) = body {
            request.httpBody = data
            request.setValue(contentType, forHTTPHeaderField: "Content-Type")
        }

        let data: Data
        let response: URLResponse
        do {
            (data, response) = try await session.data(for: request)
        } catch {
            throw TodoAPIError(kind: .transport, request: label, detail: TransportFailure.describe(error))
        }
        guard let http = response as? HTTPURLResponse else {
            throw TodoAPIError(kind: .transport, request: label, detail: "the answer was not an HTTP response")
        }
        let status = http.statusCode
        guard (200...299).contains(status) else {
            throw Self.statusError(status: status, body: data, request: label)
        }
        do {
            return try Self.makeDecoder().decode(Response.self, from: data)
        } catch {
            let failure = DecodingFailure.describe(error, body: data)
            throw TodoAPIError(kind: .decoding, request: label, status: status, keyPath: failure.keyPath, detail: failure.detail)
        }
    }

    private struct ErrorBody: Decodable {
        let message: String?
        let errors: [String: [String]]?
    }

    static func statusError(status: Int, body: Data, request: String) -> TodoAPIError {
        let parsed = try? JSONDecoder().decode(ErrorBody.self, from: body)
        let kind: TodoAPIError.Kind
        switch status {
        case 401: kind = .unauthorized
        case 404: kind = .notFound
        case 422: kind = .validationFailed
        default: kind = .unexpectedStatus
        }
        var detail: String?
        if parsed?.message == nil && !body.isEmpty {
            let text = String(decoding: body.prefix(200), as: UTF8.self)
            detail = "body: \(text)\(body.count > 200 ? "..." : "")"
        }
        return TodoAPIError(
            kind: kind, request: request, status: status, message: parsed?.message,
            fieldErrors: parsed?.errors ?? [:], detail: detail
        )
    }
}
