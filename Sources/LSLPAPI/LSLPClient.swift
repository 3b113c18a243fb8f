import Foundation
import WireFormat

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A typed client for LSLP, the SNS server of the Mobbie app: accounts, posts, comments and likes.
///
/// Every request carries the course's `SesacKey`; once ``login(email:password:)`` succeeded, every
/// member request carries the access token as it is in `Authorization` (no `Bearer`). When a request
/// meets 419 (the access token expired), the client calls `GET refresh` once and sends the request again
/// once; several requests that meet 419 together share one refresh (``TokenStore``). A 418 ends the
/// session: the tokens are dropped and the error's kind is `LSLPAPIError.Kind.loginRequired`.
/// Every other status of the table is an ``LSLPAPIError`` with its ``LSLPAPIError/Reason`` and the
/// server's message; no key or token ever appears in one.
///
/// ```swift
/// let client = LSLPClient(session: .shared, baseURL: serverURL, sesacKey: try .fromEnvironment())
/// try await client.login(email: "me@example.com", password: secret)
/// let page = try await client.posts(limit: 20, productID: "MobbieFeed")
/// ```
public struct LSLPClient: Sendable {
    /// The server's root (per deployment; LSLP's address is not public).
    public let baseURL: URL
    /// The session requests go through.
    public let session: URLSession
    /// The session's tokens.
    public let tokens: TokenStore
    let sesacKey: LSLPSesacKey

    /// Creates a client.
    ///
    /// - Parameters:
    ///   - session: The session to send through.
    ///   - baseURL: The server's root.
    ///   - sesacKey: The course's key, sent as `SesacKey` on every request.
    ///   - tokens: Where the tokens live (a new, empty store by default; pass one with saved credentials).
    public init(session: URLSession, baseURL: URL, sesacKey: LSLPSesacKey, tokens: TokenStore = TokenStore()) {
        self.session = session
        self.baseURL = baseURL
        self.sesacKey = sesacKey
        self.tokens = tokens
    }

    /// The decoder the client uses: dates read in any ISO-8601 form, keys mapped explicitly.
    public static func makeDecoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .wireFormat
        return decoder
    }

    // MARK: Accounts

    /// `POST /join`: a new account. The email is checked before sending; `phoneNumber` is sent as `phoneNum` when given.
    @discardableResult
    public func join(email: String, password: String, nick: String, phoneNumber: String? = nil) async throws(LSLPAPIError) -> Account {
        let label = "POST /join"
        try Self.check(email: email, label)
        guard !password.isEmpty, !nick.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
            throw LSLPAPIError(kind: .invalidRequest, request: label, detail: "the password and the nick must not be blank")
        }
        var fields = ["email": email, "password": password, "nick": nick]
        if let phoneNumber { fields["phoneNum"] = phoneNumber }
        return try await send(Endpoint(method: "POST", path: "/join", label: label, body: .json(fields)), as: Account.self)
    }

    /// `POST /validation/email`: the server's message when the email is free; 409 (``LSLPAPIError/Reason/conflict``) when it is taken.
    public func validate(email: String) async throws(LSLPAPIError) -> String {
        let label = "POST /validation/email"
        try Self.check(email: email, label)
        return try await send(
            Endpoint(method: "POST", path: "/validation/email", label: label, body: .json(["email": email])), as: MessageBody.self
        ).message
    }

    /// `POST /login`: keeps the tokens in ``tokens`` and returns the member's id.
    @discardableResult
    public func login(email: String, password: String) async throws(LSLPAPIError) -> String {
        let body = try await send(
            Endpoint(method: "POST", path: "/login", label: "POST /login", body: .json(["email": email, "password": password])),
            as: LoginBody.self)
        await tokens.set(Credentials(userID: body.id, accessToken: body.token, refreshToken: body.refreshToken))
        return body.id
    }

    /// Forgets the tokens (the server has no logout).
    public func logout() async {
        await tokens.set(nil)
    }

    /// `GET withdraw`: deletes the member's account and forgets the tokens.
    @discardableResult
    public func withdraw() async throws(LSLPAPIError) -> Account {
        let account = try await send(
            Endpoint(method: "GET", path: "/withdraw", label: "GET /withdraw", authenticated: true), as: Account.self)
        await tokens.set(nil)
        return account
    }

    // MARK: Posts

    /// `GET /post`: one page of posts, newest first; pass the last page's ``PostPage/nextCursor`` for the next. Without
    /// `productID` the page holds every app's posts.
    public func posts(next: String? = nil, limit: Int? = nil, productID: String? = nil) async throws(LSLPAPIError) -> PostPage {
        try await page(path: "/post", label: "GET /post", next: next, limit: limit, productID: productID)
    }

    /// `GET /post/user/{user_id}`: one page of a member's posts, newest first, paged as ``posts(next:limit:productID:)``.
    public func userPosts(_ userID: String, next: String? = nil, limit: Int? = nil, productID: String? = nil) async throws(LSLPAPIError)
        -> PostPage
    {
        try await page(
            path: "/post/user/\(Self.segment(userID))", label: "GET /post/user/{user_id}", next: next, limit: limit, productID: productID)
    }

    /// `GET /post/like/me`: one page of the posts the signed-in member likes, paged as ``posts(next:limit:productID:)``.
    public func likedPosts(next: String? = nil, limit: Int? = nil) async throws(LSLPAPIError) -> PostPage {
        try await page(path: "/post/like/me", label: "GET /post/like/me", next: next, limit: limit, productID: nil)
    }

    /// Every post of the feed, page after page, until the last page or `maxPages` pages.
    public func allPosts(limit: Int? = nil, productID: String? = nil, maxPages: Int = 100) async throws(LSLPAPIError) -> [Post] {
        var posts: [Post] = []
        var cursor: String?
        for _ in 0..<maxPages {
            let page = try await self.posts(next: cursor, limit: limit, productID: productID)
            posts += page.posts
            guard let next = page.nextCursor else { break }
            cursor = next
        }
        return posts
    }

    private func page(path: String, label: String, next: String?, limit: Int?, productID: String?) async throws(LSLPAPIError) -> PostPage {
        var query: [(String, String)] = []
        if let next { query.append(("next", next)) }
        if let limit {
            guard (1...100).contains(limit) else {
                throw LSLPAPIError(kind: .invalidRequest, request: label, detail: "limit is 1 to 100, not \(limit)")
            }
            query.append(("limit", String(limit)))
        }
        if let productID { query.append(("product_id", productID)) }
        return try await send(Endpoint(method: "GET", path: path, label: label, query: query, authenticated: true), as: PostPage.self)
    }

    /// `POST /post`: a new post with up to five images (multipart), checked before sending.
    public func createPost(_ draft: PostDraft) async throws(LSLPAPIError) -> Post {
        if let problem = draft.problem { throw LSLPAPIError(kind: .invalidRequest, request: "POST /post", detail: problem) }
        return try await send(
            Endpoint(
                method: "POST", path: "/post", label: "POST /post", body: .multipart(fields: draft.fields, files: draft.files),
                authenticated: true), as: Post.self)
    }

    /// `GET /post/{id}`.
    public func post(id: String) async throws(LSLPAPIError) -> Post {
        try await send(
            Endpoint(method: "GET", path: "/post/\(Self.segment(id))", label: "GET /post/{id}", authenticated: true), as: Post.self)
    }

    /// `PUT /post/{id}`: changes only what `update` sets, sent as the create's multipart form (the author only: 445
    /// otherwise); an update that sets nothing is sent without a body.
    public func updatePost(id: String, _ update: PostUpdate) async throws(LSLPAPIError) -> Post {
        if let problem = update.problem { throw LSLPAPIError(kind: .invalidRequest, request: "PUT /post/{id}", detail: problem) }
        let form = update.isEmpty ? nil : Endpoint.Body.multipart(fields: update.fields, files: update.files ?? [])
        return try await send(
            Endpoint(method: "PUT", path: "/post/\(Self.segment(id))", label: "PUT /post/{id}", body: form, authenticated: true),
            as: Post.self)
    }

    /// `DELETE /post/{id}` (the author only: 445 otherwise).
    public func deletePost(id: String) async throws(LSLPAPIError) {
        struct Deleted: Decodable {}
        _ = try await send(
            Endpoint(method: "DELETE", path: "/post/\(Self.segment(id))", label: "DELETE /post/{id}", authenticated: true), as: Deleted.self
        )
    }

    /// `POST /post/{id}/comment`.
    public func comment(on postID: String, _ content: String) async throws(LSLPAPIError) -> Comment {
        guard !content.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
            throw LSLPAPIError(kind: .invalidRequest, request: "POST /post/{id}/comment", detail: "the comment is blank")
        }
        return try await send(
            Endpoint(
                method: "POST", path: "/post/\(Self.segment(postID))/comment", label: "POST /post/{id}/comment",
                body: .json(["content": content]), authenticated: true), as: Comment.self)
    }

    /// `DELETE /post/{id}/comment/{comment_id}` (the comment's author only: 445 otherwise); returns the post's id.
    @discardableResult
    public func deleteComment(_ commentID: String, on postID: String) async throws(LSLPAPIError) -> String {
        try await send(
            Endpoint(
                method: "DELETE", path: "/post/\(Self.segment(postID))/comment/\(Self.segment(commentID))",
                label: "DELETE /post/{id}/comment/{comment_id}", authenticated: true), as: DeletedComment.self
        ).postID
    }

    /// `POST /post/like/{id}`, without a body: likes the post, or unlikes it when the member likes it already; returns
    /// whether the member likes it now.
    @discardableResult
    public func toggleLike(postID: String) async throws(LSLPAPIError) -> Bool {
        try await send(
            Endpoint(method: "POST", path: "/post/like/\(Self.segment(postID))", label: "POST /post/like/{id}", authenticated: true),
            as: LikeBody.self
        ).likeStatus
    }

    /// `GET uploads/...`: the bytes of an image at the path a post's ``Post/images`` (or a creator's
    /// ``Creator/profile``) names, such as `uploads/posts/1704000491924.jpg`, loaded with the key and the token.
    public func image(at path: String) async throws(LSLPAPIError) -> Data {
        let label = "GET /uploads/..."
        let segments = path.split(separator: "/", omittingEmptySubsequences: false)
        guard segments.count >= 2, segments.first == "uploads", !segments.contains(where: { $0.isEmpty || $0 == "." || $0 == ".." }) else {
            throw LSLPAPIError(kind: .invalidRequest, request: label, detail: "not an upload path (uploads/...): \(path)")
        }
        let escaped = "/" + segments.map { Self.segment(String($0)) }.joined(separator: "/")
        let (data, http, secrets) = try await exchange(
            Endpoint(method: "GET", path: escaped, label: label, accept: "image/*", authenticated: true))
        try check(data, http, label, secrets: secrets)
        return data
    }

    // MARK: The pipeline

    struct Endpoint: Sendable {
        enum Body: Sendable {
            case json([String: String])
            case multipart(fields: [(String, String)], files: [ImageFile])
        }

        var method: String
        var path: String
        var label: String
        var query: [(String, String)] = []
        var body: Body?
        var accept = "application/json"
        var authenticated = false
    }

    /// Sends and decodes the answer as `type`, refreshing on 419 as ``exchange(_:)`` does.
    func send<T: Decodable>(_ endpoint: Endpoint, as type: T.Type) async throws(LSLPAPIError) -> T {
        let (data, http, secrets) = try await exchange(endpoint)
        return try decode(data, http, endpoint.label, as: type, secrets: secrets)
    }

    /// Sends, and on 419 refreshes once (shared with every request that met 419 with the same token) and sends once more;
    /// the answer, with the tokens it carried (to be kept out of messages).
    func exchange(_ endpoint: Endpoint) async throws(LSLPAPIError) -> (Data, HTTPURLResponse, secrets: [String]) {
        guard endpoint.authenticated else {
            let (data, http) = try await perform(endpoint, token: nil)
            return (data, http, [])
        }
        guard let credentials = await tokens.credentials else {
            throw LSLPAPIError(kind: .notLoggedIn, request: endpoint.label, detail: "log in first")
        }
        var secrets = [credentials.accessToken, credentials.refreshToken]
        var (data, http) = try await perform(endpoint, token: credentials.accessToken)
        if http.statusCode == 419 {
            let fresh = try await tokens.token(replacing: credentials.accessToken) { current throws(LSLPAPIError) in
                try await self.refresh(current)
            }
            secrets.append(fresh)
            (data, http) = try await perform(endpoint, token: fresh)
        }
        return (data, http, secrets)
    }

    /// `GET refresh` with the expired token and the refresh token: the new access token; 418 ends the session.
    func refresh(_ credentials: Credentials) async throws(LSLPAPIError) -> String {
        let endpoint = Endpoint(method: "GET", path: "/refresh", label: "GET /refresh")
        let (data, http) = try await perform(endpoint, token: credentials.accessToken, refreshToken: credentials.refreshToken)
        let secrets = [credentials.accessToken, credentials.refreshToken]
        if http.statusCode == 418 {
            throw LSLPAPIError(
                kind: .loginRequired, request: endpoint.label, status: 418, message: message(in: data, secrets: secrets),
                detail: "the refresh token expired")
        }
        do {
            return try decode(data, http, endpoint.label, as: RefreshBody.self, secrets: secrets).token
        } catch {
            // Any other failure of the refresh ends the session too: the request cannot be retried.
            throw LSLPAPIError(
                kind: .loginRequired, request: error.request, status: error.status, message: error.message, keyPath: error.keyPath,
                detail: error.detail ?? "the refresh failed")
        }
    }

    private func perform(_ endpoint: Endpoint, token: String?, refreshToken: String? = nil) async throws(LSLPAPIError) -> (
        Data, HTTPURLResponse
    ) {
        var request = URLRequest(url: RequestURL.make(base: baseURL, path: endpoint.path, query: endpoint.query))
        request.httpMethod = endpoint.method
        request.setValue(endpoint.accept, forHTTPHeaderField: "Accept")
        request.setValue(sesacKey.value, forHTTPHeaderField: "SesacKey")
        if let token { request.setValue(token, forHTTPHeaderField: "Authorization") }
        if let refreshToken { request.setValue(refreshToken, forHTTPHeaderField: "Refresh") }
        switch endpoint.body {
        case .json(let fields)?:
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
            request.httpBody = Self.json(fields)
        case .multipart(let fields, let files)?:
            let boundary = "lslp-\(UUID().uuidString)"
            request.setValue("multipart/form-data; boundary=\(boundary)", forHTTPHeaderField: "Content-Type")
            request.httpBody = Self.multipart(fields: fields, files: files, boundary: boundary)
        case nil:
            break
        }
        let data: Data
        let response: URLResponse
        do {
            (data, response) = try await session.data(for: request)
        } catch {
            throw LSLPAPIError(
                kind: .transport, request: endpoint.label,
                detail: scrub(TransportFailure.describe(error), [token, refreshToken].compactMap { $0 }))
        }
        guard let http = response as? HTTPURLResponse else {
            throw LSLPAPIError(kind: .transport, request: endpoint.label, detail: "the answer was not an HTTP response")
        }
        return (data, http)
    }

    /// The body as `type`, or the error its status says; `secrets` (the tokens the request carried) and the
    /// key are redacted from every message.
    private func decode<T: Decodable>(_ data: Data, _ http: HTTPURLResponse, _ label: String, as type: T.Type, secrets: [String])
        throws(LSLPAPIError) -> T
    {
        try check(data, http, label, secrets: secrets)
        do {
            return try Self.makeDecoder().decode(type, from: data)
        } catch {
            let failure = DecodingFailure.describe(error, body: data)
            throw LSLPAPIError(
                kind: .decoding, request: label, status: http.statusCode, keyPath: failure.keyPath, detail: scrub(failure.detail, secrets))
        }
    }

    /// Nothing for a status in 200..<300; else the error the status says, `secrets` and the key redacted from its message.
    private func check(_ data: Data, _ http: HTTPURLResponse, _ label: String, secrets: [String]) throws(LSLPAPIError) {
        guard (200..<300).contains(http.statusCode) else {
            let text = message(in: data, secrets: secrets)
            guard let text else {
                // Not LSLP's error body: say how long it was, never what it said (it may hold a secret).
                throw LSLPAPIError(
                    kind: .unexpectedStatus, request: label, status: http.statusCode,
                    detail: data.isEmpty ? "no body" : "a body of \(data.count) bytes without message")
            }
            let kind: LSLPAPIError.Kind = LSLPAPIError.Reason(status: http.statusCode).isKnown ? .api : .unexpectedStatus
            throw LSLPAPIError(kind: kind, request: label, status: http.statusCode, message: text)
        }
    }

    /// The `message` of an error body, the key and `secrets` replaced by `<redacted>`.
    private func message(in data: Data, secrets: [String]) -> String? {
        (try? JSONDecoder().decode(MessageBody.self, from: data)).map { scrub($0.message, secrets) }
    }

    /// `text` with the key and `secrets` (tokens) replaced by `<redacted>`.
    private func scrub(_ text: String, _ secrets: [String]) -> String {
        ClientFailure<LSLPAPIError>.redacting([sesacKey.value] + secrets, in: text)
    }

    static func check(email: String, _ label: String) throws(LSLPAPIError) {
        guard EmailAddress.isValid(email) else {
            throw LSLPAPIError(
                kind: .invalidRequest, request: label, detail: "not an email address the app accepts (\(EmailAddress.pattern))")
        }
    }

    /// One path segment, escaped.
    static func segment(_ text: String) -> String {
        FormURLEncoding.escape(text)
    }

    static func json(_ fields: [String: String]) -> Data {
        // Sorted keys: the same request is the same bytes (replay matches bodies).
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(fields)) ?? Data("{}".utf8)
    }

    static func multipart(fields: [(String, String)], files: [ImageFile], boundary: String) -> Data {
        var body = Data()
        for (name, value) in fields {
            body.append(Data("--\(boundary)\r\nContent-Disposition: form-data; name=\"\(name)\"\r\n\r\n".utf8))
            body.append(Data(value.utf8))
            body.append(Data("\r\n".utf8))
        }
        for file in files {
            let filename = file.filename.replacingOccurrences(of: "\"", with: "%22").replacingOccurrences(of: "\r", with: "")
                .replacingOccurrences(of: "\n", with: "")
            body.append(
                Data(
                    """
                    --\(boundary)\r\nContent-Disposition: form-data; name=\"file\"; filename=\"\(filename)\"\r\nContent-Type: \
                    \(file.mimeType)\r\n\r\n
                    """
                    .utf8))
            body.append(file.data)
            body.append(Data("\r\n".utf8))
        }
        body.append(Data("--\(boundary)--\r\n".utf8))
        return body
    }
}
