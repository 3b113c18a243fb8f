import Foundation
import Locking

/// What a run has seen so far, shared by its scenarios: whether any response arrived, whether any
/// request failed on transport, and whether the API said its rate limit is spent.
package final class RunGate: @unchecked Sendable {
    private let lock = Locked()
    private var responses = 0
    private var failures = 0
    private var spent: RateLimitSpent?

    /// Creates an empty gate.
    package init() {}

    func responded() {
        lock.withLock { responses += 1 }
    }

    func transportFailed() {
        lock.withLock { failures += 1 }
    }

    /// The API said its rate limit is spent: no further request goes to it.
    func rateLimitSpent(_ limit: RateLimitSpent) {
        lock.withLock { if spent == nil { spent = limit } }
    }

    /// Transport failures, and not one response: no further scenario should start.
    var unreachable: Bool {
        lock.withLock { responses == 0 && failures > 0 }
    }

    /// The spent rate limit, once a response said so.
    var rateLimit: RateLimitSpent? {
        lock.withLock { spent }
    }
}
