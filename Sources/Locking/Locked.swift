#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The project's one lock: a value that only the holder of its lock can touch (a pthread mutex; no Foundation, so
/// that every module, the sockets and the sandbox included, can use it). `Synchronization.Mutex` would do the same
/// but needs macOS 15 and iOS 18, and the package supports macOS 14 and iOS 17.
///
/// Hold it briefly: never across an `await`, never while calling out to code that may take another lock.
package final class Locked<Value>: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private var value: Value

    package init(_ value: Value) {
        self.value = value
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// Runs `body` with the value, holding the lock.
    package func withLock<Result, Failure: Error>(_ body: (inout Value) throws(Failure) -> Result) throws(Failure) -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }
}

extension Locked where Value == Void {
    /// A lock that guards no value of its own (the state it guards lives beside it).
    package convenience init() {
        self.init(())
    }

    /// Runs `body` holding the lock.
    package func withLock<Result, Failure: Error>(_ body: () throws(Failure) -> Result) throws(Failure) -> Result {
        try withLock { (_: inout Void) throws(Failure) -> Result in try body() }
    }
}
