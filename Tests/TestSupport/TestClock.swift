import Foundation
import Locking

/// A clock a test moves by hand, for code that takes `@Sendable () -> Date` (the LSLP replica's token
/// expiry), so that a test sees a token expire without waiting for it.
public final class TestClock: Sendable {
    private let current: Locked<Date>

    /// A clock that starts at `start` (by default the real now, so that tokens look recent).
    public init(start: Date = Date()) {
        current = Locked(start)
    }

    /// The clock's time.
    public var now: Date { current.withLock { $0 } }

    /// Moves the clock forward.
    public func advance(by seconds: TimeInterval) {
        current.withLock { $0 += seconds }
    }

    /// The clock as the closure the replicas take.
    public var read: @Sendable () -> Date { { [self] in now } }
}
