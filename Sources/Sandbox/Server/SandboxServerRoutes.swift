/// Dispatches a request to the API that owns its path; answers Laravel-style 404s for the rest.
struct SandboxServerRoutes: Sendable {
    let todos: TodoService?

    func respond(to request: SandboxRequest) -> SandboxResponse {
        if let todos, TodoService.handles(request.path) {
            return todos.respond(to: request)
        }
        return Self.notFound(request.path)
    }

    static func notFound(_ path: String) -> SandboxResponse {
        .message(404, "The route \(path.dropFirst()) could not be found.")
    }
}
