import APICheck
import Foundation
import GitHubAPI
import Sandbox
import TestSupport
import Testing
import WireFormat

/// Saves survive SIGKILL at any moment, on the real code path: a child process runs the project's own save
/// (`Recording.save`, the GitHub feed cache, `apicheck record`) in a loop and is killed at random moments.
/// Afterwards every file is the complete old or the complete new version and parses, and the temporary file
/// a killed save leaves is removed by the next save in that folder.
// Fifteen minutes: under the thread sanitizer the child that builds and saves 750 kB is several times slower.
@Suite("Saves survive SIGKILL", .serialized, timeLimit(minutes: 15))
struct CrashSafeSaveTests {
    /// The helper next to this test bundle (SwiftPM builds it because the tests depend on it).
    static func helper() throws -> URL {
        let apicheck = try CLIRunner.binary()
        return apicheck.deletingLastPathComponent().appendingPathComponent("apicheck-save-loop")
    }

    static func temporaryFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("apicheck-kill-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    /// Starts the helper and kills it with SIGKILL. In even rounds the kill lands at a random moment of a save
    /// (timed by the helper's "s" after each); in odd rounds it lands the moment a temporary file shows up in
    /// `watched`, that is while the file is written, flushed or renamed (most of a save is building the text
    /// and comparing it with the file already there, so random moments rarely hit the write).
    static func runAndKill(_ mode: String, in folder: URL, watching watched: URL, round: Int, generator: inout SeededGenerator) throws {
        let child = try ChildProcess(try helper().path, [mode, folder.path], stderr: .discard)
        let ready = child.read(upTo: 6)
        #expect(String(decoding: ready, as: UTF8.self) == "ready\n", "the helper did not start")
        // One "s" per finished save: the time between two is the length of a save.
        _ = child.read(upTo: 1)
        let start = DispatchTime.now().uptimeNanoseconds
        _ = child.read(upTo: 1)
        let period = max(DispatchTime.now().uptimeNanoseconds - start, 1_000_000)
        if round % 2 == 0 {
            usleep(UInt32(UInt64.random(in: 0..<period, using: &generator) / 1_000))
        } else {
            // Watch for a temporary file for up to ten saves; a loaded machine may hide a short write from us.
            let deadline = DispatchTime.now().uptimeNanoseconds + 10 * period
            while leftovers(in: watched).isEmpty && DispatchTime.now().uptimeNanoseconds < deadline {}
        }
        child.send(SIGKILL)
        #expect(child.wait() == .signalled(SIGKILL))
    }

    static func leftovers(in folder: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter(AtomicFile.isLeftover)
    }

    @Test("Recording.save killed 100 times: the old or the new recording, whole; leftovers cleaned by the next save")
    func recordingSave() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var generator = SeededGenerator(seed: 13)
        let target = folder.appendingPathComponent("r.json")
        var versions: [Data] = []
        var midSave = 0
        for round in 0..<100 {
            try Self.runAndKill("recording", in: folder, watching: folder, round: round, generator: &generator)
            if versions.isEmpty {
                versions = try (0..<2).map { try Data(contentsOf: folder.appendingPathComponent("expected/r\($0).json")) }
                #expect(versions[0].count > 500_000 && versions[0] != versions[1])
            }
            guard let found = try? Data(contentsOf: target) else {
                #expect(round == 0, "r.json vanished after round \(round)")
                continue
            }
            #expect(versions.contains(found), "round \(round): r.json is neither version whole (\(found.count) bytes)")
            #expect(throws: Never.self) { try Recording.load(from: target) }
            if !Self.leftovers(in: folder).isEmpty { midSave += 1 }
        }
        // The kills really landed inside saves (otherwise this test would prove nothing).
        #expect(midSave >= 10, "only \(midSave) of 100 kills left a temporary file")
        // The next save in the folder removes what the killed ones left, and nothing else.
        try Recording(
            api: "todos", name: "other", recordedAt: "2026-11-23T00:00:00Z", recordedFrom: "https://api.example.com", interactions: []
        )
        .save(to: folder.appendingPathComponent("other.json"))
        #expect(Self.leftovers(in: folder).isEmpty)
        #expect(Set(try FileManager.default.contentsOfDirectory(atPath: folder.path)) == ["expected", "r.json", "other.json"])
    }

    @Test("the GitHub feed cache killed 100 times: the old or the new snapshot, whole; leftovers cleaned when the feed opens")
    func feedCacheSave() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var generator = SeededGenerator(seed: 14)
        let repository = try RepositoryName(owner: "swiftlang", name: "swift")
        let cache = FeedCache(directory: folder.appendingPathComponent("cache"))
        let target = cache.file(for: repository)
        var versions: [Data] = []
        var midSave = 0
        for round in 0..<100 {
            try Self.runAndKill("feed", in: folder, watching: target.deletingLastPathComponent(), round: round, generator: &generator)
            if versions.isEmpty {
                versions = try (0..<2).map {
                    try Data(contentsOf: FeedCache(directory: folder.appendingPathComponent("expected/feed\($0)")).file(for: repository))
                }
                #expect(versions[0].count > 50_000 && versions[0] != versions[1])
            }
            guard let found = try? Data(contentsOf: target) else {
                #expect(round == 0, "the snapshot vanished after round \(round)")
                continue
            }
            #expect(versions.contains(found), "round \(round): the snapshot is neither version whole (\(found.count) bytes)")
            #expect(try cache.load(repository)?.events.count == 300)
            if !Self.leftovers(in: target.deletingLastPathComponent()).isEmpty { midSave += 1 }
        }
        #expect(midSave >= 10, "only \(midSave) of 100 kills left a temporary file")
        // What EventFeed does when it opens the cache folder.
        cache.removeLeftovers()
        #expect(Self.leftovers(in: target.deletingLastPathComponent()).isEmpty)
        let remaining = try FileManager.default.contentsOfDirectory(atPath: target.deletingLastPathComponent().path)
        #expect(remaining == ["swift.json"], "left: \(remaining)")
    }

    @Test("a temporary file of a running save is never taken for a leftover")
    func runningSaveKeepsItsFile() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // One of this process (a save under way on another thread), one of a process that is alive (pid 1),
        // and one of a process that is gone.
        let ours = ".r.json.tmp-\(getpid())-\(UUID().uuidString)"
        let alive = ".r.json.tmp-1-\(UUID().uuidString)"
        let gone = ".r.json.tmp-\(Int32.max - 7)-\(UUID().uuidString)"
        for name in [ours, alive, gone] {
            #expect(FileManager.default.createFile(atPath: folder.appendingPathComponent(name).path, contents: Data("partial".utf8)))
        }
        #expect(AtomicFile.removeLeftovers(in: folder) == 1)
        #expect(Set(try FileManager.default.contentsOfDirectory(atPath: folder.path)) == [ours, alive])
    }
}

/// `apicheck record` killed while it records: each recording it had written is the old or the new one, whole.
// 100 runs of `apicheck record`: under a sanitizer each run is several times slower (an ASan run went past 5 minutes).
@Suite("apicheck record survives SIGKILL", timeLimit(minutes: Sanitizers.any ? 20 : 5))
struct RecordKillTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let scenarios = ["list", "list-done", "search", "read", "page-two", "missing"]
    static let configuration = """
        version: 1
        apis:
          todos:
            contract: \(root.appendingPathComponent("contracts/todos.openapi.yaml").path)
            recordings: recordings/todos
            base_url_env: TODOS_BASE_URL
            scenarios:
              - { name: list, steps: [{ name: list, method: GET, path: /api/v2/todos, query: { per_page: "50" } }] }
              - { name: list-done, steps: [{ name: list, method: GET, path: /api/v2/todos, query: { is_done: "true", per_page: "50" } }] }
              - { name: search, steps: [{ name: search, method: GET, path: /api/v2/todos/search, query: { query: "a" } }] }
              - { name: read, steps: [{ name: read, method: GET, path: /api/v2/todos/1 }] }
              - { name: page-two, steps: [{ name: list, method: GET, path: /api/v2/todos, query: { page: "2" } }] }
              - { name: missing, steps: [{ name: read, method: GET, path: /api/v2/todos/0 }] }
        """

    static func project() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("apicheck-record-kill-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try configuration.write(to: folder.appendingPathComponent("apicheck.yml"), atomically: true, encoding: .utf8)
        return folder
    }

    static func recordings(in folder: URL) -> URL { folder.appendingPathComponent("recordings/todos/scenarios") }

    @Test("killed 100 times at random moments against two versions of the API: every recording whole, leftovers cleaned by the next record")
    func killedRecord() async throws {
        // Two replicas whose answers differ (every todo gains "priority"), so that consecutive runs write new files.
        try await withSandboxServer(SandboxConfiguration(apis: [.todos], deterministic: true)) { plain in
            try await withSandboxServer(SandboxConfiguration(apis: [.todos], drifts: [.todosExtraField], deterministic: true)) { drifted in
                let servers = [plain.baseURL.absoluteString, drifted.baseURL.absoluteString]
                // The complete recordings of each version, from runs that nobody kills.
                var references: [[String: Recording]] = []
                var duration: UInt64 = 0
                for server in servers {
                    let folder = try Self.project()
                    defer { try? FileManager.default.removeItem(at: folder) }
                    let start = DispatchTime.now().uptimeNanoseconds
                    let result = try await CLIRunner.run(["record"], currentDirectory: folder, environment: ["TODOS_BASE_URL": server])
                    duration = max(duration, DispatchTime.now().uptimeNanoseconds - start)
                    #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
                    var byName: [String: Recording] = [:]
                    for name in Self.scenarios {
                        byName[name] = try Recording.load(from: Self.recordings(in: folder).appendingPathComponent("\(name).json"))
                    }
                    references.append(byName)
                }
                #expect(references[0]["list"].map { !$0.hasSameContent(as: references[1]["list"]!) } == true)

                let folder = try Self.project()
                defer { try? FileManager.default.removeItem(at: folder) }
                var generator = SeededGenerator(seed: 31)
                var killed = 0
                var midWrite = 0
                let scenarioFolder = Self.recordings(in: folder)
                for round in 0..<100 {
                    let started = DispatchTime.now().uptimeNanoseconds
                    let launched = try CLIRunner.launch(
                        ["record"], currentDirectory: folder, environment: ["TODOS_BASE_URL": servers[round % 2]])
                    if round % 2 == 0 {
                        // A random moment of a run (a run that ends first shortens the window for the next).
                        try await Task.sleep(nanoseconds: UInt64.random(in: 0..<duration, using: &generator))
                    } else {
                        // The moment a recording is being written: a temporary file shows up beside it.
                        let child = launched.child
                        try await CLIRunner.onThread {
                            while child.isRunning && CrashSafeSaveTests.leftovers(in: scenarioFolder).isEmpty {}
                        }
                    }
                    launched.child.send(SIGKILL)
                    let result = try await launched.finish()
                    if case .signalled = result.termination {
                        killed += 1
                        if !CrashSafeSaveTests.leftovers(in: scenarioFolder).isEmpty { midWrite += 1 }
                    } else {
                        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
                        duration = min(duration, DispatchTime.now().uptimeNanoseconds - started)
                    }
                    for name in Self.scenarios {
                        let url = scenarioFolder.appendingPathComponent("\(name).json")
                        guard FileManager.default.fileExists(atPath: url.path) else { continue }
                        let recording = try Recording.load(from: url)
                        #expect(
                            references.contains { $0[name]!.hasSameContent(as: recording) },
                            "round \(round): \(name).json is neither version")
                    }
                }
                // Some kills really landed while a file was being written (otherwise this would prove little).
                #expect(midWrite >= 5, "\(killed) runs killed, only \(midWrite) while a file was written")
                // A run that finishes cleans what the killed ones left, and leaves every recording whole.
                let finished = try await CLIRunner.run(["record"], currentDirectory: folder, environment: ["TODOS_BASE_URL": servers[0]])
                #expect(finished.status == 0, "\(finished.stdout)\(finished.stderr)")
                let names = try FileManager.default.contentsOfDirectory(atPath: Self.recordings(in: folder).path)
                #expect(Set(names) == Set(Self.scenarios.map { "\($0).json" }))
                for name in Self.scenarios {
                    #expect(
                        try Recording.load(from: Self.recordings(in: folder).appendingPathComponent("\(name).json")).hasSameContent(
                            as: references[0][name]!))
                }
            }
        }
    }
}

/// `apicheck serve --record` writes its session when it stops, with the same atomic save: killed at any moment around
/// that, the session on disk is the earlier run's or this one's, whole.
@Suite("apicheck serve --record survives SIGKILL")
struct ServeKillTests {
    @Test("apicheck serve --record killed with SIGKILL around its stop: the old session or the new one, whole, never a part")
    func serveSessionKilled() async throws {
        let project = try ServeCommandTests.recordingProject()
        defer { try? FileManager.default.removeItem(at: project) }
        let sessions = project.appendingPathComponent("recordings/todos/sessions")
        let target = sessions.appendingPathComponent("walk.json")
        // The session as an earlier run left it: one request.
        try Recording(
            api: "todos", name: "walk", recordedAt: "2026-11-26T00:00:00Z", recordedFrom: "sandbox",
            interactions: [
                Interaction(request: RecordedRequest(method: "GET", url: "/api/v2/todos"), response: RecordedResponse(status: 200))
            ]
        ).save(to: target)
        var old = try Data(contentsOf: target)
        var generator = SeededGenerator(seed: 58)
        var (kept, killedAfter) = (0, 0)
        var longest: UInt64 = 0
        for round in 0..<16 {
            let (run, url, _) = try await ServeCommandTests.start(["--record", "walk", "--sandbox"], in: project)
            let requests = 2 + round % 3
            // Pages of this round only: every run's session differs from every other's, to the byte.
            for page in 1...requests {
                let path = "/api/v2/todos?page=\(round * 10 + page)"
                _ = try await ServeCommandTests.send("GET", url + path, headers: ["X-APICheck-URL": ServeCommandTests.production + path])
            }
            _ = try await ServeCommandTests.send("POST", url + "/__apicheck/stop", headers: ["X-APICheck-Token": "T"])
            let stopped = DispatchTime.now().uptimeNanoseconds
            let undisturbed = round % 4 == 0
            if undisturbed {
                // Every fourth run ends on its own: how long from the stop request to the new session on disk (some
                // 200 ms), the longest so far, so that the window follows the machine's load.
                while (try? Data(contentsOf: target)) == old && DispatchTime.now().uptimeNanoseconds - stopped < 30_000_000_000 {
                    usleep(2_000)
                }
                longest = max(longest, DispatchTime.now().uptimeNanoseconds - stopped)
                _ = run.child.wait()
            } else {
                // Killed before, during or after the write: at a random moment of twice that time.
                usleep(UInt32(UInt64.random(in: 0..<max(longest / 1_000 * 2, 1_000), using: &generator)))
                run.child.send(SIGKILL)
                _ = run.child.wait()
            }
            let found = try Data(contentsOf: target)
            let session = try Recording.load(from: target)
            if found == old {
                kept += 1
                #expect(!undisturbed, "round \(round): the undisturbed run did not write its session")
            } else {
                #expect(session.interactions.count == requests, "round \(round): \(session.interactions.count) of \(requests) requests")
                if !undisturbed { killedAfter += 1 }
                old = found
            }
        }
        // Kills landed on both sides of the write (otherwise this would prove little); Recording.save's own kills
        // inside the write are recordingSave's.
        #expect(kept >= 2 && killedAfter >= 1, "of 12 killed runs, \(kept) kept the old session, \(killedAfter) had written the new")
        let leftovers = Set(CrashSafeSaveTests.leftovers(in: sessions))
        let names = try FileManager.default.contentsOfDirectory(atPath: sessions.path).filter { !leftovers.contains($0) }
        #expect(names == ["walk.json"])
    }
}
