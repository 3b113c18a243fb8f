import APICheck
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Verifying a 100 MB corpus of todo recordings against the todo contract, beside merely parsing it,
/// and beside Python's `jsonschema` and `jsonschema-rs` on the same response bodies.
enum VerifyBenchmark {
    static let targetBytes = 100_000_000

    static func contractPath() -> String {
        // The benchmark runs from the package root (swift run).
        FileManager.default.currentDirectoryPath + "/contracts/todos.openapi.yaml"
    }

    /// Writes the corpus: recordings of list pages (30 todos each, 4 interactions per file).
    static func makeCorpus(in folder: URL) throws -> (files: [URL], bytes: Int, bodies: URL) {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var files: [URL] = []
        var total = 0
        var index = 0
        let bodiesURL = folder.appendingPathComponent("bodies.jsonl")
        _ = FileManager.default.createFile(atPath: bodiesURL.path, contents: nil)
        let bodiesHandle = try FileHandle(forWritingTo: bodiesURL)
        defer { try? bodiesHandle.close() }
        while total < targetBytes {
            var interactions: [Interaction] = []
            for page in 0..<4 {
                let body = try JSONReader.parse([UInt8](DecodeBenchmark.makeBody(targetBytes: 5_000 + (index * 4 + page) % 3 * 500)))
                try bodiesHandle.write(contentsOf: Data(JSONWriter.compactBytes(body)) + Data("\n".utf8))
                interactions.append(Interaction(
                    request: RecordedRequest(method: "GET", url: "/api/v2/todos?page=\(page + 1)", headers: HeaderFields([("Accept", "application/json")])),
                    response: RecordedResponse(status: 200, headers: HeaderFields([("Content-Type", "application/json")]), body: .json(body))
                ))
            }
            let recording = Recording(api: "todos", name: "bench-\(index)", recordedAt: "2026-01-01T00:00:00Z", recordedFrom: "sandbox", interactions: interactions)
            let url = folder.appendingPathComponent("bench-\(index).json")
            let data = Data(recording.fileText.utf8)
            try data.write(to: url)
            total += data.count
            files.append(url)
            index += 1
        }
        return (files, total, bodiesURL)
    }

    /// Only verifies `folder` (run in a child process, so that its peak memory is its own).
    static func verifyOnly(_ folder: String) throws {
        let verifier = Verifier(contract: CompiledContract(try Contract.load(contractPath())))
        var findings = 0
        for name in try FileManager.default.contentsOfDirectory(atPath: folder).sorted() where name.hasSuffix(".json") {
            let path = folder + "/" + name
            guard let bytes = FileBytes.read(path) else { continue }
            findings += verifier.verify(try Recording(bytes: bytes, file: path), file: path, bytes: bytes).count
        }
        print("findings: \(findings)")
        print("peak-kb: \(peakKilobytes())")
    }

    /// This process's own peak resident memory: `VmHWM` on Linux (not inherited across fork and exec,
    /// unlike `ru_maxrss`), `ru_maxrss` elsewhere.
    static func peakKilobytes() -> Int {
        if let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
            let value = Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "")
        {
            return value
        }
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return Int(usage.ru_maxrss)
    }

    static func run() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("apicheck-verify-bench-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let corpus = try makeCorpus(in: folder)
        let megabytes = Double(corpus.bytes) / 1e6
        print(String(format: "verify: %.1f MB corpus, %d recordings of todo list pages", megabytes, corpus.files.count))
        let verifier = Verifier(contract: CompiledContract(try Contract.load(contractPath())))

        // What `apicheck verify` runs: the same VerifyRun, over a configuration that names the corpus.
        try FileManager.default.copyItem(atPath: contractPath(), toPath: folder.appendingPathComponent("todos.openapi.yaml").path)
        let configuration = try ConfigurationFile.parse(
            "apis:\n  todos:\n    contract: todos.openapi.yaml\n    recordings: .\n    base_url: https://example.invalid\n",
            path: folder.appendingPathComponent("apicheck.yml").path
        )
        let options = VerifyRun.Options(paths: corpus.files.map(\.path))
        let run = try VerifyRun(configuration: configuration, options: options)

        var parseTimes: [Double] = []
        var serialTimes: [Double] = []
        var verifyTimes: [Double] = []
        var findings = 0
        for _ in 0..<3 {
            parseTimes.append(try DecodeBenchmark.time {
                for file in corpus.files { _ = try JSONReader.parse([UInt8](try Data(contentsOf: file))) }
            })
            serialTimes.append(try DecodeBenchmark.time {
                for file in corpus.files {
                    let bytes = [UInt8](try Data(contentsOf: file))
                    _ = verifier.verify(try Recording(bytes: bytes, file: file.path), file: file.path, bytes: bytes)
                }
            })
            verifyTimes.append(DecodeBenchmark.time { findings = run.run(options).findings.count })
        }
        let parseRate = megabytes / DecodeBenchmark.median(parseTimes)
        let serialRate = megabytes / DecodeBenchmark.median(serialTimes)
        let verifyRate = megabytes / DecodeBenchmark.median(verifyTimes)
        print(String(format: "  read + parse only, one core          %7.1f MB/s", parseRate))
        print(String(format: "  read + parse + verify, one core      %7.1f MB/s", serialRate))
        print(String(format: "  apicheck verify (VerifyRun, all checks) %5.1f MB/s  (target >= 100; %d findings)", verifyRate, findings))
        // The ratio moves less than the rates on a shared machine: both are measured in the same rounds.
        print(String(format: "  apicheck verify / parse only           %5.2fx", verifyRate / parseRate))

        // Peak memory of a verify-only run, in a child process of its own.
        let child = Process()
        child.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
        child.arguments = ["verify-only", folder.path]
        let childOutput = Pipe()
        child.standardOutput = childOutput
        try child.run()
        let report = String(decoding: childOutput.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        child.waitUntilExit()
        let peak = report.split(separator: "\n").first { $0.hasPrefix("peak-kb: ") }.flatMap { Int($0.dropFirst(9)) } ?? 0
        print(String(format: "  peak memory of a verify-only run (its own VmHWM): %.1f MB (target < 150)", Double(peak) / 1024))

        // Python on the same response bodies.
        let bodiesMB = Double((try? FileManager.default.attributesOfItem(atPath: corpus.bodies.path)[.size] as? Int) ?? 0) / 1e6
        let script = """
            import json, sys, time
            schema = json.load(open(sys.argv[2]))
            lines = open(sys.argv[1], 'rb').read().splitlines()
            limit = int(sys.argv[3])
            data = lines[:limit] if limit else lines
            size = sum(len(l) + 1 for l in data)
            results = []
            try:
                import jsonschema
                validator = jsonschema.Draft202012Validator(schema)
                start = time.perf_counter()
                for line in data:
                    validator.validate(json.loads(line))
                results.append(("jsonschema", size / (time.perf_counter() - start) / 1e6))
            except ImportError:
                results.append(("jsonschema", 0))
            try:
                import jsonschema_rs
                validator = jsonschema_rs.validator_for(schema)
                start = time.perf_counter()
                for line in lines:
                    validator.validate(json.loads(line))
                results.append(("jsonschema-rs", sum(len(l) + 1 for l in lines) / (time.perf_counter() - start) / 1e6))
            except ImportError:
                results.append(("jsonschema-rs", 0))
            for name, rate in results:
                print(f"{name} {rate:.2f}")
            """
        let scriptURL = folder.appendingPathComponent("peers.py")
        try script.write(to: scriptURL, atomically: true, encoding: .utf8)
        let schemaURL = folder.appendingPathComponent("todo-list.schema.json")
        try todoListJSONSchema.write(to: schemaURL, atomically: true, encoding: .utf8)
        // jsonschema does ~3 MB/s: a tenth of the bodies is enough for its rate; jsonschema-rs gets all of them.
        let python = Process()
        python.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        python.arguments = ["python3", scriptURL.path, corpus.bodies.path, schemaURL.path, "2000"]
        let pipe = Pipe()
        python.standardOutput = pipe
        python.standardError = Pipe()
        try python.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        python.waitUntilExit()
        var rates: [String: Double] = [:]
        for line in output.split(separator: "\n") {
            let parts = line.split(separator: " ")
            if parts.count == 2, let rate = Double(parts[1]) { rates[String(parts[0])] = rate }
        }
        print(String(format: "  peers on the same %.1f MB of response bodies (json.loads + validate):", bodiesMB))
        for name in ["jsonschema", "jsonschema-rs"] {
            guard let rate = rates[name], rate > 0 else {
                print("    \(name): not installed (pip install \(name))")
                continue
            }
            print(String(format: "    %-14@ %7.1f MB/s; apicheck %.1fx", name as NSString, rate, verifyRate / rate))
        }
    }

    /// The todo list body as a JSON Schema (2020-12), equivalent to the contract's `TodoList`.
    static let todoListJSONSchema = """
        {
          "$schema": "https://json-schema.org/draft/2020-12/schema",
          "type": "object",
          "required": ["data", "meta", "message"],
          "properties": {
            "data": {"type": "array", "items": {
              "type": "object",
              "required": ["id", "title", "is_done", "created_at", "updated_at"],
              "properties": {
                "id": {"type": "integer"},
                "title": {"type": "string"},
                "is_done": {"type": "boolean"},
                "created_at": {"type": "string", "pattern": "^\\\\d{4}-\\\\d{2}-\\\\d{2}T\\\\d{2}:\\\\d{2}:\\\\d{2}\\\\.\\\\d{6}Z$"},
                "updated_at": {"type": "string", "pattern": "^\\\\d{4}-\\\\d{2}-\\\\d{2}T\\\\d{2}:\\\\d{2}:\\\\d{2}\\\\.\\\\d{6}Z$"}
              },
              "propertyNames": {"pattern": "^[a-z0-9_]+$"}
            }},
            "meta": {"type": "object",
              "required": ["current_page", "from", "last_page", "per_page", "to", "total"],
              "properties": {
                "current_page": {"type": "integer"}, "from": {"type": ["integer", "null"]},
                "last_page": {"type": "integer", "minimum": 1}, "per_page": {"type": "integer"},
                "to": {"type": ["integer", "null"]}, "total": {"type": "integer"}
              }},
            "message": {"type": "string"}
          }
        }
        """
}
