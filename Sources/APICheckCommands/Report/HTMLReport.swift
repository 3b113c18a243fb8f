/// The HTML reports (`--format html` of `verify`, `diff` and `coverage`): one self-contained file.
///
/// No script, no external asset, no font or image: the page's Content-Security-Policy (`default-src 'none'`)
/// forbids the browser every request, so a report opened from a CI artifact cannot reach the network
/// even if a value in it tried to. Every text from a recording, a live answer or a contract is escaped.
/// The output depends only on its input (no timestamp), so two runs over the same files give the same bytes.
import APICheckContracts
import APICheckRecording

enum HTMLReport {
    /// Text for an element's content or a quoted attribute value.
    static func escape(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for character in text.unicodeScalars {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            default: result.unicodeScalars.append(character)
            }
        }
        return result
    }

    /// A whole page: `heading` and `lede` at the top, then `body` (already HTML).
    static func page(title: String, heading: String, lede: [String], body: String) -> String {
        """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <meta name="generator" content="apicheck \(escape(ToolVersion.current))">
        <title>\(escape(title))</title>
        <style>\(stylesheet)</style>
        </head>
        <body>
        <header>
        <h1>\(escape(heading))</h1>
        \(lede.map { "<p class=\"lede\">\($0)</p>" }.joined(separator: "\n"))
        </header>
        <main>
        \(body)
        </main>
        <footer>apicheck \(escape(ToolVersion.current))</footer>
        </body>
        </html>

        """
    }

    // MARK: Findings

    /// The report of `verify` or `diff`: the findings grouped by operation, then the coverage.
    static func findings(_ findings: [Finding], summary: ReportSummary) -> String {
        let failing = findings.contains { $0.severity >= summary.failOn }
        let verdict =
            failing
            ? "<span class=\"verdict fail\">fails</span> (findings at or above <code>\(escape(summary.failOn.description))</code>)"
            : "<span class=\"verdict pass\">passes</span> (nothing at or above <code>\(escape(summary.failOn.description))</code>)"
        let showLive = summary.isLive || findings.contains { $0.liveValue != nil }
        var body: [String] = []

        // One group per operation, the worst first; a group keeps the findings' order.
        var groups: [(operation: String, findings: [Finding])] = []
        var position: [String: Int] = [:]
        for finding in findings {
            if let index = position[finding.operation] {
                groups[index].findings.append(finding)
            } else {
                position[finding.operation] = groups.count
                groups.append((finding.operation, [finding]))
            }
        }
        groups.sort { left, right in
            let leftWorst = left.findings.map(\.severity).max()!
            let rightWorst = right.findings.map(\.severity).max()!
            return leftWorst != rightWorst ? leftWorst > rightWorst : left.operation < right.operation
        }

        if groups.isEmpty {
            body.append("<p class=\"none\">No findings.</p>")
        } else {
            body.append("<nav><h2>Operations</h2><ul>")
            for (index, group) in groups.enumerated() {
                body.append(
                    "<li><a href=\"#operation-\(index + 1)\"><code>\(escape(group.operation))</code></a> \(counts(group.findings))</li>")
            }
            body.append("</ul></nav>")
        }
        for (index, group) in groups.enumerated() {
            body.append("<section class=\"operation\" id=\"operation-\(index + 1)\">")
            body.append("<h2><code>\(escape(group.operation))</code> \(counts(group.findings))</h2>")
            body.append("<table class=\"findings\">")
            var head = ["severity", "rule", "status", "place", "expected", "found", "recorded value"]
            if showLive { head.append("live value") }
            head.append("recording")
            body.append("<thead><tr>" + head.map { "<th>\($0)</th>" }.joined() + "</tr></thead>")
            body.append("<tbody>")
            for finding in group.findings { body.append(row(finding, showLive: showLive)) }
            body.append("</tbody></table></section>")
        }
        if !summary.coverage.isEmpty {
            body.append(coverageSections(summary.coverage, minimums: [:]))
        }
        let lede = ["\(escape(summary.line)): the run \(verdict)."]
        return page(
            title: "apicheck \(summary.command): \(summary.line)", heading: "apicheck \(summary.command)", lede: lede,
            body: body.joined(separator: "\n"))
    }

    static func counts(_ findings: [Finding]) -> String {
        let parts = [Severity.error, .warning, .info].compactMap { severity -> String? in
            let count = findings.filter { $0.severity == severity }.count
            guard count > 0 else { return nil }
            return "<span class=\"count \(severity)\">\(count) \(severity)\(count == 1 ? "" : "s")</span>"
        }
        return parts.joined(separator: " ")
    }

    static func row(_ finding: Finding, showLive: Bool) -> String {
        let pointer = finding.pointer.isEmpty ? "/" : finding.pointer
        var cells: [String] = [
            "<td class=\"severity\"><span class=\"badge \(finding.severity)\">\(finding.severity)</span></td>",
            "<td class=\"rule\"><code>\(escape(finding.rule.rawValue))</code></td>",
            "<td class=\"status\">\(finding.status.map(String.init) ?? "")</td>",
            """
            <td class=\"place\"><span class=\"part\">\(escape(finding.side.rawValue))</span> <code \
            class=\"pointer\">\(escape(pointer))</code>
            """
                + (finding.count > 1 ? " <span class=\"times\">(\(finding.count) places)</span>" : "") + "</td>",
            "<td class=\"expected\">\(escape(finding.expected))</td>",
            "<td class=\"found\">\(escape(finding.found))</td>",
            valueCell(finding.recordedValue, class: "recorded"),
        ]
        if showLive { cells.append(valueCell(finding.liveValue, class: "live")) }
        let location = finding.file.map { file in escape(file) + (finding.line.map { ":\($0)" } ?? "") } ?? ""
        cells.append("<td class=\"location\">\(location.isEmpty ? "" : "<code>\(location)</code>")</td>")
        let attributes =
            """
            class=\"finding \(finding.severity)\" data-rule=\"\(escape(finding.rule.rawValue))\" \
            data-pointer=\"\(escape(finding.pointer))\"
            """
        return "<tr \(attributes)>" + cells.joined() + "</tr>"
    }

    static func valueCell(_ value: String?, class name: String) -> String {
        guard let value else { return "<td class=\"value \(name) absent\">absent</td>" }
        return "<td class=\"value \(name)\"><code>\(escape(value))</code></td>"
    }

    // MARK: Coverage

    /// The `apicheck coverage` page.
    static func coverage(_ coverages: [ContractCoverage], minimums: [String: Double]) -> String {
        let below = coverages.flatMap { coverage in
            coverage.measures.filter { measure in minimums[measure.name].map { measure.percent < $0 } ?? false }
        }
        var lede = coverages.map { "<code>\(escape($0.api))</code>: \(escape($0.line))" }
        if !minimums.isEmpty {
            lede.append(
                below.isEmpty
                    ? "<span class=\"verdict pass\">every measure is at or above its minimum</span>"
                    : "<span class=\"verdict fail\">\(below.count) measure\(below.count == 1 ? " is" : "s are") below the minimum</span>")
        }
        let body =
            coverages.isEmpty ? "<p class=\"none\">No API with a contract to measure.</p>" : coverageSections(coverages, minimums: minimums)
        return page(title: "apicheck coverage", heading: "apicheck coverage", lede: lede, body: body)
    }

    /// A table per API (measure, exercised, of, percent, minimum), then the items not exercised.
    static func coverageSections(_ coverages: [ContractCoverage], minimums: [String: Double]) -> String {
        var lines = ["<section class=\"coverage\"><h2>Contract coverage</h2>"]
        for coverage in coverages {
            lines.append(
                "<h3><code>\(escape(coverage.api))</code> <span class=\"detail\">\(escape(CoverageFormat.detail(coverage)))</span></h3>")
            lines.append("<table class=\"coverage\" data-api=\"\(escape(coverage.api))\">")
            let minimumHead = minimums.isEmpty ? "" : "<th>minimum</th>"
            lines.append(
                "<thead><tr><th>measure</th><th>exercised</th><th>of</th><th>percent</th><th></th>\(minimumHead)</tr></thead><tbody>")
            for measure in coverage.measures {
                let minimum = minimums[measure.name]
                let isBelow = minimum.map { measure.percent < $0 } ?? false
                let width = String(format: "%.1f", min(100, max(0, measure.percent)))
                let minimumText = minimum.map { ContractCoverage.percentText($0) + (isBelow ? " (below)" : "") } ?? ""
                lines.append(
                    "<tr class=\"measure\(isBelow ? " below" : "")\" data-measure=\"\(escape(measure.name))\">"
                        + "<td class=\"name\">\(escape(measure.name))</td><td class=\"covered\">\(measure.covered)</td>"
                        + "<td class=\"total\">\(measure.total)</td>"
                        + "<td class=\"percent\">\(ContractCoverage.percentText(measure.percent))</td>"
                        + "<td class=\"bar\"><span class=\"bar\"><span class=\"fill\" style=\"width: \(width)%\"></span></span></td>"
                        + (minimums.isEmpty ? "" : "<td class=\"minimum\">\(minimumText)</td>")
                        + "</tr>"
                )
            }
            lines.append("</tbody></table>")
            for measure in coverage.measures where !measure.missing.isEmpty {
                lines.append(
                    "<details><summary>\(escape(measure.name)) not exercised (\(measure.missing.count))</summary><ul class=\"missing\">")
                lines += measure.missing.map { "<li><code>\(escape($0.name))</code></li>" }
                lines.append("</ul></details>")
            }
        }
        lines.append("</section>")
        return lines.joined(separator: "\n")
    }

    // MARK: Style

    static let stylesheet = """

        :root { color-scheme: light dark; --fg: #1f2328; --muted: #59636e; --line: #d1d9e0; --head: #f6f8fa;
          --error: #cf222e; --warning: #9a6700; --info: #0969da; --pass: #1a7f37; --fill: #2da44e; }
        @media (prefers-color-scheme: dark) { :root { --fg: #e6edf3; --muted: #9198a1; --line: #3d444d; --head: #151b23;
          --error: #f85149; --warning: #d29922; --info: #4493f8; --pass: #3fb950; --fill: #3fb950; } }
        body { font: 14px/1.45 -apple-system, system-ui, "Segoe UI", sans-serif; color: var(--fg); margin: 0 auto; padding: 1.5rem; \
        max-width: 110rem; }
        h1 { font-size: 1.6rem; margin: 0 0 .4rem; } h2 { font-size: 1.2rem; margin: 1.6rem 0 .5rem; } h3 { font-size: 1rem; margin: \
        1.2rem 0 .4rem; }
        code { font: 12.5px/1.4 ui-monospace, "SF Mono", Menlo, Consolas, monospace; overflow-wrap: anywhere; }
        .lede { margin: .2rem 0; } .detail, footer, .times, .part, .absent { color: var(--muted); }
        .verdict { font-weight: 600; } .verdict.fail { color: var(--error); } .verdict.pass { color: var(--pass); }
        nav ul { padding-left: 1.2rem; } nav li { margin: .15rem 0; }
        table { border-collapse: collapse; width: 100%; margin: .3rem 0 .8rem; }
        th, td { border: 1px solid var(--line); padding: .3rem .5rem; text-align: left; vertical-align: top; }
        th { background: var(--head); font-weight: 600; white-space: nowrap; }
        td.rule code, td.status, td.severity { white-space: nowrap; } td.value { max-width: 22rem; } td.expected, td.found { max-width: \
        18rem; overflow-wrap: anywhere; }
        .badge, .count { font-size: 12px; font-weight: 600; border-radius: 1em; padding: 0 .5em; white-space: nowrap; }
        .error { --tone: var(--error); } .warning { --tone: var(--warning); } .info { --tone: var(--info); }
        .badge, .count { color: var(--tone); border: 1px solid var(--tone); }
        tr.finding > td:first-child { border-left: 3px solid var(--tone); }
        table.coverage { width: auto; } table.coverage td.covered, table.coverage td.total, table.coverage td.percent { text-align: right; }
        span.bar { display: inline-block; width: 10rem; height: .6rem; border: 1px solid var(--line); border-radius: .3rem; overflow: \
        hidden; vertical-align: middle; }
        span.fill { display: block; height: 100%; background: var(--fill); }
        tr.below td.minimum, tr.below td.percent { color: var(--error); font-weight: 600; }
        details { margin: .2rem 0; } ul.missing { columns: 2 24rem; margin: .3rem 0; }
        footer { margin-top: 2rem; font-size: 12px; }

        """
}
