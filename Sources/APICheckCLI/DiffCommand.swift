import APICheckCommands
import APICheckContracts
import APICheckLive
import APICheckRecording
import ArgumentParser
import Foundation

/// `apicheck diff --live`: the release gate. Runs the scenarios against the live API and reports what
/// drifted from the contract and from the recordings.
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
struct DiffCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff",
        abstract: "Run the scenarios against the live API and report what drifted (the release gate).",
        discussion: """
            Every live response is checked against the contract and against the recorded response \
            of the same scenario step (recordings/<api>/scenarios/), for shape, not values. Findings \
            go to stdout; progress and the summary to stderr. Auth comes from the environment \
            variables apicheck.yml names and is never printed.

            Exit codes: 0 nothing at or above --fail-on; 1 findings at or above it; 2 usage or \
            configuration error; 3 the live API could not be reached at all, or it said its rate \
            limit is spent (the reset time goes to stderr).

            Examples:
              apicheck diff --live --sandbox
              apicheck diff --live --sandbox --drift todos/dates-offset
              TODOS_BASE_URL=https://staging.example.com apicheck diff --live --format github
              apicheck diff --live --format github --report html=apicheck-report.html
            """
    )

    @OptionGroup var global: GlobalOptions

    @Flag(name: .long, help: "Run against the live API (required: diff has no offline mode; use 'apicheck verify' for that).")
    var live = false

    @OptionGroup var liveOptions: LiveOptions

    @OptionGroup var output: OutputOptions<ReportFormat>

    @Option(name: .long, help: ArgumentHelp("How many scenarios run at once.", valueName: "n"))
    var concurrency: Int = 4

    @Flag(name: .long, help: "Report keys the contract does not declare as errors (field.unexpected).")
    var strict = false

    func validate() throws {
        guard live else {
            throw ValidationError(
                "diff needs --live (it runs the scenarios against a server); to check recordings offline, use 'apicheck verify'")
        }
        guard (1...256).contains(concurrency) else { throw ValidationError("--concurrency must be from 1 to 256, not \(concurrency)") }
    }

    func run() async throws {
        let started = ContinuousClock.now
        let configuration = try global.loadConfiguration()
        let sandbox = try await liveOptions.startSandbox(configuration: configuration, deterministic: false)
        let transport = liveOptions.makeTransport()
        let target = liveOptions.target(sandbox: sandbox)
        let run = LiveRun(
            configuration: configuration, transport: transport,
            options: liveOptions.runOptions(target: target, concurrency: concurrency, strict: strict))
        let progress = LiveTerminal.progress("diff")
        let (result, interrupted) = await LiveTerminal.runInterruptible { await run.diff(progress: progress) }
        LiveTerminal.endProgress()
        await transport.shutdown()
        await sandbox?.stop()

        let threshold = output.failOn
        let files = Array(Set(result.findings.compactMap(\.file))).sorted()
        var summary = ReportSummary(
            findings: result.findings, files: files, recordings: result.scenarios, interactions: result.requests, failOn: threshold)
        summary.coverage = result.coverage
        summary.command = "diff --live"
        Output.out(output.format.render(result.findings, summary: summary))
        let writeErrors = output.report.write(findings: result.findings, summary: summary, command: "diff")
        for warning in result.warnings { Output.err("\(warning)\n") }
        for note in result.notes { Output.err("note: \(note)\n") }
        for error in result.errors + writeErrors { Output.err("\(error)\n") }
        let seconds = LiveRun.seconds(started.duration(to: .now))
        Output.err(
            ("apicheck diff: \(plural(result.scenarios, "scenario")), \(plural(result.requests, "request")) to \(target): "
                + """
                \(plural(summary.errors, "error")), \(plural(summary.warnings, "warning")), \(plural(summary.infos, "info")), \
                \(String(format: "%.1f", seconds)) s\n
                """)
        )

        for coverage in result.coverage where coverage.recordings > 0 {
            Output.err("apicheck diff: contract coverage of \(coverage.api) by the live answers: \(coverage.line)\n")
        }

        if interrupted {
            Output.err("apicheck diff: interrupted; the findings above are from the requests that finished\n")
            throw ExitCode(interruptedStatus)
        }
        if result.unreachable { Output.err("error: the live API could not be reached: \(result.unreachableReason)\n") }
        for (api, limit) in result.rateLimits {
            Output.err(
                """
                error: \(api): the rate limit is spent (\(limit.describe())); nothing more was sent to it, and its remaining \
                scenarios did not run\n
                """
            )
        }
        try ExitReason.of(
            failing: result.findings.contains { $0.severity >= threshold }, unreachable: result.unreachable || !result.rateLimits.isEmpty,
            usage: !result.errors.isEmpty || !writeErrors.isEmpty
        ).exit()
    }
}
