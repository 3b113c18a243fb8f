import ArgumentParser
import Foundation

/// The speed guards CI runs (`.ci/run`): each a ratio of two things measured side by side in one run, alternated
/// round by round, so that a busy machine slows both sides; each held to a limit that catches a regression (a
/// multiple of the normal figure) without failing a correct build on a loaded machine. A guard outside its limit is
/// measured once more before it fails (``confirmed(_:_:)``).
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
struct Guard: Benchmark {
    static let configuration = CommandConfiguration(
        commandName: "guard",
        abstract:
            "The CI speed guards: verify vs its peer on four API shapes, replay vs a bare stub, loading vs JSONSerialization, a vendor-sized description vs json.load, the live diff path vs wrk, apicheck serve vs nginx.",
        discussion: """
            Each guard prints its figure and its limit; the command exits 1 when one is outside its limit (measured \
            a second time first: a regression is outside both times, a burst of load seldom), and also when one \
            cannot be measured (no jsonschema-rs, no wrk, no nginx): a guard that did not run did not pass.
            """
    )
    @OptionGroup var options: BenchOptions

    /// The limits. Ratios of times are "at most", ratios of rates "at least". Each says why it is where it is; the
    /// figures each was set against, and their history, are in docs/BENCHMARKS.md and in git.
    ///
    /// verify is held on its time from start to end (apicheck's jobs against the peer's one thread) and on its CPU time
    /// (what each side computes): neither may exceed the peer's. Both sit near 0.5x and 0.7x, under load too, so 1.0x
    /// catches a regression that doubles either without failing a busy machine.
    static let verifyLimit = 1.0
    /// Replay per request against a bare URLProtocol stub: near 1x; 2.5x leaves room for a loaded machine's spread.
    static let replayLimit = 2.5
    /// Loading a recording against JSONSerialization's parse of the same file: a fraction of it; it may never cost more.
    static let loadLimit = 1.0
    /// The live diff path against wrk against the same sandbox: about 0.25x; a tenth catches a path that stalls.
    static let liveLimit = 0.1
    /// Verifying one capture against a GitHub-sized description (``Vendor``) against json.load of the description: issue
    /// 40's targets are 2x on time and 60 MB. The time limit is that target with the margin a loaded CI machine needs
    /// (apicheck's two threads lose more to load than the peer's one); the memory limit is 60 MB over the 34 MB CI's
    /// venv python peaks at, since peak memory barely moves with load.
    static let vendorTimeLimit = 2.5
    static let vendorMemoryLimit = 1.75
    /// `apicheck coverage` of a Stripe-shaped description (``VendorScale``) against json.load of it (Debian's python, as
    /// CI runs it). Issue 57's target is 2x: CI's clean clones read 1.63x to 2.31x (a slow phase of the host), the
    /// benchmark here 1.5x to 2.4x; most of it is compiling the schemas of components, one cycle of 281 of them on one
    /// thread. The limit holds those figures with a loaded machine's spread (apicheck's two threads lose more to load
    /// than json.load's one) and fails a regression of half again (it was 5x while the figure was 3x).
    static let vendorScaleCoverageLimit = 3.5
    /// `apicheck breaking` of two versions of that description (`--format json`) against json.load of both files, and
    /// its peak memory: issue 57's targets are 5x and 250 MB. CI's clean clones read 4.25x to 4.70x, the benchmark on a
    /// loaded host here up to 6.2x; the time limit holds that spread, and the memory limit is the target.
    static let vendorScaleBreakingLimit = 7.0
    static let vendorScaleBreakingMemoryLimitMB = 250.0
    /// `apicheck serve` answering a recorded page again and again against nginx sending the same bytes from a file
    /// (``ServeBenchmark``): issue 58's target, at least half of nginx's requests per second (about 0.95x).
    static let serveLimit = ServeBenchmark.target
    /// The verify corpus: 7.5 MB of each of the four shapes, 30 MB in all.
    static let bytesPerShape = 7_500_000

    /// One guard's outcome.
    struct Figure {
        let label: String
        let value: Double
        let limit: Double
        /// True when the value may not exceed the limit (a time ratio), false when it may not fall below it.
        let atMost: Bool
        /// What the value counts: a ratio (`x`), milliseconds, megabytes.
        var unit = "x"
        var holds: Bool { atMost ? value <= limit : value >= limit }
        var line: String {
            String(
                format: "  %@ %@ %.2f%@ (limit: %@ %.2f%@)", holds ? "ok  " : "FAIL", pad(label, 66), value, unit,
                atMost ? "at most" : "at least", limit, unit)
        }
    }

    /// The figures of one guard, measured again when one of them is outside its limit, and then the second
    /// measurement's: a regression is outside both times, while a burst of load on a shared machine (a vCPU taken away
    /// from apicheck's two threads and not from the peer's one) seldom lasts through two. Both are printed. Nil when
    /// the guard could not be measured.
    static func confirmed(_ name: String, _ measure: () async throws -> [Figure]?) async throws -> [Figure]? {
        guard let first = try await measure() else { return nil }
        let outside = first.filter { !$0.holds }
        guard !outside.isEmpty else { return first }
        print("  \(name): \(outside.count) figure\(outside.count == 1 ? "" : "s") outside the limit, so measured once more:")
        for figure in outside { print("  first: " + figure.line.dropFirst(2)) }
        return try await measure()
    }

    static func measure(_ options: BenchOptions) async throws -> Bool {
        var figures: [Figure] = []
        var missing: [String] = []

        print("guard: verify, apicheck verify vs json.loads + jsonschema-rs, whole processes, \(options.rounds) rounds alternated")
        if let python = try ShapeVerify.peerPython(options.python) {
            let verify = try await confirmed("verify") {
                guard let results = try ShapeVerify.measure(rounds: options.rounds, bytesPerShape: bytesPerShape, python: python)
                else { return nil }
                return results.map {
                    Figure(label: "verify, \($0.label): apicheck's time / the peer's", value: $0.ratio, limit: verifyLimit, atMost: true)
                }
                    + results.map {
                        Figure(
                            label: "verify, \($0.label): apicheck's CPU time / the peer's", value: $0.cpuRatio, limit: verifyLimit,
                            atMost: true)
                    }
            }
            if let verify { figures += verify } else { missing.append("verify (a run failed or found something, above)") }
        } else {
            missing.append("verify (no peer)")
        }

        print("guard: replay vs the bare URLProtocol stub, and loading vs JSONSerialization, \(options.rounds) rounds alternated")
        figures +=
            try await confirmed("replay and loading") {
                let cases = try await ReplayBenchmark.measure(rounds: options.rounds, sizes: [1_000, 10_000])
                ReplayBenchmark.report(cases)
                let big = try ReplayBenchmark.measureBigLoad(rounds: options.rounds)
                print(
                    String(
                        format: "  loading a %.1f MB recording of 100 list bodies: %.0f MB/s; JSONSerialization %.0f MB/s", big.megabytes,
                        big.megabytes / big.load.median, big.megabytes / big.parse.median))
                return cases.map {
                    Figure(label: "replay, \($0.label): time per request / the stub's", value: $0.ratio, limit: replayLimit, atMost: true)
                }
                    + cases.filter(\.distinct).map {
                        Figure(
                            label: "loading, \($0.label): time / JSONSerialization's", value: $0.loadRatio, limit: loadLimit, atMost: true)
                    }
                    + [
                        Figure(
                            label: "loading, 100 list bodies: time / JSONSerialization's", value: big.load.median / big.parse.median,
                            limit: loadLimit, atMost: true)
                    ]
            } ?? []

        print(
            "guard: loading a vendor-sized description, apicheck verify of one capture vs json.load of it, \(options.rounds) rounds alternated"
        )
        let vendor = try await confirmed("vendor") {
            let result = try Vendor.run(rounds: options.rounds, python: options.python)
            return [
                Figure(
                    label: "vendor description, apicheck verify's time / json.load's", value: result.ratio, limit: vendorTimeLimit,
                    atMost: true),
                Figure(
                    label: "vendor description, apicheck verify's peak memory / json.load's", value: result.memoryRatio,
                    limit: vendorMemoryLimit, atMost: true),
            ]
        }
        figures += vendor ?? []

        print(
            "guard: a Stripe-shaped description, apicheck coverage and breaking vs json.load, examples per example written, \(options.rounds) rounds alternated"
        )
        let scale = try await confirmed("vendor scale") {
            let result = try VendorScale.run(rounds: options.rounds, python: options.python, withBreaking: true)
            VendorScale.report(result, rounds: options.rounds)
            return [
                Figure(
                    label: "Stripe-shaped description, apicheck coverage's time / json.load's", value: result.coverageRatio,
                    limit: vendorScaleCoverageLimit, atMost: true),
                Figure(
                    label: "Stripe-shaped description, apicheck breaking's time / json.load's of both", value: result.breakingRatio,
                    limit: vendorScaleBreakingLimit, atMost: true),
                Figure(
                    label: "Stripe-shaped description, apicheck breaking's peak memory",
                    value: Double(result.breakingPeakKilobytes) / 1024, limit: vendorScaleBreakingMemoryLimitMB, atMost: true, unit: " MB"),
                Figure(
                    label: "Stripe-shaped description, apicheck examples: ms per example written", value: result.millisecondsPerExample,
                    limit: VendorScale.millisecondsPerExampleTarget, atMost: true, unit: " ms"),
            ]
        }
        figures += scale ?? []

        print("guard: the live diff path vs wrk")
        var liveMissing: String?
        let live = try await confirmed("live") {
            guard let live = try await LiveBenchmark.measure(rounds: options.rounds, seconds: options.seconds) else {
                liveMissing = "live (no wrk)"
                return nil
            }
            print(
                String(
                    format: "  wrk %.0f requests/s (%.0f-%.0f), the diff path %.0f requests/s (%.0f-%.0f); %@", live.wrk.median,
                    live.wrk.min, live.wrk.max, live.diff.median, live.diff.min, live.diff.max, live.lastDiff))
            if let unclean = live.unclean {
                print("  a diff run against the sandbox was not clean: \(unclean)")
                liveMissing = "live (a diff run found something)"
                return nil
            }
            liveMissing = nil
            return [Figure(label: "live, the diff path's requests/s / wrk's", value: live.ratio, limit: liveLimit, atMost: false)]
        }
        if let live { figures += live } else if let liveMissing { missing.append(liveMissing) }

        print("guard: apicheck serve vs nginx serving the same recorded bytes, wrk at 8 connections")
        var serveMissing: String?
        let serve = try await confirmed("serve") {
            guard let serve = try ServeBenchmark.measure(rounds: options.rounds, seconds: options.seconds) else {
                serveMissing = "serve (no wrk or no nginx)"
                return nil
            }
            ServeBenchmark.report(serve)
            return [Figure(label: "serve, apicheck serve's requests/s / nginx's", value: serve.ratio, limit: serveLimit, atMost: false)]
        }
        if let serve { figures += serve } else if let serveMissing { missing.append(serveMissing) }

        print("guard: the figures")
        for figure in figures { print(figure.line) }
        for item in missing { print("  FAIL not measured: \(item)") }
        let failed = figures.filter { !$0.holds }.count + missing.count
        print(
            failed == 0
                ? "guard: every figure within its limit"
                : "guard: \(failed) of \(figures.count + missing.count) outside their limits or not measured")
        return failed == 0
    }
}
