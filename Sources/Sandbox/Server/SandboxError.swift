/// A sandbox that cannot start: an unknown API or drift, or a port it cannot bind.
public struct SandboxError: Error, Sendable, CustomStringConvertible {
    /// What went wrong, in a sentence that says what to do instead.
    public let description: String

    static func unknownDrift(_ text: String, reason: String) -> SandboxError {
        let valid = Drift.all.map { "  \($0.description)  \($0.summary)" }.joined(separator: "\n")
        return SandboxError(description: "unknown drift '\(text)': \(reason). Valid drifts:\n\(valid)")
    }

    static func unknownAPI(_ name: String) -> SandboxError {
        SandboxError(description: "unknown API '\(name)'. Known APIs: \(SandboxAPI.all.map(\.name).joined(separator: ", "))")
    }

    static func cannotStart(host: String, port: Int, underlying: any Error) -> SandboxError {
        SandboxError(description: "cannot listen on \(host):\(port): \(underlying)")
    }
}
