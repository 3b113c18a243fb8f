import Testing

@testable import APICheckRecording

@Suite("Parallel.map: work spread over threads")
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
}
