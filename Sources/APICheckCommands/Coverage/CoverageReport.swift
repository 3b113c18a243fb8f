import APICheckContracts
import APICheckRecording
import Foundation

/// How `apicheck coverage` writes its report: `text`, `json`, `markdown` or `html`.
public struct CoverageFormat: Hashable, Sendable, CustomStringConvertible {
    let name: String

    /// A table per API and the items not exercised.
    public static let text = CoverageFormat(name: "text")
    /// `apicheck-coverage/1` JSON: every item, exercised and not.
    public static let json = CoverageFormat(name: "json")
    /// A Markdown table per API, the items not exercised folded away.
    public static let markdown = CoverageFormat(name: "markdown")
    /// One self-contained HTML page: a table per API, the items not exercised folded away.
    public static let html = CoverageFormat(name: "html")

    /// Every format.
    public static let all: [CoverageFormat] = [.text, .json, .markdown, .html]

    /// The format named `name`, or nil.
    public static func named(_ name: String) -> CoverageFormat? { all.first { $0.name == name } }

    public var description: String { name }

    /// The version of the JSON report; bumped when a field changes meaning or goes away.
    public static let jsonFormatVersion = "apicheck-coverage/1"

    /// The report of `coverages`; `minimums` (percent, by measure name) is the gate, when there is one.
    public func render(_ coverages: [ContractCoverage], minimums: [String: Double] = [:]) -> String {
        switch name {
        case "json": return Self.renderJSON(coverages, minimums: minimums)
        case "markdown": return Self.renderMarkdown(coverages, minimums: minimums)
        case "html": return HTMLReport.coverage(coverages, minimums: minimums)
        default: return Self.renderText(coverages, minimums: minimums)
        }
    }

    static func heading(_ coverage: ContractCoverage) -> String {
        "\(coverage.api) \(detail(coverage))"
    }

    /// `(contracts/todos.yaml), by 9 recordings (...)`: the contract and what measured it.
    static func detail(_ coverage: ContractCoverage) -> String {
        """
        (\(DisplayPath.relative(coverage.contractPath))), by \(coverage.recordings) recording\(coverage.recordings == 1 ? "" : "s") \
        (\(coverage.interactions) interaction\(coverage.interactions == 1 ? "" : "s"); contract examples not counted)
        """
    }

    static func renderText(_ coverages: [ContractCoverage], minimums: [String: Double]) -> String {
        var lines: [String] = []
        for coverage in coverages {
            lines.append("coverage of \(heading(coverage))")
            for measure in coverage.measures {
                let mark = minimums[measure.name].map { measure.percent < $0 ? "  below \(ContractCoverage.percentText($0))" : "" } ?? ""
                let name = measure.name.padding(toLength: 12, withPad: " ", startingAt: 0)
                let count = "\(measure.covered)/\(measure.total)".padding(toLength: 10, withPad: " ", startingAt: 0)
                let refused = measure.refused == 0 ? "" : "  (\(measure.refused) refused, so not checked: listed below)"
                lines.append("  \(name) \(count) \(ContractCoverage.percentText(measure.percent))\(mark)\(refused)")
            }
            for measure in coverage.measures where measure.covered < measure.items.count {
                // One string per measure, each item written into it: a vendor's description has thousands not exercised,
                // and a line each (its name, then the indented line, then the list joined) was most of writing the report.
                var block = Array("  \(measure.name) not exercised:".utf8)
                block.reserveCapacity(measure.items.count * 64)
                for index in measure.items.indices where !measure.items[index].exercised {
                    block.append(contentsOf: "\n    ".utf8)
                    measure.items[index].appendName(to: &block)
                }
                lines.append(String(decoding: block, as: UTF8.self))
            }
            if !coverage.refused.isEmpty {
                let reasons = coverage.refused.count == coverage.refusals ? "" : ", \(coverage.refused.count) reasons"
                lines.append("  refused, so not checked (\(coverage.refusals)\(reasons)):")
                lines += coverage.refused.map { "    \($0)" }
            }
            lines.append("")
        }
        return lines.joined(separator: "\n")
    }

    static func renderJSON(_ coverages: [ContractCoverage], minimums: [String: Double]) -> String {
        let apis: [JSONValue] = coverages.map { coverage in
            .object(
                JSONObject([
                    .init(key: "api", value: .string(coverage.api)),
                    .init(key: "contract", value: .string(DisplayPath.relative(coverage.contractPath))),
                    .init(key: "recordings", value: .number(JSONNumber(coverage.recordings))),
                    .init(key: "interactions", value: .number(JSONNumber(coverage.interactions))),
                    .init(
                        key: "measures",
                        value: .array(
                            coverage.measures.map { measure in
                                .object(
                                    JSONObject([
                                        .init(key: "name", value: .string(measure.name)),
                                        .init(key: "covered", value: .number(JSONNumber(measure.covered))),
                                        .init(key: "total", value: .number(JSONNumber(measure.total))),
                                        .init(key: "refused", value: .number(JSONNumber(measure.refused))),
                                        .init(key: "percent", value: .number(JSONNumber(literal: String(format: "%.1f", measure.percent)))),
                                        .init(
                                            key: "minimum",
                                            value: minimums[measure.name].map { .number(JSONNumber(literal: String(format: "%.1f", $0))) }
                                                ?? .null),
                                        .init(
                                            key: "below_minimum", value: .bool(minimums[measure.name].map { measure.percent < $0 } ?? false)
                                        ),
                                        .init(key: "exercised", value: .array(measure.items.filter(\.exercised).map { .string($0.name) })),
                                        .init(key: "missing", value: .array(measure.missing.map { .string($0.name) })),
                                    ]))
                            })),
                    .init(key: "refused", value: .array(coverage.refused.map(JSONValue.string))),
                ]))
        }
        return JSONWriter.pretty(
            .object(
                JSONObject([
                    .init(key: "format", value: .string(jsonFormatVersion)),
                    .init(key: "tool", value: ["name": "apicheck", "version": .string(ToolVersion.current)]),
                    .init(key: "apis", value: .array(apis)),
                ])))
    }

    static func renderMarkdown(_ coverages: [ContractCoverage], minimums: [String: Double]) -> String {
        var lines: [String] = []
        for coverage in coverages {
            lines.append("### Contract coverage: \(markdownEscape(heading(coverage)))")
            lines.append("")
            lines.append("| measure | exercised | of | percent |")
            lines.append("|---|---:|---:|---:|")
            for measure in coverage.measures {
                let below = minimums[measure.name].map { measure.percent < $0 ? " (below \(ContractCoverage.percentText($0)))" : "" } ?? ""
                lines.append(
                    "| \(measure.name) | \(measure.covered) | \(measure.total) | \(ContractCoverage.percentText(measure.percent))\(below) |"
                )
            }
            for measure in coverage.measures where !measure.missing.isEmpty {
                lines.append("")
                lines.append("<details><summary>\(measure.name) not exercised (\(measure.missing.count))</summary>")
                lines.append("")
                lines += measure.missing.map { "- `\($0.name.replacingOccurrences(of: "`", with: "'"))`" }
                lines.append("")
                lines.append("</details>")
            }
            if !coverage.refused.isEmpty {
                lines.append("")
                lines.append("Refused, so not checked (\(coverage.refused.count)):")
                lines.append("")
                lines += coverage.refused.map { "- `\($0.replacingOccurrences(of: "`", with: "'"))`" }
            }
            lines.append("")
        }
        return lines.joined(separator: "\n")
    }

    static func markdownEscape(_ text: String) -> String {
        text.replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "<", with: "&lt;")
    }
}
