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
        let image = ImageFile(filename: "poster.jpg", mimeType: "image/jpeg", data: Data([0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10, 0xFF, 0xD9]))
        let post = try await client.createPost(
            PostDraft(title: "기록된 글", content: "replayed #apicheck", productID: "apicheck_probe", files: [image]))
        #expect(post.images.count == 1 && post.hashTags == ["apicheck"] && post.creator.id == userID)
        let comment = try await client.comment(on: post.id, "첫 댓글")
        #expect(comment.content == "첫 댓글")
        #expect(try await client.setLike(true, postID: post.id))
        // The access token expires: the next call meets 419, refreshes once and is sent again.
        LSLPRecordings.clock.advance(by: LSLPRecordings.accessTTL + 1)
        let read = try await client.post(id: post.id)
        #expect(read.likes == [userID] && read.comments.map(\.content) == ["첫 댓글"])
        #expect(await client.tokens.refreshes == 1)
        try await client.deletePost(id: post.id)
        #expect(try await client.withdraw().id == userID)
    }

    @Test(.replaying("feed-pages"))
    func feedPages() async throws {
        let client = client()
        try await client.join(email: "reader@sesac.kr", password: Self.password, nick: "reader")
        try await client.login(email: "reader@sesac.kr", password: Self.password)
        let posts = try await client.allPosts(limit: 10, productID: "mobbie_feed")
        #expect(posts.count == 23)
        #expect(posts.contains { $0.extraContents.compactMap { $0 }.count == 2 } && posts.contains { $0.creator.profile == nil })
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
        let seeded = try #require(try await client.posts(limit: 1, productID: "mobbie_feed").posts.first)
        let notOwner = await lslpError { try await client.deletePost(id: seeded.id) }
        #expect(notOwner?.reason == .notOwner && notOwner?.message == "게시글 작성자만 수정하거나 삭제할 수 있습니다.")
        #expect(await lslpError { _ = try await client.post(id: String(repeating: "0", count: 24)) }?.reason == .postNotFound)
        let stranger = LSLPClient(
            session: TestRecording.session, baseURL: TestRecording.baseURL, sesacKey: try LSLPSesacKey("not-the-course-key"),
            tokens: client.tokens)
        #expect(await lslpError { _ = try await stranger.posts(limit: 1) }?.reason == .invalidSesacKey)
        try await client.withdraw()
    }
}

/// The ``LSLPAPIError`` `body` throws, or nil when it throws nothing or something else.
func lslpError(_ body: () async throws -> Void) async -> LSLPAPIError? {
    await thrownError(LSLPAPIError.self, body)
}
