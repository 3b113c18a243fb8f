import APICheck
import ArgumentParser
import Foundation

/// The options every command takes.
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
        if let config, !FileManager.default.fileExists(atPath: config) {
            throw ValidationError("no configuration file at '\(config)' (--config)")
        }
    }
}
