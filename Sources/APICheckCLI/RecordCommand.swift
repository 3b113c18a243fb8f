import APICheckBreaking
import APICheckCommands
import APICheckContracts
import APICheckLive
import APICheckRecording
import ArgumentParser
import Foundation

/// `apicheck record`: re-records the scenarios after an API change.
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
struct RecordCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "record",
        abstract: "Run the scenarios one at a time and write their recordings (recordings/<api>/scenarios/).",
        discussion: """
            Each scenario becomes one recording, one interaction per step, redacted before it is \
            written, written atomically; a recording whose content did not change is left byte for \
            byte as it was. A summary of what changed against the old recordings goes to stderr, \
            then the contract changes the new recordings imply: each finding of the new responses \
            against the contract as the change (a breaking.* rule) that would make the contract say \
            what the API did, at the line of the schema to edit. \
            Against a real API, scenarios that write need --allow-writes or allow_writes in apicheck.yml.

            Examples:
              apicheck record --sandbox
              apicheck record --scenario read-first --dry-run
            """
    )

    @OptionGroup var global: GlobalOptions

    @OptionGroup var liveOptions: LiveOptions

    @Flag(name: .long, help: "Run the scenarios and print what would change, but write nothing.")
    var dryRun = false

    /// What the new recordings say that the contracts do not, as contract changes (`breaking.*` rules), per API.
    static func impliedChanges(_ result: LiveRun.Result, configuration: ConfigurationFile) -> String {
        var text = ""
        var findings: [String: [Finding]] = [:]
        var order: [String] = []
        for (api, found) in result.recordedFindings {
            if findings[api] == nil { order.append(api) }
            findings[api, default: []] += found
        }
        for api in order {
            guard let found = findings[api], !found.isEmpty, let path = configuration.api(api)?.contract else { continue }
            let shown = DisplayPath.relative(configuration.resolve(path).path)
            do {
                let contract = try ContractVersion.load(shown)
                text += BreakingReport.implied(ImpliedChange.changes(implied: found, by: contract), api: api, contract: shown)
            } catch {
                text += "apicheck record: \(api): the contract changes the new recordings imply are not listed: \(error)\n"
            }
        }
        return text
    }

    func run() async throws {
        let configuration = try global.loadConfiguration()
        // The sandbox records in its deterministic mode, fresh each time: re-recording changes no byte.
        let sandbox = try await liveOptions.startSandbox(configuration: configuration, deterministic: true)
        let transport = liveOptions.makeTransport()
        let target = liveOptions.target(sandbox: sandbox)
        let run = LiveRun(
            configuration: configuration, transport: transport, options: liveOptions.runOptions(target: target, concurrency: 1))
        let from = target.recordedFrom
        let progress = LiveTerminal.progress("record")
        let dryRun = dryRun
        let (result, interrupted) = await LiveTerminal.runInterruptible {
            await run.record(dryRun: dryRun, recordedFrom: from, progress: progress)
        }
        LiveTerminal.endProgress()
        await transport.shutdown()
        await sandbox?.stop()

        for saved in result.saved {
            var line = "\(saved.file): \(saved.outcome)"
            if !saved.changes.isEmpty { line += "; changed since the last recording:" }
            Output.err(line + "\n")
            for change in saved.changes {
                Output.err("  \(change.severity): \(change.message) [\(change.rule)]\n")
            }
        }
        for warning in result.warnings { Output.err("\(warning)\n") }
        for note in result.notes { Output.err("note: \(note)\n") }
        Output.err(Self.impliedChanges(result, configuration: configuration))
        for error in result.errors { Output.err("\(error)\n") }
        let written = result.saved.filter(\.outcome.wrote).count
        Output.err(
            ("apicheck record: \(plural(result.scenarios, "scenario")), \(plural(result.requests, "request")); "
                + (dryRun
                    ? "dry run, nothing written\n" : "\(plural(written, "file")) written, \(result.saved.count - written) unchanged\n"))
        )
        if interrupted {
            Output.err("apicheck record: interrupted; the recordings listed above were written, the rest are as they were\n")
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
        try ExitReason.of(failing: false, unreachable: result.unreachable || !result.rateLimits.isEmpty, usage: !result.errors.isEmpty)
            .exit()
    }
}
