import APICheck
import Foundation
import TestSupport
import Testing

/// `apicheck breaking` as a user runs it: the todo API's contract changed the way the README's walkthrough changes
/// it (`updated_at` may be null, `GET /api/v2/todos/{id}` may answer 429), ranked by the todo recordings.
@Suite("apicheck breaking", timeLimit(minutes: 5))
struct BreakingCommandTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let contract = root.appendingPathComponent("contracts/todos.openapi.yaml")

    /// The todo contract with `updated_at` nullable and a 429 on reading one todo, written to a new folder.
    static func changedContract() throws -> URL {
        var text = try String(contentsOf: contract, encoding: .utf8)
        // The Todo's updated_at may be null: a oneOf of null and the timestamp it was.
        let before = "        updated_at:\n          $ref: \"#/components/schemas/Timestamp\"\n"
        #expect(text.contains(before), "contracts/todos.openapi.yaml no longer writes updated_at this way")
        text = text.replacingOccurrences(
            of: before,
            with:
                "        updated_at:\n          oneOf:\n            - type: \"null\"\n            - $ref: \"#/components/schemas/Timestamp\"\n"
        )
        let responses = try #require(text.range(of: "operationId: getTodo"))
        let status = try #require(text.range(of: "        \"404\":", range: responses.upperBound..<text.endIndex))
        text.insert(contentsOf: "        \"429\":\n          description: Too many requests\n", at: status.lowerBound)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("apicheck-breaking-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("todos.openapi.yaml")
        try text.write(to: file, atomically: true, encoding: .utf8)
        return file
    }

    @Test("a nullable date and a new status: both break the client, ranked by the recordings that use them, exit 1")
    func walkthrough() async throws {
        let changed = try Self.changedContract()
        defer { try? FileManager.default.removeItem(at: changed.deletingLastPathComponent()) }
        let result = try await CLIRunner.run(
            ["breaking", "contracts/todos.openapi.yaml", changed.path, "--api", "todos", "--format", "json"], currentDirectory: Self.root)
        #expect(result.status == 1, "\(result.stderr)")
        let report = try JSONReader.parse(Data(result.stdout.utf8))
        #expect(report[pointer: "/format"] == "apicheck-breaking/1")
        let changes = report[pointer: "/comparisons/0/changes"]?.arrayValue ?? []
        let nullable = changes.filter { $0[pointer: "/rule"] == "breaking.response-nullable" }
        #expect(!nullable.isEmpty, "\(result.stdout)")
        #expect(nullable.allSatisfy { $0[pointer: "/breaks"] == "client" && $0[pointer: "/severity"] == "error" })
        let read = try #require(nullable.first { $0[pointer: "/operation"] == "GET /api/v2/todos/{id}" })
        #expect(read[pointer: "/pointer"] == "/data/updated_at")
        #expect(read[pointer: "/used"] == .bool(true))
        #expect(read[pointer: "/used_by"]?.arrayValue?.contains("recordings/todos/tests/single.json") == true, "\(read)")
        #expect(read[pointer: "/old/line"]?.numberValue != nil && read[pointer: "/new/line"]?.numberValue != nil)
        let status = try #require(changes.first { $0[pointer: "/rule"] == "breaking.status-added" })
        #expect(status[pointer: "/part"] == "429")
        #expect(status[pointer: "/breaks"] == "client")
        // Most pressing first: what the app uses, then errors before warnings.
        let order = changes.map { ($0[pointer: "/used"] == .bool(true), $0[pointer: "/severity"]?.stringValue ?? "") }
        #expect(order.first?.0 == true && order.first?.1 == "error", "\(order)")
        #expect(result.stderr.contains("touch what the app uses"), "\(result.stderr)")

        // --fail-on below the warnings' level still fails; only unused or lower changes pass.
        let text = try await CLIRunner.run(
            ["breaking", "contracts/todos.openapi.yaml", changed.path, "--api", "todos"], currentDirectory: Self.root)
        #expect(text.status == 1)
        #expect(text.stdout.contains("[breaking.response-nullable] (breaks client)"), "\(text.stdout)")
        #expect(text.stdout.contains("used by recordings/todos/"), "\(text.stdout)")
        // One edit of the shared schema is one block in text and one annotation in github: its first operation, the
        // others "also in", the recordings of all of them.
        #expect(nullable.count == 7, "\(nullable.count) nullable changes")
        let block = text.stdout.components(separatedBy: "[breaking.response-nullable]")
        #expect(block.count == 2, "\(text.stdout)")
        for change in nullable {
            let place = ["/operation", "/part", "/pointer"].compactMap { change[pointer: $0]?.stringValue }.joined(separator: " ")
            #expect(text.stdout.contains(place), "\(place) is not in \(text.stdout)")
        }
        let recordings = Set(nullable.flatMap { $0[pointer: "/used_by"]?.arrayValue?.compactMap(\.stringValue) ?? [] })
        #expect(text.stdout.contains("and \(recordings.count - 3) more\n"), "\(recordings.count) recordings: \(text.stdout)")
        let github = try await CLIRunner.run(
            ["breaking", "contracts/todos.openapi.yaml", changed.path, "--format", "github"], currentDirectory: Self.root)
        #expect(github.stdout.contains("::error file="), "\(github.stdout)")
        let annotations = github.stdout.split(separator: "\n").filter { $0.contains("title=breaking.response-nullable") }
        #expect(annotations.count == 1, "\(github.stdout)")
        #expect(annotations.first?.contains("also in POST /api/v2/todos 200") == true, "\(github.stdout)")
        let markdown = try await CLIRunner.run(
            ["breaking", "contracts/todos.openapi.yaml", changed.path, "--api", "todos", "--format", "markdown"],
            currentDirectory: Self.root)
        #expect(markdown.stdout.contains("| severity | rule | breaks | where | what | new | used by |"), "\(markdown.stdout)")
        #expect(
            markdown.stdout.contains(
                "| error | `breaking.response-nullable` | client | `GET /api/v2/todos/{id} 200 application/json /data/updated_at` |"),
            "\(markdown.stdout)")
        let html = try await CLIRunner.run(
            ["breaking", "contracts/todos.openapi.yaml", changed.path, "--api", "todos", "--format", "html"], currentDirectory: Self.root)
        #expect(html.stdout.hasPrefix("<!DOCTYPE html>"))
        #expect(html.stdout.contains("data-rule=\"breaking.status-added\""), "\(html.stdout)")
        #expect(html.stdout.contains("default-src 'none'"))

        // One run, annotations on stdout and the page in a file (as the GitHub Action runs it); the same bytes.
        let folder = changed.deletingLastPathComponent()
        let page = folder.appendingPathComponent("reports/breaking.html")
        let both = try await CLIRunner.run(
            [
                "breaking", "contracts/todos.openapi.yaml", changed.path, "--api", "todos", "--format", "github", "--report",
                "html=\(page.path)",
            ],
            currentDirectory: Self.root)
        #expect(both.status == 1)
        #expect(both.stdout.contains("::error file=") && both.stdout.contains("title=breaking.response-nullable"), "\(both.stdout)")
        #expect(both.stderr.contains("wrote the html report to \(page.path)"), "\(both.stderr)")
        #expect(try String(contentsOf: page, encoding: .utf8) == html.stdout)
        for bad in ["junit=\(page.path)", "html=", "html", "html=\(folder.path)"] {
            let refused = try await CLIRunner.run(
                ["breaking", "contracts/todos.openapi.yaml", changed.path, "--report", bad], currentDirectory: Self.root)
            #expect(refused.status == 2, "\(bad): \(refused.stderr)")
            #expect(refused.stdout.isEmpty)
        }
    }

    @Test("no change exits 0; an info change does not fail at --fail-on error; a contract that does not load exits 2")
    func exits() async throws {
        let same = try await CLIRunner.run(
            ["breaking", "contracts/todos.openapi.yaml", "contracts/todos.openapi.yaml", "--api", "todos"], currentDirectory: Self.root)
        #expect(same.status == 0, "\(same.stderr)")
        #expect(same.stdout.isEmpty)
        #expect(same.stderr.contains("0 changes"), "\(same.stderr)")

        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("apicheck-breaking-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let text = try String(contentsOf: Self.contract, encoding: .utf8)
        let described = folder.appendingPathComponent("described.yaml")
        try text.replacingOccurrences(of: "operationId: getTodo\n", with: "operationId: getTodo\n      description: One todo, by its id.\n")
            .write(to: described, atomically: true, encoding: .utf8)
        let info = try await CLIRunner.run(
            ["breaking", "contracts/todos.openapi.yaml", described.path, "--api", "todos"], currentDirectory: Self.root)
        #expect(info.status == 0, "\(info.stdout)\(info.stderr)")
        #expect(info.stdout.contains("[breaking.documentation] (breaks neither)"), "\(info.stdout)")
        let strict = try await CLIRunner.run(
            ["breaking", "contracts/todos.openapi.yaml", described.path, "--api", "todos", "--fail-on", "info"], currentDirectory: Self.root
        )
        #expect(strict.status == 1)

        let broken = folder.appendingPathComponent("broken.yaml")
        try text.replacingOccurrences(of: "openapi: 3.1.0", with: "openapi: 3.1.0\nx-apicheck-nonsense: 1").write(
            to: broken, atomically: true, encoding: .utf8)
        let refused = try await CLIRunner.run(["breaking", "contracts/todos.openapi.yaml", broken.path], currentDirectory: Self.root)
        #expect(refused.status == 2)
        #expect(refused.stderr.contains(broken.path), "\(refused.stderr)")

        let usage = try await CLIRunner.run(["breaking", "contracts/todos.openapi.yaml"], currentDirectory: Self.root)
        #expect(usage.status == 2)
        #expect(usage.stderr.contains("name two contract files"), "\(usage.stderr)")
    }

    @Test("--base REF reads each contract of apicheck.yml at a git revision; a new contract is noted, an unknown revision exits 2")
    func base() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("apicheck-breaking-git-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("contracts"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.copyItem(at: Self.contract, to: folder.appendingPathComponent("contracts/todos.openapi.yaml"))
        try "version: 1\napis:\n  todos:\n    contract: contracts/todos.openapi.yaml\n    base_url: https://example.com\n".write(
            to: folder.appendingPathComponent("apicheck.yml"), atomically: true, encoding: .utf8)
        func git(_ arguments: [String]) async throws {
            let result = try await CLIRunner.onThread {
                CLIRunner.result(
                    of: try ChildProcess(
                        "/usr/bin/env",
                        ["git", "-c", "user.name=t", "-c", "user.email=t@example.com", "-c", "commit.gpgsign=false"] + arguments,
                        currentDirectory: folder.path, environment: ProcessInfo.processInfo.environment))
            }
            #expect(result.status == 0, "git \(arguments): \(result.stderr)")
        }
        try await git(["init", "-q"])
        try await git(["add", "."])
        try await git(["commit", "-q", "-m", "first"])
        try FileManager.default.removeItem(at: folder.appendingPathComponent("contracts/todos.openapi.yaml"))
        try FileManager.default.copyItem(at: try Self.changedContract(), to: folder.appendingPathComponent("contracts/todos.openapi.yaml"))
        let result = try await CLIRunner.run(["breaking", "--base", "HEAD", "--format", "json"], currentDirectory: folder)
        #expect(result.status == 1, "\(result.stderr)")
        let report = try JSONReader.parse(Data(result.stdout.utf8))
        #expect(report[pointer: "/comparisons/0/old"] == "HEAD:contracts/todos.openapi.yaml")
        #expect(report[pointer: "/comparisons/0/recordings_read"] == .null, "no recordings folder: every change counts")
        #expect(
            (report[pointer: "/comparisons/0/changes"]?.arrayValue ?? []).contains { $0[pointer: "/rule"] == "breaking.response-nullable" })

        let unknown = try await CLIRunner.run(["breaking", "--base", "no-such-ref"], currentDirectory: folder)
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("--base no-such-ref"), "\(unknown.stderr)")

        try await git(["rm", "-q", "--cached", "contracts/todos.openapi.yaml"])
        try await git(["commit", "-q", "-m", "no contract"])
        let new = try await CLIRunner.run(["breaking", "--base", "HEAD"], currentDirectory: folder)
        #expect(new.status == 0, "\(new.stderr)")
        #expect(new.stderr.contains("not in HEAD: a new contract, nothing to compare"), "\(new.stderr)")
    }

    @Test(
        "an edit of a schema 210 operations share: one text block naming the first eight places and the count, ranked by a recording of a contract compiled where reached"
    )
    func sharedByMany() async throws {
        func document(_ statuses: String) -> String {
            let paths = (1...210).map { number in
                """
                  /things_\(number):
                    get:
                      responses:
                        "200":
                          description: ok
                          content:
                            application/json:
                              schema: {$ref: "#/components/schemas/Thing"}
                """
            }
            return """
                openapi: 3.1.0
                info: {title: t, version: "1"}
                paths:
                \(paths.joined(separator: "\n"))
                components:
                  schemas:
                    Thing: {type: object, properties: {status: {type: string, enum: [\(statuses)]}}}

                """
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("apicheck-breaking-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("recordings"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try document("open").write(to: folder.appendingPathComponent("old.yaml"), atomically: true, encoding: .utf8)
        try document("open, paused").write(to: folder.appendingPathComponent("new.yaml"), atomically: true, encoding: .utf8)
        try "version: 1\napis:\n  things:\n    contract: old.yaml\n    recordings: recordings\n    base_url: https://things.example\n"
            .write(
                to: folder.appendingPathComponent("apicheck.yml"), atomically: true, encoding: .utf8)
        let recording = """
            {"format": "apicheck-recording/1", "api": "things", "name": "five", "recorded_at": "2026-11-27T00:00:00Z", "recorded_from": "https://things.example", "interactions": [{
              "request": {"method": "GET", "url": "/things_5", "headers": {}},
              "response": {"status": 200, "headers": {"Content-Type": "application/json"}, "body": {"json": {"status": "open"}}}}]}
            """
        try recording.write(to: folder.appendingPathComponent("recordings/five.json"), atomically: true, encoding: .utf8)
        let text = try await CLIRunner.run(["breaking", "old.yaml", "new.yaml", "--api", "things"], currentDirectory: folder)
        #expect(text.status == 1, "\(text.stderr)")
        #expect(text.stderr.contains("1 touch what the app uses (1 recording read)"), "\(text.stderr)")
        let lines = text.stdout.split(separator: "\n")
        // The operation the recording uses first, the others after it in the document's order.
        #expect(lines.first?.hasPrefix("new.yaml:") == true && lines.first?.contains("GET /things_5 200 application/json /status") == true)
        let also = try #require(lines.first { $0.contains("also in") })
        #expect(also.hasPrefix("    also in GET /things_1 200 application/json /status, GET /things_2 "), "\(also)")
        #expect(
            also.hasSuffix(
                "GET /things_9 200 application/json /status and 201 more places (--format json lists each) (the same edit of the contract)"),
            "\(also)")
        #expect(lines.contains("    used by recordings/five.json"), "\(text.stdout)")
        let json = try await CLIRunner.run(
            ["breaking", "old.yaml", "new.yaml", "--api", "things", "--format", "json"], currentDirectory: folder)
        let changes = try JSONReader.parse(json.stdout)[pointer: "/comparisons/0/changes"]?.arrayValue ?? []
        #expect(changes.count == 210, "\(json.stdout.prefix(2000))")
        let used = changes.filter { $0[pointer: "/used"] == .bool(true) }.compactMap { $0[pointer: "/operation"]?.stringValue }
        #expect(used == ["GET /things_5"], "\(used)")
    }
}
