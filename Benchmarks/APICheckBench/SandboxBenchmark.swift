import Foundation
import Sandbox

/// GET list requests per second against the in-process sandbox, measured by `wrk` with 8 connections.
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
enum SandboxBenchmark {
    static func run(seconds: Int) async throws -> Bool {
        guard let wrk = ProcessRun.find("wrk") else {
            print("sandbox: wrk not found; install it (apt-get install -y wrk) and run again")
            return false
        }
        let sandbox = try await SandboxServer.start()
        let url = sandbox.baseURL.absoluteString + "/api/v2/todos"
        print("sandbox: wrk -t2 -c8 -d\(seconds)s \(url)")
        let run = try ProcessRun.run(wrk, ["-t2", "-c8", "-d\(seconds)s", "--latency", url])
        let output = run.stdout + run.stderr
        await sandbox.stop()
        let requestsPerSecond = output.split(separator: "\n")
            .first { $0.hasPrefix("Requests/sec:") }
            .flatMap { Double($0.split(separator: " ").last ?? "") }
        let errors = output.split(separator: "\n").filter { $0.contains("Non-2xx") || $0.contains("Socket errors") }
        for line in output.split(separator: "\n") where line.contains("Latency") || line.contains("99%") || line.contains("50%") {
            print("  " + line.trimmingCharacters(in: .whitespaces))
        }
        for line in errors { print("  " + line.trimmingCharacters(in: .whitespaces)) }
        guard let requestsPerSecond else {
            print("sandbox: could not read wrk's output:\n\(output)")
            return false
        }
        print(String(format: "  %.0f requests/s with 8 connections (target >= 2000)", requestsPerSecond))
        return errors.isEmpty
    }
}
