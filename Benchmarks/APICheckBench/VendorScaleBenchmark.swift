import ArgumentParser
import Foundation

/// `apicheck-bench vendor-scale`: `apicheck coverage`, `breaking` and `examples` on a description of Stripe's shape
/// (`Benchmarks/stripe-description.py`: hundreds of schemas that refer to each other everywhere), each beside Python's
/// `json.load` of the same files, whole processes, alternated: time and peak memory. Issue 57's targets: coverage at
/// most 2x json.load; breaking of two versions at most 5x json.load of both and 250 MB; examples at most 1 ms per
/// example written.
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
struct VendorScale: Benchmark {
    static let configuration = CommandConfiguration(
        commandName: "vendor-scale",
        abstract:
            "apicheck coverage, breaking and examples on a Stripe-shaped description (Benchmarks/stripe-description.py) vs python3's json.load of the same files: time and peak memory."
    )
    @OptionGroup var options: BenchOptions

    static let coverageTarget = 2.0
    static let breakingTarget = 5.0
    static let breakingMemoryTargetMB = 250.0
    static let millisecondsPerExampleTarget = 1.0

    /// The description's size: Stripe's (some 500 operations and 900 schemas, 2.9 MB), and a smaller one for
    /// `examples`, which writes every variant of every response (63,582 examples, 1.3 GB, of the large one).
    static let large = ["--resources", "150", "--schemas", "900"]
    static let small = ["--resources", "12", "--schemas", "40"]

    /// What one run measured.
    struct Result {
        var coverage = Samples()
        var breaking = Samples()
        var examples = Samples()
        var loadOne = Samples()
        var loadTwo = Samples()
        var coveragePeakKilobytes = 0
        var breakingPeakKilobytes = 0
        var examplesWritten = 0
        var coverageRatio: Double { coverage.median / loadOne.median }
        var breakingRatio: Double { breaking.median / loadTwo.median }
        var millisecondsPerExample: Double { examples.median * 1000 / Double(max(examplesWritten, 1)) }
    }

    /// Writes the descriptions (Benchmarks/stripe-description.py), then runs each command and its json.load
    /// alternately, `rounds` times each; `breaking` only when `withBreaking`.
    static func run(rounds: Int, python: String?, withBreaking: Bool) throws -> Result {
        let apicheck = try ProcessRun.apicheckBinary()
        let python = try ProcessRun.interpreter(python ?? ProcessRun.find("python3") ?? "python3")
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let script = root.appendingPathComponent("Benchmarks/stripe-description.py").path
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("apicheck-vendor-scale-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: base) }
        let (large, small) = (base.appendingPathComponent("large"), base.appendingPathComponent("small"))
        for (folder, size) in [(large, Self.large), (small, Self.small)] {
            let made = try ProcessRun.run(python, [script, folder.path] + size)
            guard made.status == .exited(0) else { throw BenchError("stripe-description.py failed: \(made.stderr)") }
            print("  \(made.stdout.trimmingCharacters(in: .whitespacesAndNewlines))")
        }
        let load = "import json, sys\nfor name in sys.argv[1:]: json.load(open(name, encoding='utf-8'))"
        let (one, two) = (large.appendingPathComponent("stripe.json").path, large.appendingPathComponent("stripe-v2.json").path)
        let output = base.appendingPathComponent("examples")
        var result = Result()
        for _ in 0..<rounds {
            let coverage = try ProcessRun.run(apicheck, ["coverage", "--config", large.appendingPathComponent("apicheck.yml").path])
            guard coverage.status == .exited(0) else { throw BenchError("apicheck coverage failed: \(coverage.stderr)") }
            result.coverage.add(coverage.seconds)
            result.coveragePeakKilobytes = max(result.coveragePeakKilobytes, coverage.peakKilobytes ?? 0)
            result.loadOne.add(try loaded(python, load, [one]))
            if withBreaking {
                // Exit 1: the new version breaks the client, as it is written to.
                let breaking = try ProcessRun.run(apicheck, ["breaking", one, two, "--format", "json"])
                guard breaking.status == .exited(1) else { throw BenchError("apicheck breaking failed: \(breaking.stderr)") }
                result.breaking.add(breaking.seconds)
                result.breakingPeakKilobytes = max(result.breakingPeakKilobytes, breaking.peakKilobytes ?? 0)
            }
            result.loadTwo.add(try loaded(python, load, [one, two]))
            let examples = try ProcessRun.run(
                apicheck,
                ["examples", "--config", small.appendingPathComponent("apicheck.yml").path, "--api", "stripe", "--output", output.path])
            guard examples.status == .exited(0) else { throw BenchError("apicheck examples failed: \(examples.stderr)") }
            result.examples.add(examples.seconds)
            result.examplesWritten = Self.written(examples.stdout + examples.stderr)
            // The 86 MB of examples removed and written out before the next round, untimed: the kernel's write-back of
            // them ran beside the next coverage run (0.154 s against 0.121 s after a sync), and not beside its peer.
            try? FileManager.default.removeItem(at: output)
            sync()
        }
        return result
    }

    /// The time of one json.load of `files`.
    static func loaded(_ python: String, _ program: String, _ files: [String]) throws -> Double {
        let peer = try ProcessRun.run(python, ["-c", program] + files)
        guard peer.status == .exited(0) else { throw BenchError("json.load failed: \(peer.stderr)") }
        return peer.seconds
    }

    /// How many examples `apicheck examples` says it wrote (`... 7248 examples of stripe in ...`).
    static func written(_ output: String) -> Int {
        guard let range = output.range(of: #"(\d+) examples? of"#, options: .regularExpression) else { return 0 }
        return Int(output[range].split(separator: " ").first ?? "") ?? 0
    }

    static func report(_ result: Result, rounds: Int) {
        print("  \(rounds) rounds alternated: median (min-max)")
        print("    apicheck coverage          \(result.coverage.seconds())  peak \(result.coveragePeakKilobytes / 1024) MB")
        print("    python json.load           \(result.loadOne.seconds())")
        if !result.breaking.values.isEmpty {
            print("    apicheck breaking          \(result.breaking.seconds())  peak \(result.breakingPeakKilobytes / 1024) MB")
        }
        print("    python json.load of both   \(result.loadTwo.seconds())")
        print("    apicheck examples (small)  \(result.examples.seconds())  \(result.examplesWritten) examples")
        print(String(format: "  coverage %.2fx json.load (target at most %.1fx)", result.coverageRatio, coverageTarget))
        if !result.breaking.values.isEmpty {
            print(
                String(
                    format: "  breaking %.2fx json.load of both (target at most %.1fx), peak %d MB (target at most %.0f MB)",
                    result.breakingRatio, breakingTarget, result.breakingPeakKilobytes / 1024, breakingMemoryTargetMB))
        }
        print(
            String(
                format: "  examples %.3f ms per example written (target at most %.1f ms)", result.millisecondsPerExample,
                millisecondsPerExampleTarget))
    }

    static func measure(_ options: BenchOptions) async throws -> Bool {
        print("vendor-scale: apicheck coverage, breaking and examples on a Stripe-shaped description, beside json.load of it")
        let result = try run(rounds: options.rounds, python: options.python, withBreaking: true)
        report(result, rounds: options.rounds)
        return true
    }
}
