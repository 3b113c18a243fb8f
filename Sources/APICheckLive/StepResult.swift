import APICheckRecording

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
    /// The exchange as captured once, its body parsed once (not redacted: auth headers and secrets
    /// are still in it); nil without a response, or when it could not be captured (see ``captureError``).
    public var interaction: Interaction?
    /// Why a response could not be captured as an interaction (a URL outside the API's base URLs).
    public var captureError: String?
}

extension StepResult {
    /// The response, when there was one.
    public var response: LiveResponse? {
        if case .success(let response) = outcome { return response }
        return nil
    }
}
