import Foundation
import Sandbox
import TestSupport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A raw HTTP answer from the sandbox, with the body parsed as JSON when it is JSON.
struct Answer {
    let status: Int
    let contentType: String?
    let body: Data
    /// Every response header, by lower-case name.
    var headers: [String: String] = [:]

    var json: Any? { try? JSONSerialization.jsonObject(with: body, options: [.fragmentsAllowed]) }
    var object: [String: Any] { json as? [String: Any] ?? [:] }
    var text: String { String(decoding: body, as: UTF8.self) }
    var message: String? { object["message"] as? String }
}

/// Talks to one sandbox with plain `URLSession` requests (no client code), for wire-level tests.
struct SandboxHTTP {
    let sandbox: SandboxServer
    let session = URLSession(configuration: .ephemeral)

    func send(
        _ method: String, _ pathAndQuery: String, body: Data? = nil, contentType: String? = nil, headers extra: [String: String] = [:]
    ) async throws -> Answer {
        guard let url = URL(string: sandbox.baseURL.absoluteString + pathAndQuery) else { throw URLError(.badURL) }
        var request = URLRequest(url: url)
        request.httpMethod = method
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        for (name, value) in extra { request.setValue(value, forHTTPHeaderField: name) }
        if let body {
            request.httpBody = body
            if let contentType { request.setValue(contentType, forHTTPHeaderField: "Content-Type") }
        }
        let (data, response) = try await session.data(for: request)
        let http = response as? HTTPURLResponse
        var headers: [String: String] = [:]
        for (name, value) in http?.allHeaderFields ?? [:] {
            if let name = name as? String, let value = value as? String { headers[name.lowercased()] = value }
        }
        return Answer(
            status: http?.statusCode ?? 0, contentType: http?.value(forHTTPHeaderField: "Content-Type"), body: data, headers: headers)
    }

    func get(_ pathAndQuery: String, headers: [String: String] = [:]) async throws -> Answer {
        try await send("GET", pathAndQuery, headers: headers)
    }

    func form(_ method: String, _ path: String, _ body: String) async throws -> Answer {
        try await send(method, path, body: Data(body.utf8), contentType: "application/x-www-form-urlencoded")
    }

    func json(_ method: String, _ path: String, _ body: String) async throws -> Answer {
        try await send(method, path, body: Data(body.utf8), contentType: "application/json")
    }
}

/// Starts a sandbox, runs `body` against it over HTTP, and stops it.
func withSandboxHTTP<T>(
    apis: [SandboxAPI] = [.todos], drifts: Set<Drift> = [], deterministic: Bool = false, github: GitHubSandboxOptions = .init(),
    kakao: KakaoSandboxOptions = .init(), lslp: LSLPSandboxOptions = .init(), _ body: (SandboxHTTP) async throws -> T
) async throws -> T {
    let configuration = SandboxConfiguration(
        apis: apis, drifts: drifts, deterministic: deterministic, github: github, kakao: kakao, lslp: lslp)
    return try await withSandboxServer(configuration) { sandbox in
        let http = SandboxHTTP(sandbox: sandbox)
        defer { http.session.finishTasksAndInvalidate() }
        return try await body(http)
    }
}

extension [String: Any] {
    subscript(object key: String) -> [String: Any] { self[key] as? [String: Any] ?? [:] }
    subscript(array key: String) -> [[String: Any]] { self[key] as? [[String: Any]] ?? [] }
}
