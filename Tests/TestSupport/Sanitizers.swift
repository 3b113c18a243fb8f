#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Whether this process was built with a sanitizer, for the few tests whose subject the sanitizer changes.
public enum Sanitizers {
    /// The thread sanitizer is linked in (`swift test --sanitize=thread`): its runtime defines `__tsan_init`.
    public static let thread = linked("__tsan_init")

    /// The address sanitizer is linked in (`swift test --sanitize=address`): its runtime defines `__asan_init`.
    public static let address = linked("__asan_init")

    /// Either sanitizer: the code runs several times slower, so the longest tests get more time (never fewer checks).
    public static var any: Bool { thread || address }

    /// Whether this process has `symbol` (the sanitizers' runtimes are linked into the test binary).
    private static func linked(_ symbol: String) -> Bool {
        #if canImport(Glibc)
            return dlsym(nil, symbol) != nil
        #else
            return dlsym(UnsafeMutableRawPointer(bitPattern: -2), symbol) != nil
        #endif
    }
}
