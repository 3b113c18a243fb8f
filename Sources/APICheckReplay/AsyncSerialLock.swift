import Foundation
import Locking

/// A lock held across suspension points, handed to waiters in the order they came; waiting suspends the task
/// (no thread is blocked, so Swift Testing's parallel runs cannot starve) and ends at once when the task is cancelled.
final class AsyncSerialLock: Sendable {
    private struct State {
        var held = false
        var waiters: [(id: UInt64, continuation: CheckedContinuation<Void, any Error>)] = []
        var nextID: UInt64 = 0
    }

    private let state = Locked(State())

    /// Waits for the lock and takes it; `onQueued` runs if the task has to wait, once it is in the queue.
    ///
    /// - Throws: `CancellationError` when the task is cancelled before the lock is its own.
    func acquire(onQueued: (@Sendable () -> Void)? = nil) async throws {
        let id = state.withLock { state in
            state.nextID += 1
            return state.nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                // Decided under the lock, done after it: a continuation is never resumed while the lock is held.
                enum Next { case cancelled, taken, queued }
                let next: Next = state.withLock { state in
                    if Task.isCancelled { return .cancelled }
                    if !state.held {
                        state.held = true
                        return .taken
                    }
                    state.waiters.append((id, continuation))
                    return .queued
                }
                switch next {
                case .cancelled: continuation.resume(throwing: CancellationError())
                case .taken: continuation.resume()
                case .queued: onQueued?()
                }
            }
        } onCancel: {
            let waiter = state.withLock { state in
                state.waiters.firstIndex(where: { $0.id == id }).map { state.waiters.remove(at: $0) }
            }
            waiter?.continuation.resume(throwing: CancellationError())
        }
    }

    /// Gives the lock to the next waiter, or frees it.
    func release() {
        let next = state.withLock { state in
            if state.waiters.isEmpty { state.held = false }
            return state.waiters.isEmpty ? nil : state.waiters.removeFirst()
        }
        next?.continuation.resume()
    }
}
