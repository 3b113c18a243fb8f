import Foundation
import Locking

/// A lock held across suspension points, handed to waiters in the order they came; waiting suspends the task
/// (no thread is blocked, so Swift Testing's parallel runs cannot starve) and ends at once when the task is cancelled.
final class AsyncSerialLock: @unchecked Sendable {
    private let lock = Locked()
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
                // Decided under the lock, done after it: a continuation is never resumed while the lock is held.
                enum Next { case cancelled, taken, queued }
                let next: Next = lock.withLock {
                    if Task.isCancelled { return .cancelled }
                    if !held {
                        held = true
                        return .taken
                    }
                    waiters.append((id, continuation))
                    return .queued
                }
                switch next {
                case .cancelled: continuation.resume(throwing: CancellationError())
                case .taken: continuation.resume()
                case .queued: onQueued?()
                }
            }
        } onCancel: {
            let waiter = lock.withLock { waiters.firstIndex(where: { $0.id == id }).map { waiters.remove(at: $0) } }
            waiter?.continuation.resume(throwing: CancellationError())
        }
    }

    /// Gives the lock to the next waiter, or frees it.
    func release() {
        let next = lock.withLock {
            if waiters.isEmpty { held = false }
            return waiters.isEmpty ? nil : waiters.removeFirst()
        }
        next?.continuation.resume()
    }
}
