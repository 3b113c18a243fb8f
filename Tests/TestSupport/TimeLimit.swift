// The benchmarks link TestSupport, and their release build (--static-swift-stdlib) has no Testing module.
#if canImport(Testing)
    import Testing

    /// Swift Testing's `.timeLimit(.minutes(minutes))` where the system has it (Linux, macOS 13, iOS 16), and no limit
    /// on older systems.
    ///
    /// The package builds at macOS 12 / iOS 15, and Swift Testing's time limit needs macOS 13 / iOS 16 (it is a
    /// `Duration`); a suite cannot be marked `@available` (the `@Suite` macro refuses it), so a suite names its limit
    /// with this instead. The runner finds the limit by its type, so the result is the real `TimeLimitTrait` wherever
    /// one can exist.
    public func timeLimit(minutes: Int) -> any SuiteTrait & TestTrait {
        if #available(macOS 13, iOS 16, tvOS 16, watchOS 9, *) {
            return TimeLimitTrait.timeLimit(.minutes(minutes))
        }
        return NoTimeLimit()
    }

    /// What ``timeLimit(minutes:)`` gives where a time limit cannot exist (macOS 12, iOS 15).
    public struct NoTimeLimit: SuiteTrait, TestTrait {}
#endif
