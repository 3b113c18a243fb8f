import APICheck
import ArgumentParser

// Report formats and severities are parsed by argument-parser itself: it refuses an unknown value
// (exit 2), lists the choices in the error and in --help, and the commands get typed values.

extension ReportFormat: ExpressibleByArgument {
    public init?(argument: String) {
        guard let format = Self.named(argument) else { return nil }
        self = format
    }

    public static var allValueStrings: [String] { all.map(\.description) }
    public var defaultValueDescription: String { description }
}

extension Severity: ExpressibleByArgument {
    public init?(argument: String) {
        guard let severity = Self.named(argument) else { return nil }
        self = severity
    }

    public static var allValueStrings: [String] { all.map(\.description) }
    public var defaultValueDescription: String { description }
}
