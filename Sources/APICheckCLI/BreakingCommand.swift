import APICheckBreaking
import APICheckCommands
import APICheckContracts
import APICheckRecording
import ArgumentParser
import Foundation

/// `apicheck breaking`: what a contract change breaks, and for whom, ranked by this app's use of it.
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
struct BreakingCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "breaking",
        abstract: "Classify every change between two versions of a contract by whom it breaks, ranked by this app's use.",
        discussion: """
            Compares OLD with NEW (two contract files), or, with --base REF, each API's contract in apicheck.yml \
            with the same file at git revision REF. Every change has a rule id (breaking.<kind>, docs/RULES.md) \
            and says whom it breaks: the client (a response field removed or newly nullable, an enum value added \
            to a response, a required request field added, an operation removed, ...), the server (a request \
            constraint loosened, a response field now required, ...) or neither (descriptions, optional \
            additions). Renamed path parameters, reordered keys and schemas moved behind a $ref are not changes. \
            Webhooks are compared too, their requests as what the app reads. What was removed without having \
            been deprecated, or before the sunset date it announced (x-sunset, or a Sunset header; --date sets \
            today), has a rule of its own; what was deprecated and removed once its sunset passed (or with none \
            announced) is a warning, removed-after-deprecation.

            Each change is ranked by this app's use: the recordings of the API (tests and scenarios, not the \
            contract examples) that exercise what changed, against the old contract or the new one. Exit 1 when \
            a change at or above --fail-on touches what the app uses; without recordings every change counts. \
            Exit 2 when a contract does not load or git cannot read the revision.

            With --examples, the new contract's examples are written to a scratch folder and the app's \
            ContractExample suites run on them (swift test in the package of apicheck.yml, --examples-filter \
            choosing the suites): a change whose examples the client fails to decode is used, whatever the \
            recordings say, and ranked first. A run in which no example was checked is an error (exit 2).

            Examples:
              apicheck breaking --base HEAD~1
              apicheck breaking --base origin/main --api todos --format github
              apicheck breaking --base origin/main --format github --report html=breaking.html
              apicheck breaking old/todos.openapi.yaml contracts/todos.openapi.yaml --api todos
              apicheck breaking contracts/todos.openapi.yaml new/todos.openapi.yaml --api todos --examples --examples-filter \
            TodoContractExamples
            """
    )

    @OptionGroup var global: GlobalOptions

    @Argument(help: ArgumentHelp("The old and the new contract file (or use --base).", valueName: "old new"))
    var files: [String] = []

    @Option(name: .long, help: ArgumentHelp("Compare each API's contract with the same file at this git revision.", valueName: "ref"))
    var base: String?

    @Option(
        name: .long,
        help: ArgumentHelp("Only this API; with two files, the API whose recordings rank the changes.", valueName: "name"))
    var api: String?

    @OptionGroup var output: OutputOptions<BreakingReport.Format>

    @Option(
        name: .long,
        help: ArgumentHelp(
            """
            Today, for sunset dates (x-sunset, a Sunset header): what was removed before its sunset is \
            breaking.removed-before-sunset. (default: today)
            """,
            valueName: "yyyy-mm-dd"))
    var date: String?

    /// ``date`` as a day (the start of it, UTC), or now.
    func today() throws -> Date {
        guard let date else { return Date() }
        guard date.utf8.count == 10, let day = Lifecycle.date(date) else {
            throw ValidationError("--date takes a day as yyyy-mm-dd, found '\(date)'")
        }
        return day
    }

    func validate() throws {
        if examplesFilter != nil && !examples { throw ValidationError("--examples-filter goes with --examples") }
        _ = try today()
        switch (files.count, base) {
        case (0, nil): throw ValidationError("name the old and the new contract, or --base REF")
        case (0, _?), (2, nil): break
        case (_, _?): throw ValidationError("--base compares apicheck.yml's contracts: name no files with it")
        default: throw ValidationError("name two contract files, the old and the new (got \(files.count))")
        }
    }

    @Flag(
        name: .long,
        help: ArgumentHelp(
            "Also run the app's ContractExample suites (swift test in apicheck.yml's package) on the new contract's examples."))
    var examples = false

    @Option(
        name: .long,
        help: ArgumentHelp(
            "With --examples: only the tests swift test --filter selects (the suites that call expectDecodes).", valueName: "regex"))
    var examplesFilter: String?

    func run() throws {
        if examples && base == nil && api == nil {
            throw CommandFailure(message: "--examples with two files needs --api: the API whose client suites run", status: .usage)
        }
        var request = BreakingRun.Request(files: files, base: base, api: api, configPath: global.configPath)
        request.examples = examples
        request.examplesFilter = examplesFilter
        request.today = try today()
        KeptUntilExit.keepReleased()
        let outcome: BreakingRun.Outcome
        do {
            outcome = try BreakingRun.run(request)
        } catch {
            throw CommandFailure(message: error.description, status: .usage)
        }
        // What was compared is released when the process ends, not freed piece by piece (a vendor's description).
        KeptUntilExit.keep(outcome)
        let (comparisons, notes) = (outcome.comparisons, outcome.notes)
        BreakingReport.write(comparisons, format: output.format) { Output.out(bytes: $0) }
        let writeErrors = output.report.compactMap { destination in
            destination.write(BreakingReport.render(comparisons, format: destination.format), command: "breaking")
        }
        for line in writeErrors { Output.err(line + "\n") }
        for note in notes + comparisons.flatMap(\.notes) { Output.err("apicheck breaking: \(note)\n") }
        for comparison in comparisons { Output.err("apicheck breaking: \(BreakingReport.summary(comparison))\n") }
        if examples {
            let all = comparisons.flatMap(\.changes).compactMap(\.examples).flatMap { $0 }
            let failed = Set(all.filter { !$0.passed })
            Output.err(
                """
                apicheck breaking: --examples: the client failed on \(failed.count) example\(failed.count == 1 ? "" : "s") of the new \
                contract that a change concerns\n
                """
            )
        }
        // Looked for in place: a vendor's release is tens of thousands of changes, each a copy if gathered.
        let failing = comparisons.contains { $0.changes.contains { $0.isUsed && $0.change.severity >= output.failOn } }
        try ExitReason.of(failing: failing, usage: !writeErrors.isEmpty).exit()
    }
}
