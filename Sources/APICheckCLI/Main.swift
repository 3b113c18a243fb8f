import APICheck
import ArgumentParser
import Foundation

/// Runs the command and maps swift-argument-parser's exit codes onto apicheck's (64 becomes 2).
@main
enum Main {
    static func main() async {
        let status: Int32
        do {
            var command = try APICheckCommand.parseAsRoot()
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
            status = ExitReason.success.code
        } catch {
            status = report(error)
        }
        exit(status)
    }

    /// Prints what the error says (help and version to stdout, the rest to stderr) and returns the exit code.
    static func report(_ error: any Error) -> Int32 {
        if let failure = error as? CommandFailure {
            FileHandle.standardError.write(Data((failure.message + "\n").utf8))
            return failure.status.code
        }
        let code = APICheckCommand.exitCode(for: error)
        let message = APICheckCommand.fullMessage(for: error)
        if code == .success {
            if !message.isEmpty { print(message) }
            return ExitReason.success.code
        }
        if !message.isEmpty {
            FileHandle.standardError.write(Data((message.hasSuffix("\n") ? message : message + "\n").utf8))
        }
        // swift-argument-parser reports usage errors as EX_USAGE (64); apicheck's usage error is 2.
        if code == .validationFailure { return ExitReason.usage.code }
        return code.rawValue
    }
}

/// An error a command has already explained; carries the apicheck exit status to use.
struct CommandFailure: Error, CustomStringConvertible {
    let message: String
    let status: ExitReason
    var description: String { message }
}
