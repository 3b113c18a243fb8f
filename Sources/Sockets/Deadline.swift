#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// A point in time on the system's monotonic clock (`CLOCK_MONOTONIC`), by which a socket call must be done.
///
/// The sockets, the HTTP/1.1 source and the sandbox's server measure their deadlines with it rather than with
/// `ContinuousClock`, which needs macOS 13 / iOS 16: the `Sandbox` product is linked by apps' test targets at
/// iOS 15 / macOS 12. The live runner, which needs macOS 13 anyway, hands its `ContinuousClock` deadlines over with
/// ``init(_:)``.
public struct Deadline: Comparable, Sendable {
    /// Nanoseconds on the monotonic clock (from an unspecified start, the same for the whole process).
    public let nanoseconds: UInt64

    /// The deadline at `nanoseconds` on the monotonic clock.
    public init(nanoseconds: UInt64) {
        self.nanoseconds = nanoseconds
    }

    /// Now.
    public static var now: Deadline {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Deadline(nanoseconds: UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec))
    }

    /// `seconds` from now (a negative or zero count is now).
    public static func after(seconds: Double) -> Deadline {
        now.adding(nanoseconds: seconds > 0 ? UInt64(min(seconds, 1e9) * 1e9) : 0)
    }

    /// The deadline `nanoseconds` later.
    public func adding(nanoseconds count: UInt64) -> Deadline {
        Deadline(nanoseconds: nanoseconds.addingReportingOverflow(count).overflow ? .max : nanoseconds + count)
    }

    /// The milliseconds left from `now` until the deadline, rounded up (so 1 ns left is 1 ms to wait, not a timeout),
    /// 0 once it has passed.
    public func millisecondsLeft(at now: Deadline = .now) -> Int64 {
        guard nanoseconds > now.nanoseconds else { return 0 }
        return Int64((nanoseconds - now.nanoseconds) / 1_000_000 + ((nanoseconds - now.nanoseconds) % 1_000_000 == 0 ? 0 : 1))
    }

    /// Whether the deadline has passed.
    public var hasPassed: Bool { Deadline.now.nanoseconds >= nanoseconds }

    public static func < (lhs: Deadline, rhs: Deadline) -> Bool { lhs.nanoseconds < rhs.nanoseconds }

}

@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
extension Deadline {
    /// The same point as `instant` of the continuous clock (as far from now as it is).
    public init(_ instant: ContinuousClock.Instant) {
        self = Deadline.after(ContinuousClock.now.duration(to: instant))
    }

    /// `duration` from now (a negative or zero duration is now).
    public static func after(_ duration: Duration) -> Deadline {
        let (seconds, attoseconds) = duration.components
        guard seconds >= 0, duration > .zero else { return now }
        let nanoseconds = UInt64(seconds).multipliedReportingOverflow(by: 1_000_000_000)
        guard !nanoseconds.overflow else { return Deadline(nanoseconds: .max) }
        return now.adding(nanoseconds: nanoseconds.partialValue).adding(nanoseconds: UInt64(attoseconds / 1_000_000_000))
    }
}
