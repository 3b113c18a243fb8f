import APICheckCommands
import APICheckContracts
import APICheckRecording
import ArgumentParser
import Foundation
import WireFormat

// Report formats and severities are parsed by argument-parser itself: it refuses an unknown value
// (exit 2), lists the choices in the error and in --help, and the commands get typed values.

/// A value chosen by name from a fixed list (`--format json`, `--fail-on warning`).
protocol NamedArgument: ExpressibleByArgument, CustomStringConvertible {
    static var all: [Self] { get }
    static func named(_ name: String) -> Self?
}

extension NamedArgument {
    public init?(argument: String) {
        guard let value = Self.named(argument) else { return nil }
        self = value
    }

    public static var allValueStrings: [String] { all.map(\.description) }
    public var defaultValueDescription: String { description }
}

extension ReportFormat: NamedArgument {}
extension Severity: NamedArgument {}
extension CoverageFormat: NamedArgument {}

/// `--report FORMAT=PATH`: the report in one more format, written to a file (atomically) besides the one
/// on stdout, so one run gives both CI annotations and an HTML report to upload.
struct ReportDestination: ExpressibleByArgument, Sendable {
    let format: ReportFormat
    let path: String

    init?(argument: String) {
        guard let equals = argument.firstIndex(of: "="), let format = ReportFormat.named(String(argument[..<equals])) else { return nil }
        let path = String(argument[argument.index(after: equals)...])
        guard !path.isEmpty else { return nil }
        self.format = format
        self.path = path
    }

    static var defaultCompletionKind: CompletionKind { .file() }

    /// Refuses, before anything runs, a destination that is a folder or is given twice (a missing folder is created).
    static func validate(_ destinations: [ReportDestination]) throws {
        var seen: Set<String> = []
        for destination in destinations {
            let url = URL(fileURLWithPath: destination.path).standardizedFileURL
            guard seen.insert(url.path).inserted else { throw ValidationError("--report names \(destination.path) twice") }
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), isFolder.boolValue {
                throw ValidationError("--report \(destination.format)=\(destination.path): that is a folder; name a file")
            }
        }
    }

    /// Writes the report of `findings` to every destination; returns an error line for each that could not be written.
    static func write(_ destinations: [ReportDestination], findings: [Finding], summary: ReportSummary, command: String) -> [String] {
        var errors: [String] = []
        for destination in destinations {
            do {
                try AtomicFile.write(
                    Data(destination.format.render(findings, summary: summary).utf8), to: URL(fileURLWithPath: destination.path))
                Output.err("apicheck \(command): wrote the \(destination.format) report to \(destination.path)\n")
            } catch {
                errors.append("\(destination.path): error: cannot write the \(destination.format) report: \(error.localizedDescription)")
            }
        }
        return errors
    }
}
