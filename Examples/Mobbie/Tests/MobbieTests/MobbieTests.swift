import APICheckReplay
import APICheckTesting
import Foundation
import Mobbie
import Sandbox
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Mobbie's flows through the app's own networking (a Moya-style router on an Alamofire-style session with its own
/// delegate and interceptor, Kingfisher-style image loading), on sessions built from `TestRecording.configuration`
/// instead of `.default`, replaying `recordings/lslp/tests/`. Strict: every recorded interaction must be requested.
///
/// Re-record with `APICHECK_RECORD=all swift test` here: each test records from a fresh deterministic LSLP replica
/// started in this process (``Replica``), whose clock the tests move to expire tokens; nothing leaves the machine.
@Suite(.recordings(api: "lslp", server: Replica(), strict: true), .serialized)
struct MobbieTests {
    /// The replica's documented key while recording; in replay it is `<redacted>` in the files and any value matches.
    static let sesacKey = LSLPSandboxOptions.defaultSesacKey
    static let password = "Mobbie-Pass-1!"

    final class Flag: @unchecked Sendable {
        private let lock = NSLock()
        private var raised = false
        var isRaised: Bool { lock.withLock { raised } }
        func raise() { lock.withLock { raised = true } }
    }

    /// Hands each upload task's body to apicheck: the one line an app's tests add to the session they build (Alamofire's
    /// `EventMonitor`), since `URLSession` never gives an upload task's body to a `URLProtocol`.
    struct UploadBodiesMonitor: EventMonitor {
        func request(_ request: Request, didCreateTask task: URLSessionTask) {
            guard let upload = request as? UploadRequest, let uploadable = upload.uploadable else { return }
            switch uploadable {
            case .data(let data): TestRecording.registerUpload(data, for: task)
            case .file(let url, _): TestRecording.registerUpload(fileAt: url, for: task)
            case .stream: break
            }
        }
    }

    /// The app's networking on sessions from `TestRecording.configuration`, signed up and logged in as `email`.
    static func signedIn(_ email: String, nickname: String = "다정한 코알라", onLogout: @escaping @Sendable () -> Void = {}) async throws
        -> (api: MoyaAPIManager, images: ImageDownloader)
    {
        let tokens = TokenStore(nickname: nickname)
        let api = MoyaAPIManager(
            configuration: TestRecording.configuration, sesacKey: sesacKey, tokens: tokens, eventMonitors: [UploadBodiesMonitor()],
            onLogout: onLogout)
        // The join screen: the email checked, then the account (nick a UUID, the phone number formatted).
        _ = try await api.fetch(.emailValidation(ValidationData(email: email)), type: ValidationResponse.self)
        let joined = try await api.fetch(
            .signUp(SignUpData(email: email, password: password, phoneNum: "010-1234-5678", nick: "5F0E3C1A-7D2B-4E8F-9A61-0C4B7D2E8F13")),
            type: JoinResponse.self)
        #expect(joined.email == email)
        try await api.login(email: email, password: password)
        return (api, ImageDownloader(configuration: TestRecording.configuration, sesacKey: sesacKey, tokens: tokens))
    }

    /// A small JPEG (SOI, a comment of `seed`, EOI): the replica keeps and serves back what it is sent.
    static func jpeg(_ seed: String) -> Data {
        Data([0xFF, 0xD8, 0xFF, 0xFE, 0x00, UInt8(2 + seed.utf8.count)] + Array(seed.utf8) + [0xFF, 0xD9])
    }

    @Test(.replaying("feed"))
    func feedImagesAndLikes() async throws {
        let (api, images) = try await Self.signedIn("mobbie-feed@apicheck.dev")
        // The feed: MobbieFeed, 20 a page, until next_cursor is "0". No post has a title; content1 is a nickname.
        let first = try await api.fetch(.fetchPost(nextCursor: ""), type: PostResponse.self)
        let second = try await api.fetch(.fetchPost(nextCursor: first.nextCursor), type: PostResponse.self)
        #expect(first.data.count == 20 && second.data.count == 3 && second.nextCursor == "0")
        let feed = first.data + second.data
        #expect(feed.allSatisfy { $0.productID == "MobbieFeed" && $0.nickname != nil && $0.content != nil })
        // The photos of the first post that has some, as the feed cell loads them.
        let photographed = try #require(feed.first { !$0.image.isEmpty })
        #expect(photographed.ratio != nil)
        for path in photographed.image { #expect(try await images.fetchImage(imageURL: path).starts(with: [0xFF, 0xD8])) }
        // Like is a toggle without a body: liked, in the liked posts, then unliked.
        let post = feed[1]
        #expect(try await api.fetch(.liked(postID: post._id), type: LikedResponse.self).isSuccess)
        let liked = try await api.fetch(.fetchPostUserLiked, type: PostResponse.self)
        #expect(liked.data.map(\._id) == [post._id] && liked.nextCursor == "0")
        #expect(try await api.fetch(.liked(postID: post._id), type: LikedResponse.self).isSuccess == false)
        #expect(try await api.fetch(.fetchPostUserLiked, type: PostResponse.self).data.isEmpty)
    }

    @Test(.replaying("post-with-images"))
    func postWithImages() async throws {
        let (api, images) = try await Self.signedIn("mobbie-post@apicheck.dev")
        // The share button with two photos: no title, the nickname of the day, the files as one multipart upload task.
        let photos = [Self.jpeg("walk-1"), Self.jpeg("walk-2")]
        let model = PostModel(content: "오늘의 산책 #모비", nickname: api.tokens.nickname, files: photos, ratio: "0.75")
        let post = try await api.fetch(.writePost(model), type: Post.self)
        #expect(post.nickname == "다정한 코알라" && post.ratio == "0.75" && post.hashTags == ["모비"])
        #expect(post.image.count == 2 && post.image.allSatisfy { $0.hasPrefix("uploads/posts/") }, "\(post.image)")
        #expect(try await images.fetchImage(imageURL: post.image[1]) == photos[1])
        // The profile's posts: this member's, newest first.
        let mine = try await api.fetch(.fetchMyPosts(userID: api.tokens.userID, cursor: ""), type: PostResponse.self)
        #expect(mine.data.map(\._id) == [post._id])
        #expect(try await api.fetch(.deletePost(postID: post._id), type: DeletePostResponse.self)._id == post._id)
    }

    @Test(.replaying("post-and-comments"))
    func postAndComments() async throws {
        let (api, _) = try await Self.signedIn("mobbie-comment@apicheck.dev", nickname: "맑은 라임")
        // Text only: no file parts and no content3.
        let post = try await api.fetch(.writePost(PostModel(content: "글만 올려요", nickname: api.tokens.nickname)), type: Post.self)
        #expect(post.image.isEmpty && post.ratio == nil)
        // A comment on the member's own post: the edit that lists the commenters' nicknames (content2) goes through.
        let (comment, edited) = try await api.writeComment(on: post, "첫 댓글 👍")
        #expect(edited?.commentNicknames == ["맑은 라임"])
        // On another member's post the edit is 445: the app keeps the comment and drops the nickname.
        let feed = try await api.fetch(.fetchPost(nextCursor: ""), type: PostResponse.self).data
        let seeded = try #require(feed.first { $0.creator._id != api.tokens.userID })
        let (other, notEdited) = try await api.writeComment(on: seeded, "잘 보고 가요")
        #expect(notEdited == nil)
        // The comment's delete answers the post's id, which the screen reads again.
        let reloaded = try await api.deleteComment(comment._id, on: post._id)
        #expect(reloaded.comments.isEmpty)
        #expect(try await api.deleteComment(other._id, on: seeded._id).comments.allSatisfy { $0._id != other._id })
        _ = try await api.fetch(.deletePost(postID: post._id), type: DeletePostResponse.self)
        #expect(try await api.fetch(.withdraw, type: WithdrawResponse.self)._id == api.tokens.userID)
    }

    @Test(.replaying("refresh-then-retry"))
    func expiredAccessTokenIsRefreshedOnceAndRetried() async throws {
        let loggedOut = Flag()
        let (api, _) = try await Self.signedIn("mobbie-refresh@apicheck.dev") { loggedOut.raise() }
        let first = try await api.fetch(.fetchPost(nextCursor: ""), type: PostResponse.self)
        if TestRecording.isRecording { Replica.clock.advance(by: LSLPSandboxOptions.defaultAccessTTL + 1) }
        // 419: the interceptor refreshes once, then the same request goes again, with the new token, and succeeds.
        let again = try await api.fetch(.fetchPost(nextCursor: ""), type: PostResponse.self)
        #expect(again.data.map(\._id) == first.data.map(\._id))
        #expect(api.interceptor.refreshCount == 1)
        #expect(api.tokens.isLoggedIn && !loggedOut.isRaised)
    }

    @Test(.replaying("logout-on-418"))
    func expiredRefreshTokenLogsOut() async throws {
        let loggedOut = Flag()
        let (api, _) = try await Self.signedIn("mobbie-logout@apicheck.dev") { loggedOut.raise() }
        if TestRecording.isRecording { Replica.clock.advance(by: LSLPSandboxOptions.defaultRefreshTTL + 1) }
        // 419, then the refresh answers 418: the app logs out and the caller gets sessionExpired.
        await #expect {
            _ = try await api.fetch(.fetchPost(nextCursor: ""), type: PostResponse.self)
        } throws: { error in
            if case APIError.sessionExpired = error { return true }
            return false
        }
        #expect(loggedOut.isRaised && !api.tokens.isLoggedIn && api.interceptor.refreshCount == 0)
    }

    /// Mobbie's interceptor as shipped (no `adapt`) retries the 419 with the token the refresh replaced. Against the
    /// server it meets 419 again; replayed from a recording in which every token is redacted, it used to be answered
    /// 200 all the same. The recording numbers each token the server handed out, so replay refuses the retry and says
    /// which answer handed out the token it sent and which the recorded retry sent.
    @Test func staleTokenRetryIsCaught() async throws {
        let recordings = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("recordings/lslp/tests")
        let replay = try ReplaySession(
            ReplayConfiguration(
                api: "lslp", name: "refresh-then-retry", recordingURL: recordings.appendingPathComponent("refresh-then-retry.json"),
                baseURLAliases: ["": [try #require(URL(string: MoyaNetwork.baseURL))]]))
        let api = MoyaAPIManager(configuration: replay.sessionConfiguration, sesacKey: Self.sesacKey, adaptsToken: false)
        _ = try await api.fetch(.emailValidation(ValidationData(email: "mobbie-refresh@apicheck.dev")), type: ValidationResponse.self)
        _ = try await api.fetch(
            .signUp(
                SignUpData(
                    email: "mobbie-refresh@apicheck.dev", password: Self.password, phoneNum: "010-1234-5678",
                    nick: "5F0E3C1A-7D2B-4E8F-9A61-0C4B7D2E8F13")), type: JoinResponse.self)
        try await api.login(email: "mobbie-refresh@apicheck.dev", password: Self.password)
        _ = try await api.fetch(.fetchPost(nextCursor: ""), type: PostResponse.self)
        var failure = ""
        do {
            _ = try await api.fetch(.fetchPost(nextCursor: ""), type: PostResponse.self)
            Issue.record("the retry with the replaced token was answered")
        } catch APIError.transport(let message) {
            failure = message
        }
        #expect(api.interceptor.refreshCount == 1, "the refresh was answered; the retry after it was not")
        #expect(failure.contains("Authorization sends back <redacted#1> (the /token that #2 POST /login answered)"), "\(failure)")
        #expect(failure.contains("sent <redacted#3> (the /token that #5 GET /refresh answered)"), "\(failure)")
        #expect(failure.contains("After a refresh") && failure.contains("the client's bug"), "\(failure)")
        #expect(replay.finish().contains(failure))
    }
}

/// A fresh deterministic LSLP replica per test, in this process, whose clock the tests move forward while recording to
/// meet 419 and 418 without waiting (replaying, the recording holds those answers and moving the clock changes nothing).
struct Replica: RecordingServer {
    let recordedFrom = "sandbox"

    /// The replica's clock: the real one, moved forward by the tests.
    final class Clock: @unchecked Sendable {
        private let lock = NSLock()
        private var offset: TimeInterval = 0
        func read() -> Date { lock.withLock { Date(timeIntervalSinceNow: offset) } }
        func advance(by seconds: TimeInterval) { lock.withLock { offset += seconds } }
    }

    static let clock = Clock()

    func start() async throws -> RunningRecordingServer {
        let options = LSLPSandboxOptions(clock: { Self.clock.read() })
        let sandbox = try await SandboxServer.start(SandboxConfiguration(apis: [.lslp], deterministic: true, lslp: options))
        return RunningRecordingServer(baseURL: sandbox.baseURL) { await sandbox.stop() }
    }
}
