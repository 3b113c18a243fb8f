import APICheck
import APICheckLive
import Foundation
import TestSupport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The live runner against the sandbox in a process of its own (`apicheck sandbox`, so that the server never
/// shares the client's threads): wrk's requests/s as the ceiling, the live client alone, and the whole diff path
/// (request, verify, compare) over 2,000 read-only scenarios, all at concurrency 8, alternated round by round.
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
enum LiveBenchmark {
    /// Starts `apicheck sandbox --api todos --port 0` and returns it with its base URL.
    static func startSandbox(_ apicheck: String) throws -> (ChildProcess, String) {
        try startListening(apicheck, ["sandbox", "--api", "todos", "--port", "0"], what: "the sandbox")
    }

    /// Starts an apicheck server (`sandbox`, `serve`) and returns it with the URL its banner says it listens on.
    static func startListening(_ apicheck: String, _ arguments: [String], in folder: URL? = nil, what: String) throws -> (
        ChildProcess, String
    ) {
        let child = try ChildProcess(apicheck, arguments, currentDirectory: folder?.path, stdout: .discard)
        var banner = ""
        while !banner.contains("Ctrl-C") {
            let chunk = child.readAvailable(from: .stderr)
            if chunk.isEmpty { break }
            banner += String(decoding: chunk, as: UTF8.self)
        }
        guard let match = banner.range(of: #"http://127\.0\.0\.1:\d+"#, options: .regularExpression) else {
            child.send(SIGKILL)
            child.wait()
            throw BenchError("\(what) did not say where it listens: \(banner)")
        }
        return (child, String(banner[match]))
    }

    /// wrk, the live client alone and the diff path, each a rate in requests per second.
    struct Figures {
        var wrk = Samples()
        var client = Samples()
        var diff = Samples()
        var lastDiff = ""
        /// A diff run's summary when it found something or failed: the sandbox answers as the contract says, so a
        /// run that finds anything is not the path being measured.
        var unclean: String?
        /// The diff path's rate over wrk's.
        var ratio: Double { diff.median / wrk.median }
    }

    static func run(rounds: Int, seconds: Int) async throws -> Bool {
        guard let figures = try await measure(rounds: rounds, seconds: seconds) else { return false }
        func line(_ label: String, _ samples: Samples) {
            print("  \(pad(label, 44)) \(String(format: "%8.0f requests/s (%.0f-%.0f)", samples.median, samples.min, samples.max))")
        }
        line("wrk -t2 -c8, GET /api/v2/todos?page=1", figures.wrk)
        line("the live client alone (HTTPTransport), same GET", figures.client)
        line("diff --live path, \(ScenarioProject.count) read-only scenarios", figures.diff)
        print("    \(figures.lastDiff)")
        print(
            String(
                format: "  diff path vs wrk: %.2fx (target >= 0.5x); the client alone vs wrk: %.2fx", figures.ratio,
                figures.client.median / figures.wrk.median))
        return true
    }

    /// The three rates, `rounds` rounds alternated, or nil (with the reason printed) when wrk is not installed.
    static func measure(rounds: Int, seconds: Int) async throws -> Figures? {
        let apicheck = try ProcessRun.apicheckBinary()
        guard let wrk = ProcessRun.find("wrk") else {
            print("live: wrk not found; install it (apt-get install -y wrk) and run again")
            return nil
        }
        let (sandbox, base) = try startSandbox(apicheck)
        defer {
            sandbox.send(SIGTERM)
            sandbox.wait()
        }
        let listURL = base + "/api/v2/todos?page=1"
        let project = try ScenarioProject()
        defer { project.remove() }
        print(
            "live: against `apicheck sandbox --api todos` in a process of its own, concurrency 8, \(rounds) rounds alternated: median (min-max)"
        )
        let request = LiveRequest(method: "GET", url: URL(string: listURL)!, headers: [("Accept", "application/json")])
        var figures = Figures()
        for _ in 0..<rounds {
            let output = try ProcessRun.run(wrk, ["-t2", "-c8", "-d\(seconds)s", listURL]).stdout
            guard
                let rate = output.split(separator: "\n").first(where: { $0.hasPrefix("Requests/sec:") }).flatMap({
                    Double($0.split(separator: " ").last ?? "")
                })
            else {
                throw BenchError("could not read wrk's output:\n\(output)")
            }
            figures.wrk.add(rate)
            let client = HTTPTransport()
            figures.client.add(try await self.rate(client, request, concurrency: 8, seconds: Double(seconds)))
            await client.shutdown()
            let diff = try await project.diff(base: base)
            figures.diff.add(diff.rate)
            figures.lastDiff = diff.summary
            if !diff.clean { figures.unclean = diff.summary }
        }
        return figures
    }

    /// The todo API's read-only scenarios, repeated under new names up to 2,000, with copies of their recordings.
    struct ScenarioProject {
        static let count = 2_000
        let folder: URL
        let configuration: ConfigurationFile

        init() throws {
            let root = FileManager.default.currentDirectoryPath
            folder = FileManager.default.temporaryDirectory.appendingPathComponent("apicheck-live-bench-\(UUID().uuidString)")
            let scenarioFolder = folder.appendingPathComponent("recordings/todos/scenarios")
            try FileManager.default.createDirectory(at: scenarioFolder, withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: root + "/contracts", toPath: folder.appendingPathComponent("contracts").path)
            let project = try ConfigurationFile.load(root + "/apicheck.yml")
            // Read-only scenarios: a writing one runs alone (the runner's gate), which measures the gate, not the path.
            let originals = project.apis[0].scenarios.filter { !$0.writes }.map(\.name)
            let configText = try String(contentsOfFile: root + "/apicheck.yml", encoding: .utf8)
            guard let start = configText.range(of: "    scenarios:\n") else { throw BenchError("no scenarios in apicheck.yml") }
            // The todo API's scenarios end where the next API (a key indented by two spaces) begins.
            var block = configText[start.upperBound...]
            if let next = block.range(of: #"\n  [^ \n]"#, options: .regularExpression) { block = block[...next.lowerBound] }
            var text = String(configText[..<start.upperBound])
            var index = 0
            while index < Self.count {
                for name in originals where index < Self.count {
                    let scenario = block.components(separatedBy: "      - name: ").first { $0.hasPrefix(name + "\n") } ?? ""
                    text +=
                        "      - name: " + scenario.replacingOccurrences(of: name + "\n", with: "\(name)-\(index)\n", options: .anchored)
                    try FileManager.default.copyItem(
                        atPath: root + "/recordings/todos/scenarios/\(name).json",
                        toPath: scenarioFolder.appendingPathComponent("\(name)-\(index).json").path
                    )
                    index += 1
                }
            }
            let configPath = folder.appendingPathComponent("apicheck.yml").path
            try text.write(toFile: configPath, atomically: true, encoding: .utf8)
            configuration = try ConfigurationFile.load(configPath)
        }

        func remove() {
            try? FileManager.default.removeItem(at: folder)
        }

        /// One `diff --live` run of the scenarios at concurrency 8: requests per second, and what it found.
        func diff(base: String) async throws -> (rate: Double, summary: String, clean: Bool) {
            let transport = HTTPTransport()
            let run = LiveRun(
                configuration: configuration, transport: transport, options: .init(sandboxURL: URL(string: base), concurrency: 8))
            let clock = ContinuousClock()
            let started = clock.now
            let result = await run.diff()
            let elapsed = inSeconds(started.duration(to: clock.now))
            await transport.shutdown()
            let summary = String(
                format: "last diff run: %d requests in %.2f s, %d findings, %d errors", result.requests, elapsed, result.findings.count,
                result.errors.count)
            return (Double(result.requests) / elapsed, summary, result.findings.isEmpty && result.errors.isEmpty)
        }
    }

    /// Requests per second with `concurrency` requests in flight for `seconds`.
    static func rate(_ transport: any LiveTransport, _ request: LiveRequest, concurrency: Int, seconds: Double) async throws -> Double {
        // Warm the connections first.
        for _ in 0..<concurrency { _ = try await transport.send(request, deadline: .now + .seconds(10)) }
        let clock = ContinuousClock()
        let start = clock.now
        let end = start + .milliseconds(Int64(seconds * 1000))
        let counts = try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<concurrency {
                group.addTask {
                    var done = 0
                    while clock.now < end {
                        let response = try await transport.send(request, deadline: clock.now + .seconds(10))
                        guard response.status == 200 else { throw TransportError(.other, "status \(response.status)") }
                        done += 1
                    }
                    return done
                }
            }
            return try await group.reduce(0, +)
        }
        return Double(counts) / LiveRun.seconds(start.duration(to: clock.now))
    }
}

/// URLSession behind the runner's transport protocol, for the side-by-side figure.
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
final class URLSessionTransport: LiveTransport {
    let session: URLSession

    init() {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpMaximumConnectionsPerHost = 64
        session = URLSession(configuration: configuration)
    }

    func send(_ request: LiveRequest, deadline: ContinuousClock.Instant) async throws(TransportError) -> LiveResponse {
        var urlRequest = URLRequest(url: request.url)
        urlRequest.httpMethod = request.method
        urlRequest.timeoutInterval = LiveRun.seconds(ContinuousClock.now.duration(to: deadline))
        for (name, value) in request.headers { urlRequest.addValue(value, forHTTPHeaderField: name) }
        urlRequest.httpBody = request.body.map { Data($0) }
        do {
            let (data, response) = try await session.data(for: urlRequest)
            let http = response as? HTTPURLResponse
            let headers = (http?.allHeaderFields ?? [:]).map { ("\($0.key)", "\($0.value)") }
            return LiveResponse(status: http?.statusCode ?? 0, headers: headers, body: [UInt8](data))
        } catch {
            throw TransportError(.other, "\(error)")
        }
    }

    func shutdown() async {
        session.invalidateAndCancel()
    }
}
