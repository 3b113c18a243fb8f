import Foundation

/// A value computed on a thread of its own from the moment it is made; `wait()` blocks until it is there.
package final class BackgroundResult<Value: Sendable>: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private var value: Value?

    /// Starts `work` on a thread whose stack is `stackSize` bytes (by default the main thread's: deep documents decode
    /// recursively). Work `aside` (needed late, such as a check whose verdict is read once the compile is done) runs at a
    /// lower priority, so that it takes a core only where the work the command waits on leaves one.
    package init(stackSize: Int = 8 << 20, aside: Bool = false, _ work: @escaping @Sendable () -> Value) {
        let thread = Thread { [self] in
            if aside { Self.lowerPriority() }
            ThreadArena.reserve()
            value = work()
            done.signal()
        }
        thread.stackSize = stackSize
        #if canImport(Darwin)
            if aside { thread.qualityOfService = .utility }
        #endif
        thread.start()
    }

    /// Lowers the calling thread's priority: on Linux its nice value, which is the thread's own (`who` 0 is the
    /// calling task, and each thread is a task).
    private static func lowerPriority() {
        #if os(Linux)
            _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 10)
        #endif
    }

    /// The value, once it is there, moved out: the caller holds it alone (a value this result held as well was shared,
    /// and the caller's first change to it copied it whole). For a result waited for once: no ``wait()`` or `take()`
    /// after it.
    package func take() -> Value {
        done.wait()
        guard let taken = value else { preconditionFailure("BackgroundResult was signalled before its value was set") }
        value = nil
        return taken
    }

    /// The value, once it is there (the semaphore orders the thread's write before this read).
    package func wait() -> Value {
        done.wait()
        defer { done.signal() }
        guard let value else { preconditionFailure("BackgroundResult was signalled before its value was set") }
        return value
    }
}
