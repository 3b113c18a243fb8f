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

extension Parallel {
    /// `work(0..<count)` on `jobs` threads of their own, each taking the next index when it is done with one, while the
    /// calling thread hands each result to `consume` in index order as soon as it is there: beside the one being consumed, at
    /// most `ahead` are made or being made (a command that writes what it makes holds a few, never all). On one job, or one
    /// index, all of it on the calling thread.
    ///
    /// When `consume` throws, no index is taken after it, the threads are waited for (they never outlive the call), and
    /// the error is thrown.
    package static func forEachInOrder<T: Sendable, Failure: Error>(
        _ count: Int, jobs: Int, ahead: Int, stackSize: Int = 8 << 20,
        _ work: @escaping @Sendable (Int) -> T,
        consume: (Int, T) throws(Failure) -> Void
    ) throws(Failure) {
        guard jobs > 1, count > 1 else {
            for index in 0..<count { try consume(index, work(index)) }
            return
        }
        let line = OrderedLine<T>(count: count, ahead: max(ahead, 1))
        let threads = min(jobs, count)
        let finished = DispatchSemaphore(value: 0)
        for _ in 0..<threads {
            let thread = Thread {
                ThreadArena.reserve()
                while let index = line.claim() { line.put(work(index), at: index) }
                finished.signal()
            }
            thread.stackSize = stackSize
            thread.start()
        }
        defer {
            line.stop()
            for _ in 0..<threads { finished.wait() }
        }
        for index in 0..<count { try consume(index, line.take(index)) }
    }
}

/// The results of ``Parallel/forEachInOrder(_:jobs:ahead:stackSize:_:consume:)`` between the threads that make them and
/// the one that consumes them, in order. Every stored property is read and written only while `condition` is locked.
private final class OrderedLine<T>: @unchecked Sendable {
    private let condition = NSCondition()
    private var slots: [T?]
    /// The next index to claim, and the next to consume.
    private var next = 0
    private var consumed = 0
    private let ahead: Int
    private var stopped = false

    init(count: Int, ahead: Int) {
        slots = Array(repeating: nil, count: count)
        self.ahead = ahead
    }

    /// The next index to make, once fewer than `ahead` wait to be consumed; nil when every index is taken or the line
    /// is stopped.
    func claim() -> Int? {
        condition.lock()
        defer { condition.unlock() }
        while !stopped, next < slots.count, next - consumed >= ahead { condition.wait() }
        guard !stopped, next < slots.count else { return nil }
        defer { next += 1 }
        return next
    }

    func put(_ value: T, at index: Int) {
        condition.lock()
        slots[index] = value
        condition.broadcast()
        condition.unlock()
    }

    /// The result at `index` (the next to consume), once it is made.
    func take(_ index: Int) -> T {
        condition.lock()
        defer { condition.unlock() }
        while slots[index] == nil { condition.wait() }
        guard let value = slots[index] else { preconditionFailure("slot \(index) emptied while waited for") }
        slots[index] = nil
        consumed = index + 1
        condition.broadcast()
        return value
    }

    /// No index is claimed from now on.
    func stop() {
        condition.lock()
        stopped = true
        condition.broadcast()
        condition.unlock()
    }
}
