/// The one place where findings are combined, and where `apicheck.yml`'s severities and ignores apply.
///
/// - ``aggregate(_:)``: within one check, the same rule at the same place (`/data/*/id`) is one
///   finding that counts its places: every item of an array is reported once.
/// - ``merge(_:)``: across the contract check and the comparison with the recording, the same rule at
///   the same place is one finding, at the higher severity.
/// - ``FindingPolicy/apply(_:)``: severity overrides, then ignores (by rule, optionally by operation).
import APICheckRecording

public enum FindingMerger {
    /// Findings of one check, with repeats of a rule at a place folded into the first (counts added).
    public static func aggregate(_ findings: [Finding]) -> [Finding] {
        combine(findings) { kept, again in kept.count += again.count }
    }

    /// Findings of two checks of one interaction, one per rule and place, at the higher severity.
    public static func merge(_ findings: [Finding]) -> [Finding] {
        combine(findings) { kept, other in
            let count = max(kept.count, other.count)
            if other.severity > kept.severity { kept = other }
            kept.count = count
        }
    }

    private static func combine(_ findings: [Finding], _ fold: (inout Finding, Finding) -> Void) -> [Finding] {
        var result: [Finding] = []
        var positions: [String: Int] = [:]
        for finding in findings {
            let key = "\(finding.rule)|\(finding.side)|\(finding.pointer)"
            if let position = positions[key] {
                fold(&result[position], finding)
            } else {
                positions[key] = result.count
                result.append(finding)
            }
        }
        return result
    }
}

/// `apicheck.yml`'s `severity` and `ignore` for one API.
public struct FindingPolicy: Sendable {
    /// Severity overrides by rule.
    public var severities: [RuleID: Severity]
    /// Findings to drop, by rule and optional operation (`GET /api/v2/todos`).
    public var ignored: [(rule: RuleID, operation: String?)]

    /// A policy; the default changes nothing.
    public init(severities: [RuleID: Severity] = [:], ignored: [(rule: RuleID, operation: String?)] = []) {
        self.severities = severities
        self.ignored = ignored
    }

    /// The findings with overridden severities, without the ignored ones.
    public func apply(_ findings: [Finding]) -> [Finding] {
        findings.compactMap { finding in
            if ignored.contains(where: { $0.rule == finding.rule && ($0.operation == nil || $0.operation == finding.operation) }) {
                return nil
            }
            var adjusted = finding
            if let severity = severities[finding.rule] { adjusted.severity = severity }
            return adjusted
        }
    }
}
