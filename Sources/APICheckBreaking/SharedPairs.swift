import APICheckContracts
import Foundation
import Locking

/// The pairs of schemas a comparison's operations reach, worked out by its threads together before any of them walks
/// (``ContractDiff/compare(_:_:today:operationsApart:)``).
///
/// A vendor's operations reach the same schemas from both halves of the operations, and each thread used to work out
/// every pair it met itself: both worked out the same pairs, at the same time, since both walk the same graph in the
/// same order (three fifths of a thread's time on Stripe's description went to it). Here each pair is worked out once,
/// by whichever thread takes it from the queue (a pair's finding depends only on its key and the two documents), and
/// once the queue is dry the pairs are numbered into one ``SchemaPairs`` that every thread starts its walks from: the
/// pairs below each are numbered too, so a walk step looks nothing up.
final class SharedPairs: Sendable {
    private struct State {
        /// The number of each pair queued, in the order queued.
        var numbers: [SchemaPairs.Key: Int] = [:]
        /// By number: the edge that first led to the pair, and what it was worked out to (nil while it is not yet;
        /// `.some(nil)` when neither side has a schema).
        var edges: [SchemaPairs.Edge] = []
        var found: [SchemaPairs.Found??] = []
        /// By number, the pair's key, kept as made (and hashed) once rather than made again from the edge when the
        /// table is made, under the lock, while the other thread waits.
        var keys: [SchemaPairs.Key] = []
        /// By number, the numbers of the pairs below it (its ``SchemaPairs/Found/below``, in order).
        var below: [[Int]] = []
        var queue: [Int] = []
        /// How many threads are working out a pair (which may queue more).
        var working = 0
        /// How many threads have not yet queued the pairs their operations start at.
        var starting: Int
        /// Every pair, numbered as a walk reads them; made once the work is done.
        var table: SchemaPairs?
        /// How many operations have been handed out (``nextOperations(of:)``).
        var operationsTaken = 0

        /// The number of the pair `edge` leads to, queued the first time.
        mutating func number(_ edge: SchemaPairs.Edge, key: SchemaPairs.Key) -> Int {
            if let known = numbers[key] { return known }
            let number = edges.count
            numbers[key] = number
            edges.append(edge)
            keys.append(key)
            found.append(nil)
            below.append([])
            queue.append(number)
            return number
        }
    }

    private let state: Locked<State>

    /// The pairs of a comparison on `threads` threads, each of which calls ``workOut(from:with:)``.
    init(threads: Int) {
        state = Locked(State(starting: threads))
    }

    /// Works out pairs with the other threads, from `roots` (the pairs this thread's operations start at), until none
    /// is left; returns every pair numbered, the same for every thread.
    func workOut(from roots: [SchemaPairs.Edge], with diff: inout ContractDiff) -> SchemaPairs {
        // Keys are made (and hashed) before the lock is taken, so that the threads do not wait on each other's hashing.
        let keys = roots.map(\.key)
        state.withLock { state in
            state.starting -= 1
            for (edge, key) in zip(roots, keys) { _ = state.number(edge, key: key) }
        }
        while let (number, edge) = next() {
            let found = diff.workOut(edge)
            let below = found?.below ?? []
            let keys = below.map(\.key)
            state.withLock { state in
                state.found[number] = .some(found)
                state.below[number] = zip(below, keys).map { state.number($0, key: $1) }
                state.working -= 1
            }
        }
        return state.withLock { state in
            if let table = state.table { return table }
            let table = Self.table(of: state)
            state.table = table
            return table
        }
    }

    /// The next pair to work out; nil once every thread has started, none is working and nothing is queued.
    private func next() -> (Int, SchemaPairs.Edge)? {
        while true {
            let taken: (Int, SchemaPairs.Edge)?? = state.withLock { state in
                if let number = state.queue.popLast() {
                    state.working += 1
                    return .some((number, state.edges[number]))
                }
                // Another thread may still queue pairs: those below the one it works out, or its operations' own.
                return state.working == 0 && state.starting == 0 ? .some(nil) : nil
            }
            if let taken { return taken }
            sched_yield()
        }
    }

    /// How many operations a thread takes at a time.
    static let operationsTaken = 4

    /// The next few of `count` operations for a thread to compare; nil once all are taken.
    func nextOperations(of count: Int) -> Range<Int>? {
        state.withLock { state in
            guard state.operationsTaken < count else { return nil }
            let start = state.operationsTaken
            state.operationsTaken = min(count, start + Self.operationsTaken)
            return start..<state.operationsTaken
        }
    }

    /// Hands what was worked out to ``ReleasedApart`` to free, once every thread is done with it (the threads' tables
    /// are theirs to free).
    func release() {
        let done = state.withLock { state in
            let done = state
            state = State(starting: 0)
            return done
        }
        ReleasedApart.release(done)
    }

    /// The pairs worked out in `state`, numbered in the order they were queued (those with a schema on neither side
    /// left out), with the pairs below each.
    private static func table(of state: State) -> SchemaPairs {
        var table = SchemaPairs()
        table.reserve(state.edges.count)
        var numbers: [Int?] = []
        numbers.reserveCapacity(state.edges.count)
        for number in state.edges.indices {
            let key = state.keys[number]
            guard case .some(.some(let found)) = state.found[number] else {
                table.made[key] = .some(nil)
                numbers.append(nil)
                continue
            }
            let place = table.place(found.places)
            numbers.append(table.add(SchemaPairs.Compared(place: place, changes: found.changes, below: found.below), as: key))
        }
        // In the order of the table's numbers, which is the queue's.
        for (number, below) in state.below.enumerated() {
            guard let own = numbers[number], case .some(.some(let found)) = state.found[number] else { continue }
            let links = below.indices.compactMap { index in
                numbers[below[index]].map { SchemaPairs.Link(pair: $0, edge: index, tokens: found.below[index].instance.tokenCount) }
            }
            table.links[own] = links
            table.flatLinks += links
            table.flatStart.append(table.flatLinks.count)
        }
        return table
    }
}

extension ContractDiff {
    /// Works out, with the comparison's other threads (``SharedPairs``), every pair of schemas that `operations` reach,
    /// and starts this comparison's walks from them all.
    mutating func workOutPairs(of operations: ArraySlice<Operation>, oldByKey: [String: Operation], with shared: SharedPairs) {
        // The operations compared with every pair noted rather than walked: the pairs they start at.
        pairs.below = []
        compare(operations, oldByKey: oldByKey)
        let roots = pairs.below ?? []
        pairs.below = nil
        changes = []
        pairs = shared.workOut(from: roots, with: &self)
    }
}
