import Foundation

/// The GitHub replica's routes, written from GitHub's documentation and API-FACTS: repository events
/// with conditional requests, repository search, and the OAuth token exchange of github.com.
///
/// Both hosts are served from one address: `--sandbox` points api.github.com and github.com at it.
struct GitHubService: Sendable {
    let store: GitHubStore
    let renderer: GitHubRenderer
    let options: GitHubSandboxOptions

    /// Seconds between polls that `X-Poll-Interval` asks for.
    static let pollInterval = 60

    init(drifts: Set<Drift>, deterministic: Bool, options: GitHubSandboxOptions) {
        store = GitHubStore(deterministic: deterministic)
        renderer = GitHubRenderer(drifts: drifts)
        self.options = options
    }

    /// Whether `path` belongs to this API.
    static func handles(_ path: String) -> Bool {
        path.hasPrefix("/repos/") || path.hasPrefix("/repositories/") || path.hasPrefix("/search/") || path.hasPrefix("/login/oauth/")
    }

    func respond(to request: ReceivedRequest) -> SandboxResponse {
        let segments = request.path.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map(String.init)
        if request.path == "/login/oauth/access_token" {
            guard request.method == "POST" else { return notFound() }
            return GitHubOAuth(store: store, renderer: renderer, options: options).exchange(request)
        }
        // GitHub answers a method a route does not serve with 404, not 405 (unconfirmed).
        guard request.method == "GET" || request.method == "HEAD" else { return notFound() }
        if segments.count == 4, segments[0] == "repos", segments[3] == "events" {
            return events(request, repository: store.repository(owner: segments[1], name: segments[2]))
        }
        if segments.count == 3, segments[0] == "repositories", segments[2] == "events" {
            return events(request, repository: Int(segments[1]).flatMap(store.repository(id:)))
        }
        if request.path == "/search/repositories" {
            return search(request)
        }
        return notFound()
    }

    // MARK: Events

    private func events(_ request: ReceivedRequest, repository: GitHubRepository?) -> SandboxResponse {
        let admission: Admission
        switch admit(request, resource: .core) {
        case .success(let admitted): admission = admitted
        case .failure(let refusal): return refusal.response
        }
        let caller = admission.caller
        let window = admission.window
        guard let repository else {
            let bucket = admission.charge()
            var response = SandboxResponse(
                status: 404,
                content: json(
                    GitHubRenderer.error(
                        404, "Not Found", documentation: "https://docs.github.com/rest/activity/events#list-repository-events")))
            response.headers = rateHeaders(bucket, resource: "core")
            return response
        }
        let perPage = Self.perPage(request)
        let page = Self.page(request)
        let all = store.events(of: repository.id)
        let start = min((page - 1).multipliedReportingOverflow(by: perPage).overflow ? all.count : (page - 1) * perPage, all.count)
        let slice = all[start..<min(start + perPage, all.count)]
        let body = JSON.array(slice.map { renderer.event($0, repository: repository) })
        let bytes = body.bytes

        var validators: [(String, String)] = []
        let etag = "W/\"" + Self.digest(bytes) + "\""
        if !renderer.has(.githubNoETag304) { validators.append(("ETag", etag)) }
        // Last-Modified is the newest event's time, not the time of the answer (API-FACTS).
        let lastModified = all.first?.createdAt
        if let lastModified, !renderer.has(.githubNoLastModified) {
            validators.append(("Last-Modified", GitHubRenderer.httpDate(lastModified)))
        }
        validators.append(("X-Poll-Interval", String(Self.pollInterval)))

        if isNotModified(request, etag: etag, lastModified: lastModified) {
            // A 304 does not count against the rate limit (GitHub's events documentation).
            return SandboxResponse(
                status: 304, content: .none, headers: cacheControl(caller) + validators + rateHeaders(window, resource: "core"))
        }
        let bucket = admission.charge()
        let total = all.count
        let lastPage = max(1, (total + perPage - 1) / perPage)
        var headers = cacheControl(caller) + validators
        if let link = link(request, path: "/repositories/\(repository.id)/events", page: page, lastPage: lastPage) {
            headers.append(("Link", link))
        }
        headers.append(("X-GitHub-Media-Type", "github.v3; format=json"))
        headers += rateHeaders(bucket, resource: "core")
        return SandboxResponse(status: 200, content: .json(body, contentType: Self.jsonType), headers: headers)
    }

    /// Whether the validators the client sent still hold: `If-None-Match` first, else `If-Modified-Since` (RFC 9110, 13.2.2).
    private func isNotModified(_ request: ReceivedRequest, etag: String, lastModified: Int64?) -> Bool {
        if let tags = request.header("If-None-Match") {
            guard !renderer.has(.githubNoETag304) else { return false }
            // Weak comparison: W/"x" and "x" match.
            let opaque = { (tag: Substring) -> Substring in
                let trimmed = tag.trimmingCharacters(in: .whitespaces)
                return Substring(trimmed.hasPrefix("W/") ? String(trimmed.dropFirst(2)) : trimmed)
            }
            let current = opaque(Substring(etag))
            return tags.split(separator: ",").contains { $0.trimmingCharacters(in: .whitespaces) == "*" || opaque($0) == current }
        }
        if let since = request.header("If-Modified-Since"), let lastModified, !renderer.has(.githubNoLastModified) {
            guard let date = GitHubRenderer.parseHTTPDate(since) else { return false }
            return lastModified <= date
        }
        return false
    }

    // MARK: Search

    private func search(_ request: ReceivedRequest) -> SandboxResponse {
        let admission: Admission
        switch admit(request, resource: .search) {
        case .success(let admitted): admission = admitted
        case .failure(let refusal): return refusal.response
        }
        let bucket = admission.charge()
        let rate = rateHeaders(bucket, resource: "search")
        guard let q = request.queryValue("q"), !q.trimmingCharacters(in: .whitespaces).isEmpty else {
            let body = JSON.object([
                ("message", .string("Validation Failed")),
                ("errors", .array([.object([("resource", .string("Search")), ("field", .string("q")), ("code", .string("missing"))])])),
                ("documentation_url", .string("https://docs.github.com/v3/search")),
                ("status", .string("422")),
            ])
            return SandboxResponse(status: 422, content: json(body), headers: rate)
        }
        let query = GitHubSearchQuery(q)
        var matches = GitHubSeed.repositories.filter(query.matches)
        let sort = request.queryValue("sort")
        let ascending = request.queryValue("order") == "asc"
        let pushed = { (repository: GitHubRepository) in store.events(of: repository.id).first?.createdAt ?? repository.createdAt }
        let sortKey: (GitHubRepository) -> Int64
        switch sort {
        case "stars": sortKey = { Int64($0.stars) }
        case "forks": sortKey = { Int64($0.forks) }
        case "help-wanted-issues": sortKey = { Int64($0.openIssues) }
        case "updated": sortKey = pushed
        default: sortKey = { Int64($0.stars) }  // best match: the replica ranks by stars
        }
        let sorted = ["stars", "forks", "help-wanted-issues", "updated"].contains(sort ?? "")
        matches.sort { a, b in
            let (x, y) = (sortKey(a), sortKey(b))
            if x != y { return sorted && ascending ? x < y : x > y }
            return a.id < b.id
        }
        let perPage = Self.perPage(request)
        let page = Self.page(request)
        let start = min((page - 1).multipliedReportingOverflow(by: perPage).overflow ? matches.count : (page - 1) * perPage, matches.count)
        let slice = matches[start..<min(start + perPage, matches.count)]
        let items = slice.map { repository in
            // With a sort, GitHub scores every item 1.0; best match scores vary (a decimal).
            let score = sorted ? "1.0" : Self.decimal(Double(repository.stars) / 997.0)
            return renderer.searchItem(repository, score: score, pushedAt: pushed(repository))
        }
        let itemsJSON: JSON = renderer.has(.githubSearchItemsObject) ? (items.first ?? .object([])) : .array(items)
        let body = JSON.object([
            ("total_count", .int(matches.count)),
            ("incomplete_results", .bool(false)),
            ("items", itemsJSON),
        ])
        var headers: [(String, String)] = [("Cache-Control", "no-cache")]
        let lastPage = max(1, (matches.count + perPage - 1) / perPage)
        if let link = link(request, path: "/search/repositories", page: page, lastPage: lastPage) { headers.append(("Link", link)) }
        headers.append(("X-GitHub-Media-Type", "github.v3; format=json"))
        headers += rate
        return SandboxResponse(status: 200, content: .json(body, contentType: Self.jsonType), headers: headers)
    }

    // MARK: Auth and rate limits

    struct Caller {
        var token: String?
    }

    /// A rate-limit resource: its window and GitHub's limits without and with a token.
    struct Resource {
        let name: String
        let window: Int64
        let anonymous: Int
        let authenticated: Int

        static let core = Resource(name: "core", window: 3600, anonymous: 60, authenticated: 5000)
        static let search = Resource(name: "search", window: 60, anonymous: 10, authenticated: 30)
    }

    /// A request let through authentication and the rate limit; `charge()` counts it.
    struct Admission {
        let caller: Caller
        let window: GitHubStore.Bucket
        let charge: () -> GitHubStore.Bucket
    }

    /// Authenticates and checks the rate limit of `resource`: a bad token is 401, a spent window 403.
    private func admit(_ request: ReceivedRequest, resource: Resource) -> Result<Admission, ErrorResponse> {
        let caller: Caller
        switch authenticate(request) {
        case .success(let found): caller = found
        case .failure(let refusal): return .failure(refusal)
        }
        let limit = options.rateLimit ?? (caller.token == nil ? resource.anonymous : resource.authenticated)
        let key = resource.name + ":" + (caller.token ?? "anonymous")
        let window = store.take(key, limit: limit, window: resource.window, count: false)
        if window.remaining == 0 { return .failure(ErrorResponse(rateLimited(window, resource: resource.name, caller: caller))) }
        let store = store
        return .success(Admission(caller: caller, window: window) { store.take(key, limit: limit, window: resource.window, count: true) })
    }

    /// No `Authorization` is an anonymous caller; a token the replica issued (or the configured one) is a user;
    /// anything else is 401 `Bad credentials`.
    private func authenticate(_ request: ReceivedRequest) -> Result<Caller, ErrorResponse> {
        guard let value = request.header("Authorization") else { return .success(Caller(token: nil)) }
        let parts = value.split(separator: " ", maxSplits: 1).map(String.init)
        if parts.count == 2, ["bearer", "token"].contains(parts[0].lowercased()) {
            let token = parts[1].trimmingCharacters(in: .whitespaces)
            if token == options.token || store.isIssued(token) { return .success(Caller(token: token)) }
        }
        return .failure(ErrorResponse(SandboxResponse(status: 401, content: json(GitHubRenderer.error(401, "Bad credentials")))))
    }

    struct ErrorResponse: Error {
        let response: SandboxResponse
        init(_ response: SandboxResponse) { self.response = response }
    }

    private func rateLimited(_ window: GitHubStore.Bucket, resource: String, caller: Caller) -> SandboxResponse {
        let who = caller.token == nil ? "127.0.0.1" : "user ID 583231"
        let hint =
            caller.token == nil
            ? " (But here's the good news: Authenticated requests get a higher rate limit. Check out the documentation for more details.)"
            : " If you reach out to GitHub Support for help, please include the request ID."
        let body = GitHubRenderer.error(
            403, "API rate limit exceeded for \(who).\(hint)",
            documentation: "https://docs.github.com/rest/overview/resources-in-the-rest-api#rate-limiting"
        )
        return SandboxResponse(status: 403, content: json(body), headers: rateHeaders(window, resource: resource))
    }

    private func rateHeaders(_ bucket: GitHubStore.Bucket, resource: String) -> [(String, String)] {
        guard !renderer.has(.githubRateLimitHeadersMissing) else { return [] }
        return [
            ("x-ratelimit-limit", String(bucket.limit)),
            ("x-ratelimit-remaining", String(bucket.remaining)),
            ("x-ratelimit-reset", String(bucket.reset)),
            ("x-ratelimit-used", String(bucket.used)),
            ("x-ratelimit-resource", resource),
        ]
    }

    private func cacheControl(_ caller: Caller) -> [(String, String)] {
        [("Cache-Control", caller.token == nil ? "public, max-age=60, s-maxage=60" : "private, max-age=60, s-maxage=60")]
    }

    // MARK: Helpers

    static let jsonType = "application/json; charset=utf-8"

    private func json(_ body: JSON) -> SandboxResponse.Content {
        .json(body, contentType: Self.jsonType)
    }

    private func notFound() -> SandboxResponse {
        SandboxResponse(status: 404, content: json(GitHubRenderer.error(404, "Not Found")))
    }

    /// `per_page`: 30 by default, at most 100; a value that is not a positive number is the default (unconfirmed).
    static func perPage(_ request: ReceivedRequest) -> Int {
        guard let value = request.queryValue("per_page").flatMap({ Int($0) }), value >= 1 else { return 30 }
        return min(value, 100)
    }

    /// `page`: 1 by default; a value that is not a positive number is page 1 (unconfirmed).
    static func page(_ request: ReceivedRequest) -> Int {
        guard let value = request.queryValue("page").flatMap({ Int($0) }), value >= 1 else { return 1 }
        return value
    }

    /// The `Link` header: the request's own query with `page` replaced, on the replica's own address.
    private func link(_ request: ReceivedRequest, path: String, page: Int, lastPage: Int) -> String? {
        guard lastPage > 1 else { return nil }
        let host = request.header("Host") ?? "127.0.0.1"
        let kept = request.queryItems.filter { $0.name != "page" }.map { ($0.name, $0.value) }
        func url(_ target: Int) -> String {
            let pairs = kept + [("page", String(target))]
            return "<http://\(host)\(path)?" + pairs.map { Self.escape($0.0) + "=" + Self.escape($0.1) }.joined(separator: "&") + ">"
        }
        var relations: [String] = []
        if page > 1 { relations.append("\(url(min(page - 1, lastPage))); rel=\"prev\"") }
        if page < lastPage {
            relations.append("\(url(page + 1)); rel=\"next\"")
            relations.append("\(url(lastPage)); rel=\"last\"")
        }
        if page > 1 { relations.append("\(url(1)); rel=\"first\"") }
        return relations.joined(separator: ", ")
    }

    /// Percent-encodes everything but RFC 3986's unreserved characters (`language:swift` -> `language%3Aswift`).
    static func escape(_ text: String) -> String {
        var out = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                out += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
            }
        }
        return out
    }

    /// A 32-hex digest of a body (two FNV-1a passes): the opaque part of its weak ETag.
    static func digest(_ bytes: [UInt8]) -> String {
        var a: UInt64 = 0xCBF2_9CE4_8422_2325
        var b: UInt64 = 0x8422_2325_CBF2_9CE4
        for byte in bytes {
            a = (a ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
            b = (b ^ UInt64(byte ^ 0x5A)) &* 0x0000_0100_0000_01B3
        }
        return String(a, radix: 16).leftPadded(to: 16) + String(b, radix: 16).leftPadded(to: 16)
    }

    /// A score such as `41.926780`: six fraction digits, as GitHub writes best-match scores.
    static func decimal(_ value: Double) -> String {
        let micros = Int64((value * 1_000_000).rounded())
        return "\(micros / 1_000_000)." + String(micros % 1_000_000).leftPadded(to: 6)
    }
}
