import APICheck
import Foundation
import Sandbox
import TestSupport
import Testing

/// `apicheck diff --live` and `apicheck record` against a server that misbehaves: the exit code, the
/// findings in the output, what is written to disk, and that `verify` then reads what was recorded.
@Suite("apicheck against a hostile server", .serialized, timeLimit(minutes: 3))
struct HostileServerCLITests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let faults: [HostileServer.Fault] = [
        .ok, .http10, .truncated, .endless, .huge, .gzipBomb, .invalidUTF8, .redirectLoop, .html, .hugeHeader,
    ]

    /// A project whose todo API is the hostile server, one scenario per fault.
    static func project(_ server: HostileServer, faults: [HostileServer.Fault] = faults) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("apicheck-hostile-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let scenarios = faults.map {
            "      - { name: \($0.rawValue), steps: [{ name: list, method: GET, path: /api/v2/todos, headers: { X-Hostile: \($0.rawValue) } }] }"
        }
        let config = """
            version: 1
            apis:
              todos:
                contract: \(root.appendingPathComponent("contracts/todos.openapi.yaml").path)
                recordings: recordings/todos
                base_url: \(server.baseURL.absoluteString)
                scenarios:
            \(scenarios.joined(separator: "\n"))
            """
        try config.write(to: folder.appendingPathComponent("apicheck.yml"), atomically: true, encoding: .utf8)
        return folder
    }

    static func goodBody() throws -> [UInt8] {
        // The body of a recorded list answer, written back as JSON.
        let recording = try Recording.load(from: root.appendingPathComponent("recordings/todos/scenarios/list-first-page.json"))
        let body = try #require(recording.interactions.first?.response.body)
        guard case .json(let value) = body else {
            Issue.record("the list recording has no JSON body")
            return []
        }
        return JSONWriter.compactBytes(value)
    }

    // A 10 s deadline: a slow machine (or the thread sanitizer) must not turn a fault into a timeout; the faults
    // that stall take one deadline each, four at a time.
    @Test("diff --live: exit 1 (the API answered), a finding per fault with its rule, the healthy scenarios clean")
    func diff() async throws {
        let server = try HostileServer(goodBody: try Self.goodBody())
        defer { server.stop() }
        let folder = try Self.project(server)
        defer { try? FileManager.default.removeItem(at: folder) }
        // --max-body-size 1: the 100 MB body passes 1 MiB within the deadline on a busy machine too.
        let result = try await CLIRunner.run(
            ["diff", "--live", "--timeout", "10", "--max-body-size", "1", "--format", "text"], currentDirectory: folder)
        #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
        let expected: [(HostileServer.Fault, String)] = [
            (.truncated, "[transport.error]"), (.endless, "[transport.error]"),
            (.huge, "larger than the limit (1 MiB, --max-body-size; not read: Content-Length is 100000000) [body.too-large]"),
            (.gzipBomb, "[body.unparsable]"), (.invalidUTF8, "[body.unparsable]"), (.redirectLoop, "[status.undeclared]"),
            (.html, "[content-type]"), (.hugeHeader, "[transport.error]"),
        ]
        let lines = result.stdout.split(separator: "\n")
        for (fault, rule) in expected {
            #expect(
                lines.contains { $0.contains("scenarios/\(fault.rawValue).json") && $0.hasSuffix(rule) },
                "\(fault) \(rule):\n\(result.stdout)")
        }
        for healthy in [HostileServer.Fault.ok, .http10] {
            #expect(
                !lines.contains { $0.contains("scenarios/\(healthy.rawValue).json") && $0.contains(": error:") },
                "\(healthy):\n\(result.stdout)")
        }
        #expect(result.stderr.contains("10 scenarios"), "\(result.stderr)")
    }

    @Test("diff --live where nothing answers: exit 3 with the reason")
    func unreachable() async throws {
        let server = try HostileServer(goodBody: try Self.goodBody())
        defer { server.stop() }
        let folder = try Self.project(server, faults: [.truncated, .hugeHeader])
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try await CLIRunner.run(["diff", "--live", "--timeout", "10"], currentDirectory: folder)
        #expect(result.status == 3, "\(result.stdout)\(result.stderr)")
        #expect(
            result.stderr.contains("the body ended before its Content-Length") || result.stderr.contains("header section"),
            "\(result.stderr)")
    }

    @Test(
        "record: what answered is recorded (and verify reads it: invalid UTF-8 is body.unparsable); what failed is not, and no partial file"
    )
    func record() async throws {
        let server = try HostileServer(goodBody: try Self.goodBody())
        defer { server.stop() }
        let folder = try Self.project(server)
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try await CLIRunner.run(["record", "--timeout", "10", "--max-body-size", "1"], currentDirectory: folder)
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        let written = Set(
            try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("recordings/todos/scenarios").path))
        // Answers that could be read are recorded; a body cut short, too large, compressed or never ending is not.
        #expect(written == ["ok.json", "http10.json", "invalid-utf8.json", "redirect-loop.json", "html.json"], "\(written)")
        for fault in [HostileServer.Fault.truncated, .endless, .huge, .gzipBomb, .hugeHeader] {
            #expect(
                result.stdout.contains("\(fault.rawValue): not recorded") || result.stderr.contains("\(fault.rawValue): not recorded"),
                "\(fault):\n\(result.stdout)\(result.stderr)")
        }
        let verify = try await CLIRunner.run(["verify"], currentDirectory: folder)
        #expect(verify.status == 1)
        #expect(
            verify.stdout.split(separator: "\n").contains {
                $0.contains("invalid-utf8.json") && $0.contains("not valid UTF-8") && $0.hasSuffix("[body.unparsable]")
            }, "\(verify.stdout)")
        #expect(!verify.stdout.contains("ok.json:") && !verify.stdout.contains("http10.json:"), "\(verify.stdout)")
    }
}
