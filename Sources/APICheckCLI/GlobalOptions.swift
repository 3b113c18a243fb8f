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

    func validate() throws {
        if let config, !FileManager.default.fileExists(atPath: config) {
            throw ValidationError("no configuration file at '\(config)' (--config)")
        }
    }
}
