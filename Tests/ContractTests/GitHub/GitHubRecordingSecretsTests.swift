import APICheck
import APICheckReplay
import Foundation
import GitHubAPI
import Sandbox
import TestSupport
import Testing

/// Recording a test through the real client with fake secrets: the token, the client secret, the code and
/// the access token the exchange issues never reach the recording file.
@Suite("GitHub test recordings hold no secrets", timeLimit(minutes: 5))
struct GitHubRecordingSecretsTests {
    @Test("the token, client secret, codes and issued access tokens are redacted while recording")
    func recordingHoldsNoSecrets() async throws {
        let token = "gho_FakeTokenForRecording0123456789abcd"
        let secret = "fake-Recording-Client-Secret-91f3"
        let codes = ["fake-Recording-Code-1a2b", "fake-Recording-Code-3c4d", "bad-fake-Recording-Code-5e6f"]
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("apicheck-github-secrets-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("login.json")

        let options = GitHubSandboxOptions(clientSecret: secret, token: token)
        let sandbox = try await SandboxServer.start(SandboxConfiguration(apis: [.github], requestJournalLimit: 50, github: options))
        let oauthURL = GitHubRecordingServer.oauthURL(for: sandbox)
        let replay = try ReplaySession(
            ReplayConfiguration(
                api: "github", name: "login", recordingURL: file, mode: .all, liveBaseURL: sandbox.baseURL,
                otherBaseURLs: ["oauth": oauthURL], recordedFrom: "sandbox"
            ))
        let client = GitHubClient(session: replay.session, baseURL: sandbox.baseURL, oauthBaseURL: oauthURL, token: token)
        _ = try await client.events(of: try RepositoryName("apple/swift"), perPage: 1)
        let issued = try await client.exchangeCode(codes[0], clientID: GitHubSandboxOptions.defaultClientID, clientSecret: secret)
        let issuedForm = try await client.exchangeCode(
            codes[1], clientID: GitHubSandboxOptions.defaultClientID, clientSecret: secret, answerForm: .form)
        await #expect(throws: GitHubAPIError.self) {
            _ = try await client.exchangeCode(codes[2], clientID: GitHubSandboxOptions.defaultClientID, clientSecret: secret)
        }
        let withIssued = GitHubClient(session: replay.session, baseURL: sandbox.baseURL, oauthBaseURL: oauthURL, token: issued.accessToken)
        _ = try await withIssued.events(of: try RepositoryName("apple/swift"), perPage: 1)
        #expect(replay.finish().isEmpty)
        let received = sandbox.receivedRequests()
        await sandbox.stop()

        // The secrets really went out, so their absence from the file means something.
        #expect(received.contains { $0.header("Authorization") == "Bearer \(token)" })
        #expect(received.contains { $0.header("Authorization") == "Bearer \(issued.accessToken)" })
        #expect(received.contains { String(decoding: $0.body, as: UTF8.self).contains("client_secret=\(secret)") })
        let text = try String(contentsOf: file, encoding: .utf8)
        #expect(text.contains(#""base": "oauth""#))
        for value in [token, secret, issued.accessToken, issuedForm.accessToken, "gho_"] + codes {
            #expect(!text.contains(value), "the recording holds \(value)")
        }
    }
}
