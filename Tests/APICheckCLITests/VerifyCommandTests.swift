import APICheck
import Foundation
import TestSupport
import Testing

@Suite("apicheck verify", timeLimit(minutes: 5))
struct VerifyCommandTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    func temporaryFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("apicheck-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    /// `recordings/todos/tests/single.json` with `is_done` an integer, written into `folder`; and the line of that key.
    static func driftedSingle(in folder: URL) throws -> (file: URL, line: Int) {
        let original = try String(contentsOf: root.appendingPathComponent("recordings/todos/tests/single.json"), encoding: .utf8)
        let drifted = folder.appendingPathComponent("single.json")
        try original.replacingOccurrences(of: #""is_done": false,"#, with: #""is_done": 0,"#).write(
            to: drifted, atomically: true, encoding: .utf8)
        return (
            drifted,
            (original.split(separator: "\n", omittingEmptySubsequences: false).lastIndex { $0.contains(#""is_done": false,"#) } ?? 0) + 1
        )
    }

    @Test("every committed recording verifies clean: exit 0, nothing on stdout")
    func committedRecordingsAreClean() async throws {
        let result = try await CLIRunner.run(["verify"], currentDirectory: Self.root)
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.isEmpty)
        // Every recording file in the repository, counted here independently of the command.
        let recordings = Self.root.appendingPathComponent("recordings")
        let files =
            FileManager.default.enumerator(atPath: recordings.path)?.compactMap { $0 as? String }.filter { $0.hasSuffix(".json") } ?? []
        #expect(files.count >= 43)
        #expect(result.stderr.contains("verified \(files.count) recordings"), "\(result.stderr)")
    }

    @Test("a drifted recording exits 1 with compiler-style lines; json, github, junit and markdown render it")
    func driftedRecording() async throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (drifted, line) = try Self.driftedSingle(in: folder)

        let text = try await CLIRunner.run(["verify", drifted.path], currentDirectory: Self.root)
        #expect(text.status == 1)
        #expect(
            text.stdout.contains(
                "\(drifted.path):\(line): error: GET /api/v2/todos/{id} 200 /data/is_done: expected a boolean, found an integer (0) [shape.type]"
            ))

        let json = try await CLIRunner.run(["verify", drifted.path, "--format", "json"], currentDirectory: Self.root)
        #expect(json.status == 1)
        #expect(json.stdout.contains(#""format": "apicheck-report/1""#))
        #expect(json.stdout.contains(#""rule": "shape.type""#))

        let github = try await CLIRunner.run(["verify", drifted.path, "--format", "github"], currentDirectory: Self.root)
        #expect(github.stdout.contains("::error file=\(drifted.path),line=\(line),title=shape.type::"))

        let junit = try await CLIRunner.run(["verify", drifted.path, "--format", "junit"], currentDirectory: Self.root)
        #expect(junit.stdout.contains(#"<failure type="shape.type""#))

        let markdown = try await CLIRunner.run(["verify", drifted.path, "--format", "markdown"], currentDirectory: Self.root)
        #expect(markdown.stdout.contains("| error | `shape.type` |"))

        let lenient = try await CLIRunner.run(
            ["verify", drifted.path, "--fail-on", "error", "--config", "apicheck.yml"], currentDirectory: Self.root)
        #expect(lenient.status == 1)
    }

    @Test(
        "--format html and --report html=PATH: the same page, with the finding's rule, pointer, recorded value and line; a bad --report is exit 2"
    )
    func htmlReport() async throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (drifted, line) = try Self.driftedSingle(in: folder)

        let html = try await CLIRunner.run(["verify", drifted.path, "--format", "html"], currentDirectory: Self.root)
        #expect(html.status == 1)
        #expect(html.stdout.contains(#"<tr class="finding error" data-rule="shape.type" data-pointer="/data/is_done">"#), "\(html.stdout)")
        #expect(html.stdout.contains(#"<td class="value recorded"><code>0</code></td>"#))
        #expect(html.stdout.contains("<code>\(drifted.path):\(line)</code>"))
        #expect(html.stdout.contains(#"<table class="coverage" data-api="todos">"#))

        // One run, annotations on stdout and the page in a file (a folder that does not exist yet is made).
        let page = folder.appendingPathComponent("reports/apicheck.html")
        let both = try await CLIRunner.run(
            ["verify", drifted.path, "--format", "github", "--report", "html=\(page.path)"], currentDirectory: Self.root)
        #expect(both.status == 1)
        #expect(both.stdout.hasPrefix("::error "))
        #expect(both.stderr.contains("wrote the html report to \(page.path)"))
        #expect(try String(contentsOf: page, encoding: .utf8) == html.stdout)

        for bad in ["pdf=\(page.path)", "html=", "html", "html=\(folder.path)"] {
            let refused = try await CLIRunner.run(["verify", drifted.path, "--report", bad], currentDirectory: Self.root)
            #expect(refused.status == 2, "\(bad): \(refused.stderr)")
            #expect(refused.stdout.isEmpty)
        }
        let twice = try await CLIRunner.run(
            ["verify", drifted.path, "--report", "html=\(page.path)", "--report", "json=\(page.path)"], currentDirectory: Self.root)
        #expect(twice.status == 2 && twice.stderr.contains("names \(page.path) twice"), "\(twice.stderr)")
    }

    @Test("files verified in parallel report exactly what one job reports, in the same order; --jobs 0 is refused")
    func parallelJobs() async throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let original = try String(contentsOf: Self.root.appendingPathComponent("recordings/todos/tests/single.json"), encoding: .utf8)
        // 24 files, each drifted in its own way, so that the order of the lines is the order of the files.
        for index in 0..<24 {
            let text = original.replacingOccurrences(of: #""is_done": false,"#, with: #""is_done": \#(index),"#)
            try text.write(to: folder.appendingPathComponent(String(format: "r%02d.json", index)), atomically: true, encoding: .utf8)
        }
        let one = try await CLIRunner.run(["verify", folder.path, "--jobs", "1"], currentDirectory: Self.root)
        #expect(one.status == 1)
        #expect(one.stdout.split(separator: "\n").filter { $0.contains("[shape.type]") }.count == 48)  // two is_done per file
        for jobs in ["2", "8"] {
            let parallel = try await CLIRunner.run(["verify", folder.path, "--jobs", jobs], currentDirectory: Self.root)
            #expect(parallel.status == 1)
            #expect(parallel.stdout == one.stdout, "--jobs \(jobs)")
            #expect(parallel.stderr == one.stderr, "--jobs \(jobs)")
        }
        let refused = try await CLIRunner.run(["verify", folder.path, "--jobs", "0"], currentDirectory: Self.root)
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("--jobs must be at least 1"))
    }

    @Test(
        "bad input exits 2 with file and line",
        arguments: [
            ("recording", #"{"format": "apicheck-recording/1", "api": "todos""#, "broken.json:1:50: error: not valid JSON"),
            (
                "config", "apis:\n  todos:\n    base_url: https://x.test\n    contrct: x\n",
                "apicheck.yml:4:5: error: apis.todos: unknown key \"contrct\""
            ),
            ("contract", "openapi: 3.1.0\ninfo: {title: x, version: '1'}\npaths: 5\n", "contract.yaml:3:8: error"),
        ])
    func badInput(_ kind: String, _ content: String, _ message: String) async throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var arguments = ["verify"]
        switch kind {
        case "recording":
            try content.write(to: folder.appendingPathComponent("broken.json"), atomically: true, encoding: .utf8)
            arguments.append(folder.appendingPathComponent("broken.json").path)
        case "config":
            try content.write(to: folder.appendingPathComponent("apicheck.yml"), atomically: true, encoding: .utf8)
        default:
            try content.write(to: folder.appendingPathComponent("contract.yaml"), atomically: true, encoding: .utf8)
            try "apis:\n  todos:\n    contract: contract.yaml\n    base_url: https://x.test\n".write(
                to: folder.appendingPathComponent("apicheck.yml"), atomically: true, encoding: .utf8)
        }
        let result = try await CLIRunner.run(arguments, currentDirectory: kind == "recording" ? Self.root : folder)
        #expect(result.status == 2)
        #expect(result.stderr.contains(message), "stderr: \(result.stderr)")
    }

    /// A one-operation contract whose response schema (line 11 on) is `schema`, indented under `schema:`.
    static func contract(schema: String, extra: String = "") -> String {
        """
        openapi: 3.1.0
        info: {title: t, version: "1"}
        \(extra)paths:
          /things:
            get:
              responses:
                "200":
                  description: ok
                  content:
                    application/json:
                      schema:
        \(schema.split(separator: "\n").map { "                " + $0 }.joined(separator: "\n"))

        """
    }

    @Test(
        "what a contract says that apicheck would not check refuses its operation (named once, with file, line and what to do; a recording of it fails), a wrong x-apicheck extension the contract (exit 2), a value wrong in every reading (a broken $ref) is the contract's error",
        arguments: [
            (
                "type: object\n$recursiveAnchor: true",
                "contract.yaml:13:35: error: /paths/~1things/get/responses/200/content/application~1json/schema/$recursiveAnchor: $recursiveAnchor (draft 2019-09) is not enforced"
            ),
            (
                "type: object\n$recursiveRef: \"#\"",
                "contract.yaml:13:32: error: /paths/~1things/get/responses/200/content/application~1json/schema/$recursiveRef: $recursiveRef (draft 2019-09) is not enforced; use a plain local $ref"
            ),
            ("type: string\nminLenght: 3", "schema/minLenght: unknown keyword \"minLenght\": apicheck would not check it (a misspelling?"),
            (
                "type: string\npattern: \"([a-z]\"",
                "contract.yaml:13:26: error: /paths/~1things/get/responses/200/content/application~1json/schema/pattern: the pattern \"([a-z]\" is not a valid regular expression"
            ),
            (
                "type: object\nx-apicheck-key-case: snake",
                "schema/x-apicheck-key-case: x-apicheck-key-case must be snake_case, camelCase or any, found \"snake\""
            ),
            (
                "type: string\nx-apicheck-dates: {fraction-digits: 6, offset: Z}",
                "unknown extension x-apicheck-dates; the schema extensions are x-apicheck-key-case and x-apicheck-date"
            ),
            (
                "type: string\nx-apicheck-date: {fraction-digits: 6, offset: Z}",
                "x-apicheck-date describes a date-time string: add format: date-time beside it"
            ),
            (
                "type: string\nformat: date-time\nx-apicheck-date: {fraction-digits: 12, offset: Z}",
                "fraction-digits must be a whole number from 0 to 9, found 12"
            ),
            ("$ref: \"#/components/schemas/Nope\"", "\"#/components/schemas/Nope\" points at nothing in this document"),
            ("type: integer\nnullable: maybe", "nullable is OpenAPI 3.0; in OpenAPI 3.1 write type: [string, \"null\"]"),
            (
                "type: integer\nminimum: \"1\"",
                "contract.yaml:13:26: error: /paths/~1things/get/responses/200/content/application~1json/schema/minimum: minimum must be a number, found \"1\""
            ),
        ])
    func refusedContract(_ schema: String, _ message: String) async throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.contract(schema: schema).write(to: folder.appendingPathComponent("contract.yaml"), atomically: true, encoding: .utf8)
        try "apis:\n  things:\n    contract: contract.yaml\n    base_url: https://x.test\n".write(
            to: folder.appendingPathComponent("apicheck.yml"), atomically: true, encoding: .utf8)
        let result = try await CLIRunner.run(["verify"], currentDirectory: folder)
        #expect(result.stderr.contains("contract.yaml:1"), "the line is given: \(result.stderr)")
        // apicheck's own words wrong (an x-apicheck extension) refuse the contract: exit 2 at the line.
        if schema.contains("x-apicheck-") {
            #expect(result.status == 2, "\(result.stderr)")
            #expect(result.stderr.contains(message), "stderr: \(result.stderr)")
            return
        }
        // `file:line:column: error: pointer: why` as a refused operation's warning.
        var expected = [message]
        if let range = message.range(of: ": error: ") {
            let rest = message[range.upperBound...]
            let pointer = rest.prefix { $0 != ":" }
            expected = [
                "\(message[..<range.lowerBound]): warning: GET /things is not checked",
                "at \(pointer): \(rest.dropFirst(pointer.count + 2))",
            ]
        }
        // A value wrong in every reading is the contract's own error (contract.invalid), reported with no recording;
        // a construct apicheck does not check only refuses its operation.
        if message.contains("is not a valid regular expression") || message.contains("points at nothing") {
            #expect(result.status == 1, "\(result.stderr)")
            // Where each is written: the $ref on the schema's first line, the pattern on its second.
            let (line, keyword) = message.contains("points at nothing") ? (12, "$ref") : (13, "pattern")
            #expect(
                result.stdout.contains(
                    "contract.yaml:\(line): error: GET /things /paths/~1things/get/responses/200/content/application~1json/schema/\(keyword)"
                ),
                "\(result.stdout)")
            #expect(result.stdout.contains("[contract.invalid]"), "\(result.stdout)")
        } else {
            #expect(result.status == 0, "no recording reaches it: \(result.stderr)")
        }
        for text in expected + ["warning: GET /things is not checked"] {
            #expect(result.stderr.contains(text), "\(text) in stderr: \(result.stderr)")
        }
        #expect(result.stderr.components(separatedBy: "GET /things is not checked").count == 2, "named once: \(result.stderr)")
        // A recording that reaches the refused operation is an error, never passed unchecked.
        let recordings = folder.appendingPathComponent("recordings/things/tests")
        try FileManager.default.createDirectory(at: recordings, withIntermediateDirectories: true)
        let recording = Recording(
            api: "things", name: "one", recordedAt: "2026-01-01T00:00:00Z", recordedFrom: "sandbox",
            interactions: [
                Interaction(
                    request: RecordedRequest(method: "GET", url: "/things"),
                    response: RecordedResponse(
                        status: 200, headers: HeaderFields([("Content-Type", "application/json")]), body: .json(.object(JSONObject()))))
            ])
        try recording.fileText.write(to: recordings.appendingPathComponent("one.json"), atomically: true, encoding: .utf8)
        let reached = try await CLIRunner.run(["verify"], currentDirectory: folder)
        #expect(reached.status == 1, "stderr: \(reached.stderr)")
        #expect(reached.stdout.contains("[contract.operation-refused]"), "stdout: \(reached.stdout)")
    }

    @Test("an x-apicheck extension outside a schema, misspelled or misplaced, is refused with its line")
    func refusedDocumentExtension() async throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.contract(schema: "type: object", extra: "x-apicheck-keycase: snake_case\n").write(
            to: folder.appendingPathComponent("contract.yaml"), atomically: true, encoding: .utf8)
        try "apis:\n  things:\n    contract: contract.yaml\n    base_url: https://x.test\n".write(
            to: folder.appendingPathComponent("apicheck.yml"), atomically: true, encoding: .utf8)
        let result = try await CLIRunner.run(["verify"], currentDirectory: folder)
        #expect(result.status == 2)
        #expect(
            result.stderr.contains("contract.yaml:3:21: error: /x-apicheck-keycase: unknown extension x-apicheck-keycase"),
            "stderr: \(result.stderr)")
    }

    @Test("a HAR file's findings point at their own entries: two entries, two lines")
    func harFindingsPointAtTheirEntries() async throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        func entry(_ id: Int) -> String {
            let body =
                #"{\"data\": {\"id\": \#(id), \"title\": \"t\", \"is_done\": 0, \"created_at\": \"2023-09-16T18:07:38.000000Z\", \"updated_at\": \"2023-09-16T18:07:38.000000Z\"}, \"message\": \"ok\"}"#
            return """
                {
                  "startedDateTime": "2024-01-01T00:00:00.000Z", "time": 1.5,
                  "request": {"method": "GET", "url": "https://phplaravel-574671-2962113.cloudwaysapps.com/api/v2/todos/\(id)", "httpVersion": "HTTP/1.1",
                    "headers": [{"name": "Accept", "value": "application/json"}], "queryString": [], "cookies": [], "headersSize": -1, "bodySize": 0},
                  "response": {"status": 200, "statusText": "OK", "httpVersion": "HTTP/1.1",
                    "headers": [{"name": "Content-Type", "value": "application/json"}], "cookies": [],
                    "content": {"size": 10, "mimeType": "application/json", "text": "\(body)"},
                    "redirectURL": "", "headersSize": -1, "bodySize": 10},
                  "cache": {}, "timings": {"send": 0.5, "wait": 1, "receive": 0}
                }
                """
        }
        let har = #"{"log": {"version": "1.2", "creator": {"name": "test", "version": "1"}, "entries": [\#n\#(entry(1)),\#n\#(entry(2))]}}"#
        let path = folder.appendingPathComponent("two.har")
        try har.write(to: path, atomically: true, encoding: .utf8)
        let result = try await CLIRunner.run(["verify", path.path, "--api", "todos"], currentDirectory: Self.root)
        #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").filter { $0.contains("[shape.type]") }
        #expect(lines.count == 2, "\(result.stdout)")
        #expect(Set(lines).count == 2, "two entries, two distinct lines: \(lines)")
        // Each points at the response content of its own entry.
        let text = har.split(separator: "\n", omittingEmptySubsequences: false)
        let contentLines = text.indices.filter { text[$0].contains("\"content\":") }.map { $0 + 1 }
        #expect(
            lines.map { $0.split(separator: ":")[1] }.map(String.init) == contentLines.map(String.init),
            "\(lines) vs content at \(contentLines)")
    }

    @Test("absolute contract and recordings paths in apicheck.yml are used as written")
    func absolutePaths() async throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let contract = Self.root.appendingPathComponent("contracts/todos.openapi.yaml").path
        let recordings = Self.root.appendingPathComponent("recordings/todos").path
        try "apis:\n  todos:\n    contract: \(contract)\n    recordings: \(recordings)\n    base_url: https://x.test\n"
            .write(to: folder.appendingPathComponent("apicheck.yml"), atomically: true, encoding: .utf8)
        let result = try await CLIRunner.run(["verify"], currentDirectory: folder)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("verified 41 recordings"), "\(result.stderr)")  // 20 recorded, 21 examples
    }

    @Test("without apicheck.yml, verify says where it looked and how to point at one")
    func missingConfiguration() async throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try await CLIRunner.run(["verify"], currentDirectory: folder)
        #expect(result.status == 2)
        #expect(result.stderr.contains("apicheck.yml: error: no such file"))
        #expect(result.stderr.contains("--config PATH"))
    }

    /// A project whose contract describes `count` checked operations (GET /r0 ... answering `{id: integer}`) and GET
    /// /bad, refused (a misspelled keyword), with one recording of GET /r5 (its `id` a string) and GET /bad.
    static func vendorSized(_ count: Int, in folder: URL) throws {
        var paths: [String] = []
        for index in 0..<count {
            paths.append(
                #""/r\#(index)": {"get": {"responses": {"200": {"description": "ok", "content": {"application/json": {"schema": {"type": "object", "required": ["id"], "properties": {"id": {"type": "integer"}}}}}}}}}"#
            )
        }
        paths.append(
            #""/bad": {"get": {"responses": {"200": {"description": "bad", "content": {"application/json": {"schema": {"type": "string", "minLenght": 1}}}}}}}"#
        )
        let contract =
            #"{"openapi": "3.1.0", "info": {"title": "big", "version": "1"}, "paths": {"# + paths.joined(separator: ",\n") + "}}\n"
        try contract.write(to: folder.appendingPathComponent("big.openapi.json"), atomically: true, encoding: .utf8)
        try "apis:\n  big:\n    contract: big.openapi.json\n    recordings: recordings\n    base_url: https://api.example.com\n"
            .write(to: folder.appendingPathComponent("apicheck.yml"), atomically: true, encoding: .utf8)
        let interaction = { (path: String, body: String) in
            #"{"request": {"method": "GET", "url": "\#(path)", "headers": {}}, "response": {"status": 200, "headers": {"Content-Type": "application/json"}, "body": {"json": \#(body)}}}"#
        }
        let recording =
            #"{"format": "apicheck-recording/1", "api": "big", "name": "two", "recorded_at": "2026-11-25T00:00:00Z", "recorded_from": "sandbox", "interactions": ["#
            + interaction("/r5", #"{"id": "x"}"#) + ",\n" + interaction("/bad", #""a""#) + "]}\n"
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("recordings"), withIntermediateDirectories: true)
        try recording.write(to: folder.appendingPathComponent("recordings/two.json"), atomically: true, encoding: .utf8)
    }

    @Test(
        "a contract of more than 200 operations is compiled where the recordings reach it: the same findings, what they reached refused, a note instead of coverage; coverage compiles it whole"
    )
    func vendorSizedContract() async throws {
        for count in [199, 200] {
            let folder = try temporaryFolder()
            defer { try? FileManager.default.removeItem(at: folder) }
            try Self.vendorSized(count, in: folder)
            let result = try await CLIRunner.run(["verify"], currentDirectory: folder)
            #expect(result.status == 1, "\(result.stderr)")
            #expect(
                result.stdout.contains("error: GET /r5 200 /id: expected an integer, found a string (\"x\") [shape.type]"),
                "\(result.stdout)")
            #expect(result.stdout.contains("[contract.operation-refused]"))
            #expect(result.stderr.contains("warning: GET /bad is not checked"), "\(result.stderr)")
            let operations = count + 1
            if operations > 200 {
                #expect(
                    result.stderr.contains(
                        "apicheck verify: big's contract describes \(operations) operations (more than 200): the 2 its recordings reach were compiled and checked, the other \(operations - 2) were neither compiled nor measured, so what of them apicheck refuses is not said here (apicheck coverage --api big compiles every one"
                    ), "\(result.stderr)")
                #expect(!result.stderr.contains("contract coverage of big"))
            } else {
                #expect(result.stderr.contains("apicheck verify: contract coverage of big: operations 1/\(operations)"), "\(result.stderr)")
                #expect(!result.stderr.contains("describes"))
            }
            let coverage = try await CLIRunner.run(["coverage", "--api", "big"], currentDirectory: folder)
            #expect(coverage.status == 0, "\(coverage.stderr)")
            #expect(coverage.stdout.contains("operations   1/\(operations)"), "\(coverage.stdout)")
            #expect(coverage.stdout.contains("GET /bad: "), "\(coverage.stdout)")
        }
    }
}
