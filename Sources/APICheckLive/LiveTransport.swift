/// Sends requests with a total deadline. The runner is written against this, so that tests and the
/// benchmark can compare clients.
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
public protocol LiveTransport: Sendable {
    /// Sends `request`; throws when no complete response arrives before `deadline`.
    func send(_ request: LiveRequest, deadline: ContinuousClock.Instant) async throws(TransportError) -> LiveResponse
    /// Releases connections and threads; call once, after the last request.
    func shutdown() async
}
