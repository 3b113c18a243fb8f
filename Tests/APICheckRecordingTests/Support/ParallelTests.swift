import Foundation
import Locking
import Testing

@testable import APICheckRecording

@Suite("Parallel: work spread over threads")
struct ParallelTests {
    final class Canary: Sendable {
        let index: Int
        init(_ index: Int) { self.index = index }
    }

    struct Watch {
        weak var canary: Canary?
    }

    @Test("results come back in index order whatever thread made them, each with its thread's context", arguments: [1, 2, 8])
    func resultsInOrder(jobs: Int) {
        let results = Parallel.map(1_000, jobs: jobs, context: { worker in worker }) { worker, index in (index * 2, worker) }
        #expect(results.map(\.0) == (0..<1_000).map { $0 * 2 })
        #expect(results.allSatisfy { (0..<jobs).contains($0.1) })
    }

    @Test("every result is freed with the array returned: the threads' storage keeps none alive")
    func resultsAreFreed() {
        var watches: [Watch] = []
        do {
            let results = Parallel.map(200, jobs: 4, context: { _ in () }) { _, index in Canary(index) }
            #expect(results.map(\.index) == Array(0..<200))
            watches = results.map { Watch(canary: $0) }
        }
        #expect(watches.count == 200)
        #expect(watches.allSatisfy { $0.canary == nil }, "\(watches.filter { $0.canary != nil }.count) results still alive")
    }

    struct Stop: Error, Equatable {}

    @Test(
        "forEachInOrder: each result consumed once, in index order, never more than `ahead` made beside the one consumed",
        arguments: [1, 2, 4])
    func consumedInOrder(jobs: Int) throws {
        // How many results are made and not yet consumed, and the most there ever were.
        let waiting = Locked((now: 0, most: 0))
        var consumed: [Int] = []
        Parallel.forEachInOrder(500, jobs: jobs, ahead: 3) { index in
            waiting.withLock {
                $0.now += 1
                $0.most = max($0.most, $0.now)
            }
            return index * 3
        } consume: { index, value in
            waiting.withLock { $0.now -= 1 }
            #expect(value == index * 3)
            consumed.append(index)
        }
        #expect(consumed == Array(0..<500))
        let most = waiting.withLock { $0.most }
        // The one being consumed, and at most `ahead` made or being made beside it.
        #expect(most >= 1 && most <= (jobs > 1 ? 3 + 1 : 1), "\(most) results waited at once")
    }

    @Test("forEachInOrder: an error thrown while consuming stops the work; no thread outlives the call")
    func errorStops() {
        let made = Locked(0)
        var consumed: [Int] = []
        #expect(throws: Stop.self) {
            try Parallel.forEachInOrder(10_000, jobs: 2, ahead: 4) { index in
                made.withLock { $0 += 1 }
                return index
            } consume: { (index, _) throws(Stop) in
                consumed.append(index)
                if index == 5 { throw Stop() }
            }
        }
        #expect(consumed == Array(0...5))
        let after = made.withLock { $0 }
        // The threads were waited for: nothing is made once the call has returned, and the lookahead bounds what was.
        #expect(after <= 6 + 4, "\(after) results made")
        Thread.sleep(forTimeInterval: 0.05)
        #expect(made.withLock { $0 } == after)
    }

    @Test("forEachInOrder: every result is freed once consumed: the line between the threads keeps none alive")
    func consumedResultsAreFreed() {
        var watches: [Watch] = []
        Parallel.forEachInOrder(200, jobs: 4, ahead: 8) { index in
            Canary(index)
        } consume: { index, canary in
            #expect(canary.index == index)
            watches.append(Watch(canary: canary))
        }
        #expect(watches.count == 200)
        #expect(watches.allSatisfy { $0.canary == nil }, "\(watches.filter { $0.canary != nil }.count) results still alive")
    }
}
