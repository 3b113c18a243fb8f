import APICheckCommands
import APICheckContracts
import APICheckRecording
import ArgumentParser
import Foundation

/// `apicheck coverage`: how much of each contract the recordings exercise.
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
struct CoverageCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "coverage",
        abstract: "Report how much of an API's contract the recordings exercise (operations, statuses, fields, enum values).",
        discussion: """
            Reads every recording of the API (tests, scenarios, imported; not the contract examples in \
            examples/, which exercise the contract by construction) and reports, for each of four measures, \
            what is exercised and what is not: operations; declared statuses (a response key: 200, 2XX, \
            default) answered; response fields (each property pointer of a declared JSON response, array items \
            as *) present in a recorded body; enum values of response fields seen. A measure the contract \
            declares nothing for counts as 100%.

            --min makes it a gate: a measure of any API below its minimum exits 1 (each measure is checked on \
            its own; --min 60 sets every measure's, --min statuses=25 one measure's). Recordings that cannot be \
            read exit 2.

            Examples:
              apicheck coverage --api todos
              apicheck coverage --min 60 --format markdown
              apicheck coverage --format html > coverage.html
              apicheck coverage --min operations=70 --min statuses=25 --min fields=50
            """
    )

    @OptionGroup var global: GlobalOptions

    @Option(name: .long, help: ArgumentHelp("Only this API (default: every API with a contract).", valueName: "name"))
    var api: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            """
            Exit 1 when a measure is below this percentage: PERCENT for every measure, or MEASURE=PERCENT (operations, statuses, \
            fields, enum-values) for one; repeatable.
            """,
            valueName: "percent"))
    var min: [String] = []

    @Option(name: .long, help: ArgumentHelp("The report format.", valueName: "format"))
    var format: CoverageFormat = .text

    func validate() throws {
        do {
            _ = try ContractCoverage.minimums(min)
        } catch {
            throw ValidationError(error.message)
        }
    }

    func run() throws {
        var options = VerifyRun.Options(api: api, environment: ProcessInfo.processInfo.environment)
        // Coverage counts what every operation declares: each is compiled, however many the contract describes.
        options.compilesWhereReached = false
        let result: VerifyRun.Result
        do {
            let configuration = try ConfigurationFile.load(global.configPath)
            if let api, let chosen = try configuration.selecting(api).first, chosen.contract == nil {
                throw CommandFailure(
                    message: "\(configuration.path): API \"\(api)\" has no contract to measure coverage against", status: .usage)
            }
            KeptUntilExit.keepReleased()
            let verifyRun = try VerifyRun(configuration: configuration, options: options)
            result = verifyRun.run()
            // Released when the process ends, as verify's: every operation compiled is a million small allocations.
            KeptUntilExit.keep(verifyRun)
        } catch let failure as CommandFailure {
            throw failure
        } catch {
            throw CommandFailure(message: "\(error)", status: .usage)
        }
        let minimums = (try? ContractCoverage.minimums(min)) ?? [:]
        Output.out(format.render(result.coverage, minimums: minimums))
        for line in result.warnings + result.errors { Output.err(line + "\n") }
        var below = false
        for coverage in result.coverage {
            for (measure, minimum) in coverage.below(minimums) {
                Output.err(
                    """
                    apicheck coverage: \(coverage.api): \(measure.name) \(ContractCoverage.percentText(measure.percent)) is below \
                    --min \(ContractCoverage.percentText(minimum))\n
                    """
                )
                below = true
            }
        }
        if result.coverage.isEmpty { Output.err("apicheck coverage: no API with a contract to measure\n") }
        try ExitReason.of(failing: below, usage: result.coverage.isEmpty || !result.errors.isEmpty).exit()
    }
}
