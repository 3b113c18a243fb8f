import APICheck
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Verifying a 100 MB corpus of todo recordings against the todo contract, beside merely parsing it,
/// and beside Python's `jsonschema` and `jsonschema-rs` on the same response bodies.
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
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
                interactions.append(
                    Interaction(
                        request: RecordedRequest(
                            method: "GET", url: "/api/v2/todos?page=\(page + 1)", headers: HeaderFields([("Accept", "application/json")])),
                        response: RecordedResponse(
                            status: 200, headers: HeaderFields([("Content-Type", "application/json")]), body: .json(body))
                    ))
            }
            let recording = Recording(
                api: "todos", name: "bench-\(index)", recordedAt: "2026-01-01T00:00:00Z", recordedFrom: "sandbox",
                interactions: interactions)
            let url = folder.appendingPathComponent("bench-\(index).json")
            let data = Data(recording.fileText.utf8)
            try data.write(to: url)
            total += data.count
            files.append(url)
            index += 1
        }
        return (files, total, bodiesURL)
    }

    /// Checks each line of `file` (one compact todo list body per line) as the body of a `GET /api/v2/todos`
    /// 200, with the same verifier `apicheck verify` uses: the bodies-only side of the comparison.
    static func checkBodies(_ file: String, contract: String) throws -> (checked: Int, findings: Int) {
        let verifier = Verifier(contract: try Contract.load(contract).compiled)
        guard let bytes = FileBytes.read(file) else { throw BenchError("cannot read \(file)") }
        var checked = 0
        var findings = 0
        for line in bytes.split(separator: UInt8(ascii: "\n")) where !line.isEmpty {
            let body = try JSONReader.parse(Array(line))
            let interaction = Interaction(
                request: RecordedRequest(
                    method: "GET", url: "/api/v2/todos?page=1", headers: HeaderFields([("Accept", "application/json")])),
                response: RecordedResponse(status: 200, headers: HeaderFields([("Content-Type", "application/json")]), body: .json(body))
            )
            let recording = Recording(
                api: "todos", name: "body", recordedAt: "2026-01-01T00:00:00Z", recordedFrom: "sandbox", interactions: [interaction])
            findings += verifier.verify(recording, file: nil).count
            checked += 1
        }
        return (checked, findings)
    }

    static func run(rounds: Int, python: String?) throws -> Bool {
        let apicheck = try ProcessRun.apicheckBinary()
        let peer = FileManager.default.currentDirectoryPath + "/Benchmarks/peers/verify_peer.py"
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("apicheck-verify-bench-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let recordings = folder.appendingPathComponent("recordings")
        let corpus = try makeCorpus(in: recordings)
        // The bodies and the project files live beside the recordings, not among them.
        let bodies = folder.appendingPathComponent("bodies.jsonl")
        try FileManager.default.moveItem(at: corpus.bodies, to: bodies)
        try FileManager.default.copyItem(atPath: contractPath(), toPath: folder.appendingPathComponent("todos.openapi.yaml").path)
        try "apis:\n  todos:\n    contract: todos.openapi.yaml\n    recordings: recordings\n    base_url: https://example.invalid\n"
            .write(to: folder.appendingPathComponent("apicheck.yml"), atomically: true, encoding: .utf8)
        let schema = folder.appendingPathComponent("todo-list.schema.json")
        try todoListJSONSchema.write(to: schema, atomically: true, encoding: .utf8)

        let megabytes = Double(corpus.bytes) / 1e6
        let bodyMegabytes = Double((try? FileManager.default.attributesOfItem(atPath: bodies.path)[.size] as? Int) ?? 0) / 1e6
        let cores = ProcessInfo.processInfo.activeProcessorCount
        print(
            String(
                format: "verify: %.1f MB in %d recording files (%d todo list bodies, %.1f MB of them compact)", megabytes,
                corpus.files.count, corpus.files.count * 4, bodyMegabytes))
        print("  whole processes on the same files, alternated, \(rounds) rounds: median (min-max)")

        let python = try ShapeVerify.peerPython(python)
        let hasPython = python != nil
        if !hasPython { print("  (the peer lines are left out)") }
        struct Job {
            let label: String
            let executable: String
            let arguments: [String]
            let megabytes: Double
            var samples = Samples()
            var peak = 0
            var output = ""
        }
        var jobs = [
            Job(label: "apicheck verify (\(cores) jobs)", executable: apicheck, arguments: ["verify"], megabytes: megabytes),
            Job(label: "apicheck verify --jobs 1", executable: apicheck, arguments: ["verify", "--jobs", "1"], megabytes: megabytes),
        ]
        if hasPython, let python {
            jobs.append(
                Job(
                    label: "json.loads + jsonschema-rs", executable: python, arguments: [peer, "recordings", schema.path, recordings.path],
                    megabytes: megabytes))
        }
        let bodyJobs = jobs.count
        jobs.append(
            Job(
                label: "apicheck's verifier, bodies only", executable: ProcessRun.selfBinary,
                arguments: ["check-bodies", contractPath(), bodies.path], megabytes: bodyMegabytes))
        if hasPython, let python {
            jobs.append(
                Job(
                    label: "json.loads + jsonschema-rs, bodies", executable: python, arguments: [peer, "bodies", schema.path, bodies.path],
                    megabytes: bodyMegabytes))
        }
        // The coverage summary's cost: the same run with one job, with and without gathering coverage.
        let costJobs = jobs.count
        let configPath = folder.appendingPathComponent("apicheck.yml").path
        jobs.append(
            Job(
                label: "verify, one job, with coverage", executable: ProcessRun.selfBinary,
                arguments: ["verify-files", configPath, "--coverage"], megabytes: megabytes))
        jobs.append(
            Job(
                label: "verify, one job, without coverage", executable: ProcessRun.selfBinary,
                arguments: ["verify-files", configPath, "--no-coverage"], megabytes: megabytes))
        jobs.append(
            Job(
                label: "verify, one job, bodies as trees", executable: ProcessRun.selfBinary,
                arguments: ["verify-files", configPath, "--no-streaming"], megabytes: megabytes))
        var ok = true
        for _ in 0..<rounds {
            for index in jobs.indices {
                let run = try ProcessRun.run(jobs[index].executable, jobs[index].arguments, currentDirectory: folder.path)
                if run.status != .exited(0) {
                    print("  \(jobs[index].label) failed (\(run.status)): \(run.stderr.prefix(500))")
                    ok = false
                }
                jobs[index].samples.add(run.seconds)
                jobs[index].peak = max(jobs[index].peak, run.peakKilobytes ?? 0)
                jobs[index].output = (run.stdout + run.stderr).trimmingCharacters(in: .whitespacesAndNewlines)
            }
        }
        func line(_ job: Job) {
            let memory = job.peak > 0 ? String(format: "%6.1f MB", Double(job.peak) / 1024) : "     n/a"
            print(
                "  \(pad(job.label, 36)) \(pad(job.samples.seconds(), 26)) \(String(format: "%6.1f MB/s", job.megabytes / job.samples.median))  peak \(memory)"
            )
        }
        print("  recording files (\(String(format: "%.1f", megabytes)) MB):")
        for job in jobs[..<bodyJobs] { line(job) }
        print("  bodies only (\(String(format: "%.1f", bodyMegabytes)) MB, one per line):")
        for job in jobs[bodyJobs..<costJobs] { line(job) }
        print("  the coverage summary's cost, and the bodies' streaming check's gain (recording files, one job, the same run each way):")
        for job in jobs[costJobs...] { line(job) }
        for job in jobs where !job.output.isEmpty { print("    \(job.label): \(job.output.split(separator: "\n").last ?? "")") }
        guard ok else {
            print("  no ratio: a run failed (above)")
            return false
        }
        let oneCore = megabytes / jobs[1].samples.median
        print(String(format: "  apicheck verify --jobs 1: %.0f MB/s of recording bytes on one core (target >= 250)", oneCore))
        if hasPython {
            let ratio = jobs[2].samples.median / jobs[0].samples.median
            let oneCoreRatio = jobs[2].samples.median / jobs[1].samples.median
            print(
                String(
                    format: "  apicheck verify vs json.loads + jsonschema-rs, same files: %.2fx (target >= 2x); one job: %.2fx", ratio,
                    oneCoreRatio))
            let python = jobs[costJobs - 1]
            if python.label.hasSuffix("bodies") {
                print(
                    String(
                        format: "  bodies only: apicheck's verifier vs json.loads + jsonschema-rs: %.2fx",
                        python.samples.median / jobs[bodyJobs].samples.median))
            }
        }
        let withCoverage = jobs[costJobs].samples
        let without = jobs[costJobs + 1].samples
        print(
            String(
                format: "  the coverage summary costs %+.1f%% (median with / median without: %.3fx; target <= 5%%)",
                (withCoverage.median / without.median - 1) * 100, withCoverage.median / without.median))
        print(
            String(
                format: "  checking bodies as they are read: %.2fx the speed of parsing each into a tree first (medians, one job)",
                jobs[costJobs + 2].samples.median / withCoverage.median))
        return ok
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
