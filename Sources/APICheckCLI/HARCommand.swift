import APICheckCommands
import APICheckRecording
import ArgumentParser
import Foundation
import WireFormat

/// `apicheck har`: import HAR files as recordings, export recordings as HAR.
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
struct HARCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "har",
        abstract: "Import HAR files (browser, mitmproxy, Charles) as recordings, or export recordings as HAR.",
        subcommands: [HARImportCommand.self, HARExportCommand.self]
    )
}

/// `apicheck har import FILE --api NAME --name NAME`.
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
struct HARImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Import a HAR file into recordings/<api>/imported/<name>.json, redacted.",
        discussion: "Example: apicheck har import session.har --api todos --name browse-and-edit"
    )

    @OptionGroup var global: GlobalOptions

    @Argument(help: ArgumentHelp("The HAR file.", valueName: "file"))
    var file: String

    @Option(name: .long, help: ArgumentHelp("The API in apicheck.yml the requests belong to.", valueName: "name"))
    var api: String

    @Option(name: .long, help: ArgumentHelp("The recording's name (its file name).", valueName: "name"))
    var name: String

    func run() throws {
        do {
            let configuration = try ConfigurationFile.load(global.configPath)
            let result = try HARFiles.importFile(
                file, api: api, name: name, configuration: configuration, environment: ProcessInfo.processInfo.environment)
            Output.err("apicheck har import: \(result.outcome) \(result.path) (\(result.interactions) interactions, redacted)\n")
        } catch {
            throw CommandFailure(message: error.description, status: .usage)
        }
    }
}

/// `apicheck har export RECORDING [--output FILE]`.
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
struct HARExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write a recording as a HAR 1.2 file (to stdout, or --output).",
        discussion: "Example: apicheck har export recordings/todos/tests/update-form.json --output update.har"
    )

    @OptionGroup var global: GlobalOptions

    @Argument(help: ArgumentHelp("The recording.", valueName: "recording"))
    var recording: String

    @Option(name: .long, help: ArgumentHelp("Write the HAR here instead of stdout.", valueName: "file"))
    var output: String?

    func run() throws {
        do {
            // The configuration gives the real base URLs; without one, the recording's own origin is used. One
            // that is there (or named with --config) but cannot be read is an error, never skipped.
            let present = global.config != nil || FileBytes.whyUnreadable(global.configPath) != "no such file"
            let configuration = present ? try ConfigurationFile.load(global.configPath) : nil
            let har = try HARFiles.exportFile(recording, configuration: configuration, environment: ProcessInfo.processInfo.environment)
            if let output {
                try AtomicFile.write(Data(har.utf8), to: URL(fileURLWithPath: output))
                Output.err("apicheck har export: wrote \(output)\n")
            } else {
                Output.out(har)
            }
        } catch let error as ConfigurationError {
            throw CommandFailure(message: error.description, status: .usage)
        } catch {
            throw CommandFailure(message: "\(output ?? "stdout"): error: \(error.localizedDescription)", status: .usage)
        }
    }
}
