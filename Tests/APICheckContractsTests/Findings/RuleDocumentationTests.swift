import APICheckBreaking
import APICheckRecording
import Foundation
import TestSupport
import Testing

/// docs/RULES.md is where users look a rule up: it and ``RuleID/all`` list the same rules, with the same default
/// severities, and each contract change says whom it breaks as its row does.
@Suite("docs/RULES.md and RuleID list the same rules")
struct RuleDocumentationTests {
    /// A rule's row: its default severity and, for a contract change, whom it breaks.
    struct Row: Equatable, CustomStringConvertible {
        let severity: String
        let breaks: String?
        var description: String { breaks.map { "\(severity), breaks \($0)" } ?? severity }
    }

    /// The rows of every table of docs/RULES.md whose header starts `| rule |`, by rule id. A row names its rule as
    /// `id`, or pairs two: `schema.minimum` / `schema.maximum`.
    static func documented() throws -> [String: Row] {
        let text = try String(contentsOf: repositoryRoot.appendingPathComponent("docs/RULES.md"), encoding: .utf8)
        var rows: [String: Row] = [:]
        var columns: [String] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            guard line.hasPrefix("|") else {
                columns = []
                continue
            }
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).dropFirst().dropLast()
                .map { $0.trimmingCharacters(in: .whitespaces) }
            if cells.first == "rule" {
                columns = cells
                continue
            }
            // The default's cell starts with the default; what may raise or lower it in a case follows
            // (`warning; error when ...`).
            guard !columns.isEmpty, cells.count == columns.count, let first = cells.first, first.hasPrefix("`"),
                let severity = columns.firstIndex(of: "default").map({ String(cells[$0].prefix { $0.isLetter }) })
            else { continue }
            let breaks = columns.firstIndex(of: "breaks").map { cells[$0] }
            for id in first.components(separatedBy: " / ") {
                rows[id.trimmingCharacters(in: CharacterSet(charactersIn: "`"))] = Row(severity: severity, breaks: breaks)
            }
        }
        return rows
    }

    /// What ``RuleID/all`` says of each rule.
    static func declared() -> [String: Row] {
        Dictionary(
            uniqueKeysWithValues: RuleID.all.map { rule in
                let breaks = rule.rawValue.hasPrefix("breaking.") ? ContractChange.impact(of: rule).rawValue : nil
                return (rule.rawValue, Row(severity: rule.defaultSeverity.description, breaks: breaks))
            })
    }

    @Test("each rule of RuleID.all has its row in docs/RULES.md, with its default severity and whom it breaks")
    func everyRuleDocumented() throws {
        let rows = try Self.documented()
        let declared = Self.declared()
        let missing = declared.keys.filter { rows[$0] == nil }.sorted()
        #expect(missing.isEmpty, "rules with no row in docs/RULES.md: \(missing)")
        let differing = declared.keys.sorted().compactMap { id -> String? in
            guard let row = rows[id], row != declared[id] else { return nil }
            return "\(id): RuleID says \(declared[id]!), docs/RULES.md \(row)"
        }
        #expect(differing.isEmpty, "\(differing.joined(separator: "\n"))")
    }

    @Test("each rule docs/RULES.md lists is a rule of RuleID.all")
    func everyRowARule() throws {
        let unknown = try Self.documented().keys.filter { RuleID($0) == nil }.sorted()
        #expect(unknown.isEmpty, "rows of docs/RULES.md that name no rule: \(unknown)")
        #expect(try Self.documented().count > 100)
    }

    @Test("each rule RuleID.swift declares is in RuleID.all, once")
    func everyDeclaredRuleListed() throws {
        let source = try String(
            contentsOf: repositoryRoot.appendingPathComponent("Sources/APICheckRecording/Findings/RuleID.swift"), encoding: .utf8)
        let declared = source.components(separatedBy: "= RuleID(\"").dropFirst().map { String($0.prefix { $0 != "\"" }) }
        #expect(declared.count == RuleID.all.count)
        #expect(Set(declared) == Set(RuleID.all.map(\.rawValue)))
        #expect(Set(RuleID.all.map(\.rawValue)).count == RuleID.all.count)
    }
}
