import APICheckCommands
import APICheckContracts
import APICheckRecording
import ArgumentParser
import Foundation

/// `apicheck verify`: checks recordings against their contracts, offline.
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
struct VerifyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "verify",
        abstract: "Check recordings against their API's contract (offline).",
        discussion: """
            With no PATH, every recording of every API in apicheck.yml is checked. A PATH may be a \
            recording, a HAR file (with --api) or a folder. Findings go to stdout; the summary to stderr.

            Examples:
              apicheck verify
              apicheck verify recordings/todos/tests/list-first-page.json --format github
              apicheck verify --api todos --fail-on warning
              apicheck verify --format github --report html=apicheck-report.html
            """
    )

    @OptionGroup var global: GlobalOptions

    @Argument(help: ArgumentHelp("Recordings, HAR files or folders to check.", valueName: "path"))
    var paths: [String] = []

    @Option(name: .long, help: ArgumentHelp("Only this API.", valueName: "name"))
    var api: String?

    @OptionGroup var output: OutputOptions<ReportFormat>

    @Flag(name: .long, help: "Report keys the contract does not declare as errors (field.unexpected).")
    var strict = false

    @Option(name: .long, help: ArgumentHelp("How many files to verify at once (default: one per core).", valueName: "n"))
    var jobs: Int?

    func validate() throws {
        if let jobs, jobs < 1 { throw ValidationError("--jobs must be at least 1, not \(jobs).") }
    }

    func run() throws {
        let environment = ProcessInfo.processInfo.environment
        let reportFormat = output.format
        let threshold = output.failOn
        let options = VerifyRun.Options(paths: paths, api: api, strict: strict, environment: environment, jobs: jobs)
        let result: VerifyRun.Result
        do {
            let configuration = try ConfigurationFile.load(global.configPath)
            KeptUntilExit.keepReleased()
            let verifyRun = try VerifyRun(configuration: configuration, options: options)
            result = verifyRun.run()
            KeptUntilExit.keep(verifyRun)
        } catch {
            throw CommandFailure(message: error.description, status: .usage)
        }
        let files = Array(Set(result.findings.compactMap(\.file))).sorted()
        var summary = ReportSummary(
            findings: result.findings, files: files, recordings: result.recordings, interactions: result.interactions, failOn: threshold)
        summary.coverage = result.coverage
        Output.out(reportFormat.render(result.findings, summary: summary))
        let writeErrors = output.report.write(findings: result.findings, summary: summary, command: "verify")
        for line in result.warnings + result.errors + writeErrors { Output.err((line + "\n")) }
        Output.err("apicheck verify: \(summary.line)\n")
        for coverage in result.coverage {
            Output.err(
                """
                apicheck verify: contract coverage of \(coverage.api): \(coverage.line) (apicheck coverage --api \(coverage.api) \
                lists what is not exercised)\n
                """
            )
        }
        for note in result.notes { Output.err("apicheck verify: \(note)\n") }
        try ExitReason.of(
            failing: result.findings.contains { $0.severity >= threshold }, usage: !result.errors.isEmpty || !writeErrors.isEmpty
        ).exit()
    }
}
