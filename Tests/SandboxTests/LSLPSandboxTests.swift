import Foundation
import TestSupport
import Testing

@testable import Sandbox

/// The LSLP replica on the wire, with plain URLSession requests: API-FACTS' status table, tokens and shapes.
@Suite("LSLP sandbox", timeLimit(minutes: 5))
struct LSLPSandboxTests {
    /// The drifts this suite checks one by one (DriftTests checks that no drift is left out).
    static let driftsCovered = [
        "bearer-required", "refresh-409-always", "token-key-renamed", "id-key-renamed", "like-status-string", "419-as-401",
        "next-cursor-int",
    ]

    static let key = ["SesacKey": LSLPSandboxOptions.defaultSesacKey]

    func lslp<T>(drifts: Set<Drift> = [], options: LSLPSandboxOptions = .init(), _ body: (SandboxHTTP) async throws -> T) async throws -> T
    {
        try await withSandboxHTTP(apis: [.lslp], drifts: drifts, lslp: options, body)
    }

    /// A signed-in member of a fresh account: its id and tokens.
    struct Session {
        let id: String
        let token: String
        let refreshToken: String
        var auth: [String: String] { LSLPSandboxTests.key.merging(["Authorization": token]) { $1 } }
    }

    func join(_ http: SandboxHTTP, _ email: String, headers: [String: String] = [:]) async throws -> Session {
        let joined = try await http.send(
            "POST", "/join", body: Data(#"{"email":"\#(email)","password":"pw-1234","nick":"테스터"}"#.utf8), contentType: "application/json",
            headers: Self.key.merging(headers) { $1 })
        try #require(joined.status == 200, "join: \(joined.text)")
        let login = try await http.send(
            "POST", "/login", body: Data(#"{"email":"\#(email)","password":"pw-1234"}"#.utf8), contentType: "application/json",
            headers: Self.key)
        try #require(login.status == 200, "login: \(login.text)")
        let object = login.object
        return Session(
            id: try #require(object["_id"] as? String), token: try #require(object["token"] as? String),
            refreshToken: try #require(object["refreshToken"] as? String))
    }

    /// A multipart body; each file's bytes are `image` and its name (so that what the replica serves back can be compared).
    static func multipart(_ fields: [(String, String)], files: [String] = [], boundary: String = "b0undary") -> Data {
        var body = Data()
        for (name, value) in fields {
            body += Data("--\(boundary)\r\nContent-Disposition: form-data; name=\"\(name)\"\r\n\r\n\(value)\r\n".utf8)
        }
        for file in files {
            body += Data(
                "--\(boundary)\r\nContent-Disposition: form-data; name=\"file\"; filename=\"\(file)\"\r\nContent-Type: image/jpg\r\n\r\n"
                    .utf8)
            body += image(file) + Data("\r\n".utf8)
        }
        return body + Data("--\(boundary)--\r\n".utf8)
    }

    /// The bytes of the test image named `name`: a JPEG start, the name, a JPEG end.
    static func image(_ name: String) -> Data {
        Data([0xFF, 0xD8]) + Data(name.utf8) + Data([0xFF, 0xD9])
    }

    /// Mobbie's post: product_id, content, content1 (the nickname of the day), the files and, with files, content3 (the ratio).
    func createPost(_ http: SandboxHTTP, _ session: Session, files: [String] = [], product: String = "apicheck_probe") async throws
        -> Answer
    {
        var fields = [("product_id", product), ("content", "본문 #태그"), ("content1", "다정한 코알라")]
        if !files.isEmpty { fields.append(("content3", "0.75")) }
        return try await http.send(
            "POST", "/post", body: Self.multipart(fields, files: files), contentType: "multipart/form-data; boundary=b0undary",
            headers: session.auth)
    }

    static func isID(_ value: Any?) -> Bool {
        (value as? String)?.range(of: "^[0-9a-f]{24}$", options: .regularExpression) != nil
    }

    @Test("SHA-256 and HMAC-SHA256 match known values (FIPS 180-4 'abc'; HMAC with a key longer than a block)")
    func digests() {
        let hex = SHA256.hash(Array("abc".utf8)).map { String($0, radix: 16).leftPadded(to: 2) }.joined()
        #expect(hex == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(
            Base64URL.encode(SHA256.hmac(key: Array("apicheck-lslp-sandbox-deterministic-secret".utf8), Array("a.b".utf8)))
                == "xLeABVDIBaXixzn_RmSoDGPV6wYSKVd83U_efHhEUrs")
        #expect(
            Base64URL.encode(SHA256.hmac(key: Array(repeating: 0x6B, count: 100), Array(repeating: 0x78, count: 200)))
                == "4ybwDOFBlLuF4mg_6bGniFF1P3dHkwP5TCw80ZmL3aM")
    }

    @Test("SesacKey is checked first: without it, or with another, every path is 420, unknown paths included")
    func sesacKeyFirst() async throws {
        try await lslp(options: .init(sesacKeys: ["first", "second"])) { http in
            for path in ["/post", "/login", "/nowhere", "/post/123"] {
                let answer = try await http.get(path)
                #expect(answer.status == 420, "\(path)")
                #expect(answer.message == "This service sesac_memolease only")
                #expect(
                    try await http.get(path, headers: ["SesacKey": LSLPSandboxOptions.defaultSesacKey]).status == 420,
                    "the default key is replaced")
            }
            #expect(try await http.get("/nowhere", headers: ["SesacKey": "second"]).status == 444)
            #expect(try await http.get("/post", headers: ["SesacKey": "first"]).status == 401, "the key passes; the token is missing")
        }
    }

    @Test("login answers _id, token and refreshToken; the tokens are signed JWTs with an expiry claim")
    func loginTokens() async throws {
        try await lslp(options: .init(accessTTL: 30, refreshTTL: 90)) { http in
            let session = try await join(http, "jwt@sesac.kr")
            #expect(Self.isID(session.id))
            for (token, kind, lifetime) in [(session.token, "access", 30.0), (session.refreshToken, "refresh", 90.0)] {
                let parts = token.split(separator: ".", omittingEmptySubsequences: false)
                try #require(parts.count == 3)
                #expect(
                    parts.allSatisfy { !$0.isEmpty && $0.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" } },
                    "base64url without padding")
                let header = try #require(
                    Base64URL.decode(parts[0]).flatMap { try JSONSerialization.jsonObject(with: Data($0)) as? [String: Any] })
                #expect(header["alg"] as? String == "HS256")
                let payload = try #require(
                    Base64URL.decode(parts[1]).flatMap { try JSONSerialization.jsonObject(with: Data($0)) as? [String: Any] })
                #expect(payload["_id"] as? String == session.id)
                #expect(payload["kind"] as? String == kind)
                let issued = try #require(payload["iat"] as? Double)
                let expires = try #require(payload["exp"] as? Double)
                #expect(abs(expires - issued - lifetime) < 1.01)
            }
            // A token with one byte of its payload changed is refused: the signature is checked.
            var parts = session.token.split(separator: ".").map(String.init)
            parts[1] = Base64URL.encode(Array(#"{"_id":"\#(session.id)","kind":"access","iat":1,"exp":99999999999}"#.utf8))
            #expect(
                try await http.get("/post", headers: Self.key.merging(["Authorization": parts.joined(separator: ".")]) { $1 }).status == 401
            )
        }
    }

    @Test("the token lifecycle on the real code path: 409 before expiry, 419 after, refresh once, 418 after the refresh token")
    func tokenLifecycle() async throws {
        let clock = TestClock()
        try await lslp(options: .init(accessTTL: 5, refreshTTL: 12, clock: clock.read)) { http in
            let session = try await join(http, "life@sesac.kr")
            let refreshHeaders = session.auth.merging(["Refresh": session.refreshToken]) { $1 }
            #expect(try await http.get("/post?limit=1", headers: session.auth).status == 200)
            let early = try await http.get("/refresh", headers: refreshHeaders)
            #expect(early.status == 409)
            #expect(early.message == "액세스 토큰이 만료되지 않았습니다.")
            clock.advance(by: 5)
            let expired = try await http.get("/post?limit=1", headers: session.auth)
            #expect(expired.status == 419)
            #expect(expired.message == "액세스 토큰이 만료되었습니다.")
            let refreshed = try await http.get("/refresh", headers: refreshHeaders)
            #expect(refreshed.status == 200)
            #expect(Array(refreshed.object.keys) == ["token"])
            let token = try #require(refreshed.object["token"] as? String)
            #expect(try await http.get("/post?limit=1", headers: Self.key.merging(["Authorization": token]) { $1 }).status == 200)
            #expect(
                try await http.get("/refresh", headers: refreshHeaders.merging(["Authorization": token]) { $1 }).status == 409,
                "the new token has not expired")
            #expect(try await http.get("/refresh", headers: refreshHeaders.merging(["Refresh": "not.a.token"]) { $1 }).status == 401)
            #expect(
                try await http.get("/refresh", headers: refreshHeaders.merging(["Refresh": session.token]) { $1 }).status == 401,
                "an access token is no refresh token")
            clock.advance(by: 7)
            let over = try await http.get("/refresh", headers: refreshHeaders)
            #expect(over.status == 418)
            #expect(over.message == "리프레시 토큰이 만료되었습니다. 다시 로그인 해주세요.")
        }
    }

    @Test("an account's own lifetimes at join (X-Apicheck-Access-TTL, X-Apicheck-Refresh-TTL) leave other accounts alone")
    func accountLifetimes() async throws {
        let clock = TestClock()
        try await lslp(options: .init(clock: clock.read)) { http in
            let short = try await join(http, "short@sesac.kr", headers: ["X-Apicheck-Access-TTL": "1.5", "X-Apicheck-Refresh-TTL": "4"])
            let normal = try await join(http, "normal@sesac.kr")
            clock.advance(by: 2)
            #expect(try await http.get("/post?limit=1", headers: short.auth).status == 419)
            #expect(try await http.get("/post?limit=1", headers: normal.auth).status == 200)
            clock.advance(by: 2)
            #expect(try await http.get("/refresh", headers: short.auth.merging(["Refresh": short.refreshToken]) { $1 }).status == 418)
            let refused = try await http.send(
                "POST", "/join", body: Data(#"{"email":"x@sesac.kr","password":"p","nick":"n"}"#.utf8), contentType: "application/json",
                headers: Self.key.merging(["X-Apicheck-Access-TTL": "-1"]) { $1 })
            #expect(refused.status == 400)
        }
    }

    @Test("the status table: 400, 401, 403, 409, 410, 429, 444, 445 and 500 where API-FACTS puts them")
    func statusTable() async throws {
        try await lslp(options: .init(requestsPerMinute: 1_000)) { http in
            func json(_ path: String, _ body: String, headers: [String: String] = Self.key) async throws -> Answer {
                try await http.send("POST", path, body: Data(body.utf8), contentType: "application/json", headers: headers)
            }
            #expect(try await json("/join", #"{"email":"a@sesac.kr","password":"p"}"#).status == 400, "nick is missing")
            #expect(try await json("/validation/email", "{}").status == 400)
            #expect(try await json("/validation/email", #"{"email":"a@sesac.kr"}"#).message == "사용 가능한 이메일입니다.")
            let owner = try await join(http, "a@sesac.kr")
            #expect(
                try await json("/join", #"{"email":"A@sesac.kr","password":"p","nick":"n"}"#).status == 409,
                "emails compare case-insensitively")
            #expect(try await json("/validation/email", #"{"email":"a@sesac.kr"}"#).status == 409)
            #expect(try await json("/login", #"{"email":"a@sesac.kr","password":"wrong"}"#).status == 401)
            #expect(try await json("/login", #"{"email":"nobody@sesac.kr","password":"p"}"#).status == 401)
            #expect(try await json("/login", #"{"email":"a@sesac.kr""#).status == 400, "malformed JSON")
            #expect(try await json("/login", "[null]").status == 400, "JSON that is not an object")
            #expect(try await http.get("/post", headers: Self.key.merging(["Authorization": "garbage"]) { $1 }).status == 401)
            #expect(try await http.get("/post/\(String(repeating: "0", count: 24))", headers: owner.auth).status == 410)
            #expect(try await http.send("PATCH", "/post", headers: owner.auth).status == 444)
            let broken = try await http.send(
                "POST", "/post", body: Data("--b0undary\r\nno headers".utf8), contentType: "multipart/form-data; boundary=b0undary",
                headers: owner.auth)
            #expect(broken.status == 400, "a multipart body that does not parse is the client's mistake")
            let number = try await http.send(
                "POST", "/post", body: Data("--b0undary\r\n5.779629077971198e+16--b0undary--\r\n".utf8),
                contentType: "multipart/form-data; boundary=b0undary", headers: owner.auth)
            #expect(number.status == 400, "what schemathesis sent once (a number where the parts go)")
            let failing = try await http.get("/post", headers: owner.auth.merging(["X-Apicheck-Server-Error": "1"]) { $1 })
            #expect(failing.status == 500)
            #expect(failing.message == "알 수 없는 서버 오류입니다.")
            #expect(
                try await http.get("/post", headers: Self.key.merging(["X-Apicheck-Server-Error": "1"]) { $1 }).status == 500,
                "before the token")
            #expect(try await http.get("/post", headers: ["X-Apicheck-Server-Error": "1"]).status == 420, "after the SesacKey")
            let created = try await createPost(http, owner)
            let postID = try #require(created.object["_id"] as? String)
            let other = try await join(http, "b@sesac.kr")
            let notOwner = try await http.send("DELETE", "/post/\(postID)", headers: other.auth)
            #expect(notOwner.status == 445)
            #expect(
                try await http.send(
                    "PUT", "/post/\(postID)", body: Self.multipart([("content", "x")]),
                    contentType: "multipart/form-data; boundary=b0undary",
                    headers: other.auth
                ).status == 445)
            #expect(try await json("/post/\(postID)/comment", "{}", headers: other.auth).status == 400)
            let withdrawn = try await http.get("/withdraw", headers: other.auth)
            #expect(withdrawn.status == 200)
            #expect(withdrawn.object["_id"] as? String == other.id)
            #expect(try await http.get("/post", headers: other.auth).status == 403, "the token of a withdrawn account")
            #expect(try await http.send("DELETE", "/post/\(postID)", headers: owner.auth).object["_id"] as? String == postID)
            #expect(try await http.get("/post/\(postID)", headers: owner.auth).status == 410)
        }
        // A fixed clock: the limit counts per minute of the sandbox's clock, and three requests that straddle a minute
        // of the real one (a loaded machine) would be two windows.
        try await lslp(options: .init(requestsPerMinute: 2, clock: { Date(timeIntervalSince1970: 1_700_000_010) })) { http in
            #expect(try await http.get("/post", headers: Self.key).status == 401)
            #expect(try await http.get("/post", headers: Self.key).status == 401)
            let limited = try await http.get("/post", headers: Self.key)
            #expect(limited.status == 429)
            #expect(limited.message == "과호출입니다.")
        }
    }

    @Test("posts page by cursor: newest first, next_cursor a string, \"0\" on the last page; product_id filters")
    func paging() async throws {
        try await lslp { http in
            let session = try await join(http, "pager@sesac.kr")
            var cursor = ""
            var sizes: [Int] = []
            var seen: [String] = []
            while sizes.count < 10 {
                let page = try await http.get("/post?next=\(cursor)&limit=10&product_id=MobbieFeed", headers: session.auth)
                try #require(page.status == 200)
                let data = page.object[array: "data"]
                sizes.append(data.count)
                seen += data.compactMap { $0["_id"] as? String }
                cursor = try #require(page.object["next_cursor"] as? String, "next_cursor is a string")
                if cursor == "0" { break }
            }
            #expect(sizes == [10, 10, 3])
            #expect(seen == seen.sorted(by: >), "newest first")
            #expect(Set(seen).count == 23)
            let other = try await http.get("/post?product_id=someone_else", headers: session.auth)
            #expect(other.object[array: "data"].isEmpty)
            #expect(other.object["next_cursor"] as? String == "0")
            let everyApp = try await http.get("/post?limit=100&product_id=", headers: session.auth).object[array: "data"]
            #expect(everyApp.count == 29, "an empty product_id is every app's posts")
            #expect(try await http.get("/post?limit=0", headers: session.auth).status == 400)
            #expect(try await http.get("/post?next=zzz", headers: session.auth).status == 400)
        }
    }

    @Test("a post: 24-hex ids, time with three fraction digits in UTC, texts only where the app sent them, comments and creators")
    func postShape() async throws {
        try await lslp { http in
            let session = try await join(http, "shape@sesac.kr")
            let posts = try await http.get("/post?limit=100", headers: session.auth).object[array: "data"]
            try #require(posts.count == 29)
            for post in posts {
                #expect(Self.isID(post["_id"]))
                #expect(
                    (post["time"] as? String)?.range(of: #"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$"#, options: .regularExpression) != nil)
                #expect(Self.isID(post[object: "creator"]["_id"]))
                #expect(post["likes"] is [String] && post["image"] is [String] && post["hashTags"] is [String])
                #expect(
                    post.keys.filter { $0.hasPrefix("content") && $0 != "content" }.allSatisfy { post[$0] is String },
                    "content1... are strings when present")
            }
            #expect(posts.contains { $0["content1"] != nil } && posts.contains { $0["content1"] == nil })
            // Mobbie's posts (MobbieFeed): no title; content, content1 (a nickname), content3 (a ratio) with images only.
            let mobbie = posts.filter { $0["product_id"] as? String == "MobbieFeed" }
            #expect(mobbie.count == 23)
            #expect(mobbie.allSatisfy { $0["title"] == nil && $0["content"] is String && $0["content1"] is String })
            #expect(mobbie.allSatisfy { ($0["content3"] != nil) == !(($0["image"] as? [String]) ?? []).isEmpty })
            #expect(mobbie.contains { $0["content2"] != nil }, "the commenters' nicknames, after a comment")
            // The other apps' posts, among them: titled, some without content or product_id (keys absent, never null).
            let others = posts.filter { $0["product_id"] as? String != "MobbieFeed" }
            #expect(others.count == 6 && others.allSatisfy { $0["title"] is String })
            #expect(others.contains { $0["content"] == nil } && others.contains { $0["product_id"] == nil })
            #expect(posts.allSatisfy { post in post.values.allSatisfy { !($0 is NSNull) } })
            #expect(
                posts.contains { $0[object: "creator"]["profile"] == nil } && posts.contains { $0[object: "creator"]["profile"] is String })
            #expect(posts.contains { ($0["time"] as? String) == "2023-12-31T23:59:59.999Z" })
            let commented = try #require(posts.first { !$0[array: "comments"].isEmpty })
            #expect(commented[array: "comments"].allSatisfy { Set($0.keys) == ["_id", "content", "time", "creator"] })
        }
    }

    @Test("create takes Mobbie's multipart (no title) with up to five images, served back; edits are multipart; comments and likes")
    func writes() async throws {
        try await lslp { http in
            let session = try await join(http, "writer@sesac.kr")
            let created = try await createPost(http, session, files: ["1500 bytes.jpg", "b.PNG"])
            #expect(created.status == 200)
            let post = created.object
            #expect(post["title"] == nil && post["content1"] as? String == "다정한 코알라" && post["content3"] as? String == "0.75")
            let images = post["image"] as? [String] ?? []
            #expect(images.count == 2)
            #expect(
                images.allSatisfy { $0.range(of: #"^uploads/posts/\d{13}\.(jpg|png)$"#, options: .regularExpression) != nil }, "\(images)")
            #expect(post["hashTags"] as? [String] == ["태그"])
            #expect(post[object: "creator"]["_id"] as? String == session.id)
            // The images, served back with the key and the token, as Mobbie loads them.
            let served = try await http.get("/\(images[0])", headers: session.auth)
            #expect(served.status == 200 && served.body == Self.image("1500 bytes.jpg") && served.contentType == "image/jpeg")
            #expect(try await http.get("/\(images[1])", headers: session.auth).contentType == "image/png")
            #expect(try await http.get("/\(images[0])", headers: Self.key).status == 401, "without the token")
            #expect(try await http.get("/uploads/posts/1.jpg", headers: session.auth).status == 444)
            #expect(try await createPost(http, session, files: Array(repeating: "x.jpg", count: 6)).status == 400)
            #expect(try await createPost(http, session, files: ["notes.txt"]).status == 400)
            #expect(try await createPost(http, session, product: " ").status == 400, "product_id is the one required field")
            let id = try #require(post["_id"] as? String)
            // An edit is the create's multipart form: only the fields given change, file parts replace the images, and
            // the create's limits hold.
            func edit(_ fields: [(String, String)], files: [String]) async throws -> Answer {
                try await http.send(
                    "PUT", "/post/\(id)", body: Self.multipart(fields, files: files),
                    contentType: "multipart/form-data; boundary=b0undary", headers: session.auth)
            }
            let commenters = try await edit([("content2", "맑은 라임, 밝은 라임")], files: [])
            #expect(commenters.status == 200)
            #expect(commenters.object["content2"] as? String == "맑은 라임, 밝은 라임" && commenters.object["content"] as? String == "본문 #태그")
            #expect(commenters.object["image"] as? [String] == images, "no file part keeps the images")
            let edited = try await edit([("title", "제목이 생김")], files: ["c.gif"])
            #expect(edited.object["title"] as? String == "제목이 생김")
            let newImages = edited.object["image"] as? [String] ?? []
            #expect(newImages.count == 1 && newImages.first?.hasSuffix(".gif") == true, "\(newImages)")
            #expect(try await edit([], files: Array(repeating: "x.jpg", count: 6)).status == 400)
            #expect(try await edit([], files: ["notes.txt"]).status == 400)
            #expect(try await edit([("product_id", " ")], files: []).status == 400)
            #expect(try await http.send("PUT", "/post/\(id)", headers: session.auth).object["title"] as? String == "제목이 생김", "no body")
            let json = try await http.send(
                "PUT", "/post/\(id)", body: Data(#"{"content":"x"}"#.utf8), contentType: "application/json", headers: session.auth)
            #expect(json.status == 400, "an edit is multipart")
            let comment = try await http.send(
                "POST", "/post/\(id)/comment", body: Data(#"{"content":"첫 댓글"}"#.utf8), contentType: "application/json",
                headers: session.auth)
            #expect(comment.status == 200)
            let commentID = try #require(comment.object["_id"] as? String)
            #expect(Self.isID(commentID) && comment.object["content"] as? String == "첫 댓글")
            // Like is a toggle; a body is not read (no app sends one).
            func like() async throws -> Answer { try await http.send("POST", "/post/like/\(id)", headers: session.auth) }
            #expect(try await like().object["like_status"] as? Bool == true)
            #expect(try await http.get("/post/\(id)", headers: session.auth).object["likes"] as? [String] == [session.id])
            #expect(try await http.get("/post/like/me", headers: session.auth).object[array: "data"].map { $0["_id"] as? String } == [id])
            #expect(try await like().object["like_status"] as? Bool == false)
            #expect(try await http.get("/post/like/me", headers: session.auth).object[array: "data"].isEmpty)
            let withBody = try await http.send(
                "POST", "/post/like/\(id)", body: Data(#"{"like_status":false}"#.utf8), contentType: "application/json",
                headers: session.auth)
            #expect(withBody.object["like_status"] as? Bool == true, "a body does not set the state: the like turns over")
            #expect(try await http.send("POST", "/post/like/\(String(repeating: "a", count: 24))", headers: session.auth).status == 410)
            // The comment: its author deletes it and gets the post's id; another member gets 445.
            let other = try await join(http, "other-writer@sesac.kr")
            #expect(try await http.send("DELETE", "/post/\(id)/comment/\(commentID)", headers: other.auth).status == 445)
            let deleted = try await http.send("DELETE", "/post/\(id)/comment/\(commentID)", headers: session.auth)
            #expect(deleted.status == 200 && deleted.object["postID"] as? String == id && deleted.object.count == 1)
            #expect(try await http.send("DELETE", "/post/\(id)/comment/\(commentID)", headers: session.auth).status == 410)
        }
    }

    @Test("a member's posts and the liked ones page like the feed (next_cursor a string, \"0\" at the end)")
    func userAndLikedPosts() async throws {
        try await lslp { http in
            let session = try await join(http, "pages-of-mine@sesac.kr")
            var ids: [String] = []
            for _ in 0..<3 { ids.append(try #require(try await createPost(http, session).object["_id"] as? String)) }
            let first = try await http.get("/post/user/\(session.id)?limit=2&product_id=apicheck_probe", headers: session.auth).object
            #expect(first[array: "data"].map { $0["_id"] as? String } == [ids[2], ids[1]])
            let cursor = try #require(first["next_cursor"] as? String)
            let second = try await http.get("/post/user/\(session.id)?limit=2&next=\(cursor)", headers: session.auth).object
            #expect(second[array: "data"].map { $0["_id"] as? String } == [ids[0]] && second["next_cursor"] as? String == "0")
            #expect(
                try await http.get("/post/user/\(session.id)?product_id=MobbieFeed", headers: session.auth).object[array: "data"].isEmpty)
            let seeded = try await http.get("/post/user/658f6a8b5e0b1ac0ff000001?limit=100", headers: session.auth).object[array: "data"]
            #expect(seeded.count == 12 && seeded.allSatisfy { $0[object: "creator"]["_id"] as? String == "658f6a8b5e0b1ac0ff000001" })
            for id in [ids[0], ids[2]] { _ = try await http.send("POST", "/post/like/\(id)", headers: session.auth) }
            let liked = try await http.get("/post/like/me?limit=1", headers: session.auth).object
            #expect(liked[array: "data"].map { $0["_id"] as? String } == [ids[2]] && liked["next_cursor"] as? String == ids[2])
            let rest = try await http.get("/post/like/me?limit=1&next=\(ids[2])", headers: session.auth).object
            #expect(rest[array: "data"].map { $0["_id"] as? String } == [ids[0]] && rest["next_cursor"] as? String == "0")
            #expect(try await http.get("/post/like/me?limit=0", headers: session.auth).status == 400)
            #expect(try await http.get("/post/like/me", headers: Self.key).status == 401)
        }
    }

    @Test("drifts: bearer-required, refresh-409-always, token-key-renamed, id-key-renamed")
    func authDrifts() async throws {
        let clock = TestClock()
        try await lslp(drifts: [.lslpBearerRequired], options: .init(clock: clock.read)) { http in
            let session = try await join(http, "bearer@sesac.kr")
            #expect(try await http.get("/post", headers: session.auth).status == 401)
            #expect(
                try await http.get("/post", headers: Self.key.merging(["Authorization": "Bearer " + session.token]) { $1 }).status == 200)
        }
        try await lslp(drifts: [.lslpRefresh409Always], options: .init(accessTTL: 1, clock: clock.read)) { http in
            let session = try await join(http, "always@sesac.kr")
            clock.advance(by: 2)
            #expect(try await http.get("/refresh", headers: session.auth.merging(["Refresh": session.refreshToken]) { $1 }).status == 409)
        }
        try await lslp(drifts: [.lslpTokenKeyRenamed, .lslpIDKeyRenamed]) { http in
            #expect(
                try await http.send(
                    "POST", "/join", body: Data(#"{"email":"r@sesac.kr","password":"p","nick":"n"}"#.utf8), contentType: "application/json",
                    headers: Self.key
                ).object["id"] is String)
            let login = try await http.send(
                "POST", "/login", body: Data(#"{"email":"r@sesac.kr","password":"p"}"#.utf8), contentType: "application/json",
                headers: Self.key
            ).object
            #expect(Set(login.keys) == ["id", "accessToken", "refreshToken"])
            let token = try #require(login["accessToken"] as? String)
            let post =
                try await http.get("/post?limit=1", headers: Self.key.merging(["Authorization": token]) { $1 }).object[array: "data"].first
                ?? [:]
            #expect(post["id"] is String && post["_id"] == nil && post[object: "creator"]["id"] is String)
        }
    }

    @Test("drifts: like-status-string, 419-as-401, next-cursor-int")
    func dataDrifts() async throws {
        let clock = TestClock()
        try await lslp(drifts: [.lslpLikeStatusString, .lslp419As401, .lslpNextCursorInt], options: .init(accessTTL: 1, clock: clock.read))
        { http in
            let session = try await join(http, "drift@sesac.kr")
            let page = try await http.get("/post?limit=20&product_id=MobbieFeed", headers: session.auth).object
            #expect(page["next_cursor"] as? Int == 20)
            let last = try await http.get("/post?limit=20&product_id=MobbieFeed&next=20", headers: session.auth).object
            #expect(last[array: "data"].count == 3)
            #expect(last["next_cursor"] as? Int == 0)
            let id = try #require(page[array: "data"].first?["_id"] as? String)
            let liked = try await http.send("POST", "/post/like/\(id)", headers: session.auth)
            #expect(liked.object["like_status"] as? String == "true")
            clock.advance(by: 2)
            let expired = try await http.get("/post", headers: session.auth)
            #expect(expired.status == 401)
            #expect(expired.message == "액세스 토큰이 만료되었습니다.")
        }
    }
}
