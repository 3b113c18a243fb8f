/// One of the APIs the sandbox can serve.
public struct SandboxAPI: Hashable, Sendable, CustomStringConvertible {
    /// The API's name in `apicheck.yml` and on the command line, such as `todos`.
    public let name: String
    /// What it replicates.
    public let summary: String

    /// The Laravel todo API, v2.
    public static let todos = SandboxAPI(name: "todos", summary: "Laravel todo API v2 (/api/v2/todos)")

    /// GitHub: repository events, repository search (api.github.com) and the OAuth token exchange (github.com).
    public static let github = SandboxAPI(
        name: "github", summary: "GitHub: /repos/{owner}/{repo}/events, /search/repositories, /login/oauth/access_token")

    /// Kakao's Daum search: blog, cafe and web documents (dapi.kakao.com).
    public static let kakao = SandboxAPI(name: "kakao", summary: "Kakao Daum search: /v2/search/blog, /v2/search/cafe, /v2/search/web")

    /// LSLP, the SNS server of the Mobbie app: accounts with JWTs, posts, comments and likes.
    public static let lslp = SandboxAPI(
        name: "lslp", summary: "LSLP SNS server: /join, /login, /refresh, /withdraw, /post, /post/{id}/comment, /post/like/{id}")

    /// Every API the sandbox can serve.
    public static let all: [SandboxAPI] = [.todos, .github, .kakao, .lslp]

    /// Looks up an API by name.
    ///
    /// - Throws: ``SandboxError`` listing the known APIs.
    public static func named(_ name: String) throws(SandboxError) -> SandboxAPI {
        guard let api = all.first(where: { $0.name == name }) else { throw SandboxError.unknownAPI(name) }
        return api
    }

    public var description: String { name }
}
