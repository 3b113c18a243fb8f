/// The exit codes every apicheck command uses; CI scripts rely on them.
///
/// 0: nothing at or above `--fail-on`; 1: findings at or above it; 2: a usage, configuration or
/// input error; 3: the live API could not be reached at all. When several apply, 2 wins over 3,
/// and 3 over 1.
public struct ExitStatus: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The process exit code.
    public let code: Int32

    /// 0: nothing at or above the failure threshold.
    public static let success = ExitStatus(code: 0)
    /// 1: findings at or above the failure threshold.
    public static let findings = ExitStatus(code: 1)
    /// 2: a usage, configuration or input error.
    public static let usage = ExitStatus(code: 2)
    /// 3: the live API could not be reached at all.
    public static let unreachable = ExitStatus(code: 3)

    /// How strongly the status wins when several apply: usage, then unreachable, then findings.
    private var precedence: Int {
        switch code {
        case 2: return 3
        case 3: return 2
        case 1: return 1
        default: return 0
        }
    }

    /// The status that wins when both apply.
    public func combined(with other: ExitStatus) -> ExitStatus {
        other.precedence > precedence ? other : self
    }

    public static func < (lhs: ExitStatus, rhs: ExitStatus) -> Bool { lhs.precedence < rhs.precedence }

    public var description: String {
        switch code {
        case 0: return "0 (success)"
        case 1: return "1 (findings)"
        case 2: return "2 (usage, configuration or input error)"
        case 3: return "3 (API unreachable)"
        default: return "\(code)"
        }
    }
}
