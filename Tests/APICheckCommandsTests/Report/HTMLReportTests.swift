import APICheckCommands
import APICheckContracts
import APICheckRecording
import ContractTestSupport
import Foundation
import Testing

/// `--format html`: one self-contained page, the findings grouped by operation with the recorded and the
/// live value side by side, the coverage as a table, and nothing from an answer able to run or fetch.
@Suite("HTML report")
struct HTMLReportTests {
    static func finding(
        _ rule: RuleID, _ operation: String, _ pointer: String, severity: Severity? = nil, recorded: String? = nil, live: String? = nil,
        line: Int? = 14
    ) -> Finding {
        var finding = Finding(
            rule: rule, side: .response, operation: operation, status: 200, pointer: pointer, expected: "an integer", found: "a string")
        if let severity { finding.severity = severity }
        finding.recordedValue = recorded
        finding.liveValue = live
        finding.file = "recordings/things/scenarios/list.json"
        finding.line = line
        return finding
    }

    static func summary(_ findings: [Finding], command: String = "verify") -> ReportSummary {
        var summary = ReportSummary(
            findings: findings, files: ["recordings/things/scenarios/list.json"], recordings: 1, interactions: 2, failOn: .error)
        summary.command = command
        return summary
    }

    /// The text of each `<section class="operation">`, in page order.
    static func sections(_ html: String) -> [String] {
        html.components(separatedBy: "<section class=\"operation\"").dropFirst().map { $0.components(separatedBy: "</section>")[0] }
    }

    @Test("findings are grouped by operation, the worst first; each row has its rule, pointer, values and the recording's line")
    func grouped() {
        let findings = [
            Self.finding(.fieldAdded, "GET /b", "/extra", severity: .info, recorded: #""x""#),
            Self.finding(.shapeType, "GET /a", "/data/*/id", recorded: #""7""#, live: "7", line: 31),
            Self.finding(.fieldMissing, "GET /b", "/data/*/name", severity: .warning, recorded: #"{"id":1}"#, live: nil),
        ]
        let html = ReportFormat.html.render(findings, summary: Self.summary(findings, command: "diff --live"))
        let sections = Self.sections(html)
        #expect(sections.count == 2)
        #expect(sections[0].contains("<code>GET /a</code>") && sections[1].contains("<code>GET /b</code>"))
        #expect(sections[1].components(separatedBy: "<tr class=\"finding").count - 1 == 2)
        #expect(sections[0].contains(#"<tr class="finding error" data-rule="shape.type" data-pointer="/data/*/id">"#))
        #expect(
            sections[0].contains(#"<td class="value recorded"><code>&quot;7&quot;</code></td><td class="value live"><code>7</code></td>"#))
        #expect(sections[0].contains("<code>recordings/things/scenarios/list.json:31</code>"))
        #expect(sections[1].contains(#"<td class="value live absent">absent</td>"#))
        #expect(html.contains("ran 1 scenario (2 requests): 1 error, 1 warning, 1 info: the run <span class=\"verdict fail\">fails</span>"))
    }

    @Test("the live column is there for diff, not for verify")
    func liveColumn() {
        let findings = [Self.finding(.shapeType, "GET /a", "/id", recorded: "1")]
        #expect(!ReportFormat.html.render(findings, summary: Self.summary(findings)).contains("<th>live value</th>"))
        #expect(ReportFormat.html.render(findings, summary: Self.summary(findings, command: "diff --live")).contains("<th>live value</th>"))
        #expect(ReportFormat.html.render([], summary: Self.summary([])).contains("No findings."))
    }

    @Test("text from an answer is escaped: it cannot close a cell, start a script or load an image")
    func escaped() {
        let hostile = [
            Self.finding(
                .shapeType, "GET /x<script>alert(1)</script>", #"/a"b'c<d"#, recorded: #""<img src=x onerror=alert(1)>""#,
                live: "</code></td><script>alert(2)</script>")
        ]
        let html = ReportFormat.html.render(hostile, summary: Self.summary(hostile, command: "diff --live"))
        #expect(!html.contains("<script"))
        #expect(!html.contains("<img"))
        #expect(html.contains("GET /x&lt;script&gt;alert(1)&lt;/script&gt;"))
        #expect(html.contains(#"data-pointer="/a&quot;b&#39;c&lt;d""#))
        #expect(html.contains("&lt;/code&gt;&lt;/td&gt;&lt;script&gt;alert(2)&lt;/script&gt;"))
    }

    @Test("self-contained: a policy that forbids every request, and no script, stylesheet link, image or URL of its own")
    func selfContained() throws {
        let findings = [Self.finding(.shapeType, "GET /a", "/id", recorded: "1", live: #""1""#)]
        var summary = Self.summary(findings)
        summary.coverage = [ContractCoverage(api: "things", contract: try ThingsContract.compiled())]
        for html in [
            ReportFormat.html.render(findings, summary: summary), CoverageFormat.html.render(summary.coverage, minimums: ["fields": 50]),
        ] {
            #expect(html.hasPrefix("<!DOCTYPE html>\n<html lang=\"en\">"))
            #expect(html.contains(#"<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">"#))
            for forbidden in ["<script", "<link", "<img", "src=", "url(", "@import", "http:", "https:"] {
                #expect(!html.contains(forbidden), "\(forbidden)")
            }
        }
    }

    @Test("coverage is a table per API with each measure's counts, percent and minimum; items not exercised are listed")
    func coverage() throws {
        let contract = try ThingsContract.compiled()
        var coverage = ContractCoverage(api: "things", contract: contract)
        coverage.add(
            Recording(
                api: "things", name: "r", recordedAt: "2026-01-01T00:00:00Z", recordedFrom: "https://things.invalid",
                interactions: [
                    jsonInteraction("DELETE", "/things/1", status: 204)
                ]), contract: contract)
        let html = CoverageFormat.html.render([coverage], minimums: ["operations": 50, "fields": 10])
        #expect(
            html.contains(
                #"<tr class="measure" data-measure="operations"><td class="name">operations</td><td class="covered">1</td><td class="total">2</td><td class="percent">50.0%</td>"#
            ))
        #expect(
            html.contains(
                #"<tr class="measure below" data-measure="fields"><td class="name">fields</td><td class="covered">0</td><td class="total">8</td><td class="percent">0.0%</td>"#
            ))
        #expect(html.contains(#"<td class="minimum">10.0% (below)</td>"#))
        #expect(html.contains("<li><code>GET /things</code></li>"))
        #expect(html.contains("1 measure is below the minimum"))
        // The verify report carries the same table after its findings.
        var summary = Self.summary([])
        summary.coverage = [coverage]
        #expect(ReportFormat.html.render([], summary: summary).contains(#"<table class="coverage" data-api="things">"#))
    }
}

/// The recorded and live values a finding carries for the HTML report.
@Suite("Finding values")
struct FindingValuesTests {
    @Test("the verifier attaches the recorded value at each finding's place")
    func verifierAttaches() throws {
        let verifier = Verifier(contract: try ThingsContract.compiled())
        let recording = Recording(
            api: "things", name: "r", recordedAt: "2026-01-01T00:00:00Z", recordedFrom: "https://things.invalid",
            interactions: [
                jsonInteraction(
                    "GET", "/things", status: 200, body: ["data": [["id": 1], ["id": "seven"]], "next": .null])
            ])
        let findings = verifier.verify(recording)
        let idFinding = try #require(findings.first { $0.pointer == "/data/*/id" })
        #expect(idFinding.recordedValue == #""seven""#)
        #expect(idFinding.liveValue == nil)
    }

    @Test("a long value is shortened; one that looks like a secret, or holds a configured one, is withheld")
    func shortenedAndWithheld() {
        let long = Finding.valueText(.string(String(repeating: "가", count: 1000)))
        #expect(long?.count == Finding.valueTextLimit)
        #expect(long?.hasSuffix("…") == true)
        #expect(Finding.valueText(.number(JSONNumber(7))) == "7")
        #expect(Finding.valueText(nil) == nil)
        let token = "ghp_" + String(repeating: "A1b2C3d4", count: 4) + "zZ9y"
        #expect(Finding.valueText(["note": .string(token)]) == Finding.withheldValue)
        #expect(Finding.valueText(.string("my hand-Edited-Secret/42+ here"), secrets: ["hand-Edited-Secret/42+"]) == Finding.withheldValue)
        #expect(Finding.valueText(.string("my hand-Edited-Secret/42+ here")) == #""my hand-Edited-Secret/42+ here""#)
    }
}
