import APICheckCommands
import APICheckRecording
import ArgumentParser
import Foundation

/// `apicheck examples`: responses the contract allows, written as recordings, from the contract alone.
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
struct ExamplesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "examples",
        abstract: "Write the responses an API's contract allows as recordings (minimal, maximal, nulls, enums, bounds, dates).",
        discussion: """
            For every declared status of every operation: a maximal response (every optional key), a minimal \
            one (required keys only), and one per variation: each nullable field null, each enum value, each \
            other type or oneOf branch, arrays empty and at maxItems, strings and numbers at their bounds, \
            dates at day, month, year and DST boundaries in the contract's x-apicheck-date form, and Korean \
            and emoji text. Each comes with a request the contract allows. Every example is checked by the \
            verifier before it is written; one that would not verify is never written, and says why in one \
            line on stderr: what apicheck cannot write (a pattern with look-around), or a warning about the \
            contract (a oneOf whose branches overlap, so that an answer fails schema.oneof). Neither is a \
            finding: the exit status is 0 unless the contract or apicheck.yml cannot be read (2).

            One recording per operation and response, in <recordings>/examples/ (recorded_from: contract, a \
            fixed recorded_at): the same contract and seed write the same bytes. A run over every operation \
            removes example files (only those with recorded_from: contract) that the contract no longer has.

            Examples:
              apicheck examples --api todos
              apicheck examples --api todos --operation "GET /api/v2/todos/{id}" --output /tmp/todo-examples
            """
    )

    @OptionGroup var global: GlobalOptions

    @Option(name: .long, help: ArgumentHelp("The API (needed when apicheck.yml has more than one).", valueName: "name"))
    var api: String?

    @Option(name: .long, help: ArgumentHelp("Only this operation, as \"METHOD /path/{template}\" (repeatable).", valueName: "operation"))
    var operation: [String] = []

    @Option(
        name: .long,
        help: ArgumentHelp("Write the recordings into this folder (default: the API's recordings folder + /examples).", valueName: "folder")
    )
    var output: String?

    @Option(name: .long, help: ArgumentHelp("The seed of the values chosen (the same seed writes the same bytes).", valueName: "n"))
    var seed: UInt64 = 0

    func run() throws {
        let result: ExamplesRun.Result
        do {
            let configuration = try ConfigurationFile.load(global.configPath)
            let chosen = try configuration.selectingOne(api)
            result = try ExamplesRun.run(
                api: chosen, configuration: configuration, options: ExamplesRun.Options(operations: operation, output: output, seed: seed))
        } catch {
            throw CommandFailure(message: error.description, status: .usage)
        }
        for file in result.files {
            Output.out("\(file.outcome) \(DisplayPath.relative(file.path))\n")
        }
        for path in result.removed {
            Output.out("removed \(DisplayPath.relative(path))\n")
        }
        for warning in result.warnings { Output.err(warning + "\n") }
        for ambiguity in result.ambiguities {
            Output.err("\(result.contract): warning: \(ambiguity)\n")
        }
        for skipped in result.skipped {
            Output.err("apicheck examples: info: not written: \(skipped)\n")
        }
        Output.err(
            """
            apicheck examples: \(result.examples) examples of \(result.api) in \(result.files.count) recordings under \
            \(DisplayPath.relative(result.folder))\(result.skipped.isEmpty ? "" : "; \(result.skipped.count) not written")\n
            """
        )
        // What could not be written is said above, one line each; it is a limit of the examples, not a finding (exit 0).
    }
}
