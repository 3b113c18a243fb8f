import Foundation

/// A lock held across suspension points, handed to waiters in the order they came; waiting suspends the task
/// (no thread is blocked, so Swift Testing's parallel runs cannot starve) and ends at once when the task is cancelled.
final class AsyncSerialLock: @unchecked Sendable {
    private let lock = NSLock()
    private var held = false
    private var waiters: [(id: UInt64, continuation: CheckedContinuation<Void, any Error>)] = []
    private var nextID: UInt64 = 0

    /// Waits for the lock and takes it; `onQueued` runs if the task has to wait, once it is in the queue.
    ///
    /// - Throws: `CancellationError` when the task is cancelled before the lock is its own.
    func acquire(onQueued: (@Sendable () -> Void)? = nil) async throws {
        let id = lock.withLock {
            nextID += 1
            return nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                lock.lock()
                if Task.isCancelled {
                    lock.unlock()
                    continuation.resume(throwing: CancellationError())
                } else if !held {
                    held = true
                    lock.unlock()
                    continuation.resume()
                } else {
                    waiters.append((id, continuation))
                    lock.unlock()
                    onQueued?()
                }
            }
        } onCancel: {
            lock.lock()
            guard let index = waiters.firstIndex(where: { $0.id == id }) else {
                lock.unlock()
                return
            }
            let waiter = waiters.remove(at: index)
            lock.unlock()
            waiter.continuation.resume(throwing: CancellationError())
        }
    }

    /// Gives the lock to the next waiter, or frees it.
    func release() {
        lock.lock()
        guard !waiters.isEmpty else {
            held = false
            lock.unlock()
            return
        }
        let next = waiters.removeFirst()
        lock.unlock()
        next.continuation.resume()
    }
}
