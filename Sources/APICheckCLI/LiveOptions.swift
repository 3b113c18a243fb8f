import APICheckLive
import APICheckRecording
import ArgumentParser
import Foundation
import Sandbox

/// The options `diff --live` and `record` share: where the API is and how to run its scenarios.
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
struct LiveOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("Only this API.", valueName: "name"))
    var api: String?

    @Option(name: .long, help: ArgumentHelp("Only this scenario (repeatable).", valueName: "name"))
    var scenario: [String] = []

    @Option(
        name: .long,
        help: ArgumentHelp("Send requests here instead of the API's base URL (needs --api with several APIs).", valueName: "url"))
    var baseURL: String?

    @Flag(name: .long, help: "Start the local replica of the API in-process on a free port and run against it (no network needed).")
    var sandbox = false

    @Option(
        name: .long,
        help: ArgumentHelp("With --sandbox: make the replica deviate (repeatable): API/NAME, or NAME with one API.", valueName: "drift"))
    var drift: [String] = []

    @Option(name: .long, help: ArgumentHelp("The total deadline of each request, in seconds.", valueName: "seconds"))
    var timeout: Double = 10

    @Option(
        name: .long,
        help: ArgumentHelp(
            "The largest response body read, in MiB; a larger one is a body.too-large finding and is not read further.",
            valueName: "MiB"
        ))
    var maxBodySize: Int = HTTPTransport.defaultMaximumBodyBytes >> 20

    @Flag(name: .long, help: "Run scenarios that create, update or delete against a real API (always allowed against --sandbox).")
    var allowWrites = false

    func validate() throws {
        guard timeout > 0, timeout <= 3600 else { throw ValidationError("--timeout must be a number of seconds above 0, not \(timeout)") }
        if let baseURL {
            guard let url = URL(string: baseURL), let scheme = url.scheme, ["http", "https"].contains(scheme.lowercased()), url.host != nil
            else {
                throw ValidationError("--base-url must be an http or https URL, not '\(baseURL)'")
            }
            if sandbox { throw ValidationError("--base-url and --sandbox name two different servers; give one") }
        }
        guard maxBodySize > 0, maxBodySize <= 4096 else {
            throw ValidationError("--max-body-size must be a number of MiB from 1 to 4096, not \(maxBodySize)")
        }
        if !drift.isEmpty && !sandbox { throw ValidationError("--drift needs --sandbox (a drift is a deviation of the local replica)") }
        _ = try drifts()
    }

    /// The drifts named, parsed; an unknown one is a usage error listing the valid ones.
    func drifts() throws -> Set<Drift> {
        var result: Set<Drift> = []
        do {
            for text in drift {
                result.insert(try Drift.parse(text, defaultAPI: api ?? (SandboxAPI.all.count == 1 ? SandboxAPI.all[0].name : nil)))
            }
        } catch {
            throw ValidationError(error.description)
        }
        return result
    }

    /// The live runner's HTTP client, with the body limit.
    func makeTransport() -> HTTPTransport {
        HTTPTransport(maximumBodyBytes: maxBodySize << 20)
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
                    message:
                        """
                        error: the sandbox has no replica of the API '\(api.name)' (it has: \
                        \(SandboxAPI.all.map(\.name).joined(separator: ", "))); use --api
                        """,
                    status: .usage
                )
            }
            replicas.append(replica)
        }
        do {
            return try await SandboxServer.start(
                SandboxConfiguration(apis: replicas.isEmpty ? SandboxAPI.all : replicas, drifts: try drifts(), deterministic: deterministic)
            )
        } catch let error as SandboxError {
            throw CommandFailure(message: "error: \(error.description)", status: .usage)
        }
    }

    /// Where the run goes: the started sandbox, `--base-url`, or the configured bases (decided here, once).
    func target(sandbox: SandboxServer?) -> LiveTarget {
        LiveTarget(sandboxURL: sandbox?.baseURL, baseURL: baseURL.flatMap(URL.init(string:)))
    }

    /// The runner's options.
    func runOptions(target: LiveTarget, concurrency: Int, strict: Bool = false) -> LiveRun.Options {
        LiveRun.Options(
            api: api, scenarios: scenario, target: target, concurrency: concurrency, timeout: timeoutDuration, allowWrites: allowWrites,
            strict: strict, environment: ProcessInfo.processInfo.environment
        )
    }
}
