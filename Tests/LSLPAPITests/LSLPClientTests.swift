import Foundation
import LSLPAPI
import Sandbox
import TestSupport
import Testing

/// LSLPClient against the replica: accounts, posts, comments, likes, paging, and the token pipeline
/// (419: one refresh and one retry, shared by concurrent requests; 418: log in again).
@Suite("LSLPClient", timeLimit(minutes: 5))
struct LSLPClientTests {
    static let password = "pw-Probe-1!"

    func signIn(_ client: LSLPClient, _ email: String) async throws -> String {
        try await client.join(email: email, password: Self.password, nick: "테스터")
        return try await client.login(email: email, password: Self.password)
    }

    @Test("join, validate, login, then a post's whole life as Mobbie lives it: no title, like as a toggle, comment and its delete")
    func postLifecycle() async throws {
        try await withLSLP { client, sandbox in
            #expect(try await client.validate(email: "life@sesac.kr") == "사용 가능한 이메일입니다.")
            try await client.join(email: "life@sesac.kr", password: Self.password, nick: UUID().uuidString, phoneNumber: "010-1234-5678")
            let userID = try await client.login(email: "life@sesac.kr", password: Self.password)
            #expect(await lslpError { _ = try await client.validate(email: "life@sesac.kr") }?.reason == .conflict)
            let jpeg = Data([0xFF, 0xD8, 0xFF, 0xFE, 0x00, 0x04, 0x61, 0x62, 0xFF, 0xD9])
            let image = ImageFile(filename: "1500 bytes.jpg", mimeType: "image/jpg", data: jpeg)
            // Mobbie's post: no title, the nickname of the day in content1, the first photo's ratio in content3.
            let draft = PostDraft(
                productID: "MobbieFeed", content: "본문 #swift", extraContents: ["다정한 코알라", nil, "0.75"], files: [image, image])
            let post = try await client.createPost(draft)
            #expect(post.title == nil && post.productID == "MobbieFeed" && post.content == "본문 #swift")
            #expect(post.creator.id == userID && post.images.count == 2 && post.hashTags == ["swift"])
            #expect(post.extraContents == ["다정한 코알라", nil, "0.75", nil, nil])
            #expect(abs(post.time.timeIntervalSinceNow) < 60, "a UTC millisecond time read as an instant")
            #expect(try await client.image(at: post.images[0]) == jpeg, "the replica serves the bytes it was sent")
            let textOnly = try await client.createPost(PostDraft(productID: "MobbieFeed", content: "글만", extraContents: ["다정한 코알라"]))
            #expect(textOnly.images.isEmpty)
            let comment = try await client.comment(on: post.id, "댓글 👍")
            #expect(comment.creator.id == userID)
            // Mobbie's edit after a comment: content2 alone; the rest stays.
            let updated = try await client.updatePost(id: post.id, PostUpdate(extraContents: [2: "다정한 코알라"]))
            #expect(updated.extraContents.prefix(3) == ["다정한 코알라", "다정한 코알라", "0.75"] && updated.images == post.images)
            let photo = ImageFile(filename: "new.png", mimeType: "image/png", data: Data([0x89, 0x50, 0x4E, 0x47]))
            let replaced = try await client.updatePost(id: post.id, PostUpdate(files: [photo]))
            #expect(replaced.images.count == 1 && replaced.images != post.images && replaced.content == "본문 #swift")
            #expect(try await client.toggleLike(postID: post.id))
            #expect(try await client.post(id: post.id).isLiked(by: userID))
            #expect(try await client.likedPosts().posts.map(\.id) == [post.id])
            #expect(try await client.userPosts(userID, limit: 20, productID: "MobbieFeed").posts.map(\.id) == [textOnly.id, post.id])
            #expect(try await client.toggleLike(postID: post.id) == false)
            #expect(try await client.likedPosts().posts.isEmpty)
            #expect(try await client.deleteComment(comment.id, on: post.id) == post.id)
            #expect(try await client.post(id: post.id).comments.isEmpty)
            try await client.deletePost(id: post.id)
            let gone = await lslpError { _ = try await client.post(id: post.id) }
            #expect(gone?.kind == .api && gone?.reason == .postNotFound && gone?.message == "게시글을 찾을 수 없습니다.")
            let account = try await client.withdraw()
            #expect(account.id == userID)
            #expect(await client.tokens.credentials == nil)
            #expect(await lslpError { _ = try await client.posts() }?.kind == .notLoggedIn)
            #expect(!journal(sandbox).contains("GET /refresh"))
            let like = try #require(sandbox.receivedRequests().first { $0.path.hasPrefix("/post/like/") && $0.method == "POST" })
            #expect(like.body.isEmpty && like.header("Content-Type") == nil, "like is sent without a body")
        }
    }

    @Test("the seeded feed as every app on the server wrote it: Mobbie's posts without a title, others' without content or product id")
    func feedOfEveryApp() async throws {
        try await withLSLP { client, _ in
            _ = try await signIn(client, "every@sesac.kr")
            let all = try await client.allPosts(limit: 50)
            let mobbie = all.filter { $0.productID == "MobbieFeed" }
            #expect(mobbie.count == 23 && mobbie.allSatisfy { $0.title == nil && $0.content != nil && $0.extraContents[0] != nil })
            #expect(mobbie.allSatisfy { ($0.extraContents[2] != nil) == !$0.images.isEmpty }, "content3, the ratio, only with images")
            #expect(all.contains { $0.content == nil } && all.contains { $0.productID == nil } && all.contains { $0.title != nil })
            let profile = try #require(all.compactMap(\.creator.profile).first)
            #expect(try await client.image(at: profile).starts(with: [0x89, 0x50, 0x4E, 0x47]))
            let missing = await lslpError { _ = try await client.image(at: "uploads/posts/0.jpg") }
            #expect(missing?.reason == .abnormalURL)
            #expect(await lslpError { _ = try await client.image(at: "../join") }?.kind == .invalidRequest)
        }
    }

    @Test("a comment is deleted by its author only (445), and one the post does not have is 410")
    func commentDeletion() async throws {
        try await withLSLP { client, sandbox in
            _ = try await signIn(client, "author@sesac.kr")
            let post = try await client.createPost(PostDraft(productID: "MobbieFeed", content: "글"))
            let comment = try await client.comment(on: post.id, "내 댓글")
            let other = LSLPClient(session: client.session, baseURL: sandbox.baseURL, sesacKey: sandboxSesacKey)
            _ = try await signIn(other, "other@sesac.kr")
            #expect(await lslpError { try await other.deleteComment(comment.id, on: post.id) }?.reason == .notOwner)
            #expect(
                await lslpError { try await client.deleteComment(String(repeating: "0", count: 24), on: post.id) }?.reason == .postNotFound)
            #expect(try await client.deleteComment(comment.id, on: post.id) == post.id)
        }
    }

    @Test("requests the server would refuse are refused before sending: email form, blank product id, six files, limit 0")
    func checkedBeforeSending() async throws {
        try await withLSLP { client, sandbox in
            for email in ["plain", "a@b", "a b@c.kr", "@sesac.kr", "a@b.c"] {
                #expect(
                    await lslpError { try await client.join(email: email, password: "p", nick: "n") }?.kind == .invalidRequest, "\(email)")
            }
            #expect(EmailAddress.isValid("first.last+tag@mail.sesac.kr"))
            _ = try await signIn(client, "checks@sesac.kr")
            let before = journal(sandbox).count
            let file = ImageFile(filename: "x.png", mimeType: "image/png", data: Data([1]))
            #expect(await lslpError { _ = try await client.createPost(PostDraft(productID: "  ", content: "c")) }?.kind == .invalidRequest)
            #expect(
                await lslpError {
                    _ = try await client.createPost(PostDraft(productID: "p", files: Array(repeating: file, count: 6)))
                }?.kind == .invalidRequest)
            #expect(
                await lslpError {
                    _ = try await client.updatePost(id: String(repeating: "a", count: 24), PostUpdate(extraContents: [6: "x"]))
                }?.kind == .invalidRequest)
            #expect(await lslpError { _ = try await client.posts(limit: 0) }?.kind == .invalidRequest)
            #expect(journal(sandbox).count == before, "nothing was sent")
        }
    }

    @Test("the feed page by page as Mobbie reads it: every seeded post once, newest first, and the cursor ends at \"0\"")
    func paging() async throws {
        try await withLSLP { client, sandbox in
            _ = try await signIn(client, "pages@sesac.kr")
            let first = try await client.posts(limit: 20, productID: "MobbieFeed")
            #expect(first.posts.count == 20 && first.nextCursor == first.posts.last?.id)
            let all = try await client.allPosts(limit: 10, productID: "MobbieFeed")
            #expect(all.count == 23 && Set(all.map(\.id)).count == 23)
            #expect(all.map(\.time) == all.map(\.time).sorted(by: >))
            #expect(journal(sandbox).filter { $0 == "GET /post" }.count == 4)
            let year = all.first { abs($0.time.timeIntervalSince1970 - 1_704_067_199.999) < 0.000_5 }
            #expect(year != nil, "2023-12-31T23:59:59.999Z is the instant it says")
        }
    }

    @Test("419: the client refreshes once and sends the request again once; the new token is kept")
    func refreshAndRetry() async throws {
        let clock = TestClock()
        try await withLSLP(options: .init(accessTTL: 5, refreshTTL: 60, clock: clock.read)) { client, sandbox in
            _ = try await signIn(client, "refresh@sesac.kr")
            let before = try #require(await client.tokens.credentials)
            clock.advance(by: 6)
            let page = try await client.posts(limit: 1)
            #expect(page.posts.count == 1)
            #expect(Array(journal(sandbox).suffix(3)) == ["GET /post", "GET /refresh", "GET /post"])
            let requests = sandbox.receivedRequests()
            let refresh = try #require(requests.last { $0.path == "/refresh" })
            #expect(refresh.header("Authorization") == before.accessToken, "the expired token goes with the refresh")
            #expect(refresh.header("Refresh") == before.refreshToken)
            let after = try #require(await client.tokens.credentials)
            #expect(after.accessToken != before.accessToken && after.refreshToken == before.refreshToken)
            #expect(requests.last?.header("Authorization") == after.accessToken, "the retry carries the new token, raw")
            #expect(await client.tokens.refreshes == 1)
        }
    }

    @Test("several requests that meet 419 together share one refresh")
    func oneRefreshForAll() async throws {
        let clock = TestClock()
        try await withLSLP(options: .init(accessTTL: 5, refreshTTL: 60, clock: clock.read)) { client, sandbox in
            _ = try await signIn(client, "many@sesac.kr")
            clock.advance(by: 6)
            let counts = try await withThrowingTaskGroup(of: Int.self) { group in
                for _ in 0..<8 { group.addTask { try await client.posts(limit: 2).posts.count } }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(counts == Array(repeating: 2, count: 8))
            #expect(journal(sandbox).filter { $0 == "GET /refresh" }.count == 1)
            #expect(await client.tokens.refreshes == 1)
        }
    }

    @Test("418: the refresh token expired, the session ends with 'log in again', and a new login works")
    func loginRequired() async throws {
        let clock = TestClock()
        try await withLSLP(options: .init(accessTTL: 5, refreshTTL: 10, clock: clock.read)) { client, sandbox in
            _ = try await signIn(client, "over@sesac.kr")
            clock.advance(by: 11)
            let error = await lslpError { _ = try await client.posts() }
            #expect(error?.kind == .loginRequired && error?.status == 418)
            #expect(error?.message == "리프레시 토큰이 만료되었습니다. 다시 로그인 해주세요.")
            #expect(await client.tokens.credentials == nil)
            #expect(Array(journal(sandbox).suffix(2)) == ["GET /post", "GET /refresh"], "no retry after 418")
            try await client.login(email: "over@sesac.kr", password: Self.password)
            #expect(try await client.posts(limit: 1).posts.count == 1)
        }
    }

    @Test("a server that drifted: bearer-required is 401, like-status-string and next-cursor-int fail to decode at their key")
    func drifts() async throws {
        try await withLSLP(drifts: [.lslpBearerRequired]) { client, _ in
            _ = try await signIn(client, "bearer@sesac.kr")
            #expect(await lslpError { _ = try await client.posts() }?.reason == .unauthorized)
        }
        try await withLSLP(drifts: [.lslpLikeStatusString, .lslpNextCursorInt]) { client, _ in
            _ = try await signIn(client, "drift@sesac.kr")
            let page = await lslpError { _ = try await client.posts(limit: 1) }
            #expect(page?.kind == .decoding && page?.keyPath == "/next_cursor")
        }
    }

    @Test(
        "every status of the table is a typed error with the server's message, secrets redacted",
        arguments: [400, 401, 403, 409, 410, 420, 429, 444, 445, 500])
    func statusTable(_ status: Int) async throws {
        let client = try LSLPStub.client(String(status))
        let error = try #require(await lslpError { _ = try await client.posts() })
        #expect(error.kind == .api && error.reason == LSLPAPIError.Reason(status: status) && error.reason?.isKnown == true)
        #expect(error.message?.hasPrefix("서버 메시지 \(status)") == true)
        #expect(!error.description.contains(LSLPStub.key) && !error.description.contains("stub-access"), "\(error)")
    }

    @Test("419 twice: refreshed once, retried once, then the 419 is the error; 418 and an odd status stay typed")
    func expiredAgain() async throws {
        let error = try #require(await lslpError { _ = try await LSLPStub.client("419").posts() })
        #expect(error.kind == .api && error.reason == .accessTokenExpired)
        #expect(error.message?.contains("eyJ.refreshed.sig") == false, "the retry's token is redacted too: \(error)")
        let gateway = try #require(await lslpError { _ = try await LSLPStub.client("plain").posts() })
        #expect(gateway.kind == .unexpectedStatus && gateway.status == 502 && !gateway.description.contains(LSLPStub.key))
        let teapot = try #require(await lslpError { _ = try await LSLPStub.client("418").posts() })
        #expect(teapot.kind == .api && teapot.reason == .refreshTokenExpired)
    }

    @Test("the SesacKey and the tokens never show: printing, dumping and mirroring say <redacted>")
    func secretsNeverShow() throws {
        let key = try LSLPSesacKey("super-secret-key")
        let credentials = Credentials(userID: "u", accessToken: "eyJ.secret.access", refreshToken: "eyJ.secret.refresh")
        var dumped = ""
        dump(key, to: &dumped)
        dump(credentials, to: &dumped)
        let shown = "\(key) \(credentials) \(String(reflecting: key)) \(String(reflecting: credentials)) \(dumped)"
        #expect(!shown.contains("super-secret") && !shown.contains("eyJ.secret"), "\(shown)")
        #expect(Mirror(reflecting: credentials).children.isEmpty)
        #expect(throws: LSLPAPIError.self) { try LSLPSesacKey.fromEnvironment([:]) }
        #expect((try? LSLPSesacKey.fromEnvironment(["LSLP_SESAC_KEY": "k1"]))?.value == "k1")
    }
}
