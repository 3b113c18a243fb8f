/// How serious a finding is; `--fail-on` picks the lowest that fails a run.
public struct Severity: Hashable, Sendable, Comparable, CustomStringConvertible {
    let rank: Int
    let name: String

    /// Breaks the app: a required field gone, a type changed, an undeclared 2xx.
    public static let error = Severity(rank: 2, name: "error")
    /// Worth a look: a status or media type that changed but is declared.
    public static let warning = Severity(rank: 1, name: "warning")
    /// Additive or informational: a new field.
    public static let info = Severity(rank: 0, name: "info")

    /// Every severity, most serious first.
    public static let all: [Severity] = [.error, .warning, .info]

    /// The severity named `error`, `warning` or `info`, or nil.
    public static func named(_ name: String) -> Severity? { all.first { $0.name == name } }

    public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }
    /// `error`, `warning` or `info`.
    public var description: String { name }
}
