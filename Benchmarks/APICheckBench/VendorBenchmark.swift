import ArgumentParser
import Foundation

/// `apicheck-bench vendor`: verifying one capture against a vendor-sized OpenAPI description (the size of GitHub's,
/// written by `Benchmarks/vendor-description.py`) beside Python's `json.load` of the same file, whole processes,
/// alternated: time and peak memory. Issue 40's target is at most 2x json.load's time and 60 MB.
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
struct Vendor: Benchmark {
    static let configuration = CommandConfiguration(
        abstract:
            "apicheck verify of one capture against a GitHub-sized 3.0.3 JSON description (Benchmarks/vendor-description.py) vs python3's json.load of the same file: time and peak memory."
    )
    @OptionGroup var options: BenchOptions

    /// Issue 40's targets, printed beside the figures (docs/BENCHMARKS.md); the guard holds them as ratios to
    /// json.load's (``Guard/vendorTimeLimit``, ``Guard/vendorMemoryLimit``).
    static let timeTarget = 2.0
    static let memoryTargetMB = 60.0

    /// What one run measured.
    struct Result {
        var verify = Samples()
        var load = Samples()
        var verifyPeakKilobytes = 0
        var loadPeakKilobytes = 0
        /// apicheck's median time over json.load's.
        var ratio: Double { verify.median / load.median }
        /// apicheck's peak memory over json.load's.
        var memoryRatio: Double { Double(verifyPeakKilobytes) / Double(max(loadPeakKilobytes, 1)) }
    }

    /// Writes the description and its capture (Benchmarks/vendor-description.py), then runs `apicheck verify` and
    /// `json.load` of the description alternately, `rounds` times each. Throws when either fails (a verify that finds
    /// something is a failure: the figure would not be of a clean run).
    static func run(rounds: Int, python: String?) throws -> Result {
        let apicheck = try ProcessRun.apicheckBinary()
        let python = try ProcessRun.interpreter(python ?? ProcessRun.find("python3") ?? "python3")
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("apicheck-vendor-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let made = try ProcessRun.run(python, [root.appendingPathComponent("Benchmarks/vendor-description.py").path, folder.path])
        guard made.status == .exited(0) else { throw BenchError("vendor-description.py failed: \(made.stderr)") }
        print("  vendor-sized description: \(made.stdout.trimmingCharacters(in: .whitespacesAndNewlines))")
        let description = folder.appendingPathComponent("github-vendor.json").path
        var result = Result()
        for _ in 0..<rounds {
            let checked = try ProcessRun.run(apicheck, ["verify", "--config", folder.appendingPathComponent("apicheck.yml").path])
            guard checked.status == .exited(0) else { throw BenchError("apicheck verify failed: \(checked.stderr)") }
            result.verify.add(checked.seconds)
            result.verifyPeakKilobytes = max(result.verifyPeakKilobytes, checked.peakKilobytes ?? 0)
            let peer = try ProcessRun.run(python, ["-c", "import json, sys; json.load(open(sys.argv[1], encoding='utf-8'))", description])
            guard peer.status == .exited(0) else { throw BenchError("json.load failed: \(peer.stderr)") }
            result.load.add(peer.seconds)
            result.loadPeakKilobytes = max(result.loadPeakKilobytes, peer.peakKilobytes ?? 0)
        }
        print("  one capture against the description, \(rounds) rounds alternated: median (min-max)")
        print("    apicheck verify   \(result.verify.seconds())  peak \(result.verifyPeakKilobytes / 1024) MB")
        print("    python json.load  \(result.load.seconds())  peak \(result.loadPeakKilobytes / 1024) MB")
        return result
    }

    static func measure(_ options: BenchOptions) async throws -> Bool {
        print("vendor: apicheck verify of one capture against a GitHub-sized description, beside json.load of it")
        let result = try run(rounds: options.rounds, python: options.python)
        print(
            String(
                format: "  ratio %.2fx (target at most %.1fx); apicheck's peak %d MB (target at most %.0f MB)", result.ratio, timeTarget,
                result.verifyPeakKilobytes / 1024, memoryTargetMB))
        return true
    }
}
