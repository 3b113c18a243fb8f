import Foundation
import WireFormat

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A typed client for the parts of GitHub's REST API a feed app uses: repository events with
/// conditional requests, repository search, and the OAuth token exchange on github.com.
///
/// Give it the `URLSession` to send through and both base URLs explicitly: tests hand in a
/// session that replays recordings, or a local sandbox's URL for both. Success is 200..<400
/// (a 304 is "nothing new"); every other status throws ``GitHubAPIError`` with GitHub's `message`.
/// The token is optional: public events and search work without one, at a lower rate limit.
///
/// ```swift
/// let client = GitHubClient(session: .shared, baseURL: GitHubClient.apiURL, oauthBaseURL: GitHubClient.oauthURL)
/// let page = try await client.events(of: RepositoryName("apple/swift"), perPage: 5)
/// let again = try await client.events(of: RepositoryName("apple/swift"), perPage: 5, validators: page.validators)
/// // again.isNotModified == true until something happens
/// ```
public struct GitHubClient: Sendable {
    /// `https://api.github.com`.
    public static let apiURL = URL(string: "https://api.github.com") ?? URL(fileURLWithPath: "/")
    /// `https://github.com`, where the OAuth token exchange is.
    public static let oauthURL = URL(string: "https://github.com") ?? URL(fileURLWithPath: "/")

    /// The REST API's root, such as `https://api.github.com`.
    public let baseURL: URL
    /// The OAuth host's root, such as `https://github.com`; the token is never sent there.
    public let oauthBaseURL: URL
    /// The session requests go through.
    public let session: URLSession
    /// GitHub rejects requests without a `User-Agent`.
    public let userAgent: String
    let token: String?
    let now: @Sendable () -> Date

    /// Creates a client.
    ///
    /// - Parameters:
    ///   - session: The session to send through.
    ///   - baseURL: The REST API's root (``apiURL`` for github.com).
    ///   - oauthBaseURL: The OAuth host's root (``oauthURL`` for github.com).
    ///   - token: A token sent as `Authorization: Bearer <token>` to `baseURL` only; nil for anonymous calls.
    ///   - userAgent: The `User-Agent` GitHub requires.
    ///   - now: The clock that turns `Retry-After` seconds into a moment (tests inject one).
    public init(
        session: URLSession, baseURL: URL, oauthBaseURL: URL, token: String? = nil,
        userAgent: String = "apicheck-GitHubAPI", now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.session = session
        self.baseURL = baseURL
        self.oauthBaseURL = oauthBaseURL
        self.token = token.flatMap { $0.isEmpty ? nil : $0 }
        self.userAgent = userAgent
        self.now = now
    }

    /// The decoder the client uses: dates read in any ISO-8601 form, keys mapped explicitly.
    public static func makeDecoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .wireFormat
        return decoder
    }

    // MARK: Events

    /// `GET /repos/{owner}/{repo}/events`: one page of a repository's events, newest first.
    ///
    /// Pass the previous page's ``EventsPage/validators`` to poll: they go out as `If-None-Match` and
    /// `If-Modified-Since`, and an answer of 304 comes back as ``EventsPage/isNotModified``.
    public func events(
        of repository: RepositoryName, perPage: Int = 30, page: Int? = nil, validators: Validators = Validators()
    ) async throws(GitHubAPIError) -> EventsPage {
        let path = "/repos/\(repository.owner)/\(repository.name)/events"
        guard (1...100).contains(perPage) else {
            throw GitHubAPIError(kind: .invalidRequest, request: "GET \(path)", detail: "per_page \(perPage) is outside 1...100")
        }
        var query = [("per_page", String(perPage))]
        if let page { query.append(("page", String(page))) }
        return try await eventsPage(RequestURL.make(base: baseURL, path: path, query: query), label: "GET \(path)", validators: validators)
    }

    /// Fetches the events page a `Link` pointed at (``EventsPage/nextPage``), which must be under ``baseURL``.
    public func events(at url: URL, validators: Validators = Validators()) async throws(GitHubAPIError) -> EventsPage {
        guard let resolved = PageLinks.resolve(url.absoluteString, against: baseURL) else {
            throw GitHubAPIError(
                kind: .invalidRequest, request: "GET \(url.absoluteString)",
                detail: "the link is not under the base URL \(baseURL.absoluteString); it is not followed (the token would go with it)"
            )
        }
        return try await eventsPage(resolved, label: "GET \(resolved.path)", validators: validators)
    }

    /// The first `maxPages` pages of a repository's events, following `Link: rel="next"`.
    public func allEvents(of repository: RepositoryName, perPage: Int = 100, maxPages: Int = 3) async throws(GitHubAPIError) -> [Event] {
        var page = try await events(of: repository, perPage: perPage)
        var events = page.events
        var fetched = 1
        while fetched < maxPages, let next = page.nextPage {
            page = try await self.events(at: next)
            events += page.events
            fetched += 1
        }
        return events
    }

    private func eventsPage(_ url: URL, label: String, validators: Validators) async throws(GitHubAPIError) -> EventsPage {
        var request = apiRequest(url)
        if let etag = validators.etag { request.setValue(etag, forHTTPHeaderField: "If-None-Match") }
        if let lastModified = validators.lastModified { request.setValue(lastModified, forHTTPHeaderField: "If-Modified-Since") }
        let answer = try await send(request, label: label)
        let links = PageLinks(header: answer.header("Link"))
        let pollInterval = answer.header("X-Poll-Interval").flatMap { Int($0.trimmingSpaces) }
        let next = links.next.flatMap { PageLinks.resolve($0, against: baseURL) }
        if answer.status == 304 {
            let kept = Validators(
                etag: answer.header("ETag") ?? validators.etag, lastModified: answer.header("Last-Modified") ?? validators.lastModified)
            return EventsPage(
                events: [], isNotModified: true, validators: kept, pollInterval: pollInterval, links: links, rateLimit: answer.rateLimit,
                nextPage: next)
        }
        guard answer.status == 200 else { throw unexpected(answer, label: label) }
        let events = try decode([Event].self, from: answer, label: label)
        return EventsPage(
            events: events, isNotModified: false,
            validators: Validators(etag: answer.header("ETag"), lastModified: answer.header("Last-Modified")),
            pollInterval: pollInterval, links: links, rateLimit: answer.rateLimit, nextPage: next
        )
    }

    // MARK: Search

    /// `GET /search/repositories`: repositories matching `query`, such as `language:swift`.
    public func searchRepositories(
        _ query: String, sort: RepositorySort? = nil, order: SortOrder? = nil, perPage: Int = 30, page: Int? = nil
    ) async throws(GitHubAPIError) -> RepositorySearchResult {
        let path = "/search/repositories"
        guard (1...100).contains(perPage) else {
            throw GitHubAPIError(kind: .invalidRequest, request: "GET \(path)", detail: "per_page \(perPage) is outside 1...100")
        }
        var items = [("q", query)]
        if let sort { items.append(("sort", sort.rawValue)) }
        if let order { items.append(("order", order.rawValue)) }
        items.append(("per_page", String(perPage)))
        if let page { items.append(("page", String(page))) }
        let answer = try await send(apiRequest(RequestURL.make(base: baseURL, path: path, query: items)), label: "GET \(path)")
        guard answer.status == 200 else { throw unexpected(answer, label: "GET \(path)") }
        return try decode(RepositorySearchResult.self, from: answer, label: "GET \(path)")
    }

    /// The `count` most starred repositories in `language` (`q=language:swift&sort=stars&per_page=5`).
    public func mostStarredRepositories(language: String = "swift", count: Int = 5) async throws(GitHubAPIError) -> [Repository] {
        Array(try await searchRepositories("language:\(language)", sort: .stars, perPage: count).items.prefix(count))
    }

    /// The feed app's first screen: the `count` most starred repositories in `language`, then each one's events,
    /// at most `maxConcurrentRequests` at a time, in the search's order.
    ///
    /// A repository whose events fail keeps its error in ``RepositoryActivity/events``; a spent rate limit
    /// stops the flow and is thrown, since every further request would fail the same way.
    public func mostStarredActivity(
        language: String = "swift", count: Int = 5, eventsPerRepository: Int = 30, maxConcurrentRequests: Int = 4
    ) async throws(GitHubAPIError) -> [RepositoryActivity] {
        let repositories = try await mostStarredRepositories(language: language, count: count)
        let limit = max(1, maxConcurrentRequests)
        let results = await withTaskGroup(of: (Int, Result<[Event], GitHubAPIError>).self) { group in
            var results = [Result<[Event], GitHubAPIError>?](repeating: nil, count: repositories.count)
            var started = 0
            func start(_ index: Int) {
                let repository = repositories[index]
                group.addTask {
                    do throws(GitHubAPIError) {
                        let name = try RepositoryName(repository.fullName)
                        return (index, .success(try await events(of: name, perPage: eventsPerRepository).events))
                    } catch {
                        return (index, .failure(error))
                    }
                }
            }
            while started < min(limit, repositories.count) {
                start(started)
                started += 1
            }
            while let (index, result) = await group.next() {
                results[index] = result
                if started < repositories.count {
                    start(started)
                    started += 1
                }
            }
            return results
        }
        var activity: [RepositoryActivity] = []
        for (repository, result) in zip(repositories, results) {
            let events =
                result
                ?? .failure(GitHubAPIError(kind: .transport, request: "GET /repos/\(repository.fullName)/events", detail: "cancelled"))
            if case .failure(let error) = events, error.kind == .rateLimited { throw error }
            activity.append(RepositoryActivity(repository: repository, events: events))
        }
        return activity
    }

    // MARK: OAuth

    /// `POST {oauthBaseURL}/login/oauth/access_token`: exchanges the code a user granted for a token.
    ///
    /// The body is form-urlencoded (`client_id`, `client_secret`, `code`, `redirect_uri`); no token is sent.
    /// GitHub refuses inside HTTP 200 (`bad_verification_code`, `incorrect_client_credentials`,
    /// `redirect_uri_mismatch`); those throw ``GitHubAPIError`` of kind ``GitHubAPIError/Kind/oauth``.
    public func exchangeCode(
        _ code: String, clientID: String, clientSecret: String, redirectURI: String? = nil, answerForm: OAuthAnswerForm = .json
    ) async throws(GitHubAPIError) -> AccessToken {
        let path = "/login/oauth/access_token"
        let label = "POST \(path)"
        var fields = [FormField("client_id", clientID), FormField("client_secret", clientSecret), FormField("code", code)]
        if let redirectURI { fields.append(FormField("redirect_uri", redirectURI)) }
        var request = URLRequest(url: RequestURL.make(base: oauthBaseURL, path: path))
        request.httpMethod = "POST"
        request.cachePolicy = .reloadIgnoringLocalCacheData
        request.httpBody = Data(FormURLEncoding.encode(fields).utf8)
        request.setValue(FormURLEncoding.contentType, forHTTPHeaderField: "Content-Type")
        request.setValue(answerForm.acceptsJSON ? "application/json" : "*/*", forHTTPHeaderField: "Accept")
        request.setValue(userAgent, forHTTPHeaderField: "User-Agent")
        // A drifted server may send the OAuth error with another status; the body is read first.
        let answer = try await send(request, label: label, anyStatus: true)
        // The body holds the token: it never goes into an error's detail.
        let members = Self.oauthMembers(answer)
        if let members, let error = members["error"] {
            throw GitHubAPIError(
                kind: .oauth, request: label, status: answer.status,
                oauthError: OAuthError(code: .init(rawValue: error), description: members["error_description"], uri: members["error_uri"])
            )
        }
        guard (200..<300).contains(answer.status) else { throw unexpected(answer, label: label, showBody: false) }
        guard let members else {
            throw GitHubAPIError(
                kind: .decoding, request: label, status: answer.status,
                detail: "the answer is neither a JSON object nor a form (Content-Type: \(answer.header("Content-Type") ?? "none"))")
        }
        for key in ["access_token", "token_type", "scope"] where members[key] == nil {
            throw GitHubAPIError(
                kind: .decoding, request: label, status: answer.status, keyPath: "/\(key)", detail: "required key \"\(key)\" is missing")
        }
        return AccessToken(
            accessToken: members["access_token"] ?? "", tokenType: members["token_type"] ?? "", scope: members["scope"] ?? "")
    }

    /// The answer's members as strings, from a JSON object or a form, whichever the Content-Type says.
    static func oauthMembers(_ answer: Answer) -> [String: String]? {
        let type = (answer.header("Content-Type") ?? "").lowercased()
        if type.contains("json") {
            guard case .object(let object)? = try? JSONDecoder().decode(PayloadValue.self, from: answer.data) else { return nil }
            return object.compactMapValues { $0.string }
        }
        guard type.hasPrefix("application/x-www-form-urlencoded"),
            let fields = try? FormURLEncoding.decode(String(decoding: answer.data, as: UTF8.self))
        else { return nil }
        var members: [String: String] = [:]
        for field in fields where members[field.name] == nil { members[field.name] = field.value }
        return members
    }

    // MARK: Transport

    struct Answer {
        let data: Data
        let http: HTTPURLResponse
        var status: Int { http.statusCode }
        func header(_ name: String) -> String? { http.value(forHTTPHeaderField: name) }
        var rateLimit: RateLimit? { RateLimit(header: header) }
    }

    private func apiRequest(_ url: URL) -> URLRequest {
        var request = URLRequest(url: url)
        request.httpMethod = "GET"
        // The client sends its own validators; a cache between it and the server must not answer for it.
        request.cachePolicy = .reloadIgnoringLocalCacheData
        request.setValue("application/vnd.github+json", forHTTPHeaderField: "Accept")
        request.setValue("2022-11-28", forHTTPHeaderField: "X-GitHub-Api-Version")
        request.setValue(userAgent, forHTTPHeaderField: "User-Agent")
        if let token { request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization") }
        return request
    }

    /// Sends and maps every status outside 200..<400 to a typed error (unless `anyStatus`: the caller reads the body first).
    private func send(_ request: URLRequest, label: String, anyStatus: Bool = false) async throws(GitHubAPIError) -> Answer {
        let data: Data
        let response: URLResponse
        do {
            (data, response) = try await session.data(for: request)
        } catch {
            throw GitHubAPIError(kind: .transport, request: label, detail: TransportFailure.describe(error))
        }
        guard let http = response as? HTTPURLResponse else {
            throw GitHubAPIError(kind: .transport, request: label, detail: "the answer was not an HTTP response")
        }
        let answer = Answer(data: data, http: http)
        guard anyStatus || (200..<400).contains(answer.status) else {
            throw statusError(answer, label: label)
        }
        return answer
    }

    private func decode<Value: Decodable>(_ type: Value.Type, from answer: Answer, label: String) throws(GitHubAPIError) -> Value {
        do {
            return try Self.makeDecoder().decode(Value.self, from: answer.data)
        } catch {
            let failure = DecodingFailure.describe(error, body: answer.data)
            throw GitHubAPIError(kind: .decoding, request: label, status: answer.status, keyPath: failure.keyPath, detail: failure.detail)
        }
    }

    private struct ErrorBody: Decodable {
        let message: String?
        let documentation_url: String?
        let errors: [ValidationIssue]?
    }

    /// A status inside 200..<400 that the call does not expect (a redirect without `Location`, say).
    private func unexpected(_ answer: Answer, label: String, showBody: Bool = true) -> GitHubAPIError {
        answer.status >= 400
            ? statusError(answer, label: label, showBody: showBody)
            : GitHubAPIError(kind: .unexpectedStatus, request: label, status: answer.status, rateLimit: answer.rateLimit)
    }

    func statusError(_ answer: Answer, label: String, showBody: Bool = true) -> GitHubAPIError {
        let status = answer.status
        let parsed = try? JSONDecoder().decode(ErrorBody.self, from: answer.data)
        let rateLimit = answer.rateLimit
        let retryAfter = answer.header("Retry-After").flatMap { RetryAfter.date($0, now: now()) }
        let spent = answer.header("x-ratelimit-remaining")?.trimmingSpaces == "0"
        let kind: GitHubAPIError.Kind
        var retryAt: Date?
        switch status {
        case 403 where spent || retryAfter != nil, 429:
            kind = .rateLimited
            retryAt = retryAfter ?? (spent ? rateLimit?.reset : nil)
        case 401: kind = .unauthorized
        case 403: kind = .forbidden
        case 404: kind = .notFound
        case 422: kind = .validationFailed
        default: kind = .unexpectedStatus
        }
        var detail: String?
        if showBody, parsed?.message == nil, !answer.data.isEmpty {
            let text = String(decoding: answer.data.prefix(200), as: UTF8.self)
            detail = "body: \(text)\(answer.data.count > 200 ? "..." : "")"
        }
        return GitHubAPIError(
            kind: kind, request: label, status: status, message: parsed?.message, documentationURL: parsed?.documentation_url,
            validationErrors: parsed?.errors ?? [], rateLimit: rateLimit, retryAt: retryAt, detail: detail
        )
    }
}

/// One repository of ``GitHubClient/mostStarredActivity(language:count:eventsPerRepository:maxConcurrentRequests:)`` with its events or its
/// error.
public struct RepositoryActivity: Sendable {
    /// The repository, as search found it.
    public let repository: Repository
    /// Its recent events, or why they could not be fetched.
    public let events: Result<[Event], GitHubAPIError>
}
