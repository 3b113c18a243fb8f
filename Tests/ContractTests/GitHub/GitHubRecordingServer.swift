import APICheckTesting
import Foundation
import Sandbox

/// Records from a fresh deterministic GitHub replica per test, so re-recording gives the same bytes.
///
/// The replica answers for both bases: the API at `http://127.0.0.1:PORT` and github.com's OAuth at
/// `http://localhost:PORT`, two prefixes, so each recorded request says which base it went to.
struct GitHubRecordingServer: RecordingServer {
    let recordedFrom = "sandbox"
    var options = GitHubSandboxOptions()

    func start() async throws -> RunningRecordingServer {
        let sandbox = try await SandboxServer.start(SandboxConfiguration(apis: [.github], deterministic: true, github: options))
        return RunningRecordingServer(baseURL: sandbox.baseURL, otherBaseURLs: ["oauth": Self.oauthURL(for: sandbox)]) {
            await sandbox.stop()
        }
    }

    /// The replica's address as the OAuth base: the same server under `localhost`, so its prefix differs from the API's.
    static func oauthURL(for sandbox: SandboxServer) -> URL {
        var oauth = URLComponents(url: sandbox.baseURL, resolvingAgainstBaseURL: false)
        oauth?.host = "localhost"
        return oauth?.url ?? sandbox.baseURL
    }
}

/// The GitHub recordings made by the recorded-call suites, for the contract suites' arguments.
enum GitHubRecordings {
    static let files = RecordingsFolder.recordings(api: "github", from: #filePath)
    static let names = files.map { $0.deletingPathExtension().lastPathComponent }
}
