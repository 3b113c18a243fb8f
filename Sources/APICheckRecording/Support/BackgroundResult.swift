import Foundation

/// A value computed on a thread of its own from the moment it is made; `wait()` blocks until it is there.
package final class BackgroundResult<Value: Sendable>: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private var value: Value?

    /// Starts `work` on a thread whose stack is `stackSize` bytes (by default the main thread's: deep documents decode
    /// recursively).
    package init(stackSize: Int = 8 << 20, _ work: @escaping @Sendable () -> Value) {
        let thread = Thread { [self] in
            value = work()
            done.signal()
        }
        thread.stackSize = stackSize
        thread.start()
    }

    /// The value, once it is there (the semaphore orders the thread's write before this read).
    package func wait() -> Value {
        done.wait()
        defer { done.signal() }
        guard let value else { preconditionFailure("BackgroundResult was signalled before its value was set") }
        return value
    }
}
