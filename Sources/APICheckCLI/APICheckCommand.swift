import APICheckCommands
import APICheckContracts
import ArgumentParser

/// `apicheck`: the root command.
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
struct APICheckCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "apicheck",
        abstract: "Contract and regression checks for the JSON HTTP APIs a Swift app depends on.",
        discussion: """
            Exit codes: 0 nothing at or above --fail-on; 1 findings at or above it; \
            2 usage, configuration or input error; 3 the live API could not be reached.
            """,
        version: ToolVersion.current,
        subcommands: [
            VerifyCommand.self, DiffCommand.self, RecordCommand.self, InferCommand.self, HARCommand.self, SandboxCommand.self,
            ExamplesCommand.self, CoverageCommand.self, BreakingCommand.self, ServeCommand.self,
        ]
    )
}
