import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The app's endpoints, in the shape of Moya's `TargetType`: base URL, path, method, task.
public enum LSLPRouter: Sendable {
    case join(email: String, password: String, nick: String)
    case login(email: String, password: String)
    case refresh(accessToken: String, refreshToken: String)
    case posts(next: String?, limit: Int)
    /// `POST post`: its multipart form (title, content, product_id, the images as `file` parts) is built by the caller.
    case createPost

    public enum Task: Sendable {
        case plain
        case json([String: String])
        case query([String: String])
    }

    /// The deployment the app talks to (its own port), as Mobbie keeps it in its environment file.
    public static let baseURL = "http://lslp.sesac.kr:27812"

    public var path: String {
        switch self {
        case .join: "/join"
        case .login: "/login"
        case .refresh: "/refresh"
        case .posts, .createPost: "/post"
        }
    }

    public var method: String {
        switch self {
        case .join, .login, .createPost: "POST"
        case .refresh, .posts: "GET"
        }
    }

    public var task: Task {
        switch self {
        case .join(let email, let password, let nick): .json(["email": email, "password": password, "nick": nick])
        case .login(let email, let password): .json(["email": email, "password": password])
        case .refresh: .plain
        case .posts(let next, let limit): .query(["next": next ?? "", "limit": "\(limit)"])
        case .createPost: .plain
        }
    }

    /// Headers of the endpoint itself; the interceptor adds SesacKey and the access token.
    public var headers: [String: String] {
        switch self {
        case .refresh(let access, let refresh): ["Authorization": access, "Refresh": refresh]
        default: [:]
        }
    }

    /// Whether the interceptor sends the access token with it.
    public var needsToken: Bool {
        switch self {
        case .posts, .createPost: true
        default: false
        }
    }

    func urlRequest() throws -> URLRequest {
        guard var components = URLComponents(string: Self.baseURL + path) else { throw URLError(.badURL) }
        if case .query(let items) = task {
            components.queryItems = items.sorted { $0.key < $1.key }.map { URLQueryItem(name: $0.key, value: $0.value) }
        }
        guard let url = components.url else { throw URLError(.badURL) }
        var request = URLRequest(url: url)
        request.httpMethod = method
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        if case .json(let body) = task {
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
            request.httpBody = try JSONEncoder().encode(body)
        }
        return request
    }
}
