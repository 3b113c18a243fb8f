import APICheckRecording
import APICheckServe
import APICheckServeTesting
import Foundation
import Testing

/// An app written as Mobbie is (Tests/ServeMobbie): its provider's session is built from `.default` inside a private
/// singleton, its images load on a downloader's own `.ephemeral` session, a post with a photo goes up as an upload
/// task. Nothing in it takes a configuration from outside. On Apple platforms the bootstrap line alone reaches both
/// sessions (the configurations carry its protocol class); on Linux, whose Foundation has no such hook, the app's
/// configuration goes through `ReplayBootstrap.routed` (the one line more, in the app's `appConfiguration`).
@Suite("apicheck serve: a Mobbie-shaped app, its sessions in private singletons")
struct MobbieAppTests {
    static let production = "http://lslp.sesac.kr:27812"

    /// LSLP's contract and an apicheck.yml naming the app's production URL, in a temporary folder.
    static func project() throws -> URL {
        try AppServerTests.project(
            api: "lslp", baseURL: production,
            extra: "    auth:\n      - { header: SesacKey, env: LSLP_SESAC_KEY, sandbox: sesacSandboxKey0 }\n")
    }

    @Test("log in, the feed, a post with a photo (an upload task), its detail and its image: recorded from the sandbox, replayed clean")
    func recordedThenReplayed() async throws {
        let folder = try Self.project()
        defer { try? FileManager.default.removeItem(at: folder) }
        let recorder = try await AppServer.start(api: "lslp", mode: .record(session: "post-with-photo", from: .sandbox), folder: folder)
        let recorded = try await ServedAppTests.run("apicheck-serve-mobbie", environment: recorder.launchEnvironment)
        try await recorder.stop()
        #expect(recorded.status == 0, "\(recorded.stdout)\(recorded.stderr)")
        #expect(
            recorded.stdout.split(separator: "\n").map(String.init) == [
                "join 200", "login 200", "feed 200: 5 posts", "post 200: made through apicheck serve #serve with a file",
                "detail 200: [\"serve\"]", "image 200: 1500 bytes",
            ], "\(recorded.stdout)\(recorded.stderr)")
        #expect(recorder.problems().isEmpty, "\(recorder.problems())")
        // Every request reached the server: the singleton's session, the downloader's, the upload with its body.
        let entries = recorder.journal.entries
        #expect(entries.map(\.method) == ["POST", "POST", "GET", "POST", "GET", "GET"])
        #expect(entries.allSatisfy { $0.url.hasPrefix(Self.production + "/") }, "\(entries.map(\.url))")
        let session = try Recording.load(from: try #require(recorder.sessionFile))
        let upload = try #require(session.interactions.first { $0.request.method == "POST" && $0.request.url == "/post" })
        #expect(upload.request.unseenBody == nil)
        guard case .multipart(let parts)? = upload.request.body else {
            Issue.record("the upload's body was not recorded as multipart: \(String(describing: upload.request.body))")
            return
        }
        #expect(parts.map(\.name) == ["product_id", "content", "content1", "file"])
        // Secrets never reach the recording: the key, the token, the password.
        let text = try String(contentsOf: try #require(recorder.sessionFile), encoding: .utf8)
        #expect(!text.contains("sesacSandboxKey0") && !text.contains("Serve-Probe-1!"))

        let player = try await AppServer.start(api: "lslp", recordings: ["sessions/post-with-photo"], folder: folder)
        let replayed = try await ServedAppTests.run("apicheck-serve-mobbie", environment: player.launchEnvironment)
        try await player.stop()
        #expect(replayed.stdout == recorded.stdout, "\(replayed.stdout)\(replayed.stderr)")
        player.expectClean()
        #expect(player.journal.entries.compactMap(\.matched).count == 6)
    }
}
