import APICheckTesting
import Foundation
import LSLPAPI
import Sandbox
import TestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What the app does with LSLP, through the real client, replayed from `recordings/lslp/tests/`: every
/// token, refresh token and SesacKey in them is `<redacted>`, and they still replay, the refresh and the
/// retry after a 419 included.
///
/// Re-record with `APICHECK_RECORD=all swift test --filter LSLPRecordedCalls` (a fresh deterministic
/// replica per test, whose token clock the tests move; nothing leaves the machine).
@Suite(.recordings(api: "lslp", server: LSLPRecordingServer(), strict: true), .serialized, timeLimit(minutes: 5))
struct LSLPRecordedCalls {
    static let password = "pw-Recorded-1!"

    func client() -> LSLPClient {
        LSLPClient(session: TestRecording.session, baseURL: TestRecording.baseURL, sesacKey: LSLPRecordings.key)
    }

    @Test(.replaying("session-with-refresh"))
    func sessionWithRefresh() async throws {
        let client = client()
        try await client.join(email: "recorded@sesac.kr", password: Self.password, nick: "기록")
        let userID = try await client.login(email: "recorded@sesac.kr", password: Self.password)
        let jpeg = Data([0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10, 0xFF, 0xD9])
        let image = ImageFile(filename: "1500 bytes.jpg", mimeType: "image/jpg", data: jpeg)
        // Mobbie's post: no title, the nickname of the day in content1, the photo's ratio in content3.
        let post = try await client.createPost(
            PostDraft(productID: "apicheck_probe", content: "replayed #apicheck", extraContents: ["다정한 코알라", nil, "1.0"], files: [image]))
        #expect(post.title == nil && post.images.count == 1 && post.hashTags == ["apicheck"] && post.creator.id == userID)
        #expect(try await client.image(at: post.images[0]) == jpeg)
        let comment = try await client.comment(on: post.id, "첫 댓글")
        #expect(comment.content == "첫 댓글")
        #expect(try await client.updatePost(id: post.id, PostUpdate(extraContents: [2: "다정한 코알라"])).extraContents[1] == "다정한 코알라")
        #expect(try await client.toggleLike(postID: post.id))
        // The access token expires: the next call meets 419, refreshes once and is sent again.
        LSLPRecordings.clock.advance(by: LSLPRecordings.accessTTL + 1)
        let read = try await client.post(id: post.id)
        #expect(read.likes == [userID] && read.comments.map(\.content) == ["첫 댓글"])
        #expect(await client.tokens.refreshes == 1)
        #expect(try await client.likedPosts().posts.map(\.id) == [post.id])
        #expect(try await client.userPosts(userID).posts.map(\.id) == [post.id])
        #expect(try await client.deleteComment(comment.id, on: post.id) == post.id)
        #expect(try await client.toggleLike(postID: post.id) == false)
        try await client.deletePost(id: post.id)
        #expect(try await client.withdraw().id == userID)
    }

    @Test(.replaying("feed-pages"))
    func feedPages() async throws {
        let client = client()
        try await client.join(email: "reader@sesac.kr", password: Self.password, nick: "reader")
        try await client.login(email: "reader@sesac.kr", password: Self.password)
        // Mobbie's feed, 20 at a time: two pages.
        let posts = try await client.allPosts(limit: 20, productID: "MobbieFeed")
        #expect(posts.count == 23 && posts.allSatisfy { $0.title == nil && $0.extraContents[0] != nil })
        // Every app's posts, as Mobbie's feed read them before it filtered: some without content or product_id.
        let everyApp = try await client.posts(limit: 100)
        #expect(
            everyApp.posts.count == 29 && everyApp.posts.contains { $0.content == nil } && everyApp.posts.contains { $0.productID == nil })
        #expect(everyApp.posts.contains { $0.creator.profile == nil })
        let profile = try #require(everyApp.posts.lazy.compactMap(\.creator.profile).first)
        #expect(try await client.image(at: profile).starts(with: [0x89, 0x50, 0x4E, 0x47]), "a profile picture, served back")
        try await client.withdraw()
    }

    @Test(.replaying("login-required"))
    func loginRequired() async throws {
        let client = client()
        try await client.join(email: "expired@sesac.kr", password: Self.password, nick: "expired")
        try await client.login(email: "expired@sesac.kr", password: Self.password)
        LSLPRecordings.clock.advance(by: LSLPRecordings.refreshTTL + 1)
        let error = try #require(await lslpError { _ = try await client.posts(limit: 1) })
        #expect(error.kind == .loginRequired && error.status == 418)
        #expect(await client.tokens.credentials == nil)
        try await client.login(email: "expired@sesac.kr", password: Self.password)
        try await client.withdraw()
    }

    @Test(.replaying("errors"))
    func errors() async throws {
        let client = client()
        try await client.join(email: "owner@sesac.kr", password: Self.password, nick: "owner")
        #expect(
            await lslpError { try await client.join(email: "owner@sesac.kr", password: Self.password, nick: "again") }?.reason == .conflict)
        #expect(await lslpError { try await client.login(email: "owner@sesac.kr", password: "wrong") }?.reason == .unauthorized)
        try await client.login(email: "owner@sesac.kr", password: Self.password)
        let seeded = try #require(try await client.posts(limit: 1, productID: "MobbieFeed").posts.first)
        let notOwner = await lslpError { try await client.deletePost(id: seeded.id) }
        #expect(notOwner?.reason == .notOwner && notOwner?.message == "게시글 작성자만 수정하거나 삭제할 수 있습니다.")
        let nowhere = String(repeating: "0", count: 24)
        #expect(await lslpError { _ = try await client.post(id: nowhere) }?.reason == .postNotFound)
        #expect(await lslpError { _ = try await client.toggleLike(postID: nowhere) }?.reason == .postNotFound)
        #expect(await lslpError { _ = try await client.image(at: "uploads/posts/0.jpg") }?.reason == .abnormalURL)
        // Another member: not the author of the comment (445) nor of the post (445); a comment the post lacks is 410.
        let comment = try await client.comment(on: seeded.id, "남의 글에 댓글")
        let other = LSLPClient(session: TestRecording.session, baseURL: TestRecording.baseURL, sesacKey: LSLPRecordings.key)
        try await other.join(email: "other@sesac.kr", password: Self.password, nick: "other")
        try await other.login(email: "other@sesac.kr", password: Self.password)
        #expect(await lslpError { try await other.deleteComment(comment.id, on: seeded.id) }?.reason == .notOwner)
        #expect(await lslpError { _ = try await other.updatePost(id: seeded.id, PostUpdate(content: "x")) }?.reason == .notOwner)
        #expect(await lslpError { try await client.deleteComment(nowhere, on: seeded.id) }?.reason == .postNotFound)
        try await client.deleteComment(comment.id, on: seeded.id)
        try await other.withdraw()
        let stranger = LSLPClient(
            session: TestRecording.session, baseURL: TestRecording.baseURL, sesacKey: try LSLPSesacKey("not-the-course-key"),
            tokens: client.tokens)
        #expect(await lslpError { _ = try await stranger.posts(limit: 1) }?.reason == .invalidSesacKey)
        #expect(await lslpError { _ = try await stranger.likedPosts() }?.reason == .invalidSesacKey)
        try await client.withdraw()
    }
}

/// The ``LSLPAPIError`` `body` throws, or nil when it throws nothing or something else.
func lslpError(_ body: () async throws -> Void) async -> LSLPAPIError? {
    await thrownError(LSLPAPIError.self, body)
}
