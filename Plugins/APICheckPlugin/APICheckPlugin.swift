import Foundation
import PackagePlugin

/// `swift package apicheck <command> ...`: runs the `apicheck` CLI in the package's folder, so that it finds the
/// package's `apicheck.yml`, contracts and recordings.
///
/// The plugin `APICheckPlugin` (verb `apicheck`) declares no permission on purpose: SwiftPM asks for a declared
/// permission on every run (outside a terminal, it refuses the run unless the flag is given), and `verify`,
/// `coverage` and `infer` read only. The commands that write into the package (`record`, `examples`, `har import`,
/// `infer --output`) are checked before they start: when the package folder is not writable (SwiftPM's sandbox on
/// macOS), the plugin says which flag to add. Live runs (`diff --live`, `record`) need
/// `--allow-network-connections all` under that sandbox, the local replica (`--sandbox`) included.
///
/// `APICheckWritePlugin` (verb `apicheck-write`) is this same source with both permissions declared, for Xcode's
/// menu, which grants a plugin only what it declares and has no flags.
@main
struct APICheckPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        try Self.run(tool: try context.tool(named: "APICheckCLI").url, in: context.package.directoryURL, arguments: arguments)
    }

    /// Runs `tool` with `arguments` in `folder`; a non-zero exit is an error naming the status.
    static func run(tool: URL, in folder: URL, arguments: [String]) throws {
        if Self.writes(arguments), !Self.canWrite(in: folder) {
            throw PluginFailure(
                "apicheck \(arguments.first ?? "") writes into the package, which this run may not change: "
                    + "swift package --allow-writing-to-package-directory apicheck \(arguments.joined(separator: " ")) "
                    + "(in Xcode: the apicheck-write command, which asks for the permission)")
        }
        let process = Process()
        process.executableURL = tool
        process.arguments = arguments
        process.currentDirectoryURL = folder
        try process.run()
        process.waitUntilExit()
        let status = process.terminationStatus
        guard status == 0 else {
            var message = "apicheck \(arguments.first ?? "") exited with status \(status)"
            switch status {
            case 1: message += " (findings at or above --fail-on)"
            case 2: message += " (a usage, configuration or input error)"
            case 3:
                message += " (the live API could not be reached; under SwiftPM's sandbox add --allow-network-connections all)"
            default: break
            }
            throw PluginFailure(message)
        }
    }

    /// Whether the command writes into the package.
    static func writes(_ arguments: [String]) -> Bool {
        guard let command = arguments.first else { return false }
        switch command {
        case "record": return !arguments.contains("--dry-run")
        case "examples": return true
        case "har": return arguments.dropFirst().first == "import"
        case "infer": return arguments.contains("--output") || arguments.contains { $0.hasPrefix("--output=") }
        default: return false
        }
    }

    /// Whether a file can be made in `folder` (a probe, removed at once).
    static func canWrite(in folder: URL) -> Bool {
        let probe = folder.appendingPathComponent(".apicheck-plugin-probe-\(ProcessInfo.processInfo.processIdentifier)")
        guard FileManager.default.createFile(atPath: probe.path, contents: Data()) else { return false }
        try? FileManager.default.removeItem(at: probe)
        return true
    }
}

/// A failure the plugin reports in words (SwiftPM prints it and exits non-zero).
struct PluginFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

#if canImport(XcodeProjectPlugin)
    import XcodeProjectPlugin

    extension APICheckPlugin: XcodeCommandPlugin {
        /// Xcode's "Run Command Plugin": the same, in the project's folder.
        func performCommand(context: XcodePluginContext, arguments: [String]) throws {
            try Self.run(tool: try context.tool(named: "APICheckCLI").url, in: context.xcodeProject.directoryURL, arguments: arguments)
        }
    }
#endif
