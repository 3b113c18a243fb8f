import APICheckContracts
import APICheckRecording
import Foundation

/// How findings are written: `text`, `json`, `junit`, `github`, `markdown` or `html`.
public struct ReportFormat: Hashable, Sendable, CustomStringConvertible {
    let name: String

    /// Compiler-style lines, `file:line: severity: message [rule]`.
    public static let text = ReportFormat(name: "text")
    /// `apicheck-report/1` JSON, documented in the README.
    public static let json = ReportFormat(name: "json")
    /// JUnit XML: a test case per recording.
    public static let junit = ReportFormat(name: "junit")
    /// GitHub Actions workflow annotations, with file and line.
    public static let github = ReportFormat(name: "github")
    /// A Markdown table for a pull-request comment.
    public static let markdown = ReportFormat(name: "markdown")
    /// One self-contained HTML page: the findings grouped by operation, each with the recorded and the
    /// live value side by side and the recording's line, then the contract coverage as a table.
    public static let html = ReportFormat(name: "html")

    /// Every format.
    public static let all: [ReportFormat] = [.text, .json, .junit, .github, .markdown, .html]

    /// The format named `name`, or nil.
    public static func named(_ name: String) -> ReportFormat? { all.first { $0.name == name } }

    /// The format's name.
    public var description: String { name }

    /// The report of `findings`, as this format writes it.
    public func render(_ findings: [Finding], summary: ReportSummary) -> String {
        switch name {
        case "json": return Self.renderJSON(findings, summary: summary)
        case "junit": return Self.renderJUnit(findings, summary: summary)
        case "github": return findings.map(Self.githubLine).joined(separator: "\n") + (findings.isEmpty ? "" : "\n")
        case "markdown": return Self.renderMarkdown(findings, summary: summary)
        case "html": return HTMLReport.findings(findings, summary: summary)
        default: return findings.map(\.compilerLine).joined(separator: "\n") + (findings.isEmpty ? "" : "\n")
        }
    }

    /// The version of the JSON report; bumped when a field changes meaning or goes away.
    public static let jsonFormatVersion = "apicheck-report/1"

    static func renderJSON(_ findings: [Finding], summary: ReportSummary) -> String {
        let items: [JSONValue] = findings.map { finding in
            var members: [JSONObject.Member] = [
                .init(key: "rule", value: .string(finding.rule.rawValue)),
                .init(key: "severity", value: .string(finding.severity.description)),
                .init(key: "part", value: .string(finding.side.rawValue)),
                .init(key: "operation", value: .string(finding.operation)),
            ]
            if let status = finding.status { members.append(.init(key: "status", value: .number(JSONNumber(status)))) }
            members += [
                .init(key: "pointer", value: .string(finding.pointer)),
                .init(key: "expected", value: .string(finding.expected)),
                .init(key: "found", value: .string(finding.found)),
                .init(key: "count", value: .number(JSONNumber(finding.count))),
                .init(key: "file", value: finding.file.map(JSONValue.string) ?? .null),
                .init(key: "line", value: finding.line.map { .number(JSONNumber($0)) } ?? .null),
                .init(key: "message", value: .string(finding.message)),
            ]
            return .object(JSONObject(members))
        }
        let report = JSONValue.object(
            JSONObject([
                .init(key: "format", value: .string(jsonFormatVersion)),
                .init(key: "tool", value: ["name": "apicheck", "version": .string(ToolVersion.current)]),
                .init(key: "summary", value: summary.jsonValue),
                .init(key: "findings", value: .array(items)),
            ]))
        return JSONWriter.pretty(report)
    }

    static func githubLine(_ finding: Finding) -> String {
        let level = finding.severity == .error ? "error" : finding.severity == .warning ? "warning" : "notice"
        var properties: [String] = []
        if let file = finding.file { properties.append("file=\(escapeProperty(file))") }
        if let line = finding.line { properties.append("line=\(line)") }
        properties.append("title=\(escapeProperty(finding.rule.rawValue))")
        return "::\(level) \(properties.joined(separator: ","))::\(escapeData(finding.message))"
    }

    static func escapeData(_ text: String) -> String {
        text.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D").replacingOccurrences(
            of: "\n", with: "%0A")
    }

    static func escapeProperty(_ text: String) -> String {
        escapeData(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }

    /// Text for XML content or a quoted attribute: the same escaping as the HTML report's.
    static func xml(_ text: String) -> String { HTMLReport.escape(text) }

    static func renderJUnit(_ findings: [Finding], summary: ReportSummary) -> String {
        let byFile = Dictionary(grouping: findings) { $0.file ?? "<input>" }
        let files = Array(Set(summary.files + byFile.keys)).sorted()
        let failing = files.filter { file in byFile[file, default: []].contains { $0.severity >= summary.failOn } }
        var lines = [#"<?xml version="1.0" encoding="UTF-8"?>"#]
        lines.append(#"<testsuite name="apicheck verify" tests="\#(files.count)" failures="\#(failing.count)">"#)
        for file in files {
            let failures = byFile[file, default: []].filter { $0.severity >= summary.failOn }
            lines.append(#"  <testcase classname="apicheck" name="\#(xml(file))">"#)
            for finding in failures {
                let attributes = #"type="\#(xml(finding.rule.rawValue))" message="\#(xml(finding.message))""#
                lines.append(#"    <failure \#(attributes)>\#(xml(finding.compilerLine))</failure>"#)
            }
            lines.append("  </testcase>")
        }
        lines.append("</testsuite>")
        return lines.joined(separator: "\n") + "\n"
    }

    static func renderMarkdown(_ findings: [Finding], summary: ReportSummary) -> String {
        var lines = ["### apicheck: \(summary.line)", ""]
        for coverage in summary.coverage {
            lines.append("Contract coverage of \(coverage.api): \(coverage.line)")
            lines.append("")
        }
        if findings.isEmpty { return lines.joined(separator: "\n") + "No findings.\n" }
        lines.append("| severity | rule | where | finding |")
        lines.append("|---|---|---|---|")
        for finding in findings {
            let location = [finding.file, finding.line.map(String.init)].compactMap { $0 }.joined(separator: ":")
            let cells = [finding.severity.description, "`\(finding.rule)`", location.isEmpty ? "" : "`\(location)`", finding.message]
            lines.append("| " + cells.map { $0.replacingOccurrences(of: "|", with: "\\|") }.joined(separator: " | ") + " |")
        }
        return lines.joined(separator: "\n") + "\n"
    }
}

/// Totals for the end of a report.
public struct ReportSummary: Sendable {
    /// The files checked.
    public var files: [String]
    public var recordings: Int
    public var interactions: Int
    public var errors: Int
    public var warnings: Int
    public var infos: Int
    /// The threshold that fails the run.
    public var failOn: Severity
    /// Each API's contract coverage (written into the JSON, Markdown and HTML reports when given).
    public var coverage: [ContractCoverage] = []
    /// The command the report is of, as the HTML report's heading names it: `verify` or `diff --live`.
    public var command = "verify"
    /// Whether the report is of live answers (`diff --live`): its counts are scenarios and requests, and it has live values.
    var isLive: Bool { command.hasPrefix("diff") }

    /// Totals of `findings`.
    public init(findings: [Finding], files: [String], recordings: Int, interactions: Int, failOn: Severity) {
        self.files = files
        self.recordings = recordings
        self.interactions = interactions
        errors = findings.filter { $0.severity == .error }.count
        warnings = findings.filter { $0.severity == .warning }.count
        infos = findings.filter { $0.severity == .info }.count
        self.failOn = failOn
    }

    /// `verified 12 recordings (31 interactions): 0 errors, 1 warning, 2 infos`; for `diff --live`,
    /// `ran 13 scenarios (40 requests): ...` (a diff's recordings are its scenarios, its interactions its requests).
    public var line: String {
        func plural(_ count: Int, _ word: String) -> String { "\(count) \(word)\(count == 1 ? "" : "s")" }
        let what =
            isLive
            ? "ran \(plural(recordings, "scenario")) (\(plural(interactions, "request")))"
            : "verified \(plural(recordings, "recording")) (\(plural(interactions, "interaction")))"
        return "\(what): \(plural(errors, "error")), \(plural(warnings, "warning")), \(plural(infos, "info"))"
    }

    var jsonValue: JSONValue {
        .object(
            JSONObject(
                [
                    .init(key: "recordings", value: .number(JSONNumber(recordings))),
                    .init(key: "interactions", value: .number(JSONNumber(interactions))),
                    .init(key: "errors", value: .number(JSONNumber(errors))),
                    .init(key: "warnings", value: .number(JSONNumber(warnings))),
                    .init(key: "infos", value: .number(JSONNumber(infos))),
                    .init(key: "fail_on", value: .string(failOn.description)),
                ] + (coverage.isEmpty ? [] : [.init(key: "coverage", value: .array(coverage.map(\.summaryJSON)))])))
    }
}
