import APICheckTesting
import Foundation
import KakaoAPI
import Sandbox

/// Records from a fresh deterministic Kakao replica per test, so re-recording gives the same bytes.
struct KakaoRecordingServer: RecordingServer {
    let recordedFrom = "sandbox"
    var options = KakaoSandboxOptions()

    func start() async throws -> RunningRecordingServer {
        let sandbox = try await SandboxServer.start(SandboxConfiguration(apis: [.kakao], deterministic: true, kakao: options))
        return RunningRecordingServer(baseURL: sandbox.baseURL) { await sandbox.stop() }
    }
}

/// The Kakao recordings made by the recorded-call suites, for the contract suites' arguments.
enum KakaoRecordings {
    static let files = RecordingsFolder.recordings(api: "kakao", from: #filePath)
    static let names = files.map { $0.deletingPathExtension().lastPathComponent }
    /// The replica's documented key, as the client holds it (not a secret).
    static let key: KakaoAPIKey = {
        do { return try KakaoAPIKey(KakaoSandboxOptions.defaultKey) } catch { fatalError("the default key is well formed: \(error)") }
    }()
}
