#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The project's one lock: a value that only the holder of its lock can touch (a pthread mutex; no Foundation, so
/// that every module, the sockets and the sandbox included, can use it). `Synchronization.Mutex` would do the same
/// but needs macOS 15 and iOS 18, which the package's products do not require.
///
/// The state a lock guards is its value (`Locked<State>`), never stored beside it: what is beside a lock can be read
/// without it, and the compiler cannot tell.
///
/// The mutex and the value share one allocation of their own, outside this object. A value stored in the object
/// would be a stored property of a generic class, and the runtime gives a zero-size stored property (`Void`, an
/// empty struct) field offset 0, the object's header: the thread sanitizer then saw every `inout` access to it as a
/// write to the header, which the unspecialized `withLock` reads before it takes the mutex (to find the value's
/// type), and reported a race on every contended lock (`LockedTests` shows it). In its own allocation a value has a
/// stride of at least one byte, which nothing else reads.
///
/// Hold it briefly: never across an `await`, never while calling out to code that may take another lock.
package final class Locked<Value>: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private let value: UnsafeMutablePointer<Value>

    package init(_ value: Value) {
        let offset = Self.valueOffset
        let raw = UnsafeMutableRawPointer.allocate(
            byteCount: offset + MemoryLayout<Value>.stride,
            alignment: max(MemoryLayout<pthread_mutex_t>.alignment, MemoryLayout<Value>.alignment))
        mutex = raw.bindMemory(to: pthread_mutex_t.self, capacity: 1)
        self.value = (raw + offset).bindMemory(to: Value.self, capacity: 1)
        self.value.initialize(to: value)
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        value.deinitialize(count: 1)
        UnsafeMutableRawPointer(mutex).deallocate()
    }

    /// Runs `body` with the value, holding the lock.
    package func withLock<Result, Failure: Error>(_ body: (inout Value) throws(Failure) -> Result) throws(Failure) -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value.pointee)
    }

    /// Where the value starts in the shared allocation: after the mutex, at the value's alignment.
    private static var valueOffset: Int {
        let alignment = MemoryLayout<Value>.alignment
        return (MemoryLayout<pthread_mutex_t>.stride + alignment - 1) / alignment * alignment
    }
}
