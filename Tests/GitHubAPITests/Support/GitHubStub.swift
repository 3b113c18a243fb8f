import Foundation
import Locking

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Answers `http://stub.invalid/<case>/...` from a fixed table, for what the replica never sends:
/// a `Retry-After`, a 429, a 500, a `Link` to another host, a slow server.
///
/// The table is immutable. The only shared state is the in-flight counter of the `slow` cases,
/// keyed by the test's own id in the URL (`/slow-<id>/...`), so parallel tests never share a count.
final class GitHubStub: URLProtocol {
    struct Answer: Sendable {
        let status: Int
        let headers: [String: String]
        let body: String
    }

    static let answers: [String: Answer] = [
        "retry-after-seconds": Answer(
            status: 403, headers: ["Retry-After": "120", "x-ratelimit-remaining": "12"],
            body: #"{"message":"You have exceeded a secondary rate limit.","documentation_url":"https://docs.github.com/rest"}"#),
        "retry-after-date": Answer(
            status: 429, headers: ["Retry-After": "Wed, 21 Oct 2026 07:28:00 GMT"], body: #"{"message":"Too many requests"}"#),
        "spent": Answer(
            status: 403,
            headers: [
                "x-ratelimit-limit": "60", "x-ratelimit-remaining": "0", "x-ratelimit-used": "60", "x-ratelimit-reset": "1800003600",
                "x-ratelimit-resource": "core",
            ],
            body:
                #"{"message":"API rate limit exceeded for 127.0.0.1.","documentation_url":"https://docs.github.com/rest/overview/rate-limits-for-the-rest-api"}"#
        ),
        "forbidden": Answer(
            status: 403, headers: ["x-ratelimit-remaining": "4999"],
            body: #"{"message":"Resource not accessible by integration","status":"403"}"#),
        "server-error": Answer(status: 502, headers: [:], body: "<html>bad gateway</html>"),
        "foreign-link": Answer(
            status: 200, headers: ["Link": #"<https://evil.example/repositories/1/events?page=2>; rel="next""#], body: "[]"),
        "oauth-html": Answer(status: 200, headers: ["Content-Type": "text/html"], body: "<html>sign in</html>"),
    ]

    static func session() -> URLSession {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.protocolClasses = [GitHubStub.self]
        return URLSession(configuration: configuration)
    }

    /// Per slow case: requests in flight now, and the most seen at once.
    static let inFlight = Counter()

    final class Counter: Sendable {
        private struct Counts {
            var now: [String: Int] = [:]
            var peak: [String: Int] = [:]
            var total: [String: Int] = [:]
        }

        private let counts = Locked(Counts())
        func enter(_ key: String) {
            counts.withLock { counts in
                counts.now[key, default: 0] += 1
                counts.total[key, default: 0] += 1
                counts.peak[key] = max(counts.peak[key] ?? 0, counts.now[key] ?? 0)
            }
        }
        func leave(_ key: String) { counts.withLock { $0.now[key, default: 0] -= 1 } }
        func peak(_ key: String) -> Int { counts.withLock { $0.peak[key] ?? 0 } }
        func total(_ key: String) -> Int { counts.withLock { $0.total[key] ?? 0 } }
    }

    override class func canInit(with request: URLRequest) -> Bool { request.url?.host == "stub.invalid" }
    override class func canonicalRequest(for request: URLRequest) -> URLRequest { request }

    private var work: Task<Void, Never>?

    override func startLoading() {
        guard let url = request.url, let name = url.pathComponents.dropFirst().first else { return fail() }
        if name.hasPrefix("slow-") {
            let this = UncheckedBox(self)
            let body = url.path.hasSuffix("/search/repositories") ? GitHubStub.searchBody(count: 8) : "[]"
            let answer = Answer(status: 200, headers: [:], body: body)
            let counter = GitHubStub.inFlight
            work = Task {
                counter.enter(name)
                try? await Task.sleep(nanoseconds: 150_000_000)
                counter.leave(name)
                this.value.answer(url: url, answer)
            }
            return
        }
        guard let answer = Self.answers[name] else { return fail() }
        self.answer(url: url, answer)
    }

    private func answer(url: URL, _ answer: Answer) {
        var headers = ["Content-Type": "application/json; charset=utf-8"]
        headers.merge(answer.headers) { $1 }
        guard let response = HTTPURLResponse(url: url, statusCode: answer.status, httpVersion: "HTTP/1.1", headerFields: headers) else {
            return fail()
        }
        client?.urlProtocol(self, didReceive: response, cacheStoragePolicy: .notAllowed)
        client?.urlProtocol(self, didLoad: Data(answer.body.utf8))
        client?.urlProtocolDidFinishLoading(self)
    }

    private func fail() {
        client?.urlProtocol(self, didFailWithError: URLError(.badURL))
    }

    override func stopLoading() { work?.cancel() }

    /// A search answer with `count` repositories, most stars first.
    static func searchBody(count: Int) -> String {
        let items = (0..<count).map { index in
            """
            {"id":\(1000 + index),"node_id":"R_\(index)","name":"repo\(index)","full_name":"owner\(index)/repo\(index)",\
            "owner":{"login":"owner\(index)","id":\(index + 1),"gravatar_id":"","url":"https://api.github.com/users/owner\(index)","avatar_url":"https://avatars.githubusercontent.com/u/\(index + 1)?v=4"},\
            "private":false,"html_url":"https://github.com/owner\(index)/repo\(index)","description":null,"fork":false,\
            "created_at":"2014-06-02T19:15:00Z","updated_at":"2026-11-20T01:02:03Z","pushed_at":"2026-11-20T01:02:03Z","homepage":"",\
            "stargazers_count":\(90_000 - index * 1000),"watchers_count":\(90_000 - index * 1000),"forks_count":10,"open_issues_count":3,\
            "language":"Swift","default_branch":"main","score":1.0}
            """
        }
        return #"{"total_count":\#(count),"incomplete_results":false,"items":["# + items.joined(separator: ",") + "]}"
    }
}

/// Hands a URLProtocol to the task that answers it later; URLSession allows its client to be called from any thread.
struct UncheckedBox<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
