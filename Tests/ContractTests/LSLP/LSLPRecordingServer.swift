import APICheckTesting
import Foundation
import LSLPAPI
import Sandbox
import TestSupport

/// Records from a fresh deterministic LSLP replica per test, so re-recording gives the same bytes. Its
/// tokens expire by ``LSLPRecordings/clock``, which a test moves forward to meet 419 and 418 while
/// recording (in replay the recording holds those answers, and moving the clock changes nothing).
struct LSLPRecordingServer: RecordingServer {
    let recordedFrom = "sandbox"

    func start() async throws -> RunningRecordingServer {
        let options = LSLPSandboxOptions(
            accessTTL: LSLPRecordings.accessTTL, refreshTTL: LSLPRecordings.refreshTTL, clock: LSLPRecordings.clock.read)
        let sandbox = try await SandboxServer.start(SandboxConfiguration(apis: [.lslp], deterministic: true, lslp: options))
        return RunningRecordingServer(baseURL: sandbox.baseURL) { await sandbox.stop() }
    }
}

/// The LSLP recordings made by the recorded-call suite, for the contract suites' arguments.
enum LSLPRecordings {
    static let files = RecordingsFolder.recordings(api: "lslp", from: #filePath)
    static let names = files.map { $0.deletingPathExtension().lastPathComponent }
    /// The replica's documented key, as the client holds it (not a secret; redacted from recordings all the same).
    static let key: LSLPSesacKey = {
        do { return try LSLPSesacKey(LSLPSandboxOptions.defaultSesacKey) } catch { fatalError("the default key is well formed: \(error)") }
    }()
    /// The clock the recording replica's tokens expire by (the suite runs its tests one at a time).
    static let clock = TestClock()
    static let accessTTL: Double = 300
    static let refreshTTL: Double = 3_600
}
