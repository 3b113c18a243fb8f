import Foundation

/// What a run has seen so far, shared by its scenarios: whether any response arrived, and whether
/// any request failed on transport.
package final class RunGate: @unchecked Sendable {
    private let lock = NSLock()
    private var responses = 0
    private var failures = 0

    /// Creates an empty gate.
    package init() {}

    func responded() {
        lock.withLock { responses += 1 }
    }

    func transportFailed() {
        lock.withLock { failures += 1 }
    }

    /// Transport failures, and not one response: no further scenario should start.
    var unreachable: Bool {
        lock.withLock { responses == 0 && failures > 0 }
    }
}
