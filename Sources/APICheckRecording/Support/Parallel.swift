import Foundation
import Locking

/// Work spread over threads, for the runs that check many files or answers at once.
package enum Parallel {
    /// `work(context, 0..<count)` on up to `jobs` threads, each with a context of its own (made by `context`
    /// with the thread's number) and taking the next index when it is done with one; the results in index order.
    package static func map<T: Sendable, Context>(
        _ count: Int, jobs: Int, context: @Sendable (Int) -> Context, _ work: @Sendable (Context, Int) -> T
    ) -> [T] {
        guard jobs > 1, count > 1 else {
            let only = context(0)
            return (0..<count).map { work(only, $0) }
        }
        // Each result is initialized in place in the returned array's own storage, by the thread that claimed its
        // index: nothing is copied, and nothing is left to free (a buffer of optional slots, deallocated without being
        // deinitialized, once kept every result of every run alive: LeakSanitizer's leaks under verify and diff).
        return [T](unsafeUninitializedCapacity: count) { buffer, initialized in
            let slots = ParallelSlots(buffer)
            DispatchQueue.concurrentPerform(iterations: min(jobs, count)) { worker in
                let mine = context(worker)
                while let index = slots.claim(below: count) {
                    slots.initialize(index, to: work(mine, index))
                }
            }
            initialized = count
        }
    }
}

/// The uninitialized storage of ``Parallel/map(_:jobs:context:_:)``'s result: each index is claimed by one thread, which
/// alone initializes its element.
private final class ParallelSlots<T>: @unchecked Sendable {
    private let slots: UnsafeMutableBufferPointer<T>
    private let next = Locked(0)

    init(_ slots: UnsafeMutableBufferPointer<T>) {
        self.slots = slots
    }

    func claim(below count: Int) -> Int? {
        next.withLock { next in
            guard next < count else { return nil }
            defer { next += 1 }
            return next
        }
    }

    func initialize(_ index: Int, to value: T) {
        slots.initializeElement(at: index, to: value)
    }
}
