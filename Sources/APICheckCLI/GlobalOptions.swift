import APICheckRecording
import ArgumentParser
import Foundation

/// The options every command takes.
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
struct GlobalOptions: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp("The apicheck.yml to read.", valueName: "path")
    )
    var config: String?

    /// The configuration file in use: `--config`, or `apicheck.yml` in the current folder.
    var configPath: String { config ?? "apicheck.yml" }

    /// Loads the configuration file; a bad one is a usage error (exit 2) naming its file and line.
    func loadConfiguration() throws -> ConfigurationFile {
        do {
            return try ConfigurationFile.load(configPath)
        } catch {
            throw CommandFailure(message: error.description, status: .usage)
        }
    }

    func validate() throws {
        // Only a file that is not there is this usage error; one that cannot be read is the loader's error, with its reason.
        if let config, FileBytes.whyUnreadable(config) == "no such file" {
            throw ValidationError("no configuration file at '\(config)' (--config)")
        }
    }
}
