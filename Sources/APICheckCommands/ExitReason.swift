/// Why an apicheck command exits, and the exit code that says so; CI scripts rely on the codes.
///
/// (Not `ExitStatus`: Swift Testing has a type of that name, and test files import both.)
///
/// 0: nothing at or above `--fail-on`; 1: findings at or above it; 2: a usage, configuration or
/// input error; 3: the live API could not be reached at all. When several apply, 2 wins over 3,
/// and 3 over 1.
public struct ExitReason: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The process exit code.
    public let code: Int32

    /// 0: nothing at or above the failure threshold.
    public static let success = ExitReason(code: 0)
    /// 1: findings at or above the failure threshold.
    public static let findings = ExitReason(code: 1)
    /// 2: a usage, configuration or input error.
    public static let usage = ExitReason(code: 2)
    /// 3: the live API could not be reached at all.
    public static let unreachable = ExitReason(code: 3)

    /// How strongly the status wins when several apply: usage, then unreachable, then findings.
    private var precedence: Int {
        switch code {
        case 2: return 3
        case 3: return 2
        case 1: return 1
        default: return 0
        }
    }

    /// What a run comes to, worked out here for every command: `.findings` when something fails at or above the
    /// command's threshold (`failing`), combined with `.unreachable` when the live API could not be reached (or its
    /// rate limit was spent) and `.usage` when an input, configuration or output error happened.
    public static func of(failing: Bool, unreachable: Bool = false, usage: Bool = false) -> ExitReason {
        var status = failing ? ExitReason.findings : .success
        if unreachable { status = status.combined(with: .unreachable) }
        if usage { status = status.combined(with: .usage) }
        return status
    }

    /// The status that wins when both apply.
    public func combined(with other: ExitReason) -> ExitReason {
        other.precedence > precedence ? other : self
    }

    /// Orders by precedence: success, findings, unreachable, usage.
    public static func < (lhs: ExitReason, rhs: ExitReason) -> Bool { lhs.precedence < rhs.precedence }

    /// The code and its meaning, such as `2 (usage, configuration or input error)`.
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
