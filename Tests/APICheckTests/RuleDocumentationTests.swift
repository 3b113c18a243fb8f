import APICheck
import Foundation
import Testing

/// docs/RULES.md is where users look a rule up: every built-in rule has its row there.
@Suite("docs/RULES.md lists every rule")
struct RuleDocumentationTests {
    @Test("each rule id of RuleID.known has a row in docs/RULES.md")
    func everyRuleDocumented() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let text = try String(contentsOf: root.appendingPathComponent("docs/RULES.md"), encoding: .utf8)
        // A row names its rule as `id` at its start, or pairs it with another: `schema.minimum` / `schema.maximum`.
        let missing = RuleID.known.map(\.id.rawValue).filter {
            !text.contains("| `\($0)` |") && !text.contains("| `\($0)` /") && !text.contains("/ `\($0)` |")
        }
        #expect(missing.isEmpty, "rules with no row in docs/RULES.md: \(missing)")
    }
}
