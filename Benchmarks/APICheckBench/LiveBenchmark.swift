import APICheck
import APICheckLive
import Foundation
import Sandbox
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The live runner against the in-process sandbox: requests per second of the two HTTP clients that
/// build here, side by side at concurrency 1, 8 and 32, and a 500-scenario `diff --live` run.
enum LiveBenchmark {
    static func run(seconds: Double = 2) async throws {
        let sandbox = try await SandboxServer.start()
        defer { Task { await sandbox.stop() } }
        let url = sandbox.baseURL.appendingPathComponent("api/v2/todos")
        let request = LiveRequest(method: "GET", url: URL(string: url.absoluteString + "?page=1")!, headers: [("Accept", "application/json")])
        print("live: GET /api/v2/todos?page=1 against the in-process sandbox, \(seconds) s per figure (requests/s)")
        print("  concurrency    HTTPTransport   URLSession   ratio")
        let asyncClient = HTTPTransport()
        let session = URLSessionTransport()
        for concurrency in [1, 8, 32] {
            let fast = try await rate(asyncClient, request, concurrency: concurrency, seconds: seconds)
            let slow = try await rate(session, request, concurrency: concurrency, seconds: seconds)
            let target = concurrency == 8 ? "  (target >= 1,000 at 8)" : ""
            print(String(format: "  %11d   %15.0f   %10.0f   %4.1fx%@", concurrency, fast, slow, fast / slow, target))
        }
        await asyncClient.shutdown()
        await session.shutdown()

        // 500 scenarios through the whole diff path (runner, verifier, comparison), in a child process for its peak memory.
        let child = Process()
        child.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
        child.arguments = ["live-500", sandbox.baseURL.absoluteString]
        let pipe = Pipe()
        child.standardOutput = pipe
        try child.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        child.waitUntilExit()
        print(output, terminator: "")
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

    /// `apicheck diff --live` with 500 scenarios (the todo API's, repeated) at concurrency 8, against `base`.
    static func fiveHundred(base: String) async throws {
        let root = FileManager.default.currentDirectoryPath
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("apicheck-live-bench-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let scenarioFolder = folder.appendingPathComponent("recordings/todos/scenarios")
        try FileManager.default.createDirectory(at: scenarioFolder, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: root + "/contracts", toPath: folder.appendingPathComponent("contracts").path)
        let project = try ConfigurationFile.load(root + "/apicheck.yml")
        let originals = project.apis[0].scenarios.map(\.name)
        // The scenarios' YAML, each repeated under a new name with a copy of its recording.
        let configText = try String(contentsOfFile: root + "/apicheck.yml", encoding: .utf8)
        guard let start = configText.range(of: "    scenarios:\n") else { throw TransportError(.other, "no scenarios in apicheck.yml") }
        let block = configText[start.upperBound...]
        var text = String(configText[..<start.upperBound])
        var index = 0
        while index < 500 {
            for name in originals where index < 500 {
                let scenario = block.components(separatedBy: "      - name: ").first { $0.hasPrefix(name + "\n") } ?? ""
                text += "      - name: " + scenario.replacingOccurrences(of: name + "\n", with: "\(name)-\(index)\n", options: .anchored)
                try FileManager.default.copyItem(
                    atPath: root + "/recordings/todos/scenarios/\(name).json", toPath: scenarioFolder.appendingPathComponent("\(name)-\(index).json").path
                )
                index += 1
            }
        }
        let configPath = folder.appendingPathComponent("apicheck.yml").path
        try text.write(toFile: configPath, atomically: true, encoding: .utf8)
        let configuration = try ConfigurationFile.load(configPath)
        let transport = HTTPTransport()
        let run = LiveRun(configuration: configuration, transport: transport, options: .init(sandboxURL: URL(string: base), concurrency: 8))
        let clock = ContinuousClock()
        let started = clock.now
        let result = await run.diff()
        let elapsed = LiveRun.seconds(started.duration(to: clock.now))
        await transport.shutdown()
        print(String(
            format: "  500 scenarios (%d requests) at concurrency 8: %.2f s (target < 2 s), %d findings, %d errors; peak memory %.1f MB (target < 200)",
            result.requests, elapsed, result.findings.count, result.errors.count, Double(VerifyBenchmark.peakKilobytes()) / 1024
        ))
        for finding in result.findings.prefix(5) { print("    \(finding.compilerLine)") }
    }
}

/// URLSession behind the runner's transport protocol, for the side-by-side figure.
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
