import APICheck
import ArgumentParser
import Foundation

/// Runs ``Bench``, which times with Swift's Clock and Duration (macOS 13; the package builds at macOS 12).
@main
enum BenchMain {
    static func main() async {
        guard #available(macOS 13, iOS 16, tvOS 16, watchOS 9, *) else { fatalError("apicheck-bench needs macOS 13 or later") }
        await Bench.main()
    }
}

/// `swift build -c release && swift run -c release apicheck-bench [benchmark]`: the performance targets,
/// each measured beside its peer in the same run.
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
struct Bench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "apicheck-bench",
        abstract: "apicheck's performance targets, each measured beside its peer in the same run.",
        discussion: """
            With no benchmark named, runs them all. Whole processes are compared as whole processes, \
            alternated round by round; each figure is the median of the rounds with the min and max beside it. \
            verify and live run the apicheck binary built beside this one: build both first (swift build -c release).
            """,
        subcommands: [
            All.self, Guard.self, Verify.self, Vendor.self, VendorScale.self, Scale.self, Replay.self, Live.self, JSON.self, Decode.self,
            SandboxRate.self,
            Serve.self,
            Hostile.self,
            CheckBodies.self, VerifyFiles.self, VerifyCorpus.self, ShapesCorpus.self, LiveDiff.self, ReplayProfile.self, LoadProfile.self,
        ],
        defaultSubcommand: All.self
    )
}

/// What every benchmark takes.
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
struct BenchOptions: ParsableArguments {
    @Option(name: .long, help: "Rounds per figure (a reported median needs at least 5).")
    var rounds = 5

    @Option(name: .long, help: "Seconds per wrk run (sandbox, live).")
    var seconds = 5

    @Option(name: .long, help: "The Python that has jsonschema-rs, the verify peer (default: python3 on PATH).")
    var python: String?

    func validate() throws {
        if rounds < 1 { throw ValidationError("--rounds must be at least 1") }
        if seconds < 1 { throw ValidationError("--seconds must be at least 1") }
    }
}

/// A benchmark: its run says whether every figure could be measured.
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
protocol Benchmark: AsyncParsableCommand {
    var options: BenchOptions { get }
    static func measure(_ options: BenchOptions) async throws -> Bool
}

@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
extension Benchmark {
    func run() async throws {
        #if DEBUG
            print("warning: a debug build; run 'swift run -c release apicheck-bench' for real figures")
        #endif
        if try await !Self.measure(options) { throw ExitCode(1) }
    }
}

@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
struct All: Benchmark {
    static let configuration = CommandConfiguration(commandName: "all", abstract: "Every benchmark below, one after another (the default).")
    @OptionGroup var options: BenchOptions

    static func measure(_ options: BenchOptions) async throws -> Bool {
        var ok = true
        ok = try await Verify.measure(options) && ok
        ok = try await Replay.measure(options) && ok
        ok = try await Live.measure(options) && ok
        ok = try await JSON.measure(options) && ok
        ok = try await Decode.measure(options) && ok
        ok = try await SandboxRate.measure(options) && ok
        ok = try await Hostile.measure(options) && ok
        ok = try await VendorScale.measure(options) && ok
        return ok
    }
}

@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
struct Verify: Benchmark {
    static let configuration = CommandConfiguration(
        abstract:
            "apicheck verify vs json.loads + jsonschema-rs (pip install jsonschema-rs==0.60.3) on the same 100 MB of todo recordings, on the bodies alone, and on 30 MB of four API shapes."
    )
    @OptionGroup var options: BenchOptions

    static func measure(_ options: BenchOptions) async throws -> Bool {
        var ok = try VerifyBenchmark.run(rounds: options.rounds, python: options.python)
        print(
            "verify on four API shapes (the corpus of 'guard'): apicheck verify vs json.loads + jsonschema-rs, whole processes, \(options.rounds) rounds alternated"
        )
        if let python = try ShapeVerify.peerPython(options.python) {
            ok = try ShapeVerify.measure(rounds: options.rounds, bytesPerShape: Guard.bytesPerShape, python: python) != nil && ok
        }
        return ok
    }
}

@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
struct Scale: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract:
            "apicheck verify and apicheck coverage on the four-shape corpus at 0.1, 0.3 and 1 GB (about 14,000 files): time, MB/s and peak memory at each."
    )
    @OptionGroup var options: BenchOptions
    @Option(name: .long, parsing: .upToNextOption, help: "The corpus sizes, in GB.") var gigabytes: [Double] = [0.1, 0.3, 1.0]

    func validate() throws {
        if gigabytes.isEmpty || gigabytes.contains(where: { $0 <= 0 || $0 > 20 }) {
            throw ValidationError("--gigabytes takes sizes above 0 and at most 20")
        }
    }

    func run() async throws {
        if try !ScaleBenchmark.run(rounds: options.rounds, gigabytes: gigabytes) { throw ExitCode(1) }
    }
}

@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
struct Replay: Benchmark {
    static let configuration = CommandConfiguration(
        abstract:
            "Replay vs a bare URLProtocol stub at 1,000 and 10,000 interactions, distinct and repeated paths; loading; the first answer."
    )
    @OptionGroup var options: BenchOptions

    static func measure(_ options: BenchOptions) async throws -> Bool {
        try await ReplayBenchmark.run(rounds: options.rounds)
        return true
    }
}

@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
struct Live: Benchmark {
    static let configuration = CommandConfiguration(
        abstract:
            "The live runner's diff path vs wrk (apt-get install wrk), both against the sandbox in a process of its own, concurrency 8."
    )
    @OptionGroup var options: BenchOptions

    static func measure(_ options: BenchOptions) async throws -> Bool {
        try await LiveBenchmark.run(rounds: options.rounds, seconds: options.seconds)
    }
}

@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
struct JSON: Benchmark {
    static let configuration = CommandConfiguration(abstract: "JSONReader vs JSONSerialization and JSONDecoder on the same 10 MB body.")
    @OptionGroup var options: BenchOptions

    static func measure(_ options: BenchOptions) async throws -> Bool {
        try JSONBenchmark.run(rounds: max(options.rounds, 7))
        return true
    }
}

@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
struct Decode: Benchmark {
    static let configuration = CommandConfiguration(abstract: "The todo client's dates: Date vs String on a 10 MB list body.")
    @OptionGroup var options: BenchOptions

    static func measure(_ options: BenchOptions) async throws -> Bool {
        try DecodeBenchmark.run()
        return true
    }
}

@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
struct SandboxRate: Benchmark {
    static let configuration = CommandConfiguration(
        commandName: "sandbox", abstract: "The in-process sandbox's requests/s under wrk, 8 connections.")
    @OptionGroup var options: BenchOptions

    static func measure(_ options: BenchOptions) async throws -> Bool { try await SandboxBenchmark.run(seconds: options.seconds) }
}

@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
struct Serve: Benchmark {
    static let configuration = CommandConfiguration(
        abstract: "apicheck serve vs nginx serving the same recorded bytes from a file (apt-get install nginx-light wrk), 8 connections.")
    @OptionGroup var options: BenchOptions

    static func measure(_ options: BenchOptions) async throws -> Bool {
        try await ServeBenchmark.run(rounds: options.rounds, seconds: options.seconds)
    }
}

@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
struct Hostile: Benchmark {
    static let configuration = CommandConfiguration(
        abstract: "Each fault of the hostile test server: time to the outcome (deadline + 1 s) and body bytes held.")
    @OptionGroup var options: BenchOptions

    static func measure(_ options: BenchOptions) async throws -> Bool { try await HostileBenchmark.run(runs: options.rounds) }
}

/// The apicheck side of verify's bodies-only line, in a process of its own.
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
struct CheckBodies: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check-bodies", abstract: "Check each line of a file as a todo list body (used by 'verify').", shouldDisplay: false)

    @Argument var contract: String
    @Argument var file: String

    func run() throws {
        let result = try VerifyBenchmark.checkBodies(file, contract: contract)
        print("checked \(result.checked) findings \(result.findings)")
    }
}

/// `apicheck verify`'s run with one job, with or without the coverage summary (or with every body parsed into a tree),
/// in a process of its own: the sides of verify's coverage-cost and streaming lines.
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
struct VerifyFiles: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "verify-files",
        abstract: "Verify every recording of apicheck.yml with one job, with or without coverage (used by 'verify').",
        shouldDisplay: false
    )

    @Argument var config: String
    @Flag(inversion: .prefixedNo) var coverage = true
    @Flag(inversion: .prefixedNo, help: "Check response bodies as they are read (else each is parsed into a tree first).") var streaming =
        true

    func run() throws {
        let configuration = try ConfigurationFile.load(config)
        var options = VerifyRun.Options(jobs: 1)
        options.collectsCoverage = coverage
        options.streamsBodies = streaming
        let result = try VerifyRun(configuration: configuration, options: options).run()
        print(
            "verified \(result.recordings) recordings (\(result.interactions) interactions): \(result.findings.count) findings; coverage: \(result.coverage.map(\.line).joined(separator: "; "))"
        )
    }
}

/// Writes the verify corpus into a folder and keeps it, for profiling `apicheck verify` on it.
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
struct VerifyCorpus: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "verify-corpus", abstract: "Write the 100 MB verify corpus into a folder, for profiling.")

    @Argument var folder: String

    func run() throws {
        let corpus = try VerifyBenchmark.makeCorpus(in: URL(fileURLWithPath: folder))
        print("\(corpus.files.count) recordings, \(corpus.bytes) bytes in \(folder); bodies in \(corpus.bodies.path)")
    }
}

/// Writes the guard's corpus of four API shapes into a folder and keeps it, for profiling `apicheck verify` on it.
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
struct ShapesCorpus: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "shapes-corpus", abstract: "Write the guard's 30 MB corpus of four API shapes into a folder, for profiling.")

    @Argument var folder: String
    @Option(name: .long, help: "Bytes of recordings per shape.") var bytesPerShape = Guard.bytesPerShape

    func run() throws {
        let corpus = try ShapeCorpus.write(in: URL(fileURLWithPath: folder), bytesPerShape: bytesPerShape)
        print(
            "\(corpus.shapes.reduce(0) { $0 + $1.files }) recordings, \(corpus.bytes) bytes in \(folder): apicheck verify --config \(corpus.configPath); the peer: python3 Benchmarks/peers/verify_peer.py corpus \(corpus.manifestPath)"
        )
    }
}

/// Runs only the diff path of `live` against a sandbox already listening at BASE, for profiling it.
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
struct LiveDiff: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "live-diff", abstract: "Run the diff path of 'live' against a sandbox at a base URL, for profiling.")

    @Argument(help: "The sandbox's base URL (apicheck sandbox --api todos prints it).") var base: String
    @Option(name: .long, help: "How many runs.") var runs = 5

    func run() async throws {
        let project = try LiveBenchmark.ScenarioProject()
        defer { project.remove() }
        for _ in 0..<runs {
            let diff = try await project.diff(base: base)
            print(String(format: "%.0f requests/s; ", diff.rate) + diff.summary)
        }
    }
}

/// Replays 1,000 requests beside the generic and bare stubs, three times: a steady workload for profilers.
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
struct ReplayProfile: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay-profile", abstract: "Replay 1,000 requests beside the stubs, for profiling.", shouldDisplay: false)

    func run() async throws { try await ReplayBenchmark.profile() }
}

/// Writes a 10,000-interaction recording and loads it again and again: a steady workload for profilers.
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
struct LoadProfile: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "load-profile", abstract: "Load a 10,000-interaction recording repeatedly, for profiling.", shouldDisplay: false)

    @Option(name: .long, help: "How many loads.") var times = 30

    func run() throws { try ReplayBenchmark.loadProfile(times: times) }
}
