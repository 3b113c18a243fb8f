import APICheckRecording
import APICheckServe
import Foundation
import Sandbox
import TestSupport
import Testing

/// An app in a process of its own, as a UI test launches one: `apicheck-serve-app` (Tests/ServeApp) is written as
/// REST_TODO is, `URLSession.shared` and its production URL hard-coded, with the bootstrap line first. Launched with
/// a server's launch environment, its todo flow is answered from the repository's recordings, and what the recordings
/// lack is in the journal with its nearest recorded request.
@Suite("apicheck serve: an app launched as a process of its own")
struct ServedAppTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let production = "https://phplaravel-574671-2962113.cloudwaysapps.com"

    /// An app's executable (`apicheck-serve-app`, `apicheck-serve-mobbie`), built beside this test runner.
    static func app(_ name: String = "apicheck-serve-app") throws -> String {
        let path = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent(name).path
        guard FileManager.default.isExecutableFile(atPath: path) else {
            throw AppMissing(path: path)
        }
        return path
    }

    struct AppMissing: Error, CustomStringConvertible {
        let path: String
        var description: String { "no app executable at \(path); run 'swift build --build-tests' first" }
    }

    /// Runs the app with `environment` added to this process's and returns its output once it has ended.
    static func run(_ name: String = "apicheck-serve-app", environment: [String: String]) async throws -> (
        status: Int32, stdout: String, stderr: String
    ) {
        let child = try ChildProcess(try app(name), [], environment: ProcessInfo.processInfo.environment.merging(environment) { $1 })
        return try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread {
                let (stdout, stderr) = child.readToEnd()
                let status = child.wait().status
                continuation.resume(returning: (status, String(decoding: stdout, as: UTF8.self), String(decoding: stderr, as: UTF8.self)))
            }
        }
    }

    @Test("the todo list, detail and update flow answered from the recordings; a screen they lack is journaled with its nearest")
    func todoFlow() async throws {
        let server = try ReplayServer(
            ServeConfiguration(
                api: "todos", recordingsFolder: Self.root.appendingPathComponent("recordings/todos"),
                recordings: ["tests/list-first-page", "tests/update-form"], baseURL: URL(string: Self.production), token: "T"))
        defer { Task { await server.stop() } }
        let app = try await Self.run(environment: server.launchEnvironment)
        #expect(app.status == 0, "\(app.stdout)\(app.stderr)")
        let lines = app.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 5, "\(app.stdout)")
        #expect(lines.first?.hasPrefix("list 200: ") == true)
        #expect(lines.dropFirst().first == "first: 4698 Update the README 260")
        #expect(lines.contains("update 200"))
        #expect(lines.contains("detail: 4698 done true"))
        #expect(lines.last == "missing 502")
        let journal = server.journal
        #expect(
            journal.entries.map(\.url) == [
                Self.production + "/api/v2/todos", Self.production + "/api/v2/todos?per_page=1", Self.production + "/api/v2/todos/4698",
                Self.production + "/api/v2/todos/4698", Self.production + "/api/v2/todos/424242",
            ])
        #expect(
            journal.entries.compactMap(\.matched).map { "\($0.recording)#\($0.interaction)" } == [
                "tests/list-first-page#0", "tests/update-form#0", "tests/update-form#1", "tests/update-form#2",
            ])
        let missing = try #require(journal.unmatched.first)
        #expect(journal.unmatched.count == 1)
        // The three recorded requests nearest to it, the todo it stands beside among them.
        #expect(missing.unmatched?.nearest.count == 3)
        #expect(missing.unmatched?.nearest.contains { $0.url == "/api/v2/todos/4698" && $0.recording == "tests/update-form" } == true)
    }

    @Test("a session of the app recorded through the server from the sandbox, then the app answered from that session")
    func recordedThenReplayed() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("apicheck-serve-session-\(UUID().uuidString)")
        let sandbox = try await SandboxServer.start(SandboxConfiguration(apis: [.todos], port: 0, deterministic: true))
        let recorder = try ReplayServer(
            ServeConfiguration(
                api: "todos", recordingsFolder: folder, baseURL: URL(string: Self.production), token: "T",
                record: .init(name: "todo-flow", upstream: sandbox.baseURL, recordedFrom: "sandbox")))
        let recorded = try await Self.run(environment: recorder.launchEnvironment)
        await recorder.stop()
        await sandbox.stop()
        #expect(recorder.finish().isEmpty)
        #expect(recorded.status == 0, "\(recorded.stdout)\(recorded.stderr)")
        // The replica answers the screen the test recordings lack: 404, recorded like the rest.
        #expect(recorded.stdout.hasSuffix("missing 404\n"), "\(recorded.stdout)")
        #expect(recorder.journal.entries.compactMap(\.recorded).map(\.interaction) == [0, 1, 2, 3, 4])
        let session = try Recording.load(from: folder.appendingPathComponent("sessions/todo-flow.json"))
        #expect(session.recordedFrom == "sandbox")
        #expect(
            session.interactions.map { "\($0.request.method) \($0.request.url) \($0.response.status)" } == [
                "GET /api/v2/todos 200", "GET /api/v2/todos?per_page=1 200", "PUT /api/v2/todos/4698 200", "GET /api/v2/todos/4698 200",
                "GET /api/v2/todos/424242 404",
            ])
        // The same app, answered from the session alone: every request matched, the same output.
        let player = try ReplayServer(
            ServeConfiguration(
                api: "todos", recordingsFolder: folder, recordings: ["sessions/todo-flow"], baseURL: URL(string: Self.production),
                token: "T"))
        defer { Task { await player.stop() } }
        let replayed = try await Self.run(environment: player.launchEnvironment)
        #expect(replayed.status == 0)
        #expect(replayed.stdout == recorded.stdout)
        #expect(player.journal.unmatched.isEmpty)
        #expect(player.journal.entries.compactMap(\.matched).count == 5)
    }

    @Test("launched without a server, the bootstrap does nothing and the app sends nothing")
    func notLaunchedByServe() async throws {
        var environment = ProcessInfo.processInfo.environment
        environment["APICHECK_SERVE_URL"] = nil
        let child = try ChildProcess(try Self.app(), [], environment: environment)
        let output = try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread {
                let (stdout, _) = child.readToEnd()
                continuation.resume(returning: (child.wait().status, String(decoding: stdout, as: UTF8.self)))
            }
        }
        #expect(output.0 == 3)
        #expect(output.1.contains("not launched by apicheck serve; nothing sent"))
    }
}
