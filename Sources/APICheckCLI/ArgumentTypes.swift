import APICheckCommands
import APICheckContracts
import APICheckRecording
import ArgumentParser
import Foundation
import WireFormat

// Report formats and severities are parsed by argument-parser itself: it refuses an unknown value
// (exit 2), lists the choices in the error and in --help, and the commands get typed values.

/// A value chosen by name from a fixed list (`--format json`, `--fail-on warning`).
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
protocol NamedArgument: ExpressibleByArgument, CustomStringConvertible {
    static var all: [Self] { get }
    static func named(_ name: String) -> Self?
}

@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
extension NamedArgument {
    public init?(argument: String) {
        guard let value = Self.named(argument) else { return nil }
        self = value
    }

    public static var allValueStrings: [String] { all.map(\.description) }
    public var defaultValueDescription: String { description }
}

@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
extension ReportFormat: NamedArgument {}
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
extension Severity: NamedArgument {}
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
extension CoverageFormat: NamedArgument {}
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
extension BreakingReport.Format: ExpressibleByArgument {
    public var defaultValueDescription: String { rawValue }
}

/// A command's report format (`--format`): `text` by default, and an example of `--report` for its help.
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
protocol OutputFormat: ExpressibleByArgument, Sendable, CustomStringConvertible {
    static var text: Self { get }
    /// `html=apicheck-report.html`.
    static var reportExample: String { get }
}

@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
extension ReportFormat: OutputFormat {
    static var reportExample: String { "html=apicheck-report.html" }
}

@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
extension BreakingReport.Format: OutputFormat {
    static var reportExample: String { "html=breaking.html" }
}

/// The options every reporting command takes alike (verify, diff, breaking): `--format`, `--report FORMAT=PATH` and
/// `--fail-on`, parsed, listed and refused by argument-parser.
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
struct OutputOptions<Format: OutputFormat>: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("The report format.", valueName: "format"))
    var format: Format = .text

    @Option(
        name: .long,
        help: ArgumentHelp("Also write the report in FORMAT to PATH (repeatable), e.g. \(Format.reportExample).", valueName: "format=path"))
    var report: [Destination<Format>] = []

    @Option(name: .long, help: ArgumentHelp("The lowest severity that fails the run.", valueName: "severity"))
    var failOn: Severity = .error

    func validate() throws {
        try Destination.validate(report)
    }
}

/// `--report FORMAT=PATH`: the report in one more format, written to a file (atomically) besides the one
/// on stdout, so one run gives both CI annotations and an HTML report to upload.
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
struct Destination<Format: OutputFormat>: ExpressibleByArgument, Sendable {
    let format: Format
    let path: String

    init?(argument: String) {
        guard let equals = argument.firstIndex(of: "="), let format = Format(argument: String(argument[..<equals])) else { return nil }
        let path = String(argument[argument.index(after: equals)...])
        guard !path.isEmpty else { return nil }
        self.format = format
        self.path = path
    }

    static var defaultCompletionKind: CompletionKind { .file() }

    /// Refuses, before anything runs, a destination that is a folder or is given twice (a missing folder is created).
    static func validate(_ destinations: [Destination]) throws {
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

    /// Writes one report (atomically) and says so on stderr; returns the error line when it could not be written.
    func write(_ report: String, command: String) -> String? {
        do {
            try AtomicFile.write(Data(report.utf8), to: URL(fileURLWithPath: path))
            Output.err("apicheck \(command): wrote the \(format) report to \(path)\n")
            return nil
        } catch {
            return "\(path): error: cannot write the \(format) report: \(error.localizedDescription)"
        }
    }
}

@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
extension [Destination<ReportFormat>] {
    /// Writes the report of `findings` to every destination; returns an error line for each that could not be written.
    func write(findings: [Finding], summary: ReportSummary, command: String) -> [String] {
        compactMap { $0.write($0.format.render(findings, summary: summary), command: command) }
    }
}
