import APICheckTesting
import Foundation
import Sandbox

/// Records from a fresh deterministic sandbox per test, so re-recording gives the same bytes.
struct TodoSandbox: RecordingServer {
    let recordedFrom = "sandbox"

    func start() async throws -> RunningRecordingServer {
        let sandbox = try await SandboxServer.start(SandboxConfiguration(apis: [.todos], deterministic: true))
        return RunningRecordingServer(baseURL: sandbox.baseURL) { await sandbox.stop() }
    }
}

/// The todo recordings made by ``TodoRecordedCalls``, for the contract suites' arguments.
enum TodoRecordings {
    static let files = RecordingsFolder.recordings(api: "todos", from: #filePath)
    static let names = files.map { $0.deletingPathExtension().lastPathComponent }
}
