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
        let slots = UnsafeMutableBufferPointer<T?>.allocate(capacity: count)
        slots.initialize(repeating: nil)
        defer { slots.deallocate() }
        let shared = ParallelSlots(slots: slots)
        DispatchQueue.concurrentPerform(iterations: min(jobs, count)) { worker in
            let mine = context(worker)
            while let index = shared.claim(below: count) {
                shared.slots[index] = work(mine, index)
            }
        }
        return slots.map { $0! }
    }
}

/// The result slots of ``Parallel/map(_:jobs:context:_:)``: each index is claimed by one thread, which alone writes its slot.
private final class ParallelSlots<T>: @unchecked Sendable {
    let slots: UnsafeMutableBufferPointer<T?>
    private let next = Locked(0)

    init(slots: UnsafeMutableBufferPointer<T?>) {
        self.slots = slots
    }

    func claim(below count: Int) -> Int? {
        next.withLock { next in
            guard next < count else { return nil }
            defer { next += 1 }
            return next
        }
    }
}
