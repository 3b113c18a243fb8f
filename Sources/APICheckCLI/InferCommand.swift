import APICheckCommands
import APICheckRecording
import ArgumentParser
import Foundation
import WireFormat

/// `apicheck infer`: infer a contract from recordings; never overwrites the hand-written one.
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
struct InferCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "infer",
        abstract: "Infer a contract from an API's recordings and show how it differs from the hand-written one.",
        discussion: """
            Without --output, the inferred contract goes to stdout and the diff to stderr; with --output, \
            the contract goes to the file and the diff to stdout. The hand-written contract is never overwritten.

            Example: apicheck infer --api todos --output /tmp/todos.inferred.yaml
            """
    )

    @OptionGroup var global: GlobalOptions

    @Option(name: .long, help: ArgumentHelp("The API (needed when apicheck.yml has more than one).", valueName: "name"))
    var api: String?

    @Option(name: .long, help: ArgumentHelp("Write the inferred contract here.", valueName: "file"))
    var output: String?

    func run() throws {
        do {
            let configuration = try ConfigurationFile.load(global.configPath)
            let chosen = try configuration.selectingOne(api)
            if let output, let contract = chosen.contract {
                let target = URL(fileURLWithPath: output).standardizedFileURL.resolvingSymlinksInPath().path
                let handWritten = configuration.resolve(contract).standardizedFileURL.resolvingSymlinksInPath().path
                if target == handWritten {
                    throw ConfigurationError(
                        file: output,
                        message: "this is the hand-written contract; infer never overwrites it. Write elsewhere and copy what is right")
                }
            }
            let result = try InferRun.infer(api: chosen, configuration: configuration)
            if let output {
                do {
                    try AtomicFile.write(Data(result.contract.utf8), to: URL(fileURLWithPath: output))
                } catch {
                    throw ConfigurationError(file: output, message: "cannot write: \(error.localizedDescription)")
                }
                Output.out(result.diff)
                Output.err("apicheck infer: wrote \(output) from \(result.recordings) recordings (\(result.interactions) interactions)\n")
            } else {
                Output.out(result.contract)
                Output.err(result.diff)
                Output.err("apicheck infer: inferred from \(result.recordings) recordings (\(result.interactions) interactions)\n")
            }
        } catch let error as ConfigurationError {
            throw CommandFailure(message: error.description, status: .usage)
        }
    }
}
