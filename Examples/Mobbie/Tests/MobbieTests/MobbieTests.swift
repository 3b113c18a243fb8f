import APICheckTesting
import Foundation
import Mobbie
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The app's own session stack (router, session with its own delegate, interceptor), built from
/// `TestRecording.configuration` instead of `.default`, replaying `recordings/lslp/tests/`. Strict: every recorded
/// interaction, the refresh included, must be requested.
///
/// Re-record against the LSLP replica with short token lifetimes: in apicheck's folder,
/// `swift run apicheck sandbox --api lslp --deterministic --port 8080 --access-ttl 1 --refresh-ttl 3`, then here
/// `APICHECK_RECORD=all APICHECK_BASE_URL=http://127.0.0.1:8080 LSLP_SESAC_KEY=sesacSandboxKey0 swift test`.
/// While recording the tests wait out the tokens; replaying, they do not wait.
@Suite(.recordings(api: "lslp", strict: true))
struct MobbieTests {
    /// The key the app sends: the replica's while recording; any value while replaying (it is `<redacted>` in the files).
    static var sesacKey: String { ProcessInfo.processInfo.environment["LSLP_SESAC_KEY"] ?? "replayed" }

    final class Flag: @unchecked Sendable {
        private let lock = NSLock()
        private var raised = false
        var isRaised: Bool { lock.withLock { raised } }
        func raise() { lock.withLock { raised = true } }
    }

    /// Waits out a token's lifetime on the replica, only while recording (the replayed answers are already expired ones).
    static func waitWhileRecording(seconds: Double) async throws {
        if TestRecording.isRecording { try await Task.sleep(for: .seconds(seconds)) }
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

    /// A small JPEG-looking file (SOI, a comment of `seed`, EOI): the replica stores what it is sent.
    static func jpeg(_ seed: String) -> Data {
        Data([0xFF, 0xD8, 0xFF, 0xFE, 0x00, UInt8(2 + seed.utf8.count)] + Array(seed.utf8) + [0xFF, 0xD9])
    }

    @Test(.replaying("post-with-images"))
    func postWithImages() async throws {
        let api = MobbieAPI(configuration: TestRecording.configuration, sesacKey: Self.sesacKey, eventMonitors: [UploadBodiesMonitor()])
        try await api.join(email: "mobbie-post@apicheck.dev", password: "Mobbie-Pass-1!", nick: "모비")
        try await api.login(email: "mobbie-post@apicheck.dev", password: "Mobbie-Pass-1!")
        // The share button: text and two photos in one multipart upload task, through the interceptor (SesacKey, token).
        let post = try await api.createPost(
            title: "한강 산책", content: "오늘의 산책 #모비", productID: "mobbie_post",
            images: [(fileName: "walk-1.jpg", jpeg: Self.jpeg("walk-1")), (fileName: "walk-2.jpg", jpeg: Self.jpeg("walk-2"))])
        #expect(post.title == "한강 산책")
        #expect(post.image?.count == 2)
        #expect(post.image?.allSatisfy { $0.hasPrefix("uploads/posts/") } == true, "\(post.image ?? [])")
        let page = try await api.posts()
        #expect(page.data.first?.id == post.id)
    }

    @Test(.replaying("refresh-then-retry"))
    func expiredAccessTokenIsRefreshedOnceAndRetried() async throws {
        let loggedOut = Flag()
        let api = MobbieAPI(configuration: TestRecording.configuration, sesacKey: Self.sesacKey) { loggedOut.raise() }
        try await api.join(email: "mobbie-refresh@apicheck.dev", password: "Mobbie-Pass-1!", nick: "모비")
        try await api.login(email: "mobbie-refresh@apicheck.dev", password: "Mobbie-Pass-1!")
        let first = try await api.posts()
        try await Self.waitWhileRecording(seconds: 1.5)
        // 419: the interceptor refreshes once, then the same request goes again and succeeds.
        let again = try await api.posts()
        #expect(again.data.map(\.id) == first.data.map(\.id))
        #expect(api.interceptor.refreshCount == 1)
        #expect(api.tokens.isLoggedIn)
        #expect(!loggedOut.isRaised)
    }

    @Test(.replaying("logout-on-418"))
    func expiredRefreshTokenLogsOut() async throws {
        let loggedOut = Flag()
        let api = MobbieAPI(configuration: TestRecording.configuration, sesacKey: Self.sesacKey) { loggedOut.raise() }
        try await api.join(email: "mobbie-logout@apicheck.dev", password: "Mobbie-Pass-1!", nick: "모비")
        try await api.login(email: "mobbie-logout@apicheck.dev", password: "Mobbie-Pass-1!")
        try await Self.waitWhileRecording(seconds: 3.5)
        // 419, then the refresh answers 418: the app logs out and the caller gets sessionExpired.
        await #expect {
            _ = try await api.posts()
        } throws: { error in
            if case APIError.sessionExpired = error { return true }
            return false
        }
        #expect(loggedOut.isRaised)
        #expect(!api.tokens.isLoggedIn)
        #expect(api.interceptor.refreshCount == 0)
    }
}
