/// Dispatches a request to the API that owns its path; answers a 404 in the style of the API for the rest.
struct SandboxServerRoutes: Sendable {
    let todos: TodoService?
    let github: GitHubService?
    let kakao: KakaoService?
    let lslp: LSLPService?

    func respond(to request: ReceivedRequest) -> SandboxResponse {
        if let todos, TodoService.handles(request.path) {
            return todos.respond(to: request)
        }
        if let github, GitHubService.handles(request.path) {
            return github.respond(to: request)
        }
        if let kakao, KakaoService.handles(request.path) {
            return kakao.respond(to: request)
        }
        if let lslp, LSLPService.handles(request.path) {
            return lslp.respond(to: request)
        }
        if todos == nil, github != nil {
            return SandboxResponse(status: 404, content: .json(GitHubRenderer.error(404, "Not Found"), contentType: GitHubService.jsonType))
        }
        if todos == nil, let kakao {
            return kakao.notFound(request.path)
        }
        if todos == nil, let lslp {
            // SesacKey is checked before the path: 420 first, then 444.
            return lslp.respond(to: request)
        }
        return Self.notFound(request.path)
    }

    static func notFound(_ path: String) -> SandboxResponse {
        .message(404, "The route \(path.dropFirst()) could not be found.")
    }
}
