import Foundation
import PackagePlugin

/// `swift package check-contracts [arguments]`: the bundle's apicheck, run in the package's folder
/// (`verify` when no arguments are given). A non-zero exit fails the command.
@main
struct CheckContracts: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let process = Process()
        process.executableURL = try context.tool(named: "apicheck").url
        process.arguments = arguments.isEmpty ? ["verify"] : arguments
        process.currentDirectoryURL = context.package.directoryURL
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw CheckFailure(description: "apicheck exited with status \(process.terminationStatus)")
        }
    }
}

struct CheckFailure: Error, CustomStringConvertible {
    let description: String
}
