import APICheck
import APICheckReplay
import APICheckServe
import Foundation
import TestSupport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `apicheck serve` against nginx (Debian's package) serving the same recorded bytes from a file, each a process of
/// its own, under wrk at 8 connections, alternated round by round: requests per second. Issue 58's target: apicheck's
/// at least half of nginx's. The recording is the todo list's first page (`recordings/todos/tests/list-first-page`),
/// answered again and again (`--repeat`); nginx sends the same body with the same Content-Type.
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
enum ServeBenchmark {
    static let target = 0.5

    struct Figures {
        var serve = Samples()
        var nginx = Samples()
        var ratio: Double { serve.median / nginx.median }
    }

    static func run(rounds: Int, seconds: Int) async throws -> Bool {
        guard let figures = try measure(rounds: rounds, seconds: seconds) else { return false }
        report(figures)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("apicheck-serve-latency-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        _ = try project(in: folder)
        try await latency(rounds: rounds, folder: folder)
        return true
    }

    /// Requests per second of both servers, alternated round by round; nil (said why) without wrk or nginx.
    static func measure(rounds: Int, seconds: Int) throws -> Figures? {
        guard let wrk = ProcessRun.find("wrk") else {
            print("serve: wrk not found; install it (apt-get install -y wrk) and run again")
            return nil
        }
        guard let nginx = ProcessRun.find("nginx") ?? ["/usr/sbin/nginx"].first(where: FileManager.default.isExecutableFile) else {
            print("serve: nginx not found; install it (apt-get install -y nginx-light) and run again")
            return nil
        }
        let apicheck = try ProcessRun.apicheckBinary()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("apicheck-serve-bench-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let body = try project(in: folder)
        let (server, serveURL) = try startServe(apicheck, in: folder)
        defer {
            server.send(SIGTERM)
            server.wait()
        }
        let (web, nginxURL) = try startNginx(nginx, in: folder)
        defer {
            web.send(SIGTERM)
            web.wait()
        }
        print(
            "serve: apicheck serve (--repeat) vs nginx \(try nginxVersion(nginx)), the same \(body) bytes, wrk -t2 -c8 -d\(seconds)s, \(rounds) rounds alternated: median (min-max)"
        )
        var figures = Figures()
        for _ in 0..<rounds {
            figures.serve.add(try rate(wrk, serveURL + "/api/v2/todos", seconds: seconds))
            figures.nginx.add(try rate(wrk, nginxURL + "/api/v2/todos", seconds: seconds))
        }
        return figures
    }

    static func report(_ figures: Figures) {
        func line(_ label: String, _ samples: Samples) {
            print("  \(pad(label, 30)) \(String(format: "%8.0f requests/s (%.0f-%.0f)", samples.median, samples.min, samples.max))")
        }
        line("apicheck serve", figures.serve)
        line("nginx, a static file", figures.nginx)
        print(String(format: "  serve vs nginx: %.2fx (target at least %.1fx)", figures.ratio, target))
    }

    /// One request at a time, the time each takes: through the app-side route (`URLSession.shared`, the bootstrap's
    /// protocol, a server in this process) beside in-process replay (a `ReplaySession`'s own session), the same
    /// recorded page, 200 requests a round.
    static func latency(rounds: Int, folder: URL) async throws {
        let production = "https://api.todos.example"
        let perRound = 200
        let source = folder.appendingPathComponent("recordings/todos/tests/list-first-page.json")
        var recording = try Recording.load(from: source)
        recording.name = "many"
        recording.interactions = Array(repeating: recording.interactions[0], count: perRound)
        let many = folder.appendingPathComponent("latency/todos/many.json")
        try FileManager.default.createDirectory(at: many.deletingLastPathComponent(), withIntermediateDirectories: true)
        try recording.save(to: many)
        let server = try ReplayServer(
            ServeConfiguration(api: "todos", recordingsFolder: many.deletingLastPathComponent(), baseURL: URL(string: production)))
        guard ReplayBootstrap.installIfRequested(environment: [ReplayBootstrap.urlVariable: server.url.absoluteString]) else {
            throw BenchError("the bootstrap did not install")
        }
        let request = URLRequest(url: URL(string: production + "/api/v2/todos")!)
        var route = Samples()
        var replay = Samples()
        for _ in 0..<rounds {
            server.reset()
            route.add(try await perRequest(perRound) { try await URLSession.shared.data(for: request) })
            let session = try ReplaySession(
                ReplayConfiguration(api: "todos", name: "many", recordingURL: many, liveBaseURL: URL(string: production)))
            replay.add(try await perRequest(perRound) { try await session.session.data(for: request) })
            _ = session.finish()
        }
        await server.stop()
        guard server.journal.unmatched.isEmpty else { throw BenchError("the app-side route went unanswered") }
        print(
            String(
                format: "  one request at a time: the app-side route %.0f µs (%.0f-%.0f), in-process replay %.0f µs (%.0f-%.0f)",
                route.median, route.min, route.max, replay.median, replay.min, replay.max))
    }

    /// Microseconds per request of `count` sent one after another; each must answer 200.
    static func perRequest(_ count: Int, _ send: () async throws -> (Data, URLResponse)) async throws -> Double {
        let clock = ContinuousClock()
        let start = clock.now
        for _ in 0..<count {
            let (_, response) = try await send()
            guard (response as? HTTPURLResponse)?.statusCode == 200 else { throw BenchError("a request was not answered 200") }
        }
        let elapsed = clock.now - start
        return (Double(elapsed.components.seconds) * 1e6 + Double(elapsed.components.attoseconds) / 1e12) / Double(count)
    }

    /// A project with one recording, the todo list's first page; returns its body's size in bytes (also written as
    /// the file nginx serves).
    static func project(in folder: URL) throws -> Int {
        let recordings = folder.appendingPathComponent("recordings/todos/tests")
        try FileManager.default.createDirectory(at: recordings, withIntermediateDirectories: true)
        let source = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent(
            "recordings/todos/tests/list-first-page.json")
        try FileManager.default.copyItem(at: source, to: recordings.appendingPathComponent("list-first-page.json"))
        try Data("version: 1\napis:\n  todos:\n    recordings: recordings/todos\n    base_url: https://api.todos.example\n".utf8).write(
            to: folder.appendingPathComponent("apicheck.yml"))
        let recording = try Recording.load(from: recordings.appendingPathComponent("list-first-page.json"))
        guard case .json(let value)? = recording.interactions.first?.response.body else {
            throw BenchError("no JSON body in the recording")
        }
        let bytes = Data(JSONWriter.compact(value).utf8)
        let site = folder.appendingPathComponent("site/api/v2")
        try FileManager.default.createDirectory(at: site, withIntermediateDirectories: true)
        try bytes.write(to: site.appendingPathComponent("todos"))
        return bytes.count
    }

    static func startServe(_ apicheck: String, in folder: URL) throws -> (ChildProcess, String) {
        try LiveBenchmark.startListening(
            apicheck, ["serve", "--api", "todos", "--port", "0", "--repeat"], in: folder, what: "apicheck serve")
    }

    /// nginx in the foreground on a free port, serving `site/` with the body as application/json.
    static func startNginx(_ nginx: String, in folder: URL) throws -> (ChildProcess, String) {
        let port = try freePort()
        let config = """
            daemon off;
            worker_processes auto;
            pid \(folder.path)/nginx.pid;
            error_log \(folder.path)/nginx-error.log;
            events { worker_connections 1024; }
            http {
                access_log off;
                client_body_temp_path \(folder.path)/body;
                proxy_temp_path \(folder.path)/proxy;
                fastcgi_temp_path \(folder.path)/fastcgi;
                uwsgi_temp_path \(folder.path)/uwsgi;
                scgi_temp_path \(folder.path)/scgi;
                server {
                    listen 127.0.0.1:\(port);
                    root \(folder.path)/site;
                    location / { default_type application/json; }
                }
            }
            """
        let file = folder.appendingPathComponent("nginx.conf")
        try Data(config.utf8).write(to: file)
        let child = try ChildProcess(nginx, ["-c", file.path, "-p", folder.path], stdout: .discard, stderr: .discard)
        let url = "http://127.0.0.1:\(port)"
        // Ready once it answers.
        for _ in 0..<100 {
            if (try? RawHTTP.exchange(Array("GET /api/v2/todos HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n".utf8), port: port))?
                .hasPrefix(
                    "HTTP/1.1 200") == true
            {
                return (child, url)
            }
            Thread.sleep(forTimeInterval: 0.05)
        }
        child.send(SIGKILL)
        child.wait()
        throw BenchError("nginx did not answer on \(url)")
    }

    static func nginxVersion(_ nginx: String) throws -> String {
        let run = try ProcessRun.run(nginx, ["-v"])
        return (run.stderr + run.stdout).split(separator: "/").last.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) } ?? "?"
    }

    static func freePort() throws -> Int {
        let listener = try LoopbackListener()
        defer { listener.close() }
        return listener.port
    }

    static func rate(_ wrk: String, _ url: String, seconds: Int) throws -> Double {
        let output = try ProcessRun.run(wrk, ["-t2", "-c8", "-d\(seconds)s", url]).stdout
        guard
            let rate = output.split(separator: "\n").first(where: { $0.hasPrefix("Requests/sec:") }).flatMap({
                Double($0.split(separator: " ").last ?? "")
            })
        else { throw BenchError("could not read wrk's output:\n\(output)") }
        // wrk counts non-2xx answers as requests too: every one must have been the recorded page.
        if output.contains("Non-2xx") { throw BenchError("\(url) answered with errors under wrk:\n\(output)") }
        return rate
    }
}
