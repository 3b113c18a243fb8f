import Foundation
import TestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `apicheck serve` as a user runs it, on the repository's own apicheck.yml and recordings: the URL and token it
/// prints, a request to the production URL answered from a recording, one the recordings lack, the stop request, and
/// the summary and exit status it ends with.
@Suite("apicheck serve")
struct ServeCommandTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let production = "https://phplaravel-574671-2962113.cloudwaysapps.com"

    /// Starts `apicheck serve` with `arguments` and reads its stderr up to the banner's end: the server's URL.
    static func start(_ arguments: [String], in folder: URL = root) async throws -> (run: CLIRunner.Launched, url: String, banner: String) {
        let run = try CLIRunner.launch(["serve", "--api", "todos", "--token", "T"] + arguments, currentDirectory: folder)
        let child = run.child
        let banner = try await CLIRunner.onThread { () -> String in
            var text = ""
            while !text.contains("Press Ctrl-C to stop.") {
                let more = child.readAvailable(from: .stderr)
                if more.isEmpty { break }
                text += String(decoding: more, as: UTF8.self)
            }
            return text
        }
        // The URL the banner names (no Regex: it needs macOS 13, above the package's macOS 12).
        let start = try #require(banner.range(of: "http://127.0.0.1:"), "\(banner)")
        let url = String(banner[start.lowerBound...].prefix { !$0.isWhitespace && $0 != "," })
        return (run, url, banner)
    }

    static func send(_ method: String, _ url: String, headers: [String: String] = [:]) async throws -> Int {
        var request = URLRequest(url: try #require(URL(string: url)))
        request.httpMethod = method
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        let (_, response) = try await URLSession(configuration: .ephemeral).data(for: request)
        return try #require(response as? HTTPURLResponse).statusCode
    }

    @Test("answers the app from the recordings until a stop request; a request they lack is listed, and it exits 1")
    func serves() async throws {
        let (run, url, banner) = try await Self.start(["--recording", "tests/list-first-page"])
        #expect(banner.contains("APICHECK_SERVE_URL=\(url) APICHECK_SERVE_TOKEN=T"))
        #expect(banner.contains("stands for \(Self.production)"))
        #expect(try await Self.send("GET", url + "/api/v2/todos", headers: ["X-APICheck-URL": Self.production + "/api/v2/todos"]) == 200)
        #expect(try await Self.send("GET", url + "/api/v2/todos/999") == 502)
        #expect(try await Self.send("POST", url + "/__apicheck/stop") == 401)
        #expect(try await Self.send("POST", url + "/__apicheck/stop", headers: ["X-APICheck-Token": "T"]) == 200)
        let result = try await run.finish()
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stderr.contains("apicheck serve: 2 requests, 1 answered from recordings, 1 not:"), "\(result.stderr)")
        #expect(result.stderr.contains("#2 GET \(Self.production)/api/v2/todos/999"), "\(result.stderr)")
    }

    @Test("Ctrl-C stops it; every request answered from the recordings is exit 0")
    func interrupted() async throws {
        let (run, url, _) = try await Self.start([])
        #expect(try await Self.send("GET", url + "/api/v2/todos", headers: ["X-APICheck-URL": Self.production + "/api/v2/todos"]) == 200)
        run.child.send(SIGINT)
        let result = try await run.finish()
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("apicheck serve: 1 request, 1 answered from recordings\n"), "\(result.stderr)")
    }

    /// A new folder with an apicheck.yml of the todo API alone (its production URL, recordings/todos, no contract).
    static func recordingProject() throws -> URL {
        let project = FileManager.default.temporaryDirectory.appendingPathComponent("apicheck-serve-record-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: project, withIntermediateDirectories: true)
        try Data(
            """
            version: 1
            apis:
              todos:
                recordings: recordings/todos
                base_url: \(Self.production)
            """.utf8
        ).write(to: project.appendingPathComponent("apicheck.yml"))
        return project
    }

    @Test("--record --sandbox: a session sent to the replica and written, redacted, when it stops")
    func recordsFromTheSandbox() async throws {
        let project = try Self.recordingProject()
        let (run, url, banner) = try await Self.start(["--record", "first-run", "--sandbox"], in: project)
        #expect(banner.contains("recording first-run from sandbox into"), "\(banner)")
        #expect(
            try await Self.send(
                "GET", url + "/api/v2/todos?per_page=1", headers: ["X-APICheck-URL": Self.production + "/api/v2/todos?per_page=1"]) == 200)
        #expect(try await Self.send("POST", url + "/__apicheck/stop", headers: ["X-APICheck-Token": "T"]) == 200)
        let result = try await run.finish()
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("apicheck serve: 1 request, 1 recorded\n  written to "), "\(result.stderr)")
        let text = try String(contentsOf: project.appendingPathComponent("recordings/todos/sessions/first-run.json"), encoding: .utf8)
        #expect(text.contains("\"recorded_from\": \"sandbox\""))
        #expect(text.contains("\"url\": \"/api/v2/todos?per_page=1\""))
    }

    @Test("--sandbox alone: the app answered from the replica, journaled, nothing written")
    func answersFromTheSandbox() async throws {
        let (run, url, banner) = try await Self.start(["--sandbox"])
        #expect(banner.contains("answering from sandbox (nothing recorded)"), "\(banner)")
        #expect(try await Self.send("GET", url + "/api/v2/todos/4698") == 200)
        #expect(try await Self.send("GET", url + "/api/v2/todos/424242") == 404)
        #expect(try await Self.send("POST", url + "/__apicheck/stop", headers: ["X-APICheck-Token": "T"]) == 200)
        let result = try await run.finish()
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("apicheck serve: 2 requests, 2 answered upstream\n"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: Self.root.appendingPathComponent("recordings/todos/sessions").path))
    }

    @Test("a recording it is asked for that is not there, or a bad port, is exit 2 naming it")
    func badInput() async throws {
        let missing = try await CLIRunner.run(["serve", "--api", "todos", "--recording", "tests/nope"], currentDirectory: Self.root)
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("no recording named \"tests/nope\" for API \"todos\""), "\(missing.stderr)")
        let port = try await CLIRunner.run(["serve", "--api", "todos", "--port", "70000"], currentDirectory: Self.root)
        #expect(port.status == 2)
        #expect(port.stderr.contains("--port must be between 0 and 65535"), "\(port.stderr)")
        for (arguments, message) in [
            (["--record", "x"], "--record needs one of --upstream URL and --sandbox"),
            (["--sandbox", "--recording", "tests/list-first-page"], "--recording chooses what is replayed"),
            (["--sandbox", "--upstream", "http://127.0.0.1:1"], "--upstream and --sandbox are two upstreams"),
            (["--record", "../x", "--sandbox"], "--record takes a session's name"),
            (["--record", "x", "--upstream", "ftp://example.com"], "--upstream must be an http(s) URL"),
            (["--sandbox", "--refuse-invalid-requests"], "--refuse-invalid-requests applies to answers from recordings"),
        ] {
            let refused = try await CLIRunner.run(["serve", "--api", "todos"] + arguments, currentDirectory: Self.root)
            #expect(refused.status == 2, "\(arguments)")
            #expect(refused.stderr.contains(message), "\(refused.stderr)")
        }
    }
}
