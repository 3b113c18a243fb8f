import Foundation
import Locking

/// What a run has seen so far, shared by its scenarios: whether any response arrived, whether any
/// request failed on transport, and whether the API said its rate limit is spent.
package final class RunGate: Sendable {
    private struct State {
        var responses = 0
        var failures = 0
        var spent: RateLimitSpent?
    }

    private let state = Locked(State())

    /// Creates an empty gate.
    package init() {}

    func responded() {
        state.withLock { $0.responses += 1 }
    }

    func transportFailed() {
        state.withLock { $0.failures += 1 }
    }

    /// The API said its rate limit is spent: no further request goes to it.
    func rateLimitSpent(_ limit: RateLimitSpent) {
        state.withLock { if $0.spent == nil { $0.spent = limit } }
    }

    /// Transport failures, and not one response: no further scenario should start.
    var unreachable: Bool {
        state.withLock { $0.responses == 0 && $0.failures > 0 }
    }

    /// The spent rate limit, once a response said so.
    var rateLimit: RateLimitSpent? {
        state.withLock { $0.spent }
    }
}
