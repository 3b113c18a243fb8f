import Foundation

/// The LSLP replica's routes (the SNS server of the Mobbie app), written from API-FACTS: `SesacKey` on
/// every request, the raw access token in `Authorization`, `Refresh` on `GET refresh`, `{"message"}`
/// errors with the status table (400, 401, 403, 409, 410, 418, 419, 420, 429, 444, 445, 500), camelCase
/// and `_id` keys, cursor paging with a string `next_cursor` that is `"0"` on the last page.
///
/// The message texts, the 444 for a path or method the server does not have, the 403 for the token of
/// a withdrawn account, the 400 for a malformed JSON or multipart body, the default `limit` (10, at most 100), the
/// file rules (at most 5, jpg/jpeg/png/gif), the 400 for an edit that is not multipart, the order of the liked posts
/// (newest post first), the empty page of a member with no posts and the 410 for a comment the post does not have are
/// unconfirmed. Where our older facts and the apps that ran against the real server disagree, the apps win: no title,
/// like as a toggle without a body, edits as multipart (see the contract's head). What makes the real server answer 500 is not
/// known; the replica answers it to a request that asks for it with `X-Apicheck-Server-Error: 1`, so that
/// clients and contracts can be tried against it, and never to anything a fuzzer can send.
struct LSLPService: Sendable {
    let options: LSLPSandboxOptions
    let drifts: Set<Drift>
    let store: LSLPStore
    private let tokens: LSLPTokens

    /// `Content-Type` of every answer, as Express writes it.
    static let jsonType = "application/json; charset=utf-8"
    /// Request headers with which an account asks for its own token lifetimes at join (seconds): the
    /// sandbox's own extension, so that scenarios meet 419 and 418 without changing the lifetimes of others.
    static let accessTTLHeader = "X-Apicheck-Access-TTL"
    static let refreshTTLHeader = "X-Apicheck-Refresh-TTL"
    /// A request header with which a test asks for the undefined server error (500), after the `SesacKey` check.
    static let serverErrorHeader = "X-Apicheck-Server-Error"
    static let defaultLimit = 10
    static let maxLimit = 100
    static let maxFiles = 5
    static let imageExtensions = ["jpg", "jpeg", "png", "gif"]

    init(drifts: Set<Drift>, deterministic: Bool, options: LSLPSandboxOptions) {
        self.options = options
        self.drifts = drifts
        store = LSLPStore(deterministic: deterministic, clock: options.clock)
        tokens = LSLPTokens(deterministic: deterministic)
    }

    /// Whether `path` belongs to this API.
    static func handles(_ path: String) -> Bool {
        ["/join", "/validation/email", "/login", "/refresh", "/withdraw", "/post"].contains(path) || path.hasPrefix("/post/")
            || path.hasPrefix("/uploads/")
    }

    enum Messages {
        static let required = "필수값을 채워주세요."
        static let tooManyFiles = "파일은 최대 \(LSLPService.maxFiles)개까지 올릴 수 있습니다."
        static let notImage = "이미지 파일(jpg, jpeg, png, gif)만 올릴 수 있습니다."
        static let badValue = "잘못된 값입니다."
        static let account = "계정을 확인해주세요."
        static let invalidToken = "인증할 수 없는 액세스 토큰입니다."
        static let invalidRefresh = "인증할 수 없는 리프레시 토큰입니다."
        static let forbidden = "Forbidden"
        static let joined = "이미 가입한 유저입니다."
        static let emailTaken = "사용이 불가한 이메일입니다."
        static let emailFree = "사용 가능한 이메일입니다."
        static let notExpired = "액세스 토큰이 만료되지 않았습니다."
        static let noPost = "게시글을 찾을 수 없습니다."
        static let refreshExpired = "리프레시 토큰이 만료되었습니다. 다시 로그인 해주세요."
        static let accessExpired = "액세스 토큰이 만료되었습니다."
        static let sesacKey = "This service sesac_memolease only"
        static let tooMany = "과호출입니다."
        static let abnormalURL = "비정상 URL입니다."
        static let notOwner = "게시글 작성자만 수정하거나 삭제할 수 있습니다."
        static let notCommentOwner = "댓글 작성자만 삭제할 수 있습니다."
        static let noComment = "댓글을 찾을 수 없습니다."
        static let serverError = "알 수 없는 서버 오류입니다."
    }

    func respond(to request: ReceivedRequest) -> SandboxResponse {
        // SesacKey first, before the path or anything else is looked at.
        guard let key = request.header("SesacKey"), options.sesacKeys.contains(key) else {
            return error(420, Messages.sesacKey)
        }
        if request.header(Self.serverErrorHeader) == "1" { return error(500, Messages.serverError) }
        guard Self.handles(request.path), let route = Route(request) else { return notFound() }
        if let limit = options.requestsPerMinute, !store.spend(key: key, limit: limit) {
            return error(429, Messages.tooMany)
        }
        switch route {
        case .join: return join(request)
        case .validateEmail: return validateEmail(request)
        case .login: return login(request)
        case .refresh: return refresh(request)
        default: break
        }
        let member: LSLPStore.Member
        switch authenticate(request) {
        case .failure(let refusal): return refusal.response
        case .success(let found): member = found
        }
        switch route {
        case .withdraw:
            guard let gone = store.withdraw(id: member.id) else { return error(403, Messages.forbidden) }
            return answer(200, .object([(idKey, .string(gone.id)), ("email", .string(gone.email)), ("nick", .string(gone.nick))]))
        case .createPost: return createPost(request, by: member)
        case .listPosts: return page(store.posts(where: productFilter(request)), request)
        case .userPosts(let userID):
            let product = productFilter(request)
            return page(store.posts { $0.creator.id == userID && product($0) }, request)
        case .likedPosts: return page(store.posts { $0.likes.contains(member.id) }, request)
        case .readPost(let id):
            guard let post = store.post(id: id) else { return error(410, Messages.noPost) }
            return answer(200, render(post))
        case .updatePost(let id): return updatePost(id, request, by: member)
        case .deletePost(let id):
            guard let post = store.post(id: id) else { return error(410, Messages.noPost) }
            guard post.creator.id == member.id else { return error(445, Messages.notOwner) }
            _ = store.delete(id: id)
            return answer(200, .object([(idKey, .string(id))]))
        case .comment(let id): return comment(on: id, request, by: member)
        case .deleteComment(let postID, let commentID):
            switch store.deleteComment(commentID, on: postID, by: member) {
            case .success(let id): return answer(200, .object([("postID", .string(id))]))
            case .failure(.noSuchPost): return error(410, Messages.noPost)
            case .failure(.noSuchComment): return error(410, Messages.noComment)
            case .failure(.notOwner): return error(445, Messages.notCommentOwner)
            }
        case .like(let id): return like(id, by: member)
        case .image(let path):
            guard let upload = store.upload(at: path) else { return notFound() }
            return SandboxResponse(status: 200, content: .bytes(upload.bytes, contentType: upload.contentType))
        default: return notFound()
        }
    }

    // MARK: Routes

    enum Route {
        case join, validateEmail, login, refresh, withdraw, createPost, listPosts, likedPosts
        case readPost(String), updatePost(String), deletePost(String), comment(String), like(String), userPosts(String)
        case deleteComment(post: String, comment: String)
        /// An uploaded image, by its path without the leading slash (`uploads/posts/1704000491924.jpg`).
        case image(String)

        init?(_ request: ReceivedRequest) {
            let parts = request.path.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map(String.init)
            switch (request.method, parts.count, parts.first) {
            case ("POST", 1, "join"): self = .join
            case ("POST", 2, "validation") where parts[1] == "email": self = .validateEmail
            case ("POST", 1, "login"): self = .login
            case ("GET", 1, "refresh"): self = .refresh
            case ("GET", 1, "withdraw"): self = .withdraw
            case ("POST", 1, "post"): self = .createPost
            case ("GET", 1, "post"): self = .listPosts
            case ("GET", 2, "post") where !parts[1].isEmpty: self = .readPost(parts[1])
            case ("PUT", 2, "post") where !parts[1].isEmpty: self = .updatePost(parts[1])
            case ("DELETE", 2, "post") where !parts[1].isEmpty: self = .deletePost(parts[1])
            case ("POST", 3, "post") where parts[2] == "comment" && !parts[1].isEmpty: self = .comment(parts[1])
            case ("POST", 3, "post") where parts[1] == "like" && !parts[2].isEmpty: self = .like(parts[2])
            case ("GET", 3, "post") where parts[1] == "like" && parts[2] == "me": self = .likedPosts
            case ("GET", 3, "post") where parts[1] == "user" && !parts[2].isEmpty: self = .userPosts(parts[2])
            case ("DELETE", 4, "post") where parts[2] == "comment" && !parts[1].isEmpty && !parts[3].isEmpty:
                self = .deleteComment(post: parts[1], comment: parts[3])
            case ("GET", 3, "uploads") where ["posts", "profiles"].contains(parts[1]) && !parts[2].isEmpty:
                self = .image(parts.joined(separator: "/"))
            default: return nil
            }
        }
    }

    // MARK: Accounts

    private func join(_ request: ReceivedRequest) -> SandboxResponse {
        let body: [String: Any]
        switch jsonBody(request) {
        case .failure(let refusal): return refusal.response
        case .success(let found): body = found
        }
        guard let email = nonEmpty(body["email"]), let password = nonEmpty(body["password"]), let nick = nonEmpty(body["nick"]) else {
            return error(400, Messages.required)
        }
        for key in ["phoneNum", "birthDay"] where body[key] != nil && !(body[key] is String) { return error(400, Messages.badValue) }
        var lifetimes = (access: options.accessTTL, refresh: options.refreshTTL)
        for (header, isAccess) in [(Self.accessTTLHeader, true), (Self.refreshTTLHeader, false)] {
            guard let text = request.header(header) else { continue }
            guard let seconds = Double(text), seconds > 0, seconds <= LSLPSandboxOptions.maxAccountTTL else {
                return error(400, Messages.badValue)
            }
            if isAccess { lifetimes.access = seconds } else { lifetimes.refresh = seconds }
        }
        guard
            let member = store.join(
                email: email, password: password, nick: nick, accessTTL: lifetimes.access, refreshTTL: lifetimes.refresh)
        else {
            return error(409, Messages.joined)
        }
        return answer(200, .object([(idKey, .string(member.id)), ("email", .string(member.email)), ("nick", .string(member.nick))]))
    }

    private func validateEmail(_ request: ReceivedRequest) -> SandboxResponse {
        let body: [String: Any]
        switch jsonBody(request) {
        case .failure(let refusal): return refusal.response
        case .success(let found): body = found
        }
        guard let email = nonEmpty(body["email"]) else { return error(400, Messages.required) }
        if store.isTaken(email: email) { return error(409, Messages.emailTaken) }
        return answer(200, .object([("message", .string(Messages.emailFree))]))
    }

    private func login(_ request: ReceivedRequest) -> SandboxResponse {
        let body: [String: Any]
        switch jsonBody(request) {
        case .failure(let refusal): return refusal.response
        case .success(let found): body = found
        }
        guard let email = nonEmpty(body["email"]), let password = nonEmpty(body["password"]) else { return error(400, Messages.required) }
        guard let member = store.member(email: email), member.password == password else { return error(401, Messages.account) }
        let now = options.clock().timeIntervalSince1970
        return answer(
            200,
            .object([
                (idKey, .string(member.id)),
                (tokenKey, .string(tokens.issue(.access, userID: member.id, now: now, lifetime: member.accessTTL))),
                ("refreshToken", .string(tokens.issue(.refresh, userID: member.id, now: now, lifetime: member.refreshTTL))),
            ]))
    }

    /// `GET refresh`: the (expired) access token in `Authorization` and the refresh token in `Refresh`.
    private func refresh(_ request: ReceivedRequest) -> SandboxResponse {
        guard let access = accessToken(request), let claims = tokens.verify(access), claims.kind == .access else {
            return error(401, Messages.invalidToken)
        }
        guard let refresh = request.header("Refresh"), let refreshClaims = tokens.verify(refresh), refreshClaims.kind == .refresh,
            refreshClaims.userID == claims.userID
        else { return error(401, Messages.invalidRefresh) }
        guard let member = store.member(id: claims.userID) else { return error(403, Messages.forbidden) }
        let now = options.clock().timeIntervalSince1970
        if drifts.contains(.lslpRefresh409Always) || now < claims.expires { return error(409, Messages.notExpired) }
        if now >= refreshClaims.expires { return error(418, Messages.refreshExpired) }
        return answer(200, .object([(tokenKey, .string(tokens.issue(.access, userID: member.id, now: now, lifetime: member.accessTTL)))]))
    }

    /// The raw token of `Authorization` (with the bearer-required drift, only `Bearer <token>`).
    private func accessToken(_ request: ReceivedRequest) -> String? {
        guard let value = request.header("Authorization"), !value.isEmpty else { return nil }
        if drifts.contains(.lslpBearerRequired) {
            return value.hasPrefix("Bearer ") ? String(value.dropFirst("Bearer ".count)) : nil
        }
        return value
    }

    /// The member the access token names, or the 401, 403 or 419 to answer.
    private func authenticate(_ request: ReceivedRequest) -> Result<LSLPStore.Member, Refusal> {
        guard let token = accessToken(request), let claims = tokens.verify(token), claims.kind == .access else {
            return .failure(Refusal(error(401, Messages.invalidToken)))
        }
        if options.clock().timeIntervalSince1970 >= claims.expires {
            return .failure(Refusal(error(drifts.contains(.lslp419As401) ? 401 : 419, Messages.accessExpired)))
        }
        guard let member = store.member(id: claims.userID) else { return .failure(Refusal(error(403, Messages.forbidden))) }
        return .success(member)
    }

    struct Refusal: Error {
        let response: SandboxResponse
        init(_ response: SandboxResponse) { self.response = response }
    }

    // MARK: Posts

    private func createPost(_ request: ReceivedRequest, by member: LSLPStore.Member) -> SandboxResponse {
        guard request.mediaType == "multipart/form-data" else { return error(400, Messages.required) }
        let form: PostForm
        switch postForm(request) {
        case .failure(let refusal): return refusal.response
        case .success(let found): form = found
        }
        // Only product_id is required: Mobbie sends no title, other apps no content.
        guard let productID = nonEmpty(form.fields["product_id"]) else { return error(400, Messages.required) }
        let texts = LSLPStore.PostTexts(
            title: form.fields["title"], content: form.fields["content"], extra: (1...5).map { form.fields["content\($0)"] },
            productID: productID)
        return answer(200, render(store.create(by: member, texts: texts, files: form.files)))
    }

    /// A post's multipart form (create, and an edit): its text fields and its images.
    struct PostForm {
        var fields: [String: String] = [:]
        var files: [LSLPStore.ImageFile] = []
        /// Whether any part is named `file` (an edit with file parts replaces the images).
        var hasFileParts = false
    }

    /// Reads a multipart body as multer does for LSLP: text parts by name, `file` parts (at most five, images only).
    private func postForm(_ request: ReceivedRequest) -> Result<PostForm, Refusal> {
        guard let boundary = request.header("Content-Type").flatMap(Multipart.boundary(fromContentType:)) else {
            return .failure(Refusal(error(400, Messages.required)))
        }
        var parts: [Multipart.Part] = []
        // A body of no parts at all (only the closing delimiter) has no fields; one that is broken has none
        // either: both are 400 (a required value is missing), never a server error for what a client sent.
        let closingOnly = String(decoding: request.body, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines) == "--\(boundary)--"
        if !closingOnly {
            do {
                parts = try Multipart.parse(request.body, boundary: boundary)
            } catch {
                return .failure(Refusal(self.error(400, Messages.required)))
            }
        }
        var form = PostForm()
        // Every part named file counts against the limit; one without a file name carries no image.
        let fileParts = parts.filter { $0.name == "file" }
        guard fileParts.count <= Self.maxFiles else { return .failure(Refusal(error(400, Messages.tooManyFiles))) }
        form.hasFileParts = !fileParts.isEmpty
        for part in parts {
            if part.name == "file", part.filename != nil {
                let name = (part.filename ?? "").lowercased()
                let ext = name.split(separator: ".").count > 1 ? String(name.split(separator: ".").last ?? "") : ""
                guard Self.imageExtensions.contains(ext) else { return .failure(Refusal(error(400, Messages.notImage))) }
                form.files.append(LSLPStore.ImageFile(ext: ext, bytes: part.body))
            } else if part.filename == nil {
                form.fields[part.name] = String(decoding: part.body, as: UTF8.self)
            }
        }
        return .success(form)
    }

    /// Whether a post belongs to the `product_id` the query names; every post when it names none (or an empty one).
    private func productFilter(_ request: ReceivedRequest) -> (LSLPStore.Post) -> Bool {
        guard let productID = request.queryValue("product_id"), !productID.isEmpty else { return { _ in true } }
        return { $0.productID == productID }
    }

    /// One page of `posts` (newest first), as `next` and `limit` ask: the feed, a member's posts and the liked ones alike.
    private func page(_ all: [LSLPStore.Post], _ request: ReceivedRequest) -> SandboxResponse {
        // A repeated query item is an array to Express, neither a number nor a cursor (unconfirmed).
        for name in ["next", "limit", "product_id"] where request.queryItems.filter({ $0.name == name }).count > 1 {
            return error(400, Messages.badValue)
        }
        var limit = Self.defaultLimit
        if let text = request.queryValue("limit"), !text.isEmpty {
            guard let value = Int(text), (1...Self.maxLimit).contains(value) else { return error(400, Messages.badValue) }
            limit = value
        }
        var posts = all
        let next = request.queryValue("next") ?? ""
        if drifts.contains(.lslpNextCursorInt) {
            // The drift pages by offset, the cursor a number.
            let offset = next.isEmpty ? 0 : Int(next) ?? -1
            guard offset >= 0 else { return error(400, Messages.badValue) }
            let page = Array(posts.dropFirst(offset).prefix(limit))
            let end = offset + page.count >= posts.count || page.isEmpty
            return answer(200, .object([("data", .array(page.map(render))), ("next_cursor", .int(end ? 0 : offset + page.count))]))
        }
        if next == "0" {
            posts = []
        } else if !next.isEmpty {
            guard Self.isID(next) else { return error(400, Messages.badValue) }
            posts = posts.filter { $0.id < next }
        }
        let page = Array(posts.prefix(limit))
        let cursor = posts.count > limit ? page.last?.id ?? "0" : "0"
        return answer(200, .object([("data", .array(page.map(render))), ("next_cursor", .string(cursor))]))
    }

    /// An edit: the multipart form of a create with any subset of its fields; only the fields given change, and `file`
    /// parts replace the images. No body changes nothing; a body of another type is 400 (unconfirmed: no app sends one).
    private func updatePost(_ id: String, _ request: ReceivedRequest, by member: LSLPStore.Member) -> SandboxResponse {
        var form = PostForm()
        if request.mediaType == "multipart/form-data" {
            switch postForm(request) {
            case .failure(let refusal): return refusal.response
            case .success(let found): form = found
            }
        } else if !request.body.isEmpty {
            return error(400, Messages.required)
        }
        guard let post = store.post(id: id) else { return error(410, Messages.noPost) }
        guard post.creator.id == member.id else { return error(445, Messages.notOwner) }
        if let productID = form.fields["product_id"], nonEmpty(productID) == nil { return error(400, Messages.required) }
        let fields = form.fields
        let updated = store.update(id: id, files: form.hasFileParts ? form.files : nil) { post in
            if let title = fields["title"] { post.title = title }
            if let content = fields["content"] { post.content = content }
            if let productID = fields["product_id"] { post.productID = productID }
            for index in 0..<5 {
                if let text = fields["content\(index + 1)"] { post.extra[index] = text }
            }
        }
        guard let updated else { return error(410, Messages.noPost) }
        return answer(200, render(updated))
    }

    private func comment(on id: String, _ request: ReceivedRequest, by member: LSLPStore.Member) -> SandboxResponse {
        let body: [String: Any]
        switch jsonBody(request) {
        case .failure(let refusal): return refusal.response
        case .success(let found): body = found
        }
        guard let content = nonEmpty(body["content"]) else { return error(400, Messages.required) }
        guard let comment = store.comment(on: id, by: member, content: content) else { return error(410, Messages.noPost) }
        return answer(200, render(comment))
    }

    /// A toggle: likes the post, or unlikes it when the member likes it already; answers the state after. A body is
    /// not read (no app sends one; whether the real server read one to set the state is unconfirmed).
    private func like(_ id: String, by member: LSLPStore.Member) -> SandboxResponse {
        var status = false
        let updated = store.update(id: id) { post in
            status = !post.likes.contains(member.id)
            if status { post.likes.append(member.id) } else { post.likes.removeAll { $0 == member.id } }
        }
        guard updated != nil else { return error(410, Messages.noPost) }
        let value: JSON = drifts.contains(.lslpLikeStatusString) ? .string(status ? "true" : "false") : .bool(status)
        return answer(200, .object([("like_status", value)]))
    }

    // MARK: Rendering

    private var idKey: String { drifts.contains(.lslpIDKeyRenamed) ? "id" : "_id" }
    private var tokenKey: String { drifts.contains(.lslpTokenKeyRenamed) ? "accessToken" : "token" }

    private func render(_ post: LSLPStore.Post) -> JSON {
        // A text the app did not send has no key at all (never null).
        var members: [(String, JSON)] = [
            (idKey, .string(post.id)), ("creator", render(post.creator)), ("time", .string(Self.time(post.millis))),
        ]
        if let title = post.title { members.append(("title", .string(title))) }
        if let content = post.content { members.append(("content", .string(content))) }
        for (index, text) in post.extra.enumerated() {
            if let text { members.append(("content\(index + 1)", .string(text))) }
        }
        if let productID = post.productID { members.append(("product_id", .string(productID))) }
        members += [
            ("likes", .array(post.likes.map(JSON.string))),
            ("image", .array(post.images.map(JSON.string))), ("hashTags", .array(Self.hashTags(post.content ?? "").map(JSON.string))),
            ("comments", .array(post.comments.map(render))),
        ]
        return .object(members)
    }

    private func render(_ creator: LSLPStore.Creator) -> JSON {
        var members: [(String, JSON)] = [(idKey, .string(creator.id)), ("nick", .string(creator.nick))]
        if let profile = creator.profile { members.append(("profile", .string(profile))) }
        return .object(members)
    }

    private func render(_ comment: LSLPStore.Comment) -> JSON {
        .object([
            (idKey, .string(comment.id)), ("content", .string(comment.content)), ("time", .string(Self.time(comment.millis))),
            ("creator", render(comment.creator)),
        ])
    }

    /// `2023-12-31T05:28:12.052Z`.
    static func time(_ millis: Int64) -> String {
        UTCTime(millis / 1000).dateTime + "." + String(millis % 1000).leftPadded(to: 3) + "Z"
    }

    /// The `#words` of a text, each once, in order.
    static func hashTags(_ text: String) -> [String] {
        var tags: [String] = []
        for word in text.split(whereSeparator: { $0.isWhitespace }) where word.hasPrefix("#") && word.count > 1 {
            let tag = String(word.dropFirst().prefix { !$0.isPunctuation || $0 == "_" })
            if !tag.isEmpty, !tags.contains(tag) { tags.append(tag) }
        }
        return tags
    }

    static func isID(_ text: String) -> Bool {
        text.utf8.count == 24 && text.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }

    // MARK: Answers

    /// The JSON object of a body sent as `application/json`; an empty object for any other type (Express
    /// parses only JSON); a 400 for JSON that does not parse (body-parser's status, unconfirmed).
    private func jsonBody(_ request: ReceivedRequest) -> Result<[String: Any], Refusal> {
        guard request.mediaType == "application/json", !request.body.isEmpty else { return .success([:]) }
        guard let value = try? JSONSerialization.jsonObject(with: Data(request.body), options: [.fragmentsAllowed]) else {
            return .failure(Refusal(error(400, Messages.badValue)))
        }
        // JSON that is not an object (an array, a number) is refused like JSON that does not parse.
        guard let object = value as? [String: Any] else { return .failure(Refusal(error(400, Messages.badValue))) }
        return .success(object)
    }

    private func nonEmpty(_ value: Any?) -> String? {
        guard let text = value as? String, !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { return nil }
        return text
    }

    private func answer(_ status: Int, _ body: JSON) -> SandboxResponse {
        SandboxResponse(status: status, content: .json(body, contentType: Self.jsonType))
    }

    private func error(_ status: Int, _ message: String) -> SandboxResponse {
        answer(status, .object([("message", .string(message))]))
    }

    /// A path or method this API does not have: 444 (unconfirmed).
    private func notFound() -> SandboxResponse {
        error(444, Messages.abnormalURL)
    }
}
