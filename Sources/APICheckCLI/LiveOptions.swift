import APICheck
import APICheckLive
import ArgumentParser
import Foundation
import Sandbox

/// The options `diff --live` and `record` share: where the API is and how to run its scenarios.
struct LiveOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("Only this API.", valueName: "name"))
    var api: String?

    @Option(name: .long, help: ArgumentHelp("Only this scenario (repeatable).", valueName: "name"))
    var scenario: [String] = []

    @Option(name: .long, help: ArgumentHelp("Send requests here instead of the API's base URL (needs --api with several APIs).", valueName: "url"))
    var baseURL: String?

    @Flag(name: .long, help: "Start the local replica of the API in-process on a free port and run against it (no network needed).")
    var sandbox = false

    @Option(name: .long, help: ArgumentHelp("With --sandbox: make the replica deviate (repeatable): API/NAME, or NAME with one API.", valueName: "drift"))
    var drift: [String] = []

    @Option(name: .long, help: ArgumentHelp("The total deadline of each request, in seconds.", valueName: "seconds"))
    var timeout: Double = 10

    @Flag(name: .long, help: "Run scenarios that create, update or delete against a real API (always allowed against --sandbox).")
    var allowWrites = false

    func validate() throws {
        guard timeout > 0, timeout <= 3600 else { throw ValidationError("--timeout must be a number of seconds above 0, not \(timeout)") }
        if let baseURL {
            guard let url = URL(string: baseURL), let scheme = url.scheme, ["http", "https"].contains(scheme.lowercased()), url.host != nil else {
                throw ValidationError("--base-url must be an http or https URL, not '\(baseURL)'")
            }
            if sandbox { throw ValidationError("--base-url and --sandbox name two different servers; give one") }
        }
        if !drift.isEmpty && !sandbox { throw ValidationError("--drift needs --sandbox (a drift is a deviation of the local replica)") }
        _ = try drifts()
    }

    /// The drifts named, parsed; an unknown one is a usage error listing the valid ones.
    func drifts() throws -> Set<Drift> {
        var result: Set<Drift> = []
        do {
            for text in drift { result.insert(try Drift.parse(text, defaultAPI: api ?? (SandboxAPI.all.count == 1 ? SandboxAPI.all[0].name : nil))) }
        } catch {
            throw ValidationError(error.description)
        }
        return result
    }

    var timeoutDuration: Duration { .milliseconds(Int64((timeout * 1000).rounded())) }

    /// Starts the sandbox when `--sandbox` was given, after checking that every selected API has a replica.
    func startSandbox(configuration: ConfigurationFile, deterministic: Bool) async throws -> SandboxServer? {
        guard sandbox else { return nil }
        let selected: [APIConfiguration]
        do {
            selected = try configuration.selecting(api)
        } catch {
            throw CommandFailure(message: error.description, status: .usage)
        }
        var replicas: [SandboxAPI] = []
        for api in selected where !api.scenarios.isEmpty {
            guard let replica = try? SandboxAPI.named(api.name) else {
                throw CommandFailure(
                    message: "error: the sandbox has no replica of the API '\(api.name)' (it has: \(SandboxAPI.all.map(\.name).joined(separator: ", "))); use --api",
                    status: .usage
                )
            }
            replicas.append(replica)
        }
        do {
            return try await SandboxServer.start(SandboxConfiguration(apis: replicas.isEmpty ? SandboxAPI.all : replicas, drifts: try drifts(), deterministic: deterministic))
        } catch let error as SandboxError {
            throw CommandFailure(message: "error: \(error.description)", status: .usage)
        }
    }

    /// The runner's options.
    func runOptions(sandboxURL: URL?, concurrency: Int, strict: Bool = false) -> LiveRun.Options {
        LiveRun.Options(
            api: api, scenarios: scenario, baseURL: baseURL.flatMap(URL.init(string:)), sandboxURL: sandboxURL, concurrency: concurrency,
            timeout: timeoutDuration, allowWrites: allowWrites, strict: strict, environment: ProcessInfo.processInfo.environment
        )
    }
}

/// Progress and interruption for the live commands.
enum LiveTerminal {
    /// Whether stderr is a terminal (progress is shown only then).
    static var stderrIsTerminal: Bool { isatty(STDERR_FILENO) == 1 }

    /// Prints `12/40 scenarios` over itself on stderr, when it is a terminal.
    static func progress(_ verb: String) -> (@Sendable (Int, Int) -> Void)? {
        guard stderrIsTerminal else { return nil }
        return { done, total in
            Output.err("\r\(verb) \(done)/\(total) scenarios")
        }
    }

    /// Clears the progress line (scenarios that did not start never advance it to the total).
    static func endProgress() {
        if stderrIsTerminal { Output.err("\r\u{1B}[K") }
    }

    /// Runs `work`, cancelling it on the first Ctrl-C (clean-up still runs); a second Ctrl-C exits at once with 130.
    /// Returns what `work` returned and whether it was interrupted.
    static func runInterruptible<T: Sendable>(_ work: @escaping @Sendable () async -> T) async -> (value: T, interrupted: Bool) {
        // The handler is in place before the first request goes out.
        signal(SIGINT, SIG_IGN)
        let source = DispatchSource.makeSignalSource(signal: SIGINT, queue: .global())
        let interrupts = InterruptCount()
        let running = TaskBox<T>()
        source.setEventHandler {
            if interrupts.increment() == 1 {
                Output.err("\napicheck: interrupted; cleaning up (Ctrl-C again to quit at once)\n")
                running.task?.cancel()
            } else {
                exit(interruptedStatus)
            }
        }
        source.resume()
        let task = Task { await work() }
        running.task = task
        if interrupts.value > 0 { task.cancel() }
        let value = await task.value
        source.cancel()
        signal(SIGINT, SIG_DFL)
        return (value, interrupts.value > 0)
    }
}

/// The running task, for the signal handler.
final class TaskBox<T: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Task<T, Never>?

    var task: Task<T, Never>? {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}

final class InterruptCount: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0

    var value: Int { lock.withLock { count } }

    func increment() -> Int {
        lock.withLock {
            count += 1
            return count
        }
    }
}

/// The exit status of a run stopped by Ctrl-C (128 + SIGINT, as shells report it).
let interruptedStatus: Int32 = 130

func plural(_ count: Int, _ word: String) -> String { "\(count) \(word)\(count == 1 ? "" : "s")" }
