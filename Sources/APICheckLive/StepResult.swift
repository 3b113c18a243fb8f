/// One request a scenario sent, and what came of it.
public struct StepResult: Sendable {
    /// The step's name (a clean-up step's is its method and path).
    public var step: String
    /// The request as sent (auth headers included; never print them).
    public var request: LiveRequest
    /// The response, or why there was none.
    public var outcome: Result<LiveResponse, TransportError>
    /// Seconds from the first attempt to the end.
    public var seconds: Double
}

extension StepResult {
    /// The response, when there was one.
    public var response: LiveResponse? {
        if case .success(let response) = outcome { return response }
        return nil
    }
}
