import Foundation
import Sandbox
import TestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("The apicheck command line", timeLimit(minutes: 5))
struct CommandLineTests {
    @Test("--version prints the version on stdout and exits 0", arguments: [["--version"], ["sandbox", "--version"]])
    func version(_ arguments: [String]) async throws {
        let result = try await CLIRunner.run(arguments)
        #expect(result.status == 0)
        #expect(result.stdout.range(of: #"^\d+\.\d+\.\d+\n$"#, options: .regularExpression) != nil, "stdout: \(result.stdout)")
    }

    @Test("--help describes the exit codes and the sandbox's options")
    func help() async throws {
        let root = try await CLIRunner.run(["--help"])
        #expect(root.status == 0)
        #expect(root.stdout.contains("3 the live API could not be reached"))
        let sandbox = try await CLIRunner.run(["sandbox", "--help"])
        #expect(sandbox.status == 0)
        for option in ["--config", "--api", "--port", "--drift", "--deterministic", "--list-drifts"] {
            #expect(sandbox.stdout.contains(option), "sandbox --help lacks \(option)")
        }
    }

    @Test(
        "usage errors exit 2, not swift-argument-parser's 64",
        arguments: [
            (["--bogus"], "Unknown option '--bogus'"),
            (["sandbox", "--port", "99999"], "--port must be between 0 and 65535"),
            (["sandbox", "--port", "abc"], "--port"),
            (["sandbox", "--api", "nope"], "unknown API 'nope'"),
            (["sandbox", "--drift", "nope"], "todos/put-json-only"),
            (["sandbox", "--config", "/no/such/apicheck.yml"], "no configuration file at '/no/such/apicheck.yml'"),
            (["no-such-command"], "Unexpected argument 'no-such-command'"),
        ])
    func usageErrorsExit2(_ arguments: [String], _ message: String) async throws {
        let result = try await CLIRunner.run(arguments)
        #expect(result.status == 2)
        #expect(result.stderr.contains(message), "stderr: \(result.stderr)")
        #expect(result.stdout.isEmpty)
    }

    @Test("sandbox --list-drifts prints each drift with what it does")
    func listDrifts() async throws {
        let result = try await CLIRunner.run(["sandbox", "--list-drifts"])
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == Drift.all.count)
        #expect(lines.contains { $0.hasPrefix("todos/dates-offset\t") })
        #expect(lines.contains { $0.hasPrefix("kakao/dates-utc\t") })
    }

    @Test("sandbox serves over HTTP until interrupted, then exits 0")
    func sandboxServesUntilInterrupted() async throws {
        let child = try CLIRunner.start(["sandbox", "--api", "todos", "--port", "0", "--drift", "extra-field"])
        defer {
            child.send(SIGTERM)
            child.wait()
        }

        // Read stderr until the "listening on" line names the URL.
        var banner = ""
        while !banner.contains("Ctrl-C") {
            let chunk = child.readAvailable(from: .stderr)
            if chunk.isEmpty { break }
            banner += String(decoding: chunk, as: UTF8.self)
        }
        let match = try #require(banner.range(of: #"http://127\.0\.0\.1:\d+"#, options: .regularExpression))
        let url = try #require(URL(string: String(banner[match]) + "/api/v2/todos/4698"))
        #expect(banner.contains("todos/extra-field"))

        let (data, response) = try await URLSession(configuration: .ephemeral).data(from: url)
        #expect((response as? HTTPURLResponse)?.statusCode == 200)
        #expect(String(decoding: data, as: UTF8.self).contains(#""priority":"normal""#))

        child.send(SIGINT)
        #expect(child.wait() == .exited(0))
    }
}
