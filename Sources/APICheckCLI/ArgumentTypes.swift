import APICheck
import ArgumentParser

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
