import Foundation

/// `swift run -c release apicheck-bench [decode|sandbox] [--seconds N]`: the performance targets, measured side by side.
@main
enum Main {
    static func main() async {
        let arguments = Array(CommandLine.arguments.dropFirst())
        if arguments.contains("--help") || arguments.contains("-h") {
            print("usage: apicheck-bench [decode|json|replay|verify|sandbox|live|hostile ...] [--seconds N]\n  decode   10 MB todo list body: dates as Date vs dates as String\n  json     10 MB todo list body: JSONReader vs JSONSerialization\n  replay   replay cost per request vs a bare URLProtocol stub, 100 to 10,000 interactions; loading 10 MB\n  verify   100 MB of todo recordings against the todo contract; Python jsonschema and jsonschema-rs beside it\n  sandbox  GET /api/v2/todos requests/s with wrk, 8 connections\n  live     the live runner's HTTP client vs URLSession at concurrency 1, 8, 32; 500 scenarios of diff --live\n  hostile  each fault of the hostile test server: time to the outcome (deadline + 1 s) and body bytes held")
            return
        }
        var seconds = 10
        if let index = arguments.firstIndex(of: "--seconds"), index + 1 < arguments.count, let value = Int(arguments[index + 1]) {
            seconds = value
        }
        let known = ["decode", "json", "replay", "verify", "sandbox", "live", "hostile"]
        if let index = arguments.firstIndex(of: "verify-corpus"), index + 1 < arguments.count {
            // Writes the verify corpus into a folder and keeps it, for profiling `verify-only` on it.
            do { _ = try VerifyBenchmark.makeCorpus(in: URL(fileURLWithPath: arguments[index + 1])) } catch { print("apicheck-bench: \(error)"); exit(2) }
            return
        }
        if let index = arguments.firstIndex(of: "verify-only"), index + 1 < arguments.count {
            do { try VerifyBenchmark.verifyOnly(arguments[index + 1]) } catch { print("apicheck-bench: \(error)"); exit(2) }
            return
        }
        if let index = arguments.firstIndex(of: "live-500"), index + 1 < arguments.count {
            do { try await LiveBenchmark.fiveHundred(base: arguments[index + 1]) } catch { print("apicheck-bench: \(error)"); exit(2) }
            return
        }
        if arguments.contains("replay-profile") {
            do { try await ReplayBenchmark.profile() } catch { print("apicheck-bench: \(error)") }
            return
        }
        let chosen = arguments.filter(known.contains)
        let benchmarks = chosen.isEmpty ? known : chosen
        #if DEBUG
        print("warning: a debug build; run 'swift run -c release apicheck-bench' for real figures")
        #endif
        var ok = true
        do {
            if benchmarks.contains("decode") { try DecodeBenchmark.run() }
            // `replay` reports the JSON reader too: its targets are read side by side in one run.
            if benchmarks.contains("json") || benchmarks.contains("replay") { try JSONBenchmark.run() }
            if benchmarks.contains("replay") { try await ReplayBenchmark.run() }
            if benchmarks.contains("verify") { try VerifyBenchmark.run() }
            if benchmarks.contains("sandbox") { ok = try await SandboxBenchmark.run(seconds: seconds) && ok }
            if benchmarks.contains("live") { try await LiveBenchmark.run() }
            if benchmarks.contains("hostile") { ok = try await HostileBenchmark.run() && ok }
        } catch {
            FileHandle.standardError.write(Data("apicheck-bench: \(error)\n".utf8))
            exit(2)
        }
        exit(ok ? 0 : 1)
    }
}
