#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Whether this process was built with a sanitizer, for the few tests whose subject the sanitizer changes.
public enum Sanitizers {
    /// The thread sanitizer is linked in (`swift test --sanitize=thread`): its runtime defines `__tsan_init`.
    public static let thread: Bool = {
        #if canImport(Glibc)
        return dlsym(nil, "__tsan_init") != nil
        #else
        return dlsym(UnsafeMutableRawPointer(bitPattern: -2), "__tsan_init") != nil
        #endif
    }()

    /// The address sanitizer is linked in (`swift test --sanitize=address`): its runtime defines `__asan_init`.
    public static let address: Bool = {
        #if canImport(Glibc)
        return dlsym(nil, "__asan_init") != nil
        #else
        return dlsym(UnsafeMutableRawPointer(bitPattern: -2), "__asan_init") != nil
        #endif
    }()

    /// Either sanitizer: the code runs several times slower, so the longest tests get more time (never fewer checks).
    public static var any: Bool { thread || address }
}
