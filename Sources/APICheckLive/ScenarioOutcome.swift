/// What running one scenario did.
public struct ScenarioOutcome: Sendable {
    /// The scenario's name.
    public var scenario: String
    /// The steps that were sent, in order (their step names are the scenario's).
    public var steps: [StepResult] = []
    /// Names of the steps that were not sent.
    public var skipped: [String] = []
    /// The clean-up requests sent.
    public var cleanup: [StepResult] = []
    /// Expect, capture and placeholder problems.
    public var problems: [StepProblem] = []
    /// The first transport failure, if any.
    public var transportError: TransportError?
    /// The response that said the rate limit is spent, if one did (its step is not checked).
    public var rateLimit: RateLimitSpent?
    /// Why the scenario did not run at all.
    public var notRun: String?
    /// Values its steps captured from redacted keys or headers (tokens): scrubbed wherever they appear.
    public var secrets: [String] = []

    /// Creates an outcome.
    public init(scenario: String, notRun: String? = nil) {
        self.scenario = scenario
        self.notRun = notRun
    }
}
